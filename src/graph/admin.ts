/**
 * The node's admin API (admin.* at /ext/admin): aliases, logger levels, VM loading, profiling.
 * Off unless the operator sets ADMIN_TOKEN, then only for requests bearing it (the `admin` auth
 * scope in builder.ts): a refused request gets FORBIDDEN and the node is never called. The node
 * itself serves the API only with --api-admin-enabled, and public endpoints never do.
 */
import { badInput, quote } from '../graphql/errors.js';
import type { NetworkName } from '../base/ids.js';
import { learnt, usually } from './list-sizes.js';
import { builder } from './builder.js';
import type { OperationId } from '../upstreams/operations.js';
import { NetworkNameEnum } from './enums.js';
import { toNetwork } from './inputs.js';
import { CB58IdScalar } from './scalars.js';
import {
  adminAlias,
  adminAliasChain,
  adminGetChainAliases,
  adminGetLoggerLevel,
  adminLoadVMs,
  adminLockProfile,
  adminMemoryProfile,
  adminSetLoggerLevel,
  adminStartCPUProfiler,
  adminStopCPUProfiler,
} from '../upstreams/node/admin.js';
import type { NodeClient } from '../upstreams/node/client.js';
import { NetworkRef } from './refs.js';
import { TEXT_BYTES, upstreamText } from './leaf-bytes.js';

/** avalanchego's bound on an alias (admin.alias, admin.aliasChain). */
const MAX_ALIAS_LENGTH = 512;

export const LogLevelEnum = builder.enumType('LogLevel', {
  description: "avalanchego's log levels, from quietest to loudest.",
  values: {
    OFF: { description: 'Nothing.' },
    FATAL: { description: 'Failures the node cannot survive.' },
    ERROR: { description: 'Errors.' },
    WARN: { description: 'Warnings.' },
    INFO: { description: 'The default.' },
    TRACE: { description: 'Traces of operations.' },
    DEBUG: { description: 'Debugging detail.' },
    VERBO: { description: 'Everything.' },
  } as const,
});

type LogLevel = 'OFF' | 'FATAL' | 'ERROR' | 'WARN' | 'INFO' | 'TRACE' | 'DEBUG' | 'VERBO';

const LoggerLevelRef = builder.objectRef<{ name: string; logLevel: string; displayLevel: string }>('LoggerLevel').implement({
  description: 'A logger of the node and its levels: what it writes to its log file, and what it displays.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The logger, e.g. `main`, `http`, `C`, `P`, `X`.' }),
    logLevel: t.field({
      type: LogLevelEnum,
      description: 'The level written to the log file.',
      resolve: (l) => l.logLevel.toUpperCase() as LogLevel,
    }),
    displayLevel: t.field({
      type: LogLevelEnum,
      description: 'The level shown on the console.',
      resolve: (l) => l.displayLevel.toUpperCase() as LogLevel,
    }),
  }),
});

/**
 * Loggers a node has: its own (main, http, …) and one per chain it runs. One when `loggerName`
 * names it; else twenty until a node of more was seen, then the most seen (at twenty always, a
 * node running many chains passed its price on every answer). Kept for every network at once: the
 * mutation's answer does not say its network. 500 is an assumption for the most (a node tracking
 * many subnets runs a logger per chain).
 */
const LOGGERS = learnt<{ loggerName?: string | null }>({
  kind: 'nodeLoggers',
  most: { mainnet: 500, fuji: 500 },
  unseen: 20,
  assumedSize: 20,
  anyNetwork: true,
  given: (args) => (args.loggerName != null ? 1 : undefined),
});

const loggerLevelList = (levels: Record<string, { logLevel: string; displayLevel: string }>) =>
  Object.entries(levels).map(([name, l]) => ({ name, ...l }));

const LoadedVmRef = builder.objectRef<{ vmId: string; aliases: string[] }>('LoadedVm').implement({
  description: 'A VM plugin the node loaded.',
  fields: (t) => ({
    vmId: t.exposeString('vmId', { description: 'The VM id.' }),
    aliases: t.exposeStringList('aliases', { description: 'Its aliases.' }),
  }),
});

const FailedVmRef = builder.objectRef<{ vmId: string; error: string }>('FailedVm').implement({
  description: 'A VM plugin the node failed to load.',
  fields: (t) => ({
    vmId: t.exposeString('vmId', { description: 'The VM id.' }),
    error: t.exposeString('error', { description: 'Why it failed.', price: { bytes: upstreamText('vm-error', TEXT_BYTES.prose) } }),
  }),
});

