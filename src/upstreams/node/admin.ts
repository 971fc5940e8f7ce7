/**
 * admin.* at /ext/admin: chain and endpoint aliases, logger levels, profiles, VMs. Only nodes
 * started with --api-admin-enabled=true serve it.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/api/admin/service.md
 */
import * as z from 'zod';
import type { NetworkName } from '../../base/ids.js';
import { nodeMethods, NoParams, type NodeClient, type Endpoint, type AnswerOf } from './client.js';

export const LoggerLevels = z.object({
  loggerLevels: z.record(z.string(), z.object({ logLevel: z.string(), displayLevel: z.string() })),
});
export type LoggerLevels = z.infer<typeof LoggerLevels>;

export const LoadVmsReply = z.object({
  newVMs: z.record(z.string(), z.array(z.string())),
  failedVMs: z.record(z.string(), z.string()).optional(),
});
export type LoadVmsReply = z.infer<typeof LoadVmsReply>;

/** The answer of a method that only acts: an object, whose members nobody reads. */
const Done = z.record(z.string(), z.unknown());
const Level = z.string().optional();

/**
 * How long the answers of this file's methods are shared (src/upstreams/sharing.ts): never, since
 * admin reads answer only who holds the admin token, and the rest change the node. With the
 * params each takes and the shape of its answer.
 */
export const adminMethods = nodeMethods({
  'admin.alias': { freshness: 'never', params: () => z.object({ endpoint: z.string(), alias: z.string() }), answer: () => Done },
  'admin.aliasChain': { freshness: 'never', params: () => z.object({ chain: z.string(), alias: z.string() }), answer: () => Done },
  'admin.getChainAliases': {
    freshness: 'never',
    params: () => z.object({ chain: z.string() }),
    // Null for a chain the node does not know.
    answer: () => z.object({ aliases: z.array(z.string()).nullable() }),
  },
  'admin.getLoggerLevel': { freshness: 'never', params: () => z.object({ loggerName: Level }), answer: () => LoggerLevels },
  'admin.loadVMs': { freshness: 'never', params: () => NoParams, answer: () => LoadVmsReply },
  'admin.lockProfile': { freshness: 'never', params: () => NoParams, answer: () => Done },
  'admin.memoryProfile': { freshness: 'never', params: () => NoParams, answer: () => Done },
  'admin.setLoggerLevel': {
    freshness: 'never',
    params: () => z.object({ loggerName: Level, logLevel: Level, displayLevel: Level }),
    // The levels after the change; older nodes answer `{}`.
    answer: () => LoggerLevels.partial(),
  },
  'admin.startCPUProfiler': { freshness: 'never', params: () => NoParams, answer: () => Done },
  'admin.stopCPUProfiler': { freshness: 'never', params: () => NoParams, answer: () => Done },
} as const);

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof adminMethods> {}
}

const ADMIN: Endpoint = { api: 'admin', path: '/ext/admin' };

/** admin.alias: makes `/ext/<alias>` reach `/ext/<endpoint>`. */
export function adminAlias(
  client: NodeClient,
  network: NetworkName,
  params: { endpoint: string; alias: string },
): Promise<AnswerOf<'admin.alias'>> {
  return client.call(network, ADMIN, 'admin.alias', params, false);
}

/** admin.aliasChain: a name usable wherever the blockchain id is. */
export function adminAliasChain(
  client: NodeClient,
  network: NetworkName,
  params: { chain: string; alias: string },
): Promise<AnswerOf<'admin.alias'>> {
  return client.call(network, ADMIN, 'admin.aliasChain', params, false);
}

/** admin.getChainAliases: `aliases` is null for a chain the node does not know. */
export function adminGetChainAliases(
  client: NodeClient,
  network: NetworkName,
  params: { chain: string },
): Promise<AnswerOf<'admin.getChainAliases'>> {
  return client.call(network, ADMIN, 'admin.getChainAliases', params);
}

/** admin.getLoggerLevel: every logger when `loggerName` is omitted. */
export function adminGetLoggerLevel(client: NodeClient, network: NetworkName, params: { loggerName?: string }): Promise<LoggerLevels> {
  return client.call(network, ADMIN, 'admin.getLoggerLevel', params);
}

/** admin.loadVMs */
export function adminLoadVMs(client: NodeClient, network: NetworkName): Promise<LoadVmsReply> {
  return client.call(network, ADMIN, 'admin.loadVMs', {}, false);
}

/** admin.lockProfile: writes mutex statistics to lock.profile. */
export function adminLockProfile(client: NodeClient, network: NetworkName): Promise<AnswerOf<'admin.alias'>> {
  return client.call(network, ADMIN, 'admin.lockProfile', {}, false);
}

/** admin.memoryProfile: writes mem.profile. */
export function adminMemoryProfile(client: NodeClient, network: NetworkName): Promise<AnswerOf<'admin.alias'>> {
  return client.call(network, ADMIN, 'admin.memoryProfile', {}, false);
}

/** admin.setLoggerLevel: `logLevel` and `displayLevel` may not both be omitted. Answers the levels after the change. */
export function adminSetLoggerLevel(
  client: NodeClient,
  network: NetworkName,
  params: { loggerName?: string; logLevel?: string; displayLevel?: string },
): Promise<AnswerOf<'admin.setLoggerLevel'>> {
  return client.call(network, ADMIN, 'admin.setLoggerLevel', params, false);
}

/** admin.startCPUProfiler */
export function adminStartCPUProfiler(client: NodeClient, network: NetworkName): Promise<AnswerOf<'admin.alias'>> {
  return client.call(network, ADMIN, 'admin.startCPUProfiler', {}, false);
}

/** admin.stopCPUProfiler: writes cpu.profile. */
export function adminStopCPUProfiler(client: NodeClient, network: NetworkName): Promise<AnswerOf<'admin.alias'>> {
  return client.call(network, ADMIN, 'admin.stopCPUProfiler', {}, false);
}
