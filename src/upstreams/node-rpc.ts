/**
 * avalanchego's JSON-RPC APIs: one typed function per method, named after it.
 *
 * The node's gorilla endpoints (/ext/admin, /ext/bc/X, /ext/bc/P, /ext/health, /ext/index/...,
 * /ext/bc/<id>/validators) take one call per request: a batch array is refused there, so they
 * are never batched. The EVM endpoint /ext/bc/<id>/rpc takes arrays: the `eth_*` calls one
 * GraphQL request makes to one chain in the same tick go out as one batch.
 *
 * Errors: JSON-RPC errors (HTTP 200) become RpcError with their code; a path the node does not
 * serve (404) becomes NodeApiUnavailableError, which says why (admin off, index off, public
 * endpoint, chain not tracked); 503 while bootstrapping and 405/415 stay HttpErrors.
 */
import DataLoader from 'dataloader';
import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import type { NetworkName } from '../ids.js';
import { HttpError, InvalidResponseError, NodeApiUnavailableError, RpcError } from './errors.js';
import { segment, type CallScope, type HttpRequest, type HttpResponse } from './http.js';
import type { Transport } from './transport.js';
import type {
  ActiveRulesReply,
  AssetDescription,
  AvmBlockJson,
  AvmTxJson,
  BlockchainStatus,
  ChainConfigReply,
  Container,
  FeeConfigReply,
  GetBlockResponse,
  GetTxResponse,
  GetUtxosResponse,
  HealthReply,
  LoadVmsReply,
  LoggerLevels,
  PBalance,
  PBlockJson,
  PrecompileConfig,
  PValidator,
  SubnetEvmValidator,
  Uint,
  UtxoIndex,
} from './node.types.js';

export type IndexName = 'C/block' | 'P/block' | 'X/tx' | 'X/block' | 'X/vtx';
export type Encoding = 'hex' | 'json';
export type HealthRoute = 'health' | 'readiness' | 'liveness';

/** Wide integers stay exact: a number that would not survive JSON.parse is kept as its digits. */
export function parseNodeJson(text: string): unknown {
  return parseLossless(text, undefined, (value) => (isSafeNumber(value) ? Number(value) : value));
}

/** The variable that sets each network's node, for messages. */
const URL_VARIABLE: Record<NetworkName, string> = { mainnet: 'NODE_URL_MAINNET', fuji: 'NODE_URL_FUJI' };

/** Why a node answers 404 for an API, and what to do about it. */
const HINTS: Record<string, string> = {
  admin: 'the node serves it only when started with --api-admin-enabled=true',
  health: 'health is per node and only a node of your own serves it',
  index: 'the node serves it only when started with --index-enabled=true',
  'X-Chain': 'every node serves the X-Chain at /ext/bc/X: the URL may not be an avalanchego node',
  'P-Chain': 'every node serves the P-Chain at /ext/bc/P: the URL may not be an avalanchego node',
  blockchain: 'the node does not track this blockchain (a node validates or syncs only some subnets)',
};

export interface NodeOptions {
  urls: Record<NetworkName, string>;
  /** Networks whose URL is the public endpoint (no admin, health or index): their refusals say so. */
  publicNetworks?: ReadonlySet<NetworkName>;
}

interface Endpoint {
  /** What the API is called in errors: a key of HINTS. */
  api: string;
  path: string;
}

interface EvmCall {
  method: string;
  params: unknown[];
}

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The result of a JSON-RPC answer, or its error as an RpcError (a method the node lacks: unavailable). */
function rpcResult<T>(network: NetworkName, endpoint: Endpoint, method: string, reply: unknown): T {
  if (isObject(reply) && isObject(reply.error)) {
    const error = reply.error as RpcAnswer['error'] & object;
    const rpcError = new RpcError(error.code, String(error.message), error.data, { service: 'node', operation: method });
    // gorilla's answer for a method this node's version does not have: the API is there, the method is not.
    if (/^rpc: can't find (service|method)/.test(rpcError.rpcMessage)) {
      throw new NodeApiUnavailableError(
        network,
        endpoint.api,
        `it has no ${method} (${rpcError.rpcMessage}): the node may run an older avalanchego`,
        {
          service: 'node',
          operation: method,
          cause: rpcError,
        },
      );
    }
    throw rpcError;
  }
  if (!isObject(reply) || !('result' in reply)) {
    throw new InvalidResponseError(200, 'a JSON-RPC answer with neither result nor error', { service: 'node', operation: method });
  }
  return reply.result as T;
}

