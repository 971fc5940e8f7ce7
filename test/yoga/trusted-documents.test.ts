/**
 * Trusted documents (src/yoga/use-trusted-documents.ts): `only` runs the documents of the
 * manifests `npm run codegen` writes, by id, and refuses any other with a precise error, on
 * yoga's path and on the lean JSON path alike; `allow` runs anything, ids and automatic persisted
 * queries (APQ) included, with APQ's store verified and bounded.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ENTRIES } from '../helpers/entries.js';
import { startGatewayProcess } from '../helpers/gateway-process.js';
import { ConfigError, DEFAULT_MANIFESTS, loadConfig } from '../../src/config/config.js';
import { createGateway } from '../../src/gateway/gateway.js';
import type { GatewayServer } from '../../src/http/server.js';
import { serve, startHarness, type Harness, withoutCost } from '../helpers/harness.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const URL_ = 'http://gateway.test/graphql';

/** Every document of the default manifests, with its operation's name and the sample variables of its example. */
const manifest = DEFAULT_MANIFESTS.flatMap((file) =>
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).map(([id, text]) => {
    const op = parse(text).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    return { id, text, name: op.name!.value, kind: op.operation, example: file === DEFAULT_MANIFESTS[0] };
  }),
);
/** The sample variables of examples/<name>.variables.json, by the names of the operations of examples/<name>.graphql. */
const sampleVariables = (() => {
  const dir = new URL('../../examples/', import.meta.url);
  const byOperation = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.variables.json'))) {
    const variables = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, unknown>;
    const graphql = readFileSync(new URL(file.replace('.variables.json', '.graphql'), dir), 'utf8');
    for (const [, name] of graphql.matchAll(/^(?:query|mutation) (\w+)/gm)) byOperation.set(name!, variables);
  }
  return byOperation;
})();
const example = (name: string) => manifest.find((d) => d.name === name)!;

type Body = { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };

async function post(h: Harness, body: unknown): Promise<{ status: number; body: Body }> {
  const res = await h.gateway.yoga.fetch(URL_, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: withoutCost((await res.json()) as Body) };
}

async function get(h: Harness, search: Record<string, string>): Promise<{ status: number; body: Body }> {
  const res = await h.gateway.yoga.fetch(`${URL_}?${new URLSearchParams(search)}`, {
    // CSRF prevention wants one of these on a GET.
    headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' },
  });
  return { status: res.status, body: withoutCost((await res.json()) as Body) };
}

const code = (body: Body) => body.errors?.[0]?.extensions?.code;

describe('the default manifests', () => {
  it('hold every example operation and every operation of the example explorer, by the sha256 of its text', () => {
    expect(manifest.length).toBeGreaterThan(11);
    for (const d of manifest) expect(d.id).toBe(sha256(d.text));
    expect(manifest.map((d) => d.name)).toEqual(expect.arrayContaining(['Address', 'NodeChains', 'AdminWrite', 'SubnetsPage']));
  });
});

