/**
 * `npm run bench:cluster`: the cluster of bench/cluster.ts under clients that query and subscribe
 * through the router, while one gateway is killed (SIGKILL, as a crash would) and started again,
 * and later Redis is killed and started again (empty: it keeps nothing).
 *
 *   CLUSTER_GATEWAYS=3 SOAK_SECONDS=60 npm run bench:cluster      (and CLUSTER_GATEWAYS=1)
 *
 * Clients: CLIENTS closed loops of four queries through the router, and two SSE subscribers on
 * each of four topics (P- and X-Chain blocks of both networks), which subscribe again when their
 * stream ends. Prints:
 *  - requests through the router, by status; answers that are not 2xx, and answers with errors,
 *    each with its time relative to the kill and to the Redis restart (only requests in flight on
 *    the killed gateway may fail);
 *  - upstream calls per query: the sandbox's calls for the queries' operations over the queries
 *    answered (the same whatever the number of gateways: they share one cache through Redis);
 *  - pollers per topic, cluster-wide: the sum over gateways of gateway_subscription_topics_polled
 *    over the four topics, sampled every second, by phase: one; after a kill, the dead gateway's
 *    topics wait for its leases to expire (LIVE_LEASE_MS) before another gateway polls them; while
 *    Redis is away each gateway polls for its own subscribers;
 *  - subscriptions: streams that ended, those that resumed (got an event after subscribing
 *    again), and streams without an event in their last few blocks at the end.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startCluster } from './cluster.js';

const GATEWAYS = Number(process.env.CLUSTER_GATEWAYS ?? 3);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CLIENTS = Number(process.env.CLIENTS ?? 6);
const BLOCK_MS = 2000;
const KILL_AT_MS = SECONDS * 1000 * 0.25;
const RESTART_AFTER_MS = 2000;
const REDIS_AT_MS = SECONDS * 1000 * 0.55;
const REDIS_DOWN_MS = 3000;
/** The gateways' LIVE_LEASE_MS (its default): a dead instance's topics wait this long for another poller. */
const LEASE_MS = 10_000;

const QUERIES = [
  '{ network { subnets(first: 5) { nodes { subnetId blockchains { blockchainName } } } } }',
  '{ network { l1Validators(first: 5) { nodes { nodeId weight } } } }',
  '{ network { transactions(chain: P_CHAIN, first: 5) { nodes { txHash } } } }',
  '{ network(name: FUJI) { subnets(first: 3) { nodes { subnetId isL1 } } } }',
];
/** The upstream operations of those queries: the rest of the sandbox's calls are the subscriptions' polls. */
const QUERY_OPERATIONS = new Set(['listSubnets', 'listL1Validators', 'listLatestPrimaryNetworkTransactions']);
const TOPICS = [
  'subscription { pChainBlocks(network: MAINNET) { height } }',
  'subscription { pChainBlocks(network: FUJI) { height } }',
  'subscription { xChainBlocks(network: MAINNET) { height } }',
  'subscription { xChainBlocks(network: FUJI) { height } }',
];
const SUBSCRIBERS_PER_TOPIC = 2;

interface Answer {
  at: number;
  status: number;
  codes: string[];
}