/** One entry of a batch answer: its result, or its error thrown. */
function settle<T>(answer: unknown): T {
  if (answer instanceof Error) throw answer;
  return answer as T;
}

/**
 * The node of each network for one GraphQL request, through its reads. One JSON-RPC call per
 * HTTP request on the gorilla endpoints; the `eth_*` calls the request makes to one chain in the
 * same tick share one batch array.
 */
export class NodeClient {
  /** One batcher per (network, blockchain), made on the request's first `eth_*` call there. */
  private evmBatchers?: Map<string, DataLoader<EvmCall, unknown, string>>;

  constructor(
    private readonly transport: Transport,
    private readonly options: NodeOptions,
  ) {}

  private request(network: NetworkName, endpoint: Endpoint, operation: string, body: unknown, idempotent: boolean): HttpRequest {
    return {
      service: 'node',
      operation,
      method: 'POST',
      baseUrl: this.options.urls[network],
      path: endpoint.path,
      body,
      idempotent,
      parse: parseNodeJson,
    };
  }

  /** A path the node answers 404 for is an API it does not serve: say which and why. */
  private unavailable(network: NetworkName, endpoint: Endpoint, operation: string) {
    return (error: unknown): never => {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
      let hint = HINTS[endpoint.api] ?? HINTS.blockchain!;
      if (this.options.publicNetworks?.has(network) && ['admin', 'health', 'index'].includes(endpoint.api)) {
        hint += `; ${URL_VARIABLE[network]} is the public endpoint ${this.options.urls[network]}, which never serves it: set ${URL_VARIABLE[network]} to your own node`;
      } else if (['admin', 'index'].includes(endpoint.api)) {
        hint += ` (public endpoints never do): point ${URL_VARIABLE[network]} at your own node`;
      }
      throw new NodeApiUnavailableError(network, endpoint.api, hint, { service: 'node', operation, cause: error });
    };
  }

  /**
   * One JSON-RPC call to a gorilla endpoint, with named params. A read may be answered from
   * earlier reads (see the reuse layer); a call that changes the node never is.
   */
  private call<T>(network: NetworkName, endpoint: Endpoint, method: string, params: object, idempotent = true): Promise<T> {
    // One call per HTTP request, so a fixed id: the body then names the read exactly.
    const req = this.request(network, endpoint, method, { jsonrpc: '2.0', id: 1, method, params }, idempotent);
    const result = (res: HttpResponse<unknown>) => rpcResult<T>(network, endpoint, method, res.body);
    const answer = idempotent ? this.transport.read(req, result) : this.transport.write(req, result);
    return answer.catch(this.unavailable(network, endpoint, method));
  }

  /** An `eth_*` call; in a request, calls to one chain in the same tick share one batch array. */
  private evm<T>(network: NetworkName, blockchainId: string, method: string, params: unknown[]): Promise<T> {
    const endpoint = { api: 'blockchain', path: `/ext/bc/${segment(blockchainId)}/rpc` };
    const call = { method, params };
    const key = `node ${this.options.urls[network]}${endpoint.path} ${method} ${JSON.stringify(params)}`;
    return this.transport
      .readVia<T>(key, method, (scope) => {
        // A refresh in the background runs outside the request, so outside its batch.
        if (scope !== this.transport.scope) return this.evmBatch(network, endpoint, [call], scope).then(([answer]) => settle<T>(answer));
        return this.evmBatcher(network, blockchainId, endpoint).load(call) as Promise<T>;
      })
      .catch(this.unavailable(network, endpoint, method));
  }

  private evmBatcher(network: NetworkName, blockchainId: string, endpoint: Endpoint): DataLoader<EvmCall, unknown, string> {
    const batchers = (this.evmBatchers ??= new Map());
    const key = `${network}|${blockchainId}`;
    let batcher = batchers.get(key);
    if (!batcher) {
      batcher = new DataLoader<EvmCall, unknown, string>((calls) => this.evmBatch(network, endpoint, calls, this.transport.scope), {
        cacheKeyFn: (c) => `${c.method}:${JSON.stringify(c.params)}`,
        maxBatchSize: 1000,
      });
      batchers.set(key, batcher);
    }
    return batcher;
  }

