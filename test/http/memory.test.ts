/**
 * What the built gateway (`npm start`, default configuration) holds for traffic that varies, as
 * real traffic does: every document a client sends is new to it, and every answer read once.
 * bench/mixed-soak.ts measures the same over a minute of varied queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { sample } from '../helpers/prom-text.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
let gw: GatewayProcess;

beforeAll(async () => {
  // Debug, for the line the gateway logs when it has handed memory back (the default settings otherwise).
  gw = await startGatewayProcess(sandbox, { LOG_LEVEL: 'debug' });
});
afterAll(async () => {
  await gw?.stop();
});

const metrics = async () => (await fetch(`${gw.origin}/metrics`)).text();
const MiB = 1_048_576;
/** The default of IDLE_RELEASE_MS, which the gateway of this file runs with. */
const IDLE_RELEASE_MS = 20_000;

/** Resolves once the gateway logged, after its first `from` log lines, that it handed memory back. */
async function released(from: number): Promise<void> {
  const deadline = Date.now() + IDLE_RELEASE_MS + 15_000;
  while (Date.now() < deadline) {
    if (gw.logs.slice(from).some((l) => l.msg?.startsWith('idle: memory handed back'))) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the gateway did not hand memory back within ${IDLE_RELEASE_MS + 15_000} ms of quiet`);
}

/** A document like an app's, made new by its name and alias (as a client inlining values makes it). */
const document = (i: number) =>
  `query D${i} { network { s${i}: subnets(first: 2) { nodes { subnetId isL1 blockchains { blockchainId blockchainName evmChainId vmId } } } } }`;

describe('documents a client sends once', () => {
  it('4,000 distinct small documents cost the gateway less than 60 MB, within what it counts', { timeout: 120_000 }, async () => {
    for (let i = -20; i < 0; i++) await gw.query(document(i));
    const before = await metrics();
    const mark = gw.logs.length;
    for (let i = 0; i < 4000; i += 40) {
      const batch = Array.from({ length: 40 }, (_, j) => gw.query(document(i + j)));
      for (const { status } of await Promise.all(batch)) expect(status).toBe(200);
    }
    // What it keeps, not the garbage of the burst a collection has yet to reach: read once the
    // gateway, quiet for IDLE_RELEASE_MS (20 s by default), has collected and handed memory back, as
    // it logs. Read at once, the same burst's RSS measured from 44 to 71 MB, by when V8 last collected.
    await released(mark);
    const after = await metrics();
    // Parsed documents stay within DOCUMENT_CACHE_MAX_BYTES (4 MiB by default); none ran twice, so none was compiled.
    const parsed = sample(after, 'gateway_cache_bytes', { store: 'documents', kind: 'parsed' });
    expect(parsed).toBeGreaterThan(1 * MiB);
    expect(parsed).toBeLessThanOrEqual(4 * MiB);
    expect(sample(after, 'gateway_cache_entries', { store: 'compiled', kind: 'compiled' })).toBe(0);
    // What it holds is its heap once collected: it grew 20 to 21 MB in every run measured, the parsed
    // documents' 4 MiB among it. The process's RSS grows by that plus what the allocators have yet
    // to hand back, which the machine's load decides: 27 to 53 MB alone, 66 MB twice in .ci/run
    // beside other test files. It is bounded here against the 325 MB kind of regression this test
    // was written for; `npm run bench:mixed` measures RSS against its 60 MB target.
    const heap = (sample(after, 'nodejs_heap_size_used_bytes') - sample(before, 'nodejs_heap_size_used_bytes')) / MiB;
    expect(heap).toBeLessThan(60);
    const rss = (sample(after, 'process_resident_memory_bytes') - sample(before, 'process_resident_memory_bytes')) / MiB;
    expect(rss).toBeLessThan(120);
  });
});

describe('a pause in traffic', () => {
  /** Full collections so far (V8's reducer's and the idle release's are major; incremental marking leads to one). */
  const fullCollections = async () => {
    const text = await metrics();
    return (
      sample(text, 'nodejs_gc_duration_seconds_count', { kind: 'major' }) +
      sample(text, 'nodejs_gc_duration_seconds_count', { kind: 'incremental' })
    );
  };

  // A full collection with no request in flight frees what V8's optimized code of the request path
  // refers to weakly, and V8 throws that code away (src/ops/idle-release.ts): the next burst then ran
  // at about twice the CPU per request. V8's memory reducer collected about 8 s into a pause, and the
  // idle release after 5 s; npm start now runs without the first and the second waits 20 s.
  it('shorter than IDLE_RELEASE_MS runs no full collection', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 40; round++) {
      const batch = Array.from({ length: 10 }, (_, j) => gw.query(document(round * 10 + j)));
      for (const { status } of await Promise.all(batch)) expect(status).toBe(200);
    }
    // A collection the burst began (incremental marking) may end just after it: not the pause's.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const mark = gw.logs.length;
    const before = await fullCollections();
    await new Promise((resolve) => setTimeout(resolve, 13_000));
    expect(await fullCollections()).toBe(before);
    expect(gw.logs.slice(mark).some((l) => l.msg?.startsWith('idle: memory handed back'))).toBe(false);
  });
});

describe('after a burst of work', () => {
  /** The gateway's RSS in MB: after a burst of large answers, and after `quietMs` of nothing. */
  async function rssAfterBurst(env: Record<string, string>, quietMs: number) {
    // Answers of a few hundred KB: more objects than MAX_RESULT_NODES allows by default.
    const gateway = await startGatewayProcess(sandbox, { MAX_RESULT_NODES: '100000', ...env });
    try {
      const rss = async () => sample(await (await fetch(`${gateway.origin}/metrics`)).text(), 'process_resident_memory_bytes') / MiB;
      const fields = 'subnetId blockchains { blockchainId genesisData { config { chainId } alloc { address balance } } }';
      // Twelve clients at once, each answer new (its aliases) and about 1 MB.
      for (let round = 0; round < 6; round++) {
        const answers = Array.from({ length: 12 }, (_, c) =>
          gateway.query(
            `{ network { ${Array.from({ length: 6 }, (_, j) => `b${round}_${c}_${j}: subnets(first: 100) { nodes { ${fields} } }`).join(' ')} } }`,
          ),
        );
        for (const { status } of await Promise.all(answers)) expect(status).toBe(200);
      }
      const busy = await rss();
      await new Promise((resolve) => setTimeout(resolve, quietMs));
      return { busy, quiet: await rss() };
    } finally {
      await gateway.stop();
    }
  }

  it('hands memory back once the gateway has been quiet for IDLE_RELEASE_MS', { timeout: 90_000 }, async () => {
    const released = await rssAfterBurst({ IDLE_RELEASE_MS: '1000' }, 4_000);
    const kept = await rssAfterBurst({ IDLE_RELEASE_MS: '0' }, 4_000);
    // Without it, node holds most of what it grew to (measured: 0 to 13 MB back in those 4 s);
    // with it, most of the burst's growth goes back (measured: about 60 MB of 100).
    expect(released.busy - released.quiet).toBeGreaterThan(kept.busy - kept.quiet + 25);
  });
});