describe('TRUSTED_DOCUMENTS=only', () => {
  let h: Harness;
  let gw: GatewayServer;
  let base: string;
  beforeAll(async () => {
    h = await startHarness({ TRUSTED_DOCUMENTS: 'only' });
    ({ gw, url: base } = await serve(h));
  });
  afterAll(async () => {
    await gw.drain(100);
    await h.close();
  });

  it("refuses a document's text, saying what is allowed, before it is parsed or anything is called", async () => {
    h.sandbox.reset();
    const { status, body } = await post(h, { query: '{ network { subnets(first: 1) { nodes { subnetId } } } }' });
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(code(body)).toBe('PERSISTED_QUERY_ONLY');
    expect(body.errors![0]!.message).toMatch(
      /runs only trusted documents \(TRUSTED_DOCUMENTS=only\): send the id of one of its \d+ documents as `documentId`/,
    );
    // The HTTP status travels in yoga's internal extension, not in the client's JSON.
    expect(body.errors![0]!.extensions).toEqual({ code: 'PERSISTED_QUERY_ONLY' });
    expect(h.sandbox.total).toBe(0);
  });

  it('refuses it over WebSocket too, where only the exact text of a trusted document runs', async () => {
    const client = createClient({ url: base.replace('http:', 'ws:'), webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
    const run = (query: string) =>
      new Promise<{ result?: unknown; error?: unknown }>((resolve) => {
        let result: unknown;
        client.subscribe(
          { query },
          { next: (r) => (result = r), error: (error) => resolve({ error }), complete: () => resolve({ result }) },
        );
      });
    try {
      const refused = (await run('{ network { name } }')) as { error: { message: string; extensions: { code: string } }[] };
      expect(refused.error[0]!.extensions).toEqual({ code: 'PERSISTED_QUERY_ONLY' });
      expect(refused.error[0]!.message).toMatch(/TRUSTED_DOCUMENTS=only.*exact text/);
      const trusted = manifest.find((d) => d.kind === 'query' && !d.text.includes('$'))!;
      const allowed = await run(trusted.text);
      expect(allowed.error).toBeUndefined();
      expect((allowed.result as { data?: unknown }).data).toBeTruthy();
    } finally {
      await client.dispose();
    }
  });

  it('runs the exact text of a trusted document over WebSocket on the built gateway, with its default cache', async () => {
    const shipped = await startGatewayProcess(h.sandbox, { TRUSTED_DOCUMENTS: 'only' });
    try {
      const trusted = manifest.find((d) => d.kind === 'query' && !d.text.includes('$') && !d.text.includes('admin'))!;
      for (let run = 0; run < 2; run++) {
        const allowed = await ENTRIES.ws(shipped.origin, { query: trusted.text });
        expect(allowed.status).toBe('next');
        expect((allowed.body as Body).errors).toBeUndefined();
        expect((allowed.body as Body).data).toBeTruthy();
      }
      const refused = await ENTRIES.ws(shipped.origin, { query: '{ network { name } }' });
      expect(refused.status).toBe('error');
      expect(code(refused.body as Body)).toBe('PERSISTED_QUERY_ONLY');
    } finally {
      await shipped.stop();
    }
  });

  it('refuses it on the lean JSON path too (a plain POST over HTTP), with the same answer', async () => {
    const res = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ network { name } }' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Body;
    expect(code(body)).toBe('PERSISTED_QUERY_ONLY');
    expect(body).toEqual((await post(h, { query: '{ network { name } }' })).body);
  });

  it('serves a known document by id: POST, over HTTP, and GET', async () => {
    const d = example('SubnetToValidators');
    const byPost = await post(h, { documentId: d.id });
    expect(byPost.status).toBe(200);
    expect(byPost.body.errors).toBeUndefined();
    expect(byPost.body.data.network.subnets.nodes.length).toBeGreaterThan(0);
    const overHttp = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ documentId: d.id }),
    });
    expect(withoutCost(await overHttp.json())).toEqual(byPost.body);
    const byGet = await get(h, { documentId: d.id });
    expect(byGet).toEqual(byPost);
  });

  it('serves an id with variables, in the `sha256:` form, and as an APQ hash', async () => {
    const d = example('Address');
    const variables = sampleVariables.get('Address');
    const plain = await post(h, { documentId: d.id, variables });
    expect(plain.body.errors).toBeUndefined();
    expect(plain.body.data.network.address.id).toEqual(expect.any(String));
    expect((await post(h, { documentId: `sha256:${d.id}`, variables })).body).toEqual(plain.body);
    expect((await post(h, { variables, extensions: { persistedQuery: { version: 1, sha256Hash: d.id } } })).body).toEqual(plain.body);
  });

  it('runs every query of examples/ by id, with its sample variables', async () => {
    const queries = manifest.filter((m) => m.example && m.kind === 'query' && m.name !== 'AdminRead');
    expect(queries.length).toBeGreaterThanOrEqual(8);
    for (const d of queries) {
      const { status, body } = await post(h, { documentId: d.id, variables: sampleVariables.get(d.name) });
      expect(body.errors, d.name).toBeUndefined();
      expect(status).toBe(200);
    }
  });

  it('never runs a mutation by GET, trusted or not', async () => {
    h.sandbox.reset();
    const { status } = await get(h, { documentId: example('AggregateSignatures').id });
    expect(status).toBe(405);
    expect(h.sandbox.total).toBe(0);
  });

  it('answers an unknown id with 404 and what ids are', async () => {
    const id = sha256('{ network { name } }');
    const { status, body } = await post(h, { documentId: id });
    expect(status).toBe(404);
    expect(code(body)).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(body.errors![0]!.message).toBe(
      `No trusted document has the id "${id.slice(0, 32)}"… (64 characters): this gateway runs only the ${manifest.length} documents of its manifests, by the sha256 hash of their text.`,
    );
    expect((await get(h, { documentId: 'x'.repeat(5000) })).body.errors![0]!.message.length).toBeLessThan(300);
  });

  it('refuses to register an APQ document, and a request with no document at all', async () => {
    const query = '{ network { name } }';
    const apq = await post(h, { query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } });
    expect(code(apq.body)).toBe('PERSISTED_QUERY_ONLY');
    const none = await post(h, { variables: {} });
    expect(none.status).toBe(400);
    expect(code(none.body)).toBe('PERSISTED_QUERY_ID_REQUIRED');
    expect(none.body.errors![0]!.message).toMatch(/send `documentId`/);
  });
});