  private async evmBatch(network: NetworkName, endpoint: Endpoint, calls: readonly EvmCall[], scope: CallScope): Promise<unknown[]> {
    const requests = calls.map((c, i) => ({ jsonrpc: '2.0', id: i + 1, method: c.method, params: c.params }));
    const operation = calls.length === 1 ? calls[0]!.method : `eth batch of ${calls.length}`;
    const req = this.request(network, endpoint, operation, requests.length === 1 ? requests[0] : requests, true);
    const { body: reply } = await this.transport.http.json<unknown>(req, scope);
    if (!Array.isArray(reply) && !isObject(reply)) {
      throw new InvalidResponseError(200, 'a JSON-RPC answer that is neither an object nor an array', { service: 'node', operation });
    }
    const answers = (Array.isArray(reply) ? reply : [reply]).filter(isObject) as RpcAnswer[];
    const byId = new Map(answers.map((a) => [a.id, a]));
    return requests.map((r) => {
      // A whole-batch failure comes back as one error without our ids.
      const a = byId.get(r.id) ?? (answers.length === 1 && answers[0]!.error ? answers[0] : undefined);
      if (!a)
        return new InvalidResponseError(200, 'the batch answer has no answer for this call', { service: 'node', operation: r.method });
      if (a.error) return new RpcError(a.error.code, String(a.error.message), a.error.data, { service: 'node', operation: r.method });
      if (!('result' in a))
        return new InvalidResponseError(200, 'a JSON-RPC answer with neither result nor error', { service: 'node', operation: r.method });
      return a.result;
    });
  }

  // --- admin (/ext/admin) -------------------------------------------------------------------

  private static readonly ADMIN = { api: 'admin', path: '/ext/admin' };

  /** admin.alias: makes `/ext/<alias>` reach `/ext/<endpoint>`. */
  adminAlias(network: NetworkName, params: { endpoint: string; alias: string }): Promise<Record<string, never>> {
    return this.call(network, NodeClient.ADMIN, 'admin.alias', params, false);
  }
  /** admin.aliasChain: a name usable wherever the blockchain id is. */
  adminAliasChain(network: NetworkName, params: { chain: string; alias: string }): Promise<Record<string, never>> {
    return this.call(network, NodeClient.ADMIN, 'admin.aliasChain', params, false);
  }
  /** admin.getChainAliases: `aliases` is null for a chain the node does not know. */
  adminGetChainAliases(network: NetworkName, params: { chain: string }): Promise<{ aliases: string[] | null }> {
    return this.call(network, NodeClient.ADMIN, 'admin.getChainAliases', params);
  }
  /** admin.getLoggerLevel: every logger when `loggerName` is omitted. */
  adminGetLoggerLevel(network: NetworkName, params: { loggerName?: string }): Promise<LoggerLevels> {
    return this.call(network, NodeClient.ADMIN, 'admin.getLoggerLevel', params);
  }
  /** admin.loadVMs */
  adminLoadVMs(network: NetworkName): Promise<LoadVmsReply> {
    return this.call(network, NodeClient.ADMIN, 'admin.loadVMs', {}, false);
  }
  /** admin.lockProfile: writes mutex statistics to lock.profile. */
  adminLockProfile(network: NetworkName): Promise<Record<string, never>> {
    return this.call(network, NodeClient.ADMIN, 'admin.lockProfile', {}, false);
  }
  /** admin.memoryProfile: writes mem.profile. */
  adminMemoryProfile(network: NetworkName): Promise<Record<string, never>> {
    return this.call(network, NodeClient.ADMIN, 'admin.memoryProfile', {}, false);
  }
  /** admin.setLoggerLevel: `logLevel` and `displayLevel` may not both be omitted. Answers the levels after the change. */
  adminSetLoggerLevel(
    network: NetworkName,
    params: { loggerName?: string; logLevel?: string; displayLevel?: string },
  ): Promise<Partial<LoggerLevels>> {
    return this.call(network, NodeClient.ADMIN, 'admin.setLoggerLevel', params, false);
  }
  /** admin.startCPUProfiler */
  adminStartCPUProfiler(network: NetworkName): Promise<Record<string, never>> {
    return this.call(network, NodeClient.ADMIN, 'admin.startCPUProfiler', {}, false);
  }
  /** admin.stopCPUProfiler: writes cpu.profile. */
  adminStopCPUProfiler(network: NetworkName): Promise<Record<string, never>> {
    return this.call(network, NodeClient.ADMIN, 'admin.stopCPUProfiler', {}, false);
  }

