/**
 * A node's health (health.* at /ext/health, and its GET routes): its periodic checks, per chain
 * and global. Node specific: public endpoints do not serve it.
 */
import { badInput, quote } from '../graphql/errors.js';
import type { NetworkName } from '../base/ids.js';
import type { HealthReply, HealthResult, HealthRoute } from '../upstreams/node/health.js';
import { builder } from './builder.js';
import { healthGet, healthHealth, healthLiveness, healthReadiness } from '../upstreams/node/health.js';
import { jsonTree, learnt } from './list-sizes.js';
import { NetworkRef } from './refs.js';
import { TEXT_BYTES, upstreamText } from './leaf-bytes.js';

type CheckModel = HealthResult & { name: string };

/**
 * What a check reports, in its own shape: a chain's consensus figures, the network's peer counts, a
 * list of chains not yet bootstrapped. As large as the largest seen, and at most 64 entries and 8
 * KiB until one was (the recorded mainnet report's largest holds 11; a node's hundreds of checks
 * priced larger each would pass MAX_RESULT_NODES cold).
 */
const MESSAGE_TREE = jsonTree('health-message', { entries: 64, bytes: 8_192 });

const HealthCheckRef = builder.objectRef<CheckModel>('HealthCheck').implement({
  description: "The last result of one of the node's health checks.",
  fields: (t) => ({
    name: t.exposeString('name', {
      description: 'The check: a chain (its alias or id), or a global one such as `bootstrapped`, `database`, `network`.',
    }),
    healthy: t.boolean({ description: 'Whether the check passed (it has no `error`).', resolve: (c) => !c.error }),
    message: t.expose('message', {
      type: 'JSON',
      nullable: true,
      price: MESSAGE_TREE,
      description: "What the check reports, in its own shape (e.g. a chain's last accepted height).",
    }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Why the check failed; null when it passed.',
      price: { bytes: upstreamText('health-error', TEXT_BYTES.prose) },
    }),
    timestamp: t.exposeString('timestamp', { nullable: true, description: 'When the check last ran (RFC 3339).' }),
    durationNs: t.field({ type: 'BigInt', description: 'How long it took, in nanoseconds.', resolve: (c) => String(c.duration) }),
    contiguousFailures: t.field({
      type: 'BigInt',
      description: 'How many times in a row it has failed; 0 when healthy.',
      resolve: (c) => String(c.contiguousFailures ?? 0),
    }),
    timeOfFirstFailure: t.exposeString('timeOfFirstFailure', {
      nullable: true,
      description: 'When the current run of failures began (RFC 3339); null when healthy.',
    }),
  }),
});

/**
 * A report, with the HTTP status the node answered when it came from a GET route (`probe`), and the
 * network whose node it is: its checks are counted per network (HEALTH_CHECKS) when it holds them
 * all, not when `tags` or the route (readiness, liveness) kept only some (`some`).
 */
type ReportModel = HealthReply & { httpStatus?: number; network: NetworkName; some: boolean };

/**
 * Checks a node reports: a few of its own (the recorded mainnet report, test/contract/examples/
 * node.health.health.json, has 8) and one or two per chain it runs, so the data decides: priced as
 * last seen on the network, else at most 500 (a node tracking a few hundred L1 chains; an
 * assumption, no upstream reference bounds it). A fixed 30 was passed by a node running many
 * chains (the sandbox's reports 80), and the answer's entries with it.
 */
const HEALTH_CHECKS = learnt({ kind: 'healthChecks', most: { mainnet: 500, fuji: 500 }, narrowed: (r: ReportModel) => r.some });

