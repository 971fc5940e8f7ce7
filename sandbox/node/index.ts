/**
 * The sandbox avalanchego node: one node per network (mounted at /node/mainnet and
 * /node/fuji) serving the JSON-RPC APIs of a node from the same world as the Data API, with the
 * node's routing (chain and endpoint aliases, chains it does not track are 404), its HTTP checks,
 * and its state: admin aliases, logger levels, the CPU profiler, loaded VMs. Each API is one file,
 * named like the gateway's client and schema files of the same methods: x-chain.ts (avm.*),
 * p-chain.ts (platform.*), node-index.ts (index.*), subnet-evm.ts (eth_*, validators.*),
 * admin.ts, health.ts; the chains they read are built in chains/.
 *
 * Knobs (`sandbox.node`, or `node` in POST /_sandbox/knobs): the admin and index APIs can be
 * switched off (their paths answer 404), health checks made to fail, chains kept bootstrapping
 * (their routes answer 503).
 */
import { isIP } from 'node:net';
import type { NetworkName } from '../../src/base/ids.js';
import type { Route, SandboxAnswer, SandboxRequest } from '../routes.js';
import { getNodeWorld } from './chains/node-world.js';
import { serveGeth } from './geth.js';
import { serveGorilla } from './gorilla.js';
import { decodeFirst, JsonObject, member } from './json.js';
import { indexService } from './node-index.js';
import { platformService } from './p-chain.js';
import { evmMethods, validatorsService } from './subnet-evm.js';

import { adminService } from './admin.js';
import { healthGet, healthService, type HealthKnobs } from './health.js';
import { NodeNetworkState, type Handler } from './state.js';
import type { SandboxLive } from '../live.js';

import { avmService } from './x-chain.js';
import { avaxService } from './c-chain-atomic.js';
import { infoService } from './info.js';
import { DEFAULT_ACCEPT_AFTER_MS, Mempool } from './issued.js';
import { proposervmService } from './proposervm.js';

export interface NodeKnobs {
  /** Whether /ext/admin is served (--api-admin-enabled); 404 when not. */
  adminEnabled: boolean;
  /** Whether /ext/index/... is served (--index-enabled); 404 when not. */
  indexEnabled: boolean;
  /** Names of health checks that fail: "C", "P", "X", a subnet chain's id, "bootstrapped", "database", "diskspace", "network", "router". */
  unhealthy: string[];
  /** Chains (aliases or blockchain ids) still bootstrapping: their /ext/bc routes answer 503. */
  bootstrapping: string[];
  /** How long a transaction issued to the node stays Processing before it is accepted, in ms. */
  acceptAfterMs: number;
  /**
   * EVM addresses credited 1000 of the native token at genesis on every EVM chain (in the node's
   * state only: the Data API does not know them), so that a client can sign with a throwaway
   * key. By default the address of the key every avalanchego local network funds (EWOQ_KEY).
   */
  evmFunded: string[];
}

/**
 * The private key avalanchego's local networks fund on every chain ("ewoq"), public by design: the
 * sandbox node funds its address too, so that a signed transaction needs no setup.
 */
export const EWOQ_KEY = '0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027';
export const EWOQ_ADDRESS = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC';

const DEFAULT_KNOBS: NodeKnobs = {
  adminEnabled: true,
  indexEnabled: true,
  unhealthy: [],
  bootstrapping: [],
  acceptAfterMs: DEFAULT_ACCEPT_AFTER_MS,
  evmFunded: [EWOQ_ADDRESS],
};

const NOT_BOOTSTRAPPED = 'API call rejected because chain is not done bootstrapping';

/** A text answer the way Go's http.Error writes it. */
function httpError(status: number, message: string, headers: Record<string, string> = {}): SandboxAnswer {
  return {
    status,
    body: `${message}\n`,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', ...headers },
  };
}