  // --- X-Chain (/ext/bc/X) ---------------------------------------------------------------------

  private static readonly X = { api: 'X-Chain', path: '/ext/bc/X' };

  /** avm.getAllBalances (deprecated since v1.9.12). */
  avmGetAllBalances(network: NetworkName, params: { address: string }): Promise<{ balances: { asset: string; balance: Uint }[] }> {
    return this.call(network, NodeClient.X, 'avm.getAllBalances', params);
  }
  /** avm.getAssetDescription */
  avmGetAssetDescription(network: NetworkName, params: { assetID: string }): Promise<AssetDescription> {
    return this.call(network, NodeClient.X, 'avm.getAssetDescription', params);
  }
  /** avm.getBalance (deprecated since v1.9.12). */
  avmGetBalance(
    network: NetworkName,
    params: { address: string; assetID: string },
  ): Promise<{ balance: Uint; utxoIDs: { txID: string; outputIndex: number }[] }> {
    return this.call(network, NodeClient.X, 'avm.getBalance', params);
  }
  /** avm.getBlock */
  avmGetBlock<E extends Encoding>(
    network: NetworkName,
    params: { blockID: string; encoding: E },
  ): Promise<GetBlockResponse<E extends 'json' ? AvmBlockJson : string>> {
    return this.call(network, NodeClient.X, 'avm.getBlock', params);
  }
  /** avm.getBlockByHeight: `height` as a decimal string, as the node documents it. */
  avmGetBlockByHeight<E extends Encoding>(
    network: NetworkName,
    params: { height: string; encoding: E },
  ): Promise<GetBlockResponse<E extends 'json' ? AvmBlockJson : string>> {
    return this.call(network, NodeClient.X, 'avm.getBlockByHeight', params);
  }
  /** avm.getHeight: height of the last accepted block. */
  avmGetHeight(network: NetworkName): Promise<{ height: Uint }> {
    return this.call(network, NodeClient.X, 'avm.getHeight', {});
  }
  /** avm.getTx */
  avmGetTx<E extends Encoding>(
    network: NetworkName,
    params: { txID: string; encoding: E },
  ): Promise<GetTxResponse<E extends 'json' ? AvmTxJson : string>> {
    return this.call(network, NodeClient.X, 'avm.getTx', params);
  }
  /** avm.getTxFee */
  avmGetTxFee(network: NetworkName): Promise<{ txFee: Uint; createAssetTxFee: Uint }> {
    return this.call(network, NodeClient.X, 'avm.getTxFee', {});
  }
  /** avm.getTxStatus (deprecated since v1.10.0). */
  avmGetTxStatus(network: NetworkName, params: { txID: string }): Promise<{ status: string }> {
    return this.call(network, NodeClient.X, 'avm.getTxStatus', params);
  }
  /** avm.getUTXOs: at most `limit` (≤ 1024) UTXOs; pass `endIndex` back as `startIndex` for the next page. */
  avmGetUTXOs(
    network: NetworkName,
    params: { addresses: string[]; limit?: number; startIndex?: UtxoIndex; sourceChain?: string; encoding: 'hex' },
  ): Promise<GetUtxosResponse> {
    return this.call(network, NodeClient.X, 'avm.getUTXOs', params);
  }

  // --- P-Chain (/ext/bc/P) ---------------------------------------------------------------------

  private static readonly P = { api: 'P-Chain', path: '/ext/bc/P' };

