/**
 * admin.* at /ext/admin: chain and endpoint aliases, logger levels, profiles, VMs. Only nodes
 * started with --api-admin-enabled=true serve it.
 * Docs: https://github.com/ava-labs/avalanchego/blob/master/api/admin/service.md
 */
import type { NetworkName } from '../../base/ids.js';
import type { NodeClient, Endpoint, NodeMethodTable } from './client.js';

/**
 * How long the answers of this file's methods are shared (src/upstreams/sharing.ts): never, since
 * admin reads answer only who holds the admin token, and the rest change the node.
 */
export const adminMethods = {
  'admin.alias': { freshness: 'never' },
  'admin.aliasChain': { freshness: 'never' },
  'admin.getChainAliases': { freshness: 'never' },
  'admin.getLoggerLevel': { freshness: 'never' },
  'admin.loadVMs': { freshness: 'never' },
  'admin.lockProfile': { freshness: 'never' },
  'admin.memoryProfile': { freshness: 'never' },
  'admin.setLoggerLevel': { freshness: 'never' },
  'admin.startCPUProfiler': { freshness: 'never' },
  'admin.stopCPUProfiler': { freshness: 'never' },
} as const satisfies NodeMethodTable;

declare module './client.js' {
  interface DeclaredNodeMethods extends Readonly<typeof adminMethods> {}
}

export interface LoggerLevels {
  loggerLevels: Record<string, { logLevel: string; displayLevel: string }>;
}

export interface LoadVmsReply {
  newVMs: Record<string, string[]>;
  failedVMs?: Record<string, string>;
}

const ADMIN: Endpoint = { api: 'admin', path: '/ext/admin' };

/** admin.alias: makes `/ext/<alias>` reach `/ext/<endpoint>`. */
export function adminAlias(
  client: NodeClient,
  network: NetworkName,
  params: { endpoint: string; alias: string },
): Promise<Record<string, never>> {
  return client.call(network, ADMIN, 'admin.alias', params, false);
}

/** admin.aliasChain: a name usable wherever the blockchain id is. */
export function adminAliasChain(
  client: NodeClient,
  network: NetworkName,
  params: { chain: string; alias: string },
): Promise<Record<string, never>> {
  return client.call(network, ADMIN, 'admin.aliasChain', params, false);
}

/** admin.getChainAliases: `aliases` is null for a chain the node does not know. */
export function adminGetChainAliases(
  client: NodeClient,
  network: NetworkName,
  params: { chain: string },
): Promise<{ aliases: string[] | null }> {
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
export function adminLockProfile(client: NodeClient, network: NetworkName): Promise<Record<string, never>> {
  return client.call(network, ADMIN, 'admin.lockProfile', {}, false);
}

/** admin.memoryProfile: writes mem.profile. */
export function adminMemoryProfile(client: NodeClient, network: NetworkName): Promise<Record<string, never>> {
  return client.call(network, ADMIN, 'admin.memoryProfile', {}, false);
}

/** admin.setLoggerLevel: `logLevel` and `displayLevel` may not both be omitted. Answers the levels after the change. */
export function adminSetLoggerLevel(
  client: NodeClient,
  network: NetworkName,
  params: { loggerName?: string; logLevel?: string; displayLevel?: string },
): Promise<Partial<LoggerLevels>> {
  return client.call(network, ADMIN, 'admin.setLoggerLevel', params, false);
}

/** admin.startCPUProfiler */
export function adminStartCPUProfiler(client: NodeClient, network: NetworkName): Promise<Record<string, never>> {
  return client.call(network, ADMIN, 'admin.startCPUProfiler', {}, false);
}

/** admin.stopCPUProfiler: writes cpu.profile. */
export function adminStopCPUProfiler(client: NodeClient, network: NetworkName): Promise<Record<string, never>> {
  return client.call(network, ADMIN, 'admin.stopCPUProfiler', {}, false);
}