async function main() {
  const cluster = await startCluster({ gateways: GATEWAYS, blockMs: BLOCK_MS });
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const endAt = SECONDS * 1000;
  // Calls from here on: counted as a difference, since /_sandbox/reset would also take the chains back to their start.
  const stats = async () => (await (await fetch(`${cluster.sandbox.url}/_sandbox/stats`)).json()) as { total: number; counts: Record<string, number> };
  const before = await stats();
  const phases = { killAt: Number.NaN, restartedAt: Number.NaN, redisDownAt: Number.NaN, redisUpAt: Number.NaN };
  /** Queries sent and not yet answered, through the router: what may be on the killed gateway at its kill. */
  let inFlight = 0;
  let inFlightAtKill = 0;
  const answers: Answer[] = [];
  const post = (query: string) =>
    fetch(cluster.routerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
      signal: AbortSignal.timeout(15_000),
    });

  const client = async (id: number) => {
    for (let i = id; now() < endAt; i++) {
      const at = now();
      inFlight++;
      try {
        const res = await post(QUERIES[i % QUERIES.length]!);
        const body = (await res.json().catch(() => ({}))) as { errors?: { extensions?: { code?: string } }[] };
        answers.push({ at, status: res.status, codes: (body.errors ?? []).map((e) => e.extensions?.code ?? 'none') });
      } catch (error) {
        answers.push({ at, status: 0, codes: [(error as Error).name] });
      } finally {
        inFlight--;
      }
    }
  };

  interface Stream {
    topic: number;
    events: number;
    lastEventAt: number;
    ended: { at: number; why: string }[];
    resumed: number;
    errorEvents: number;
  }
  const streams: Stream[] = [];
  const subscriber = async (topic: number) => {
    const stream: Stream = { topic, events: 0, lastEventAt: Number.NaN, ended: [], resumed: 0, errorEvents: 0 };
    streams.push(stream);
    while (now() < endAt) {
      let sawEvent = false;
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), Math.max(0, endAt - now()));
      let why = 'the stream completed';
      try {
        const res = await fetch(cluster.routerUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ query: TOPICS[topic] }),
          signal: abort.signal,
        });
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5))
              .join('');
            if (!block.includes('event: next') || !data) continue;
            const parsed = JSON.parse(data) as { errors?: unknown[] };
            if (parsed.errors) stream.errorEvents++;
            else {
              if (!sawEvent && stream.ended.length > 0) stream.resumed++;
              sawEvent = true;
              stream.events++;
              stream.lastEventAt = now();
            }
          }
        }
      } catch (error) {
        why = (error as Error).name;
      } finally {
        clearTimeout(timer);
      }
      if (now() >= endAt) break;
      stream.ended.push({ at: Math.round(now()), why });
      await sleep(250);
    }
  };

  /** Per second: the topics each live gateway polls, summed. */
  const samples: { at: number; phase: string; polled: number; gatewaysUp: number }[] = [];
  const down = new Set<number>();
  const sampler = async () => {
    while (now() < endAt) {
      await sleep(1000);
      const at = now();
      const phase =
        at >= phases.redisDownAt && !(at >= phases.redisUpAt + 2 * BLOCK_MS)
          ? 'Redis away'
          : at >= phases.killAt && !(at >= Math.max(phases.restartedAt, phases.killAt + LEASE_MS) + 2 * BLOCK_MS)
            ? 'after the kill, until its leases expired'
            : 'steady';
      let polled = 0;
      let up = 0;
      for (const g of cluster.gateways) {
        if (down.has(g.index)) continue;
        try {
          const text = await (await fetch(`${g.origin}/metrics`, { signal: AbortSignal.timeout(2000) })).text();
          polled += Number(/^gateway_subscription_topics_polled (\S+)$/m.exec(text)?.[1] ?? 0);
          up++;
        } catch {
          // It is the one being killed.
        }
      }
      // The last second's may come after the subscribers left.
      if (now() < endAt) samples.push({ at, phase, polled, gatewaysUp: up });
    }
  };

  const chaos = async () => {
    await sleep(KILL_AT_MS);
    const victim = cluster.gateways[cluster.gateways.length > 1 ? 1 : 0]!;
    down.add(victim.index);
    phases.killAt = now();
    inFlightAtKill = inFlight;
    await victim.kill();
    await sleep(RESTART_AFTER_MS);
    await victim.start();
    phases.restartedAt = now();
    down.delete(victim.index);
    // Redis goes once the cluster is whole again and has polled a while.
    await sleep(Math.max(0, REDIS_AT_MS - now(), phases.restartedAt + 5000 - now()));
    phases.redisDownAt = now();
    await cluster.redis.kill();
    await sleep(REDIS_DOWN_MS);
    await cluster.redis.start();
    phases.redisUpAt = now();
  };

  const subscribers = TOPICS.flatMap((_, topic) => Array.from({ length: SUBSCRIBERS_PER_TOPIC }, () => subscriber(topic)));
  await Promise.all([...Array.from({ length: CLIENTS }, (_, i) => client(i)), ...subscribers, sampler(), chaos()]);

  const after = await stats();
  const calls = {
    total: after.total - before.total,
    counts: Object.fromEntries(Object.entries(after.counts).map(([op, n]) => [op, n - (before.counts[op] ?? 0)])),
  };
  const connections = [...cluster.connectionsTo];
  await cluster.stop();

  const ok = answers.filter((a) => a.status >= 200 && a.status < 300 && a.codes.length === 0);
  const non2xx = answers.filter((a) => a.status < 200 || a.status >= 300);
  const withErrors = answers.filter((a) => a.status >= 200 && a.status < 300 && a.codes.length > 0);
  const rel = (a: Answer) => ({
    afterKillMs: Math.round(a.at - phases.killAt),
    afterRedisMs: Math.round(a.at - phases.redisDownAt),
    status: a.status,
    codes: [...new Set(a.codes)],
  });
  /** Failures: how many, when relative to the kill and to Redis's restart, with which codes. */
  const summary = (list: Answer[]) => {
    const each = list.map(rel);
    const range = (key: 'afterKillMs' | 'afterRedisMs') => (each.length ? [Math.min(...each.map((e) => e[key])), Math.max(...each.map((e) => e[key]))] : []);
    return {
      count: list.length,
      afterKillMs: range('afterKillMs'),
      afterRedisMs: range('afterRedisMs'),
      statuses: [...new Set(each.map((e) => e.status))],
      codes: [...new Set(each.flatMap((e) => e.codes))],
    };
  };
  const byStatus: Record<number, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const queryCalls = Object.entries(calls.counts)
    .filter(([op]) => QUERY_OPERATIONS.has(op))
    .reduce((sum, [, n]) => sum + n, 0);
  const perPhase: Record<string, { samples: number; min: number; max: number; mean: number }> = {};
  for (const s of samples) {
    const p = (perPhase[s.phase] ??= { samples: 0, min: Number.POSITIVE_INFINITY, max: 0, mean: 0 });
    const perTopic = s.polled / TOPICS.length;
    p.mean = (p.mean * p.samples + perTopic) / (p.samples + 1);
    p.samples++;
    p.min = Math.min(p.min, perTopic);
    p.max = Math.max(p.max, perTopic);
  }
  for (const p of Object.values(perPhase)) p.mean = Math.round(p.mean * 100) / 100;
  const end = now();
  const ends = streams.flatMap((s) => s.ended.map((e) => ({ afterKillMs: Math.round(e.at - phases.killAt), why: e.why })));
  const report = {
    gateways: GATEWAYS,
    seconds: SECONDS,
    clients: CLIENTS,
    timeline: {
      killedGatewayAtMs: Math.round(phases.killAt),
      queriesInFlightAtKill: inFlightAtKill,
      restartedAtMs: Math.round(phases.restartedAt),
      restartTookMs: Math.round(phases.restartedAt - phases.killAt - RESTART_AFTER_MS),
      redisKilledAtMs: Math.round(phases.redisDownAt),
      redisBackAtMs: Math.round(phases.redisUpAt),
    },
    requests: answers.length,
    byStatus,
    answeredWithoutErrors: ok.length,
    non2xx: summary(non2xx),
    answeredWithErrors: summary(withErrors),
    upstreamCallsPerQuery: Math.round((queryCalls / Math.max(1, ok.length)) * 10_000) / 10_000,
    upstreamCalls: { forQueries: queryCalls, forSubscriptions: calls.total - queryCalls, byOperation: calls.counts },
    pollersPerTopic: perPhase,
    /** Second by second: seconds since the start, then the topics polled cluster-wide (of TOPICS.length). */
    topicsPolledEachSecond: samples.map((s) => `${Math.round(s.at / 1000)}:${s.polled}`).join(' '),
    balancerConnectionsPerGateway: connections,
    subscriptions: {
      streams: streams.length,
      events: streams.reduce((n, s) => n + s.events, 0),
      errorEvents: streams.reduce((n, s) => n + s.errorEvents, 0),
      streamsThatEnded: streams.filter((s) => s.ended.length > 0).length,
      ends: ends.length,
      endsAfterKillMs: ends.length ? [Math.min(...ends.map((e) => e.afterKillMs)), Math.max(...ends.map((e) => e.afterKillMs))] : [],
      endedBecause: [...new Set(ends.map((e) => e.why))],
      resumedAfterEnding: streams.reduce((n, s) => n + s.resumed, 0),
      withoutEventInLast3Blocks: streams.filter((s) => !(end - s.lastEventAt < 3 * BLOCK_MS + 1000)).length,
      lastEventSecondEach: streams.map((s) => Math.round(s.lastEventAt / 1000)),
    },
  };
  console.log(JSON.stringify(report, null, 2));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