  /** platform.getBalance (deprecated since v1.9.12). */
  platformGetBalance(network: NetworkName, params: { addresses: string[] }): Promise<PBalance> {
    return this.call(network, NodeClient.P, 'platform.getBalance', params);
  }
  /** platform.getBlock */
  platformGetBlock<E extends Encoding>(
    network: NetworkName,
    params: { blockID: string; encoding: E },
  ): Promise<GetBlockResponse<E extends 'json' ? PBlockJson : string>> {
    return this.call(network, NodeClient.P, 'platform.getBlock', params);
  }
  /** platform.getBlockByHeight: `height` as an integer, as the node documents it. */
  platformGetBlockByHeight<E extends Encoding>(
    network: NetworkName,
    params: { height: number | string; encoding: E },
  ): Promise<GetBlockResponse<E extends 'json' ? PBlockJson : string>> {
    return this.call(network, NodeClient.P, 'platform.getBlockByHeight', params);
  }
  /** platform.getBlockchains (deprecated since v1.9.12): every blockchain but the P-Chain. */
  platformGetBlockchains(network: NetworkName): Promise<{ blockchains: { id: string; name: string; subnetID: string; vmID: string }[] }> {
    return this.call(network, NodeClient.P, 'platform.getBlockchains', {});
  }
  /** platform.getBlockchainStatus */
  platformGetBlockchainStatus(network: NetworkName, params: { blockchainID: string }): Promise<{ status: BlockchainStatus }> {
    return this.call(network, NodeClient.P, 'platform.getBlockchainStatus', params);
  }
  /** platform.getCurrentSupply: an upper bound of the tokens that can stake the subnet. */
  platformGetCurrentSupply(network: NetworkName, params: { subnetID?: string }): Promise<{ supply: Uint }> {
    return this.call(network, NodeClient.P, 'platform.getCurrentSupply', params);
  }
  /**
   * platform.getCurrentValidators: of the Primary Network unless `subnetID`; all unless `nodeIDs`.
   * Delegators come only when `nodeIDs` names exactly one node.
   */
  platformGetCurrentValidators(
    network: NetworkName,
    params: { subnetID?: string; nodeIDs?: string[] },
  ): Promise<{ validators: PValidator[] }> {
    return this.call(network, NodeClient.P, 'platform.getCurrentValidators', params);
  }
  /** platform.getHeight: height of the last accepted block. */
  platformGetHeight(network: NetworkName): Promise<{ height: Uint }> {
    return this.call(network, NodeClient.P, 'platform.getHeight', {});
  }

  // --- health (/ext/health) ------------------------------------------------------------------

  private static readonly HEALTH = { api: 'health', path: '/ext/health' };

  /** health.health: the last results of every check (or those of `tags`). */
  healthHealth(network: NetworkName, params: { tags?: string[] }): Promise<HealthReply> {
    return this.call(network, NodeClient.HEALTH, 'health.health', params);
  }
  /** health.readiness: the checks run at start-up. */
  healthReadiness(network: NetworkName, params: { tags?: string[] }): Promise<HealthReply> {
    return this.call(network, NodeClient.HEALTH, 'health.readiness', params);
  }
  /** health.liveness */
  healthLiveness(network: NetworkName): Promise<HealthReply> {
    return this.call(network, NodeClient.HEALTH, 'health.liveness', {});
  }

  /** GET /ext/health[/readiness|/liveness]?tag=...: 200 when healthy, 503 (same body) when not. */
  healthGet(network: NetworkName, route: HealthRoute, tags: readonly string[] = []): Promise<{ status: number; reply: HealthReply }> {
    const path = route === 'health' ? '/ext/health' : `/ext/health/${route}`;
    const operation = `GET ${path}`;
    const endpoint = { api: 'health', path };
    const req: HttpRequest = {
      service: 'node',
      operation,
      method: 'GET',
      baseUrl: this.options.urls[network],
      path,
      query: { tag: tags.length ? [...tags] : undefined },
      acceptStatuses: [503],
      parse: parseNodeJson,
    };
    return this.transport
      .read(req, (res) => ({ status: res.status, reply: res.body as HealthReply }))
      .catch((error: unknown) => {
        // A 503 without a health report (a proxy's page, a node still starting) is unavailability.
        if (error instanceof InvalidResponseError && error.status === 503)
          throw new HttpError({ service: 'node', operation, status: 503, cause: error });
        return this.unavailable(network, endpoint, operation)(error);
      });
  }

