/**
 * Cross-site requests, sent the way another site's page would make a visitor's browser send
 * them: form POSTs and header-less GETs are refused before anything runs, and CORS answers only
 * the configured origins. Also the GraphQL-over-HTTP audit of graphql-http, for a client that
 * satisfies the CSRF check.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../../src/config/config.js';
import { getWorld } from '../../sandbox/world/world.js';
import { startHarness, type Harness, withoutCost } from '../helpers/harness.js';
import { useSandbox } from '../helpers/sandbox.js';

const world = getWorld('mainnet');
const MESSAGE = `0x${'00'.repeat(8)}${'ab'.repeat(40)}`;
const SUBNET = world.subnets.find((s) => s.isL1)!.subnetId;
const MUTATION = `mutation { aggregateSignatures(network: MAINNET, input: { message: "${MESSAGE}", signingSubnetId: "${SUBNET}" }) { signedMessage } }`;
const URL_ = 'http://gateway.test/graphql';

const sandbox = useSandbox();
let plain: Harness;
beforeAll(async () => {
  plain = await startHarness({}, { sandbox });
});
afterAll(async () => {
  await plain?.close();
});

type ErrorBody = { errors: { message: string; extensions: { code: string } }[] };

describe('what a form on another site can send', () => {
  const form = new URLSearchParams({ query: MUTATION });
  const multipart = new FormData();
  multipart.set('operations', JSON.stringify({ query: MUTATION }));
  const cases: [string, RequestInit][] = [
    ['application/x-www-form-urlencoded', { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
    [
      'the same, in capitals and with a charset',
      { body: form.toString(), headers: { 'content-type': 'Application/X-WWW-Form-URLEncoded; charset=UTF-8' } },
    ],
    ['multipart/form-data', { body: multipart }],
    ['text/plain with a JSON body', { body: JSON.stringify({ query: MUTATION }), headers: { 'content-type': 'text/plain;charset=UTF-8' } }],
  ];

  it.each(cases)('refuses a POST of %s with 415 and never reaches the Data API', async (_name, init) => {
    const res = await plain.gateway.yoga.fetch(URL_, {
      method: 'POST',
      ...init,
      headers: { origin: 'https://evil.example', ...(init.headers as Record<string, string>) },
    });
    expect(res.status).toBe(415);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0]!.extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(body.errors[0]!.message).toMatch(/application\/json POST bodies.*form bodies .* are refused/);
    expect(sandbox.total).toBe(0);
  });

  it('runs the same mutation sent as JSON (the refusal is about the form, not the operation)', async () => {
    const res = await plain.raw<{ aggregateSignatures: { signedMessage: string } }>(MUTATION);
    expect(res.errors).toBeUndefined();
    expect(sandbox.total).toBe(1);
  });

  it('refuses a GET without a CSRF header or JSON content type with 403, before it runs', async () => {
    const res = await plain.gateway.yoga.fetch(
      `${URL_}?query=${encodeURIComponent('{ network { subnets(first: 1) { nodes { subnetId } } } }')}`,
      { headers: { accept: 'application/json' } },
    );
    expect(res.status).toBe(403);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0]!.extensions.code).toBe('CSRF_BLOCKED');
    expect(body.errors[0]!.message).toMatch(
      /CSRF prevention.*x-graphql-yoga-csrf, apollo-require-preflight, x-apollo-operation-name .*content-type: application\/json/,
    );
    expect(sandbox.total).toBe(0);
  });

  it('answers a GET query with one of those headers, or as application/json (curl, APQ clients)', async () => {
    const url = `${URL_}?query=${encodeURIComponent('{ network { name } }')}`;
    for (const header of [{ 'x-graphql-yoga-csrf': '1' }, { 'apollo-require-preflight': 'true' }, { 'content-type': 'application/json' }]) {
      const res = await plain.gateway.yoga.fetch(url, { headers: { accept: 'application/json', ...header } });
      expect(res.status).toBe(200);
      expect(withoutCost(await res.json())).toEqual({ data: { network: { name: 'MAINNET' } } });
    }
  });

  it('never runs a mutation from a GET, header or not', async () => {
    const res = await plain.gateway.yoga.fetch(`${URL_}?query=${encodeURIComponent(MUTATION)}`, {
      headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' },
    });
    expect(res.status).toBe(405);
    expect(sandbox.total).toBe(0);
  });

  describe("a browser's EventSource: a GET accepting text/event-stream, without a header", () => {
    const SUBSCRIPTION = 'subscription Blocks { pChainBlocks(network: MAINNET) { height } }';
    const sse = (h: Harness, params: Record<string, string>) =>
      h.gateway.yoga.fetch(`${URL_}?${new URLSearchParams(params)}`, {
        headers: { accept: 'text/event-stream', origin: 'https://evil.example' },
      });

    it('is served for a subscription, by its text or by a trusted document id: a subscription only reads', async () => {
      // A manifest with a subscription, as a web app's build would list its EventSource's document.
      const dir = mkdtempSync(join(tmpdir(), 'manifest-'));
      const id = createHash('sha256').update(SUBSCRIPTION).digest('hex');
      writeFileSync(join(dir, 'documents.json'), JSON.stringify({ [id]: SUBSCRIPTION }));
      const h = await startHarness({ TRUSTED_DOCUMENTS: 'only', TRUSTED_DOCUMENTS_MANIFESTS: join(dir, 'documents.json') }, { sandbox });
      try {
        const mixed = `query Q { network { name } } ${SUBSCRIPTION}`;
        for (const [gateway, params] of [
          [plain, { query: SUBSCRIPTION }],
          [plain, { query: mixed, operationName: 'Blocks' }],
          [h, { documentId: id }],
          [h, { documentId: `sha256:${id}` }],
        ] as const) {
          const res = await sse(gateway, params);
          expect(res.status, JSON.stringify(params)).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
          // The stream takes the subscription on its first read (yoga's ping): read it, then leave.
          const reader = res.body!.getReader();
          await reader.read();
          await reader.cancel();
        }
      } finally {
        await h.close();
        rmSync(dir, { recursive: true });
      }
    });

    it('refuses a query or a mutation so asked, and whatever it cannot tell is a subscription, as any header-less GET', async () => {
      const cases: Record<string, string>[] = [
        { query: '{ network { name } }' },
        { query: MUTATION },
        // The subscription is in the document, but the operation that would run is the query.
        { query: `query Q { network { name } } subscription S { pChainBlocks { height } }`, operationName: 'Q' },
        // Two operations and no operationName: which would run is not said.
        { query: `query Q { network { name } } subscription S { pChainBlocks { height } }` },
        { query: 'subscription {' },
        { documentId: 'f'.repeat(64) },
      ];
      for (const params of cases) {
        const res = await sse(plain, params);
        expect(res.status, JSON.stringify(params)).toBe(403);
        // Said as an event, as the request asked for.
        expect(await res.text()).toMatch(/"code":"CSRF_BLOCKED"/);
      }
      expect(sandbox.total).toBe(0);
    });

    it('is refused for a subscription that does not ask for an event stream', async () => {
      const res = await plain.gateway.yoga.fetch(`${URL_}?${new URLSearchParams({ query: SUBSCRIPTION })}`, {
        headers: { accept: 'application/json' },
      });
      expect(res.status).toBe(403);
    });
  });

  it('still serves GraphiQL to a browser', async () => {
    const res = await plain.gateway.yoga.fetch(URL_, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    await res.body?.cancel();
  });
});

const preflight = (h: Harness, origin: string) =>
  h.gateway.yoga.fetch(URL_, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
const post = (h: Harness, origin: string) =>
  h.gateway.yoga.fetch(URL_, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ network { name } }' }),
  });
const corsOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name.startsWith('access-control-')));

describe('CORS', () => {
  it('unset: no CORS headers for anyone, and same-origin pages (a proxy in front) still work', async () => {
    expect(corsOf(await preflight(plain, 'https://evil.example'))).toEqual({});
    const res = await post(plain, 'http://gateway.test');
    expect(res.status).toBe(200);
    expect(corsOf(res)).toEqual({});
    expect(withoutCost(await res.json())).toEqual({ data: { network: { name: 'MAINNET' } } });
  });

  describe('an allow-list', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ CORS_ORIGINS: 'https://app.example.org, http://localhost:5173' }, { sandbox });
    });
    afterAll(() => h?.close());

    it('lets a listed origin through the preflight and read the answer, without credentials', async () => {
      const pre = await preflight(h, 'https://app.example.org');
      expect(pre.status).toBe(204);
      expect(corsOf(pre)).toMatchObject({
        'access-control-allow-origin': 'https://app.example.org',
        'access-control-allow-methods': 'GET, POST',
        'access-control-max-age': '600',
      });
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
      const res = await post(h, 'http://localhost:5173');
      expect(corsOf(res)).toMatchObject({
        'access-control-allow-origin': 'http://localhost:5173',
        'access-control-expose-headers': 'retry-after',
      });
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/Origin/);
    });

    it('gives any other origin no CORS headers at all, so its scripts can neither send nor read', async () => {
      for (const origin of ['https://evil.example', 'https://app.example.org.evil.example', 'null']) {
        const pre = await preflight(h, origin);
        expect(corsOf(pre)).toEqual({});
        const res = await post(h, origin);
        expect(corsOf(res)).toEqual({});
        expect(res.headers.get('vary')).toMatch(/Origin/);
      }
    });
  });

  it('`*`: any origin may read, never with credentials', async () => {
    const h = await startHarness({ CORS_ORIGINS: '*' }, { sandbox });
    try {
      const res = await post(h, 'https://anyone.example');
      expect(res.headers.get('access-control-allow-origin')).toBe('https://anyone.example');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    } finally {
      await h.close();
    }
  });

  it('CORS_CREDENTIALS=true allows credentials for listed origins only', async () => {
    const h = await startHarness({ CORS_ORIGINS: 'https://app.example.org', CORS_CREDENTIALS: 'true' }, { sandbox });
    try {
      expect(corsOf(await post(h, 'https://app.example.org'))).toMatchObject({
        'access-control-allow-origin': 'https://app.example.org',
        'access-control-allow-credentials': 'true',
      });
      expect(corsOf(await post(h, 'https://evil.example'))).toEqual({});
    } finally {
      await h.close();
    }
  });

  it('refuses at start what would be unsafe or mistyped', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ CORS_ORIGINS: '*', CORS_CREDENTIALS: 'true' })).toEqual([
      expect.stringMatching(/^CORS_CREDENTIALS: true needs CORS_ORIGINS to list exact origins \(never \*/),
    ]);
    expect(problems({ CORS_CREDENTIALS: 'true' })).toEqual([expect.stringMatching(/^CORS_CREDENTIALS/)]);
    for (const bad of ['https://app.example.org/', 'app.example.org', 'https://a.example,*', 'https://a.example/path', ',']) {
      expect(problems({ CORS_ORIGINS: bad, CORS_CREDENTIALS: 'maybe' }).map((p) => p.split(':')[0])).toEqual([
        'CORS_ORIGINS',
        'CORS_CREDENTIALS',
      ]);
    }
  });
});

describe('GraphQL over HTTP (graphql-http audits)', () => {
  const audit = async (csrfHeader: boolean) => {
    const audits = serverAudits({
      url: URL_,
      fetchFn: (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        if (csrfHeader) headers.set('x-graphql-yoga-csrf', '1');
        return plain.gateway.yoga.fetch(String(input), { ...init, headers });
      },
    });
    const results = await Promise.all(audits.map((a) => a.fn()));
    return { count: results.length, notOk: results.filter((r) => r.status !== 'ok').map((r) => `${r.id} ${r.status}`) };
  };

  it('passes every audit (61 of 61) for a client that sends the CSRF header', async () => {
    expect(await audit(true)).toEqual({ count: 61, notOk: [] });
  });

  it('without it, only the three MAY audits of header-less GETs turn into notices', async () => {
    expect(await audit(false)).toEqual({ count: 61, notOk: ['5A70 notice', 'D6D5 notice', '6A70 notice'] });
  });
});
