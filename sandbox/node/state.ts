/**
 * A network's sandbox node as the admin API can change it: avalanchego's router (URLs, endpoint
 * and chain aliases), logger levels, the CPU profiler and loaded VMs, and the services built once
 * per network.
 */
import path from 'node:path';
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { INDEX_NAMES, type IndexName, type NodeWorld } from './chains/node-world.js';

export type HandlerKind =
  | { kind: 'admin' }
  | { kind: 'health' }
  | { kind: 'health-get'; route: 'health' | 'readiness' | 'liveness' }
  | { kind: 'info' }
  | { kind: 'avm' | 'platform' | 'evm' | 'validators' | 'avax' | 'proposervm'; chainId: string }
  | { kind: 'index'; index: IndexName };

/** What a registered URL serves, with the URL it was registered under (aliases share it). */
export type Handler = HandlerKind & { path: string };

/**
 * avalanchego's api/server router: handlers by base URL and endpoint, aliases of a base that
 * take its endpoints (now and later), and reserved alias names that cannot be reused.
 */
export class Router {
  private readonly routes = new Map<string, Map<string, Handler>>();
  private readonly reserved = new Set<string>();
  readonly aliases = new Map<string, string[]>();
  private readonly urls = new Map<string, Handler>();

  add(base: string, endpoint: string, handler: HandlerKind) {
    this.forceAdd(base, endpoint, { ...handler, path: base + endpoint });
  }

  private forceAdd(base: string, endpoint: string, handler: Handler): string | undefined {
    let endpoints = this.routes.get(base);
    if (!endpoints) this.routes.set(base, (endpoints = new Map()));
    const url = base + endpoint;
    if (endpoints.has(endpoint)) return `failed to create endpoint as ${url} already exists`;
    endpoints.set(endpoint, handler);
    // gorilla/mux serves the first route registered for a path.
    if (!this.urls.has(url)) this.urls.set(url, handler);
    let error: string | undefined;
    for (const alias of this.aliases.get(base) ?? []) {
      const failed = this.forceAdd(alias, endpoint, handler);
      error ??= failed;
    }
    return error;
  }

  /** AddAlias: the first error, if any, after whatever could be added was. */
  alias(base: string, ...aliases: string[]): string | undefined {
    for (const alias of aliases)
      if (this.reserved.has(alias)) return `route is either already aliased or already maps to a handle: ${alias}`;
    for (const alias of aliases) this.reserved.add(alias);
    this.aliases.set(base, [...(this.aliases.get(base) ?? []), ...aliases]);
    let error: string | undefined;
    for (const [endpoint, handler] of this.routes.get(base) ?? []) {
      for (const alias of aliases) {
        const failed = this.forceAdd(alias, endpoint, handler);
        error ??= failed;
      }
    }
    return error;
  }

  match(url: string): Handler | undefined {
    return this.urls.get(url);
  }
}

/** Go's path.Join: joined and cleaned, no trailing slash. */
export function joinPath(...parts: string[]): string {
  const joined = path.posix.normalize(parts.filter((p) => p !== '').join('/'));
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

export const VM_PLUGINS = [
  { id: 'sqja3uK17MJxfC7AN8nGadBw9JK5BcrsNwNynsqP5Gih8M5Bm', aliases: ['spacesvm'] },
  { id: 'tGas3T58KzdjLHhBDMnH2TvrddhqTji5iZAMZ3RXs2NLpSnhH', aliases: ['timestampvm'] },
];

/** A network's node: its routes and aliases as the admin API left them, loggers, profiler, plugins. */
export class NodeNetworkState {
  readonly router = new Router();
  /** Chain alias to blockchain id (ids.Aliaser), and each chain's aliases in the order given. */
  readonly chainIdByAlias = new Map<string, string>();
  readonly chainAliases = new Map<string, string[]>();
  readonly loggers = new Map<string, { logLevel: string; displayLevel: string }>();
  cpuProfilerRunning = false;
  vmsLoaded = false;
  /** Services built once: they precompute from the world (validator sets, transforms), which never changes. */
  private readonly services = new Map<string, unknown>();

  service<T>(key: string, build: () => T): T {
    let service = this.services.get(key) as T | undefined;
    if (service === undefined) this.services.set(key, (service = build()));
    return service;
  }

  constructor(readonly data: NodeWorld) {
    const { p, x, c } = data.world.chainIds;
    const genesis: [string, string[]][] = [
      [x, ['X', 'avm']],
      [p, ['P', 'platform']],
      [c, ['C', 'evm']],
    ];
    for (const [id, aliases] of genesis) {
      for (const alias of aliases) this.addChainAlias(id, alias);
      this.router.alias(`/ext/bc/${id}`, ...aliases.map((a) => `/ext/bc/${a}`));
    }
    this.router.add('/ext/admin', '', { kind: 'admin' });
    this.router.add('/ext/health', '', { kind: 'health' });
    this.router.add('/ext/info', '', { kind: 'info' });
    for (const route of ['readiness', 'health', 'liveness'] as const)
      this.router.add('/ext/health', `/${route}`, { kind: 'health-get', route });
    this.loggers.set('main', { logLevel: 'INFO', displayLevel: 'INFO' });

    const start = (id: string, name: string) => {
      this.addChainAlias(id, id);
      this.loggers.set(name, { logLevel: 'INFO', displayLevel: 'INFO' });
    };
    start(p, 'P');
    this.router.add(`/ext/bc/${p}`, '', { kind: 'platform', chainId: p });
    start(x, 'X');
    this.router.add(`/ext/bc/${x}`, '', { kind: 'avm', chainId: x });
    start(c, 'C');
    this.router.add(`/ext/bc/${c}`, '/rpc', { kind: 'evm', chainId: c });
    this.router.add(`/ext/bc/${c}`, '/avax', { kind: 'avax', chainId: c });
    for (const id of [p, x, c]) this.router.add(`/ext/bc/${id}`, '/proposervm', { kind: 'proposervm', chainId: id });
    for (const [id, info] of data.chains) {
      if (info.subnet.subnetId === PRIMARY_NETWORK_ID || info.status === 'Created') continue;
      start(id, id);
      this.router.add(`/ext/bc/${id}`, '/proposervm', { kind: 'proposervm', chainId: id });
      if (info.vm !== 'subnet-evm') continue;
      this.router.add(`/ext/bc/${id}`, '/rpc', { kind: 'evm', chainId: id });
      this.router.add(`/ext/bc/${id}`, '/validators', { kind: 'validators', chainId: id });
    }
    for (const index of INDEX_NAMES) {
      const [chain, kind] = index.split('/');
      this.router.add(`/ext/index/${chain}`, `/${kind}`, { kind: 'index', index });
    }
  }

  /** BCLookup: the blockchain id an alias (or id) names, if the node knows it. */
  lookup(alias: string): string | undefined {
    return this.chainIdByAlias.get(alias);
  }

  addChainAlias(id: string, alias: string) {
    this.chainIdByAlias.set(alias, id);
    this.chainAliases.set(id, [...(this.chainAliases.get(id) ?? []), alias]);
  }
}
