/**
 * Reloading without a restart (src/gateway/reload.ts) on the built gateway, run as the package's command
 * with a settings file (`--config`): SIGHUP reads the file and the trusted-document manifests
 * again; a new manifest's documents are served and a removed one's refused, a WebSocket
 * subscription opened before goes on, a setting that needs a restart is logged and not applied,
 * and a bad manifest or settings file changes nothing. With several workers the command passes
 * SIGHUP on to each, and RELOAD_WATCH_MS reloads on a file change alone.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { planReload } from '../../src/gateway/reload.js';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { useSandbox } from '../helpers/sandbox.js';

const A = 'query A { network { name } }';
const B = 'query B { network { subnets(first: 1) { nodes { subnetId } } } }';
const BLOCKS = 'subscription Blocks { acceptedBlocks(chain: C_CHAIN) { index } }';
const id = (text: string) => createHash('sha256').update(text).digest('hex');
const manifest = (...texts: string[]) => JSON.stringify(Object.fromEntries(texts.map((t) => [id(t), t])));

// Its chains move on, for the subscription's events; not reset between tests, which would take
// them back while a gateway of the describe runs.
const sandbox = useSandbox({ blockMs: 200, reset: 'never' });
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-reload-'));
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** POSTs the trusted document `text` by its id. */
async function byId(gw: GatewayProcess, text: string): Promise<{ status: number; body: any }> {
  const res = await fetch(gw.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documentId: id(text) }),
  });
  return { status: res.status, body: await res.json() };
}

/** Resolves once `count` log lines match `pattern`; the lines. */
async function logged(gw: GatewayProcess, pattern: RegExp, count = 1, withinMs = 10_000) {
  const matching = () => gw.logs.filter((l) => pattern.test(String(l.msg)));
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(25)) if (matching().length >= count) return matching();
  throw new Error(`no ${count} log lines like ${pattern} within ${withinMs} ms: ${JSON.stringify(gw.logs.map((l) => l.msg))}`);
}

describe('SIGHUP', () => {
  let gw: GatewayProcess;
  let manifestFile: string;
  let settingsFile: string;
  const settings = (extra = '', graphiql = false) =>
    `TRUSTED_DOCUMENTS: only\nTRUSTED_DOCUMENTS_MANIFESTS: ${manifestFile}\nGRAPHIQL: ${graphiql}\nLIVE_POLL_BLOCKS_MS: 200\n${extra}`;

  beforeAll(async () => {
    manifestFile = join(dir, 'one.json');
    settingsFile = join(dir, 'one.yaml');
    writeFileSync(manifestFile, manifest(A, BLOCKS));
    writeFileSync(settingsFile, settings());
    gw = await startGatewayProcess(sandbox, {}, { cli: ['--config', settingsFile] });
  }, 30_000);
  afterAll(async () => {
    await gw?.stop();
  });

  it('serves the new manifest, refuses what it no longer lists, keeps a subscription open, and refuses a restart-only change by name', async () => {
    expect((await byId(gw, A)).body.data.network.name).toBe('MAINNET');
    expect((await byId(gw, B)).body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');

    // A subscription over WebSocket, opened before the reload.
    const events: unknown[] = [];
    let closed = false;
    const client = createClient({
      url: gw.url.replace('http', 'ws'),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      on: { closed: () => (closed = true) },
    });
    const stop = client.subscribe({ query: BLOCKS }, { next: (e) => events.push(e), error: () => undefined, complete: () => undefined });
    try {
      for (const deadline = Date.now() + 10_000; events.length === 0 && Date.now() < deadline; ) await sleep(50);
      expect(events.length).toBeGreaterThan(0);

      writeFileSync(manifestFile, manifest(B, BLOCKS));
      // GRAPHIQL needs a restart; BATCHING_LIMIT does not.
      writeFileSync(settingsFile, settings('BATCHING_LIMIT: 2\n', true));
      gw.child.kill('SIGHUP');
      const [reloaded] = await logged(gw, /^SIGHUP: reloaded/);
      expect(reloaded).toMatchObject({ changed: ['BATCHING_LIMIT'], refused: ['GRAPHIQL'], documents: 2 });
      const refusals = gw.logs.filter((l) => /needs a restart/.test(String(l.msg)));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toMatchObject({ level: 'warn', setting: 'GRAPHIQL' });
      expect(refusals[0]!.msg).toMatch(/^SIGHUP: GRAPHIQL changed \("false" to "true"\) but needs a restart: not applied/);

      expect((await byId(gw, B)).body.data.network.subnets.nodes).toHaveLength(1);
      const removed = await byId(gw, A);
      expect(removed.status).toBe(404);
      expect(removed.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
      // Not applied: still no GraphiQL page.
      const page = await fetch(gw.url, { headers: { accept: 'text/html' } });
      expect(await page.text()).not.toMatch(/<html/i);
      // Applied: a batch of two trusted documents.
      const batch = await fetch(gw.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ documentId: id(B) }, { documentId: id(A) }]),
      }).then((r) => r.json() as Promise<any[]>);
      expect(batch[0].data.network.subnets.nodes).toHaveLength(1);
      expect(batch[1].errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');

      // The subscription goes on, on the same socket.
      const before = events.length;
      for (const deadline = Date.now() + 10_000; events.length === before && Date.now() < deadline; ) await sleep(50);
      expect(events.length).toBeGreaterThan(before);
      expect(closed).toBe(false);
    } finally {
      stop();
      await client.dispose();
    }
  }, 60_000);

  it('keeps the documents it has when a manifest does not load, and every setting when the file is invalid', async () => {
    writeFileSync(manifestFile, '{ not json');
    gw.child.kill('SIGHUP');
    const [failed] = await logged(gw, /^SIGHUP: the trusted-document manifests did not load, the 2 documents loaded before are kept/);
    expect(failed).toMatchObject({ level: 'error' });
    expect(String(failed!.msg)).toContain(manifestFile);
    expect((await byId(gw, B)).body.data.network.subnets.nodes).toHaveLength(1);

    writeFileSync(manifestFile, manifest(A, B, BLOCKS));
    writeFileSync(settingsFile, settings('BATCHING_LIMIT: 1000\n', true));
    gw.child.kill('SIGHUP');
    const [invalid] = await logged(gw, /^SIGHUP: nothing reloaded/);
    expect(invalid!.msg).toMatch(/BATCHING_LIMIT: must be an integer from 0 to 100/);
    // Nothing applied, the manifests included.
    expect((await byId(gw, A)).status).toBe(404);
  }, 30_000);
});

