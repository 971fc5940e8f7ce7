/**
 * health.* at /ext/health and its GET routes: the checks of each chain and of the node, made to
 * fail by the `unhealthy` and `bootstrapping` knobs.
 */
import { cb58Encode, PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { SandboxAnswer } from '../routes.js';
import { derivedId } from './chains/avax.js';
import type { ServiceFor } from './gorilla.js';
import { goJson } from './json.js';
import { nanosOf, rfc3339Nano } from './common.js';
import { TIMELINE } from '../world/timeline.js';
import { sha } from '../random.js';

import type { NodeNetworkState } from './state.js';

export type HealthRoute = 'health' | 'readiness' | 'liveness';

/** The knobs health reads: checks made to fail, and the chains (by id) still bootstrapping. */
export interface HealthKnobs {
  unhealthy: readonly string[];
  booting: ReadonlySet<string>;
}

interface Check {
  name: string;
  tags: string[];
  readiness: boolean;
  message?: unknown;
  failure: string;
  /** Set when the check fails on its own (e.g. a chain still bootstrapping). */
  failing?: boolean;
}

function checks(state: NodeNetworkState, booting: ReadonlySet<string>): Check[] {
  const data = state.data;
  const { p, x, c } = data.world.chainIds;
  const engine = (height: number, id: string, name: string) => ({
    engine: {
      consensus: { lastAcceptedHeight: height, lastAcceptedID: id, longestProcessingBlock: '0s', processingBlocks: 0 },
      vm: null,
    },
    networking: { percentConnected: 0.99 + (sha(`connected:${name}`).readUInt16BE(0) % 1000) / 100_000 },
  });
  const chain = (id: string, name: string, height: number, lastId: string): Check => ({
    name,
    tags: [data.chains.get(id)?.subnet.subnetId ?? PRIMARY_NETWORK_ID],
    readiness: false,
    message: engine(height, lastId, name),
    failure: booting.has(id)
      ? 'chain is not done bootstrapping'
      : 'not connected to enough stake: connected to 61.2000% of the stake; required at least 80.0000%',
    failing: booting.has(id),
  });
  const checks: Check[] = [
    chain(p, 'P', data.platform.blocks.at(-1)!.height, data.platform.blocks.at(-1)!.id),
    chain(x, 'X', data.avm.blocks.at(-1)!.height, data.avm.blocks.at(-1)!.id),
    chain(c, 'C', data.cBlocks.at(-1)!.number, cb58Encode(Buffer.from(data.cBlocks.at(-1)!.hash.slice(2), 'hex'))),
  ];
  for (const [id, info] of data.chains) {
    if (info.subnet.subnetId === PRIMARY_NETWORK_ID || info.status === 'Created') continue;
    const evm = data.subnetEvm(id)?.blocks.at(-1);
    const name = state.chainAliases.get(id)![0]!;
    checks.push(
      chain(
        id,
        name,
        evm?.number ?? sha(`height:${id}`).readUInt16BE(0),
        evm ? cb58Encode(Buffer.from(evm.hash.slice(2), 'hex')) : derivedId(`last:${id}`),
      ),
    );
  }
  const subnetsBooting = [
    ...new Set(
      [...booting]
        .map((id) => data.chains.get(id)?.subnet.subnetId ?? (id === p ? PRIMARY_NETWORK_ID : undefined))
        .filter((s): s is string => s !== undefined),
    ),
  ];
  const app = ['application'];
  checks.push(
    {
      name: 'bootstrapped',
      tags: app,
      readiness: true,
      message: subnetsBooting,
      failure: 'subnets not bootstrapped',
      failing: subnetsBooting.length > 0,
    },
    { name: 'database', tags: app, readiness: false, failure: 'database closed' },
    {
      name: 'diskspace',
      tags: app,
      readiness: false,
      message: { availableDiskBytes: 227_332_591_616 },
      failure: 'remaining available disk space (1073741824) is below minimum required available space (10737418240)',
    },
    {
      name: 'network',
      tags: app,
      readiness: false,
      message: { connectedPeers: 284, sendFailRate: 0, timeSinceLastMsgReceived: '293.098ms', timeSinceLastMsgSent: '293.098ms' },
      failure: 'network layer is unhealthy reason: not connected to a minimum of 80% of the stake; connected to 61%',
    },
    {
      name: 'router',
      tags: app,
      readiness: false,
      message: { longestRunningRequest: '66.90725ms', outstandingRequests: 3 },
      failure: 'the router has 4096 outstanding requests, more than the maximum of 1024',
    },
  );
  return checks;
}

/** The checks of one report (health, readiness or liveness), those of `tags` (plus the global ones) when given. */
function report(state: NodeNetworkState, knobs: HealthKnobs, route: HealthRoute, tags: readonly string[]) {
  if (route === 'liveness') return { checks: {}, healthy: true };
  const wanted = new Set([...tags, 'application']);
  const results: Record<string, unknown> = {};
  let healthy = true;
  const selected = checks(state, knobs.booting)
    .filter((check) => route === 'health' || check.readiness)
    .filter((check) => tags.length === 0 || check.tags.some((t) => wanted.has(t)))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const check of selected) {
    const timestamp = rfc3339Nano(TIMELINE.now, nanosOf(`health:${check.name}`));
    const duration = 1_000 + (sha(`duration:${check.name}`).readUInt16BE(0) % 30_000);
    if (check.failing || knobs.unhealthy.includes(check.name)) {
      healthy = false;
      const failures = 3 + (sha(`failures:${check.name}`)[0]! % 5);
      results[check.name] = {
        ...(check.message !== undefined ? { message: check.message } : {}),
        error: check.failure,
        timestamp,
        duration,
        contiguousFailures: failures,
        timeOfFirstFailure: rfc3339Nano(TIMELINE.now - failures * 30, nanosOf(`first-failure:${check.name}`)),
      };
    } else {
      results[check.name] = { ...(check.message !== undefined ? { message: check.message } : {}), timestamp, duration };
    }
  }
  return { checks: results, healthy };
}

export function healthGet(state: NodeNetworkState, knobs: HealthKnobs, route: HealthRoute, tags: readonly string[]): SandboxAnswer {
  const reply = report(state, knobs, route, tags);
  return { status: reply.healthy ? 200 : 503, body: `${goJson(reply)}\n`, headers: { 'content-type': 'application/json' } };
}

export function healthService(state: NodeNetworkState, knobs: HealthKnobs): ServiceFor<'health'> {
  const call = (route: HealthRoute) => ({
    args: { tags: 'strings' as const },
    call: ({ tags }: Record<string, unknown>) => report(state, knobs, route, tags as string[]),
  });
  return { Health: call('health'), Readiness: call('readiness'), Liveness: call('liveness') };
}