const LoadVmsRef = builder.objectRef<{ newVMs: Record<string, string[]>; failedVMs?: Record<string, string> }>('LoadVmsResult').implement({
  description: 'What admin.loadVMs did.',
  fields: (t) => ({
    loaded: t.field({
      type: [LoadedVmRef],
      // A few VMs until more were seen; 100 is an assumption for the most a node's plugin directory holds.
      price: { items: usually('loadedVms', 5, 100) },
      description: 'VMs newly loaded, with their aliases.',
      resolve: (r) => Object.entries(r.newVMs ?? {}).map(([vmId, aliases]) => ({ vmId, aliases })),
    }),
    failed: t.field({
      type: [FailedVmRef],
      price: { items: usually('failedVms', 5, 100) },
      description: 'VMs that failed to load; empty when all loaded.',
      resolve: (r) => Object.entries(r.failedVMs ?? {}).map(([vmId, error]) => ({ vmId, error })),
    }),
  }),
});

/**
 * A name the node takes (an alias, a logger, a chain): 1 to 512 bytes of UTF-8 (the node counts
 * bytes, so 512 ASCII characters), nothing invisible.
 */
function checkName(value: string, argument: string, what: string): string {
  const bytes = Buffer.byteLength(value);
  if (bytes === 0 || bytes > MAX_ALIAS_LENGTH) {
    throw badInput(`\`${argument}\` must be 1 to ${MAX_ALIAS_LENGTH} bytes long (got ${bytes}): ${what}.`, { argument });
  }
  if (/[\s\p{C}]/u.test(value)) throw badInput(`\`${argument}\` may not hold spaces or control characters: ${what}.`, { argument });
  return value;
}

function checkEndpoint(value: string): string {
  checkName(value, 'endpoint', 'the API path after /ext/, e.g. "bc/X"');
  if (value.startsWith('/') || value.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw badInput(
      `\`endpoint\` is the API path after /ext/, such as "bc/X" or "admin", without leading slash or empty, "." or ".." parts (got ${quote(value)}).`,
      {
        argument: 'endpoint',
      },
    );
  }
  return value;
}

/**
 * admin.setLoggerLevel, answering the levels after the change: the docs show the node answering
 * `{}`, current nodes send the levels; without them, they are read back.
 */
async function setLoggerLevel(
  node: NodeClient,
  net: NetworkName,
  args: { loggerName?: string | null; logLevel?: string | null; displayLevel?: string | null },
) {
  if (args.logLevel == null && args.displayLevel == null) {
    throw badInput('`nodeSetLoggerLevel` needs `logLevel`, `displayLevel` or both: the node refuses a call that changes neither.', {
      argument: 'logLevel',
    });
  }
  const loggerName = args.loggerName != null ? checkName(args.loggerName, 'loggerName', 'a logger name such as "C"') : undefined;
  const res = await adminSetLoggerLevel(node, net, {
    ...(loggerName !== undefined ? { loggerName } : {}),
    ...(args.logLevel != null ? { logLevel: args.logLevel } : {}),
    ...(args.displayLevel != null ? { displayLevel: args.displayLevel } : {}),
  });
  const levels = res.loggerLevels ?? (await adminGetLoggerLevel(node, net, loggerName !== undefined ? { loggerName } : {})).loggerLevels;
  return loggerLevelList(levels);
}

const NodeAdminRef = builder.objectRef<{ network: NetworkName }>('NodeAdmin').implement({
  description:
    "Read-only admin queries of the node (admin.*). Needs the gateway's ADMIN_TOKEN and a node started with --api-admin-enabled.",
  fields: (t) => ({
    chainAliases: t.stringList({
      nullable: true,
      description: 'The aliases of a chain, its id among them (admin.getChainAliases); empty when the node knows no such chain.',
      // The node looks the chain up by id only here (aliases work in admin.aliasChain).
      args: { chain: t.arg({ type: CB58IdScalar, required: true, description: 'The blockchain id (cb58).' }) },
      price: { calls: 1, reaches: ['admin.getChainAliases'] },
      resolve: async (a, { chain }, ctx) => (await adminGetChainAliases(ctx.node, a.network, { chain })).aliases ?? [],
    }),
    loggerLevels: t.field({
      type: [LoggerLevelRef],
      nullable: true,
      description: 'The levels of every logger, or of one (admin.getLoggerLevel).',
      args: { loggerName: t.arg.string({ description: 'One logger, e.g. "C"; every logger when omitted.' }) },
      price: { calls: 1, items: LOGGERS, reaches: ['admin.getLoggerLevel'] },
      resolve: async (a, { loggerName }, ctx) => {
        const res = await adminGetLoggerLevel(
          ctx.node,
          a.network,
          loggerName != null ? { loggerName: checkName(loggerName, 'loggerName', 'a logger name such as "C"') } : {},
        );
        return loggerLevelList(res.loggerLevels);
      },
    }),
  }),
});

builder.objectField(NetworkRef, 'admin', (t) =>
  t.field({
    type: NodeAdminRef,
    nullable: true,
    authScopes: { admin: true },
    description:
      "The node's admin queries. Needs `Authorization: Bearer <ADMIN_TOKEN>` (FORBIDDEN otherwise, and the node is not called), and a node started with --api-admin-enabled (NODE_API_UNAVAILABLE otherwise).",
    resolve: (network) => ({ network: network.name }),
  }),
);

