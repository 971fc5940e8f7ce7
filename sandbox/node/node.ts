/**
 * The sandbox avalanchego node: one node per network (mounted at /node/mainnet and
 * /node/fuji) serving the JSON-RPC APIs of a node from the same world as the Data API, with the
 * node's routing (chain and endpoint aliases, chains it does not track are 404), its HTTP checks,
 * and its state: admin aliases, logger levels, the CPU profiler, loaded VMs.
 *
 * Knobs (`sandbox.node`, or `node` in POST /_sandbox/knobs): the admin and index APIs can be
 * switched off (their paths answer 404), health checks made to fail, chains kept bootstrapping
 * (their routes answer 503).
 */
import path from 'node:path';
import { isIP } from 'node:net';
import { cb58Encode, PRIMARY_NETWORK_ID, type NetworkName } from '../../src/ids.js';
import type { Route, SandboxAnswer, SandboxRequest } from '../routes.js';
import { derivedId } from './avax.js';
import { getNodeWorld, INDEX_NAMES, type IndexName, type NodeWorld } from './data.js';
import { serveGeth } from './geth.js';
import { RpcFailure, serveGorilla, type GorillaService } from './gorilla.js';
import { goIdBytes } from './ids.js';
import { decodeFirst, goJson, JsonObject, member } from './json.js';
import { avmService, evmMethods, indexService, nanosOf, platformService, rfc3339Nano, validatorsService } from './services.js';
import { TIMELINE } from '../world/timeline.js';
import { sha } from '../random.js';

export interface NodeKnobs {
  /** Whether /ext/admin is served (--api-admin-enabled); 404 when not. */
  adminEnabled: boolean;
  /** Whether /ext/index/... is served (--index-enabled); 404 when not. */
  indexEnabled: boolean;
  /** Names of health checks that fail: "C", "P", "X", a subnet chain's id, "bootstrapped", "database", "diskspace", "network", "router". */
  unhealthy: string[];
  /** Chains (aliases or blockchain ids) still bootstrapping: their /ext/bc routes answer 503. */
  bootstrapping: string[];
}

const DEFAULT_KNOBS: NodeKnobs = { adminEnabled: true, indexEnabled: true, unhealthy: [], bootstrapping: [] };

type HandlerKind =
  | { kind: 'admin' }
  | { kind: 'health' }
  | { kind: 'health-get'; route: 'health' | 'readiness' | 'liveness' }
  | { kind: 'avm' | 'platform' | 'evm' | 'validators'; chainId: string }
  | { kind: 'index'; index: IndexName };

/** What a registered URL serves, with the URL it was registered under (aliases share it). */
type Handler = HandlerKind & { path: string };

/**
 * avalanchego's api/server router: handlers by base URL and endpoint, aliases of a base that
 * take its endpoints (now and later), and reserved alias names that cannot be reused.
 */