const HealthReportRef = builder.objectRef<ReportModel>('HealthReport').implement({
  description: 'A health report: whether every included check passes, and each check.',
  fields: (t) => ({
    healthy: t.exposeBoolean('healthy', { description: 'True when every included check passes.' }),
    httpStatus: t.int({
      nullable: true,
      description:
        'For `probe`: the HTTP status the node answered the GET with, 200 when healthy and 503 when not, as a load balancer or orchestrator probing the node sees it. Null for the JSON-RPC reports (`report`, `readiness`, `liveness`), which the node answers 200 either way.',
      resolve: (r) => r.httpStatus ?? null,
    }),
    checks: t.field({
      type: [HealthCheckRef],
      price: { items: HEALTH_CHECKS },
      description: 'The included checks, by name.',
      resolve: (r) =>
        Object.entries(r.checks ?? {})
          .map(([name, result]) => ({ ...result, name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
    }),
  }),
});

const reportOf = (h: { network: NetworkName }, reply: HealthReply, route: HealthRoute, tags?: readonly string[] | null): ReportModel => ({
  ...reply,
  network: h.network,
  some: route !== 'health' || !!tags?.length,
});

const MAX_TAGS = 32;

function checkTags(tags: readonly string[] | null | undefined): string[] | undefined {
  if (!tags) return undefined;
  if (tags.length > MAX_TAGS) throw badInput(`\`tags\` holds ${tags.length} tags; at most ${MAX_TAGS} are allowed.`, { argument: 'tags' });
  for (const tag of tags) {
    if (!/^[\x21-\x7e]{1,128}$/.test(tag)) {
      throw badInput(`\`tags\`: ${quote(tag)} is not a tag; a tag is 1 to 128 visible ASCII characters, e.g. a subnet id.`, {
        argument: 'tags',
      });
    }
  }
  return [...tags];
}

const HealthRouteEnum = builder.enumType('HealthRoute', {
  description: "Which of the node's GET health routes a probe asks.",
  values: {
    HEALTH: { value: 'health', description: 'GET /ext/health: every check (health.health).' },
    READINESS: { value: 'readiness', description: 'GET /ext/health/readiness: the checks run until the node finished starting.' },
    LIVENESS: { value: 'liveness', description: 'GET /ext/health/liveness: whether the node is alive.' },
  } as const,
});

const NodeHealthRef = builder.objectRef<{ network: NetworkName }>('NodeHealth').implement({
  description: "The node's health checks. Node specific: public endpoints do not serve them (NODE_API_UNAVAILABLE).",
  fields: (t) => {
    const tagsArg = () =>
      t.arg({
        type: ['String'],
        description:
          "Only the checks with one of these tags, plus the global ones. Subnet ids are tags: a subnet's chains can be healthy while others are not.",
      });
    return {
      report: t.field({
        type: HealthReportRef,
        nullable: true,
        description: 'The last result of every check (health.health).',
        args: { tags: tagsArg() },
        price: { calls: 1, reaches: ['health.health'] },
        resolve: async (h, { tags }, ctx) =>
          reportOf(h, await healthHealth(ctx.node, h.network, { tags: checkTags(tags) }), 'health', tags),
      }),
      readiness: t.field({
        type: HealthReportRef,
        nullable: true,
        description: 'The checks run until the node finished starting (health.readiness).',
        args: { tags: tagsArg() },
        price: { calls: 1, reaches: ['health.readiness'] },
        resolve: async (h, { tags }, ctx) =>
          reportOf(h, await healthReadiness(ctx.node, h.network, { tags: checkTags(tags) }), 'readiness', tags),
      }),
      liveness: t.field({
        type: HealthReportRef,
        nullable: true,
        description: 'Whether the node is alive (health.liveness).',
        price: { calls: 1, reaches: ['health.liveness'] },
        resolve: async (h, _args, ctx) => reportOf(h, await healthLiveness(ctx.node, h.network), 'liveness'),
      }),
      probe: t.field({
        type: HealthReportRef,
        nullable: true,
        description:
          "A GET route of the node's health, as a probe sees it: the report, and the node's HTTP status in `httpStatus` (503 when unhealthy, which is an answer here, not an error). `tags` go as repeated `tag` query parameters.",
        args: {
          route: t.arg({ type: HealthRouteEnum, defaultValue: 'health', required: true, description: 'The route (default HEALTH).' }),
          tags: tagsArg(),
        },
        price: { calls: 1, reaches: ['GET /ext/health', 'GET /ext/health/readiness', 'GET /ext/health/liveness'] },
        resolve: async (h, { route, tags }, ctx) => {
          const { status, reply } = await healthGet(ctx.node, h.network, route as HealthRoute, checkTags(tags) ?? []);
          return { ...reportOf(h, reply, route as HealthRoute, tags), httpStatus: status };
        },
      }),
    };
  },
});

builder.objectField(NetworkRef, 'health', (t) =>
  t.field({
    type: NodeHealthRef,
    description: "This network's node's health (NODE_URL_MAINNET / NODE_URL_FUJI).",
    resolve: (network) => ({ network: network.name }),
  }),
);