/** The admin mutations: each names its network, and only runs for a request with the token. */
builder.mutationFields((t) => {
  const network = () => t.arg({ type: NetworkNameEnum, required: true, description: 'The network whose node to act on.' });
  // Each asks its node once.
  const done = (method: OperationId) =>
    ({ type: 'Boolean', nullable: true, authScopes: { admin: true }, price: { calls: 1, reaches: [method] } }) as const;
  return {
    nodeAlias: t.field({
      ...done('admin.alias'),
      description:
        'Makes an API of the node reachable at /ext/<alias> too (admin.alias); the original path still works. This node only. True when done.',
      args: {
        network: network(),
        endpoint: t.arg.string({ required: true, description: 'The API path after /ext/, e.g. "bc/X".' }),
        alias: t.arg.string({
          required: true,
          description: `The new path after /ext/, at most ${MAX_ALIAS_LENGTH} bytes (512 ASCII characters).`,
        }),
      },
      resolve: async (_root, args, ctx) => {
        await adminAlias(ctx.node, toNetwork(args.network), {
          endpoint: checkEndpoint(args.endpoint),
          alias: checkName(args.alias, 'alias', `at most ${MAX_ALIAS_LENGTH} bytes`),
        });
        return true;
      },
    }),
    nodeAliasChain: t.field({
      ...done('admin.aliasChain'),
      description: 'Gives a chain a name usable wherever its blockchain id is (admin.aliasChain). This node only. True when done.',
      args: {
        network: network(),
        chain: t.arg.string({ required: true, description: 'The chain: its blockchain id or an existing alias.' }),
        alias: t.arg.string({ required: true, description: `The new alias, at most ${MAX_ALIAS_LENGTH} bytes (512 ASCII characters).` }),
      },
      resolve: async (_root, args, ctx) => {
        await adminAliasChain(ctx.node, toNetwork(args.network), {
          chain: checkName(args.chain, 'chain', 'a blockchain id or alias'),
          alias: checkName(args.alias, 'alias', `at most ${MAX_ALIAS_LENGTH} bytes`),
        });
        return true;
      },
    }),
    nodeSetLoggerLevel: t.field({
      type: [LoggerLevelRef],
      nullable: true,
      authScopes: { admin: true },
      description:
        'Changes what a logger (or every logger) writes and displays (admin.setLoggerLevel); give `logLevel`, `displayLevel` or both. Answers the levels after the change.',
      args: {
        network: network(),
        loggerName: t.arg.string({ description: 'The logger, e.g. "C"; every logger when omitted.' }),
        logLevel: t.arg({ type: LogLevelEnum, description: 'The level to write to the log file.' }),
        displayLevel: t.arg({ type: LogLevelEnum, description: 'The level to show on the console.' }),
      },
      // And once more when the node answers `{}` (as its docs show): the levels are read back.
      price: { calls: 2, items: LOGGERS, reaches: ['admin.setLoggerLevel', 'admin.getLoggerLevel'] },
      resolve: (_root, args, ctx) => setLoggerLevel(ctx.node, toNetwork(args.network), args),
    }),
    nodeLoadVMs: t.field({
      type: LoadVmsRef,
      nullable: true,
      authScopes: { admin: true },
      description: 'Loads the VM plugins installed on the node since it started (admin.loadVMs).',
      args: { network: network() },
      price: { calls: 1, reaches: ['admin.loadVMs'] },
      resolve: (_root, args, ctx) => adminLoadVMs(ctx.node, toNetwork(args.network)),
    }),
    nodeLockProfile: t.field({
      ...done('admin.lockProfile'),
      description: "Writes the node's mutex statistics to lock.profile in its working directory (admin.lockProfile). True when done.",
      args: { network: network() },
      resolve: async (_root, args, ctx) => {
        await adminLockProfile(ctx.node, toNetwork(args.network));
        return true;
      },
    }),
    nodeMemoryProfile: t.field({
      ...done('admin.memoryProfile'),
      description: 'Writes a memory profile of the node to mem.profile (admin.memoryProfile). True when done.',
      args: { network: network() },
      resolve: async (_root, args, ctx) => {
        await adminMemoryProfile(ctx.node, toNetwork(args.network));
        return true;
      },
    }),
    nodeStartCPUProfiler: t.field({
      ...done('admin.startCPUProfiler'),
      description: "Starts profiling the node's CPU until `nodeStopCPUProfiler` (admin.startCPUProfiler). True when started.",
      args: { network: network() },
      resolve: async (_root, args, ctx) => {
        await adminStartCPUProfiler(ctx.node, toNetwork(args.network));
        return true;
      },
    }),
    nodeStopCPUProfiler: t.field({
      ...done('admin.stopCPUProfiler'),
      description: 'Stops the CPU profiler and writes cpu.profile (admin.stopCPUProfiler). True when done.',
      args: { network: network() },
      resolve: async (_root, args, ctx) => {
        await adminStopCPUProfiler(ctx.node, toNetwork(args.network));
        return true;
      },
    }),
  };
});