class Router {
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
function joinPath(...parts: string[]): string {
  const joined = path.posix.normalize(parts.filter((p) => p !== '').join('/'));
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

const VM_PLUGINS = [
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
    for (const [id, info] of data.chains) {
      if (info.subnet.subnetId === PRIMARY_NETWORK_ID || info.status === 'Created') continue;
      start(id, id);
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

  private addChainAlias(id: string, alias: string) {
    this.chainIdByAlias.set(alias, id);
    this.chainAliases.set(id, [...(this.chainAliases.get(id) ?? []), alias]);
  }

  adminService(): GorillaService {
    const checkLength = (alias: string) => {
      if (Buffer.byteLength(alias) > 512) throw new RpcFailure('alias length is too long');
    };
    const loggerNames = (name: string) => {
      const names = name === '' ? [...this.loggers.keys()] : [name];
      for (const n of names) if (!this.loggers.has(n)) throw new RpcFailure(`logger with name "${n}" not found`);
      return names;
    };
    const levels = (names: string[]) => ({ loggerLevels: Object.fromEntries(names.sort().map((n) => [n, this.loggers.get(n)!])) });
    const done = () => ({});
    return {
      Alias: {
        args: { endpoint: 'string', alias: 'string' },
        call: ({ endpoint, alias }) => {
          checkLength(alias as string);
          const error = this.router.alias(joinPath('/ext', endpoint as string), joinPath('/ext', alias as string));
          if (error) throw new RpcFailure(error);
          return done();
        },
      },
      AliasChain: {
        args: { chain: 'string', alias: 'string' },
        call: ({ chain, alias }) => {
          checkLength(alias as string);
          const id = this.lookup(chain as string);
          if (!id) throw new RpcFailure(`there is no ID with alias: ${chain}`);
          if (this.chainIdByAlias.has(alias as string)) throw new RpcFailure(`alias already mapped to an ID: ${alias}`);
          this.addChainAlias(id, alias as string);
          const error = this.router.alias(joinPath('/ext', 'bc', id), joinPath('/ext', 'bc', alias as string));
          if (error) throw new RpcFailure(error);
          return done();
        },
      },
      GetChainAliases: {
        args: { chain: 'string' },
        call: ({ chain }) => ({ aliases: this.chainAliases.get(cb58Encode(goIdBytes(chain as string))) ?? null }),
      },
      GetLoggerLevel: { args: { loggerName: 'string' }, call: ({ loggerName }) => levels(loggerNames(loggerName as string)) },
      SetLoggerLevel: {
        args: { loggerName: 'string', logLevel: 'level', displayLevel: 'level' },
        call: ({ loggerName, logLevel, displayLevel }) => {
          if (logLevel === undefined && displayLevel === undefined) throw new RpcFailure('need to specify either displayLevel or logLevel');
          const names = loggerNames(loggerName as string);
          for (const n of names) {
            const current = this.loggers.get(n)!;
            this.loggers.set(n, {
              logLevel: (logLevel as string | undefined) ?? current.logLevel,
              displayLevel: (displayLevel as string | undefined) ?? current.displayLevel,
            });
          }
          return levels(names);
        },
      },
      LoadVMs: {
        args: {},
        call: () => {
          const fresh = this.vmsLoaded ? [] : VM_PLUGINS;
          this.vmsLoaded = true;
          const broken = derivedId(`broken-plugin:${this.data.network}`);
          return {
            newVMs: Object.fromEntries(fresh.map((p) => [p.id, p.aliases])),
            failedVMs: { [broken]: `fork/exec /home/avalanche/.avalanchego/plugins/${broken}: exec format error` },
          };
        },
      },
      LockProfile: { args: {}, call: done },
      MemoryProfile: { args: {}, call: done },
      Stacktrace: { args: {}, call: done },
      StartCPUProfiler: {
        args: {},
        call: () => {
          if (this.cpuProfilerRunning) throw new RpcFailure('cpu profiler already running');
          this.cpuProfilerRunning = true;
          return done();
        },
      },
      StopCPUProfiler: {
        args: {},
        call: () => {
          if (!this.cpuProfilerRunning) throw new RpcFailure("cpu profiler doesn't exist");
          this.cpuProfilerRunning = false;
          return done();
        },
      },
    };
  }
}

const NOT_BOOTSTRAPPED = 'API call rejected because chain is not done bootstrapping';

/** A text answer the way Go's http.Error writes it. */
function httpError(status: number, message: string, headers: Record<string, string> = {}): SandboxAnswer {
  return {
    status,
    body: `${message}\n`,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', ...headers },
  };
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

export class SandboxNode implements NodeKnobs {
  adminEnabled = DEFAULT_KNOBS.adminEnabled;
  indexEnabled = DEFAULT_KNOBS.indexEnabled;
  unhealthy: string[] = [];
  bootstrapping: string[] = [];
  private readonly states = new Map<NetworkName, NodeNetworkState>();

  constructor(private readonly seed: string) {}

  /** A network's node state, built on first use. */
  network(network: NetworkName): NodeNetworkState {
    let state = this.states.get(network);
    if (!state) this.states.set(network, (state = new NodeNetworkState(getNodeWorld(network, this.seed))));
    return state;
  }

  /** Knobs back to their defaults and every network's admin state as the node starts. */
  reset() {
    this.setKnobs(DEFAULT_KNOBS);
    this.states.clear();
  }

  get knobs(): NodeKnobs {
    return {
      adminEnabled: this.adminEnabled,
      indexEnabled: this.indexEnabled,
      unhealthy: [...this.unhealthy],
      bootstrapping: [...this.bootstrapping],
    };
  }

  setKnobs(patch: Partial<NodeKnobs>) {
    if (patch.adminEnabled !== undefined) this.adminEnabled = patch.adminEnabled;
    if (patch.indexEnabled !== undefined) this.indexEnabled = patch.indexEnabled;
    if (patch.unhealthy) this.unhealthy = [...patch.unhealthy];
    if (patch.bootstrapping) this.bootstrapping = [...patch.bootstrapping];
  }

  /** gorilla/mux's answer to a path nothing serves. */
  notFound(): SandboxAnswer {
    return httpError(404, '404 page not found');
  }

  /** An injected status fault, in the node's text form. */
  fault(status: number, headers: Record<string, string>): SandboxAnswer {
    return httpError(
      status,
      status === 503 ? NOT_BOOTSTRAPPED : status === 429 ? 'Too many requests, please try again later.' : `Sandbox fault ${status}`,
      headers,
    );
  }

  private resolve(network: string, rest: string): { state: NodeNetworkState; handler: Handler } | undefined {
    const state = this.network(network as NetworkName);
    const handler = state.router.match(rest);
    if (!handler || (handler.kind === 'admin' && !this.adminEnabled) || (handler.kind === 'index' && !this.indexEnabled)) return undefined;
    return { state, handler };
  }

  /** The node's routes: everything below /<network>, resolved through the network's router. */
  route(): Route {
    return {
      operation: (req, [network, rest]) => {
        const found = this.resolve(network!, rest ?? '');
        if (!found) return 'unknown';
        const { handler } = found;
        if (handler.kind === 'health-get' || (handler.kind === 'health' && req.method === 'GET')) return `${req.method} ${handler.path}`;
        return rpcMethod(req.body) ?? `${req.method} ${handler.path}`;
      },
      pattern: /^\/(mainnet|fuji)(\/.*)?$/,
      handle: (req, [network, rest]) => this.handle(req, network!, rest ?? ''),
    };
  }

  private handle(req: SandboxRequest, network: string, rest: string): SandboxAnswer {
    // --http-allowed-hosts: IPs always pass, names only if allowed (localhost by default).
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
    if (host !== '' && !isIP(host) && host.toLowerCase() !== 'localhost') return httpError(403, 'invalid host specified');
    // Routing by header replaces routing by path; the sandbox registers no header routes.
    if (req.headers['avalanche-api-route'] !== undefined) return { status: 404, body: '' };
    const found = this.resolve(network, rest);
    if (!found) return this.notFound();
    const { state, handler } = found;
    const data = state.data;
    if ('chainId' in handler && this.bootstrappingChains(state).has(handler.chainId)) return httpError(503, NOT_BOOTSTRAPPED);
    switch (handler.kind) {
      case 'admin':
        return serveGorilla(req, { admin: state.adminService() });
      case 'avm':
        return serveGorilla(req, { avm: state.service('avm', () => avmService(data, state)) });
      case 'platform':
        return serveGorilla(req, { platform: state.service('platform', () => platformService(data, state)) });
      case 'index':
        return serveGorilla(req, { index: state.service(`index ${handler.index}`, () => indexService(data, handler.index)) });
      case 'validators':
        return serveGorilla(req, {
          validators: state.service(`validators ${handler.chainId}`, () => validatorsService(data, handler.chainId)),
        });
      case 'evm':
        return serveGeth(
          req,
          state.service(`evm ${handler.chainId}`, () => evmMethods(data, handler.chainId)),
        );
      case 'health-get':
        return this.healthGet(state, handler.route, req.query.getAll('tag'));
      case 'health':
        if (req.method === 'GET') return this.healthGet(state, 'health', req.query.getAll('tag'));
        return serveGorilla(req, { health: this.healthService(state) });
    }
  }

  private bootstrappingChains(state: NodeNetworkState): Set<string> {
    return new Set(this.bootstrapping.map((alias) => state.lookup(alias) ?? alias));
  }

  // --- health ------------------------------------------------------------------------------------

  private checks(state: NodeNetworkState): Check[] {
    const data = state.data;
    const { p, x, c } = data.world.chainIds;
    const booting = this.bootstrappingChains(state);
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
  private report(state: NodeNetworkState, route: 'health' | 'readiness' | 'liveness', tags: readonly string[]) {
    if (route === 'liveness') return { checks: {}, healthy: true };
    const wanted = new Set([...tags, 'application']);
    const results: Record<string, unknown> = {};
    let healthy = true;
    const selected = this.checks(state)
      .filter((check) => route === 'health' || check.readiness)
      .filter((check) => tags.length === 0 || check.tags.some((t) => wanted.has(t)))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const check of selected) {
      const timestamp = rfc3339Nano(TIMELINE.now, nanosOf(`health:${check.name}`));
      const duration = 1_000 + (sha(`duration:${check.name}`).readUInt16BE(0) % 30_000);
      if (check.failing || this.unhealthy.includes(check.name)) {
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

  private healthGet(state: NodeNetworkState, route: 'health' | 'readiness' | 'liveness', tags: string[]): SandboxAnswer {
    const reply = this.report(state, route, tags);
    return { status: reply.healthy ? 200 : 503, body: `${goJson(reply)}\n`, headers: { 'content-type': 'application/json' } };
  }

  private healthService(state: NodeNetworkState): GorillaService {
    const call = (route: 'health' | 'readiness' | 'liveness') => ({
      args: { tags: 'strings' as const },
      call: ({ tags }: Record<string, unknown>) => this.report(state, route, tags as string[]),
    });
    return { Health: call('health'), Readiness: call('readiness'), Liveness: call('liveness') };
  }
}

/** The JSON-RPC method a body calls (`batch` for an array), to count and target faults by. */
function rpcMethod(body: string): string | undefined {
  try {
    const { value } = decodeFirst(body);
    if (Array.isArray(value)) return 'batch';
    if (value instanceof JsonObject) {
      const method = member(value, 'method')?.value;
      if (typeof method === 'string') return method;
    }
  } catch {
    // Not JSON: named by HTTP method and path instead.
  }
  return undefined;
}