describe('TRUSTED_DOCUMENTS=allow (the default)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ TRUSTED_DOCUMENTS_APQ_MAX_BYTES: '2000' });
  });
  afterAll(() => h.close());
  const apq = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });

  it('is the default, and runs a document, or a manifest document by id', async () => {
    expect(h.config.trustedDocuments.mode).toBe('allow');
    expect((await post(h, { query: '{ network { name } }' })).body).toEqual({ data: { network: { name: 'MAINNET' } } });
    const byId = await post(h, { documentId: example('SubnetToValidators').id });
    expect(byId.body.errors).toBeUndefined();
    expect(byId.body.data.network.subnets.nodes.length).toBeGreaterThan(0);
  });

  it('APQ: an unknown hash is PersistedQueryNotFound, then the text registers it, then the hash alone runs it (POST and GET)', async () => {
    const query = '{ network { name pChain { height } } }';
    const hash = sha256(query);
    const miss = await post(h, { extensions: apq(hash) });
    expect(miss.status).toBe(404);
    expect(miss.body.errors).toEqual([{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);
    const registered = await post(h, { query, extensions: apq(hash) });
    expect(registered.body.errors).toBeUndefined();
    expect(registered.body.data.network.name).toBe('MAINNET');
    expect((await post(h, { extensions: apq(hash) })).body).toEqual(registered.body);
    expect((await get(h, { extensions: JSON.stringify(apq(hash)) })).body).toEqual(registered.body);
  });

  it('APQ: a hash that is not the hash of the text sent is refused, and nothing is kept under it', async () => {
    const hash = sha256('{ network { name } }');
    const wrong = await post(h, { query: '{ __typename }', extensions: apq(hash) });
    expect(wrong.status).toBe(400);
    expect(code(wrong.body)).toBe('PERSISTED_QUERY_MISMATCH');
    expect(code((await post(h, { extensions: apq(hash) })).body)).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('APQ: the store keeps at most TRUSTED_DOCUMENTS_APQ_MAX_BYTES, the least recently used going first', async () => {
    const text = (i: number) => `query Filler${i} { network { name } } # ${'x'.repeat(400)}`;
    for (let i = 0; i < 10; i++) expect((await post(h, { query: text(i), extensions: apq(sha256(text(i))) })).body.errors).toBeUndefined();
    // ~450 bytes each in 2000: the first ones are gone, the last is there.
    expect(code((await post(h, { extensions: apq(sha256(text(0))) })).body)).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect((await post(h, { extensions: apq(sha256(text(9))) })).body.errors).toBeUndefined();
  });

  it('APQ: a manifest document is found by its hash without registering it', async () => {
    const d = example('TransactionToChains');
    expect((await post(h, { extensions: apq(d.id) })).body.errors).toBeUndefined();
  });
});

describe('TRUSTED_DOCUMENTS=off', () => {
  it('runs documents only: an id is an unexpected parameter', async () => {
    const h = await startHarness({ TRUSTED_DOCUMENTS: 'off' });
    try {
      const { status, body } = await post(h, { documentId: example('IcmMessages').id });
      expect(status).toBe(400);
      expect(body.errors![0]!.message).toBe('Unexpected parameter "documentId" in the request body.');
    } finally {
      await h.close();
    }
  });
});

describe('the settings', () => {
  it('name what they accept', () => {
    expect(() => loadConfig({ TRUSTED_DOCUMENTS: 'strict' })).toThrow(
      /TRUSTED_DOCUMENTS: must be one of off, allow, only \(got "strict"\)/,
    );
    expect(() => loadConfig({ TRUSTED_DOCUMENTS_MANIFESTS: ' , ' })).toThrow(
      /TRUSTED_DOCUMENTS_MANIFESTS: must be a comma list of persisted-documents.json files/,
    );
    expect(loadConfig({}).trustedDocuments).toEqual({ mode: 'allow', manifests: DEFAULT_MANIFESTS, apqMaxBytes: 4 * 1024 * 1024 });
    expect(loadConfig({ TRUSTED_DOCUMENTS_MANIFESTS: 'a.json, b.json' }).trustedDocuments.manifests).toEqual(['a.json', 'b.json']);
  });
});

describe('TRUSTED_DOCUMENTS_MANIFESTS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'manifests-'));
  const start = (file: string) =>
    createGateway(loadConfig({ SANDBOX: 'off', TRUSTED_DOCUMENTS: 'only', TRUSTED_DOCUMENTS_MANIFESTS: file }));

  it('stops the start when a manifest is missing, not JSON, or lists a document under another hash', () => {
    const lying = join(dir, 'lying.json');
    writeFileSync(lying, JSON.stringify({ [sha256('{ a }')]: '{ b }' }));
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, '{');
    for (const [file, reason] of [
      [join(dir, 'missing.json'), /cannot read it as JSON/],
      [notJson, /cannot read it as JSON/],
      [lying, /is not the sha256 hash \(lowercase hex\) of its document; regenerate the manifest/],
    ] as const) {
      expect(() => start(file)).toThrow(ConfigError);
      expect(() => start(file)).toThrow(reason);
    }
  });

  const apollo = (operations: unknown, extra: Record<string, unknown> = {}) => {
    const file = join(dir, `apollo-${sha256(JSON.stringify([operations, extra])).slice(0, 8)}.json`);
    writeFileSync(file, JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations, ...extra }));
    return file;
  };
  const NAME = 'query Name { network { name } }';

  it('stops the start with what is wrong in an Apollo persisted-query manifest, and where', () => {
    for (const [file, reason] of [
      [apollo([], { version: 2 }), /apollo-\w+\.json: not an Apollo persisted-query manifest: version: Invalid input: expected 1/],
      [
        apollo([], { format: 'apollo' }),
        /not an Apollo persisted-query manifest: format: Invalid input: expected "apollo-persisted-query-manifest"/,
      ],
      [apollo([{ id: 'a', name: 'Name', type: 'query' }]), /not an Apollo persisted-query manifest: operations\[0\]\.body: Invalid input/],
      [
        apollo([{ id: 'a', name: 'Name', type: 'fragment', body: NAME }]),
        /operations\[0\]\.type: Invalid option: expected one of "query"\|"mutation"\|"subscription"/,
      ],
      [
        apollo([{ id: 'a b', name: 'Name', type: 'query', body: NAME }]),
        /operations\[0\]\.id: must be 1 to 128 letters, digits or _ \. : -/,
      ],
      [
        apollo([{ id: 'a', name: 'Name', type: 'query', body: 'query Name { network {' }]),
        /operations\[0\] \("Name"\): its body is not a GraphQL document \(Syntax Error: Expected Name, found <EOF>\.\)/,
      ],
      [apollo([{ id: 'a', name: 'Other', type: 'query', body: NAME }]), /operations\[0\] \("Other"\): its body has no query named "Other"/],
      [
        apollo([{ id: 'a', name: 'Name', type: 'mutation', body: NAME }]),
        /operations\[0\] \("Name"\): its body has no mutation named "Name"/,
      ],
      [
        apollo([
          { id: 'a', name: 'Name', type: 'query', body: NAME },
          { id: 'a', name: 'Q', type: 'query', body: 'query Q { __typename }' },
        ]),
        /operations\[1\] \("Q"\): the id "a" is given to two different bodies/,
      ],
    ] as const) {
      expect(() => start(file)).toThrow(ConfigError);
      expect(() => start(file)).toThrow(reason);
    }
  });

  it("takes Apollo's persisted-query manifest beside graphql-codegen's, each document by its own id", async () => {
    const custom = 'network-name';
    const hashed = 'query Height { network { pChain { height } } }';
    const file = apollo([
      { id: custom, name: 'Name', type: 'query', body: NAME },
      // The generator's default id: the body's sha256.
      { id: sha256(hashed), name: 'Height', type: 'query', body: hashed },
    ]);
    const h = await startHarness({ TRUSTED_DOCUMENTS: 'only', TRUSTED_DOCUMENTS_MANIFESTS: `${file},${DEFAULT_MANIFESTS[0]}` });
    try {
      expect((await post(h, { documentId: custom })).body).toEqual({ data: { network: { name: 'MAINNET' } } });
      expect((await get(h, { documentId: custom })).body).toEqual({ data: { network: { name: 'MAINNET' } } });
      // As Apollo Client's persisted-query link sends it.
      const apq = await post(h, { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(hashed) } } });
      expect(apq.body.data.network.pChain.height).toMatch(/^\d+$/);
      // graphql-codegen's documents still run, by their hashes.
      const codegen = manifest.find((d) => d.example && d.kind === 'query' && !d.text.includes('$') && !d.text.includes('admin'))!;
      expect((await post(h, { documentId: codegen.id })).body.errors).toBeUndefined();
      // A custom id names its document; the text's hash does not, and the text alone is refused.
      expect(code((await post(h, { documentId: sha256(NAME) })).body)).toBe('PERSISTED_QUERY_NOT_FOUND');
      expect(code((await post(h, { query: NAME })).body)).toBe('PERSISTED_QUERY_ONLY');
      // Over a WebSocket, where documents come as text, an Apollo manifest's text is trusted too.
      expect(h.gateway.allowsDocument(NAME)).toBe(true);
      expect(h.gateway.allowsDocument('{ network { name } }')).toBe(false);
    } finally {
      await h.close();
    }
  });

  it("takes an operator's own manifests", async () => {
    const query = '{ network { name } }';
    const file = join(dir, 'own.json');
    writeFileSync(file, JSON.stringify({ [sha256(query)]: query }));
    const h = await startHarness({ TRUSTED_DOCUMENTS: 'only', TRUSTED_DOCUMENTS_MANIFESTS: file });
    try {
      expect((await post(h, { documentId: sha256(query) })).body).toEqual({ data: { network: { name: 'MAINNET' } } });
      expect(code((await post(h, { documentId: example('IcmMessages').id })).body)).toBe('PERSISTED_QUERY_NOT_FOUND');
    } finally {
      await h.close();
    }
  });
});