describe('with several workers and RELOAD_WATCH_MS', () => {
  it('reloads every worker on SIGHUP to the command, and on a change of the manifest alone', async () => {
    const manifestFile = join(dir, 'two.json');
    const settingsFile = join(dir, 'two.yaml');
    writeFileSync(manifestFile, manifest(A));
    writeFileSync(settingsFile, `TRUSTED_DOCUMENTS: only\nTRUSTED_DOCUMENTS_MANIFESTS: ${manifestFile}\nRELOAD_WATCH_MS: 100\n`);
    const gw = await startGatewayProcess(sandbox, {}, { cli: ['--config', settingsFile, '--workers', '2'] });
    try {
      await logged(gw, /^GraphQL gateway ready/, 2);
      writeFileSync(manifestFile, manifest(A, B));
      await logged(gw, /^file change: reloaded \(no setting changed\), 2 trusted documents/, 2);
      // Both workers serve B now (connections go to one, then the other).
      for (let i = 0; i < 4; i++) {
        const res = await fetch(gw.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ documentId: id(B) }),
        });
        expect(((await res.json()) as any).data.network.subnets.nodes).toHaveLength(1);
      }
      // The file's watchers may reload first; the signal, passed on to each worker, reloads each once more.
      writeFileSync(
        settingsFile,
        `TRUSTED_DOCUMENTS: only\nTRUSTED_DOCUMENTS_MANIFESTS: ${manifestFile}\nRELOAD_WATCH_MS: 100\nGRAPHIQL: false\n`,
      );
      await sleep(500);
      gw.child.kill('SIGHUP');
      await logged(gw, /^SIGHUP: GRAPHIQL changed \(\(unset\) to "false"\) but needs a restart/, 2);
      await sleep(500);
      expect(gw.logs.filter((l) => /^SIGHUP: reloaded/.test(String(l.msg)))).toHaveLength(2);
    } finally {
      await gw.stop();
    }
  }, 60_000);
});

describe('what a reload may apply', () => {
  it('applies the reloadable settings, refuses the others, and refuses turning CORS or rate limits on or off', () => {
    const plan = planReload(
      { LOG_LEVEL: 'info', PORT: '4000', CORS_ORIGINS: 'https://a.example', RATE_LIMIT_PER_SECOND: undefined, REDIS_URL: undefined },
      {
        LOG_LEVEL: 'debug',
        PORT: '4001',
        CORS_ORIGINS: 'https://b.example',
        RATE_LIMIT_PER_SECOND: '10',
        REDIS_URL: 'redis://127.0.0.1:6379',
      },
    );
    expect(plan.changed).toEqual(['LOG_LEVEL', 'CORS_ORIGINS']);
    expect(plan.refused.map((r) => r.name)).toEqual(['PORT', 'RATE_LIMIT_PER_SECOND', 'REDIS_URL']);
    expect(planReload({ CORS_ORIGINS: 'https://a.example' }, { CORS_ORIGINS: undefined }).refused[0]!.why).toMatch(
      /CORS was built on or off/,
    );
  });
});