  // --- index (/ext/index/<chain>/<kind>) ---------------------------------------------------------

  private static indexEndpoint(index: IndexName): Endpoint {
    return { api: 'index', path: `/ext/index/${index}` };
  }

  /** index.getContainerByID */
  indexGetContainerByID(network: NetworkName, index: IndexName, params: { id: string }): Promise<Container> {
    return this.call(network, NodeClient.indexEndpoint(index), 'index.getContainerByID', { ...params, encoding: 'hex' });
  }
  /** index.getContainerByIndex */
  indexGetContainerByIndex(network: NetworkName, index: IndexName, params: { index: Uint }): Promise<Container> {
    return this.call(network, NodeClient.indexEndpoint(index), 'index.getContainerByIndex', { ...params, encoding: 'hex' });
  }
  /**
   * index.getContainerRange: `numToFetch` from 1 to 1024. The docs show a bare array, the node's
   * code answers `{containers: [...]}`: both are read.
   */
  async indexGetContainerRange(
    network: NetworkName,
    index: IndexName,
    params: { startIndex: Uint; numToFetch: number },
  ): Promise<Container[]> {
    const reply = await this.call<Container[] | { containers: Container[] }>(
      network,
      NodeClient.indexEndpoint(index),
      'index.getContainerRange',
      { ...params, encoding: 'hex' },
    );
    return Array.isArray(reply) ? reply : reply.containers;
  }
  /** index.getIndex: the position of a container in the index. */
  indexGetIndex(network: NetworkName, index: IndexName, params: { id: string }): Promise<{ index: Uint }> {
    return this.call(network, NodeClient.indexEndpoint(index), 'index.getIndex', { ...params, encoding: 'hex' });
  }
  /** index.getLastAccepted */
  indexGetLastAccepted(network: NetworkName, index: IndexName): Promise<Container> {
    return this.call(network, NodeClient.indexEndpoint(index), 'index.getLastAccepted', { encoding: 'hex' });
  }
  /** index.isAccepted */
  indexIsAccepted(network: NetworkName, index: IndexName, params: { id: string }): Promise<{ isAccepted: boolean }> {
    return this.call(network, NodeClient.indexEndpoint(index), 'index.isAccepted', { ...params, encoding: 'hex' });
  }

  // --- Subnet-EVM (/ext/bc/<id>/rpc, /ext/bc/<id>/validators) -----------------------------------------

  /** eth_feeConfig: the fee config at a block (`latest` by default) and when it last changed. */
  ethFeeConfig(network: NetworkName, blockchainId: string, block = 'latest'): Promise<FeeConfigReply> {
    return this.evm(network, blockchainId, 'eth_feeConfig', [block]);
  }
  /** eth_getChainConfig: the chain config with its precompile upgrades. */
  ethGetChainConfig(network: NetworkName, blockchainId: string): Promise<ChainConfigReply> {
    return this.evm(network, blockchainId, 'eth_getChainConfig', []);
  }
  /** eth_getActiveRulesAt: rules and precompiles active at a Unix time (the latest block's by default). */
  ethGetActiveRulesAt(network: NetworkName, blockchainId: string, timestamp?: number): Promise<ActiveRulesReply> {
    return this.evm(network, blockchainId, 'eth_getActiveRulesAt', timestamp === undefined ? [] : [timestamp]);
  }
  /** eth_getActivePrecompilesAt (deprecated: use eth_getActiveRulesAt). */
  ethGetActivePrecompilesAt(network: NetworkName, blockchainId: string, timestamp?: number): Promise<Record<string, PrecompileConfig>> {
    return this.evm(network, blockchainId, 'eth_getActivePrecompilesAt', timestamp === undefined ? [] : [timestamp]);
  }
  /** validators.getCurrentValidators at /ext/bc/<id>/validators, with uptimes. */
  validatorsGetCurrentValidators(
    network: NetworkName,
    blockchainId: string,
    params: { nodeIDs?: string[] },
  ): Promise<{ validators: SubnetEvmValidator[] }> {
    return this.call(
      network,
      { api: 'blockchain', path: `/ext/bc/${segment(blockchainId)}/validators` },
      'validators.getCurrentValidators',
      params,
    );
  }
}
