/**
 * What one uncached one-call request allocates, and where: a process preloaded with
 * bench/allocation-sampler.ts is driven with the one-call query under 10 connections, V8's
 * sampling heap profiler on for the measured seconds, and each sampled byte is put on the source
 * file of the function that allocated it (through dist/'s source maps, as bench/profile.ts puts
 * CPU samples), or the package, or node's own module, per request answered.
 *
 * Unlike CPU time, a request's allocation does not depend on what else the machine runs, so this
 * is the figure to compare between runs and with the peers; the young generation's collections
 * (the profile's `(garbage collector)` row) grow with it.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { SourceMap } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { type CallFrame, originOf, shareRows } from './profile.js';

interface SamplingNode {
  callFrame: CallFrame;
  selfSize: number;
  children: SamplingNode[];
}

export interface Allocations {
  requests: number;
  /** Bytes allocated per request answered, all sources together. */
  bytesPerRequest: number;
  rows: { where: string; bytes: number; share: number }[];
  functions: { name: string; where: string; bytes: number }[];
}

/** How long the sampler may take to write its profile once asked. */
const WRITE_TIMEOUT_MS = 30_000;

/**
 * Drives `url` with `body` for 3 s of warm-up, then for `seconds` with the sampler of process `pid`
 * on (it writes to `file`, its ALLOCATION_PROFILE). The sampler starts and stops a few
 * milliseconds after the signals: the requests it saw and those counted differ by the few
 * answered in those milliseconds, out of thousands.
 */
export async function allocationsUnderLoad(pid: number, url: string, body: string, seconds: number, file: string): Promise<Allocations> {
  rmSync(file, { force: true });
  const opts = { url, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body, connections: 10, pipelining: 1 };
  await autocannon({ ...opts, duration: 3 });
  process.kill(pid, 'SIGUSR2');
  const result = await autocannon({ ...opts, duration: seconds });
  process.kill(pid, 'SIGUSR2');
  if (result.non2xx || result.errors) throw new Error(`allocation load on ${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  for (const asked = Date.now(); !existsSync(file); await sleep(50)) {
    if (Date.now() - asked > WRITE_TIMEOUT_MS) throw new Error(`no allocation profile from pid ${pid} in ${file}`);
  }
  const root = JSON.parse(readFileSync(file, 'utf8')).head as SamplingNode;
  return grouped(root, result.requests.total);
}

function grouped(root: SamplingNode, requests: number): Allocations {
  const maps = new Map<string, SourceMap | null>();
  const byOrigin = new Map<string, number>();
  const byFunction = new Map<string, { name: string; where: string; bytes: number }>();
  let total = 0;
  // The tree is as deep as the stacks sampled: walked with a stack of its own.
  for (const pending = [root]; pending.length > 0; ) {
    const node = pending.pop()!;
    pending.push(...node.children);
    if (node.selfSize === 0) continue;
    total += node.selfSize;
    const where = originOf(node.callFrame, maps);
    byOrigin.set(where, (byOrigin.get(where) ?? 0) + node.selfSize);
    const name = node.callFrame.functionName || '(anonymous)';
    const entry = byFunction.get(`${name} ${where}`) ?? { name, where, bytes: 0 };
    entry.bytes += node.selfSize;
    byFunction.set(`${name} ${where}`, entry);
  }
  return {
    requests,
    bytesPerRequest: total / requests,
    rows: [...byOrigin].map(([where, bytes]) => ({ where, bytes: bytes / requests, share: bytes / total })).sort((a, b) => b.bytes - a.bytes),
    functions: [...byFunction.values()].map((f) => ({ ...f, bytes: f.bytes / requests })).sort((a, b) => b.bytes - a.bytes),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(bytes >= 10 * 1024 ? 0 : 1);

/** bench/PROFILE.md's section: the gateway's allocation by source and function, beside each peer's total. */
export function allocationSection(gateway: Allocations, peers: Record<string, Allocations>, seconds: number): string {
  return [
    '## What a request allocates',
    '',
    'From bench/allocations.ts: the same `npm start` and load, for',
    `${seconds} s with V8's sampling heap profiler on (bench/allocation-sampler.ts, a sample every 1 KiB on average, objects`,
    'already collected counted too), so bytes allocated, not bytes kept. Unlike CPU time, this does not move with',
    "the machine's other load: compare it between runs. The peers were measured the same way, in processes of their own.",
    '',
    `| server | KB allocated per request | requests sampled |`,
    '|---|---:|---:|',
    `| this gateway | ${kb(gateway.bytesPerRequest)} | ${gateway.requests} |`,
    ...Object.entries(peers).map(([name, peer]) => `| ${name} | ${kb(peer.bytesPerRequest)} | ${peer.requests} |`),
    '',
    '| where (this gateway) | KB/request | share |',
    '|---|---:|---:|',
    ...shareRows(gateway.rows, (row) => row.bytes, kb, 0.01),
    '',
    '| the 20 functions allocating most (this gateway) | where | KB/request |',
    '|---|---|---:|',
    ...gateway.functions.slice(0, 20).map((f) => `| ${f.name} | ${f.where} | ${kb(f.bytes)} |`),
    '',
  ].join('\n');
}