export class SandboxNode implements NodeKnobs {
  adminEnabled = DEFAULT_KNOBS.adminEnabled;
  indexEnabled = DEFAULT_KNOBS.indexEnabled;
  unhealthy: string[] = [];
  bootstrapping: string[] = [];
  acceptAfterMs = DEFAULT_KNOBS.acceptAfterMs;
  evmFunded: string[] = [...DEFAULT_KNOBS.evmFunded];
  private readonly states = new Map<NetworkName, NodeNetworkState>();

  constructor(
    private readonly seed: string,
    private readonly live?: SandboxLive,
  ) {}

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
      acceptAfterMs: this.acceptAfterMs,
      evmFunded: [...this.evmFunded],
    };
  }

  setKnobs(patch: Partial<NodeKnobs>) {
    if (patch.adminEnabled !== undefined) this.adminEnabled = patch.adminEnabled;
    if (patch.indexEnabled !== undefined) this.indexEnabled = patch.indexEnabled;
    if (patch.unhealthy) this.unhealthy = [...patch.unhealthy];
    if (patch.bootstrapping) this.bootstrapping = [...patch.bootstrapping];
    if (patch.acceptAfterMs !== undefined) this.acceptAfterMs = patch.acceptAfterMs;
    if (patch.evmFunded) this.evmFunded = [...patch.evmFunded];
  }

  /** A network's mempool of issued transactions, kept with its state (a reset starts it empty). */
  private mempool(state: NodeNetworkState): Mempool {
    return state.service(
      'mempool',
      () =>
        new Mempool(
          state.data,
          () => this.acceptAfterMs,
          () => BigInt(state.data.cBlocks.length - 1 + (this.live?.newBlocks() ?? 0)),
        ),
    );
  }

  /** What the transactions this network's node accepted did to its UTXOs: the Data API's routes list the same. */
  acceptedChanges(network: NetworkName) {
    return this.mempool(this.network(network)).acceptedChanges();
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

  private handle(req: SandboxRequest, network: string, rest: string): SandboxAnswer | Promise<SandboxAnswer> {
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
        return serveGorilla(req, { admin: adminService(state) });
      case 'avm':
        return serveGorilla(req, { avm: state.service('avm', () => avmService(data, state, this.mempool(state), this.live)) });
      case 'platform':
        return serveGorilla(req, {
          platform: state.service('platform', () => platformService(data, state, this.mempool(state), this.live)),
        });
      case 'info':
        return serveGorilla(req, { info: infoService(state, () => this.bootstrappingChains(state)) });
      case 'avax':
        return serveGorilla(req, { avax: state.service('avax', () => avaxService(data, state, this.mempool(state))) });
      case 'proposervm':
        return serveGorilla(req, { proposervm: state.service('proposervm', () => proposervmService(data, this.live)) });
      case 'index':
        return serveGorilla(req, { index: state.service(`index ${handler.index}`, () => indexService(data, handler.index, this.live)) });
      case 'validators':
        return serveGorilla(req, {
          validators: state.service(`validators ${handler.chainId}`, () => validatorsService(data, handler.chainId)),
        });
      case 'evm':
        return serveGeth(
          req,
          state.service(`evm ${handler.chainId}`, () => evmMethods(data, handler.chainId, this.live, () => this.evmFunded)),
        );
      case 'health-get':
        return healthGet(state, this.healthKnobs(state), handler.route, req.query.getAll('tag'));
      case 'health':
        if (req.method === 'GET') return healthGet(state, this.healthKnobs(state), 'health', req.query.getAll('tag'));
        return serveGorilla(req, { health: healthService(state, this.healthKnobs(state)) });
    }
  }

  private healthKnobs(state: NodeNetworkState): HealthKnobs {
    return { unhealthy: this.unhealthy, booting: this.bootstrappingChains(state) };
  }

  private bootstrappingChains(state: NodeNetworkState): Set<string> {
    return new Set(this.bootstrapping.map((alias) => state.lookup(alias) ?? alias));
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
