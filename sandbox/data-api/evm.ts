/**
 * The sandbox's Data API for EVM chains (section 4.3), interchain messaging (4.4) and signature
 * aggregation (4.1), served from the EVM side of the world.
 */
import { createHash } from 'node:crypto';
import { cb58Decode, isEvmAddress, isHex, type NetworkName } from '../../src/ids.js';
import type { CollectibleBalance, CurrencyCode, IcmMessage } from '../../src/upstreams/data-api.types.js';
import { getEvmWorld, type EvmChainWorld } from '../world/evm.js';
import { apiError, BadRequest, paginate, QueryReader, type Route, type SandboxAnswer } from '../routes.js';
import { FX_RATES } from '../world/timeline.js';
import { getWorld } from '../world/world.js';

const NETWORKS = ['mainnet', 'fuji', 'testnet'] as const;
const CURRENCIES = Object.keys(FX_RATES) as CurrencyCode[];
const L1_WARP_TX_TYPES = new Set(['ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'DisableL1ValidatorTx']);

const networkOf = (value: string | undefined): NetworkName | undefined =>
  value === 'mainnet' ? 'mainnet' : value === 'fuji' || value === 'testnet' ? 'fuji' : undefined;

function findChain(seed: string, chainId: string): EvmChainWorld | undefined {
  for (const network of ['mainnet', 'fuji'] as const) {
    const evm = getEvmWorld(network, seed);
    const chain = evm.chains.get(chainId) ?? evm.byBlockchainId.get(chainId);
    if (chain) return chain;
  }
  return undefined;
}

const newestFirst = <T>(items: readonly T[]) => [...items].reverse();
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const fingerprint = (...parts: unknown[]) => JSON.stringify(parts);

function withChain(
  seed: string,
  handler: (chain: EvmChainWorld, address: string | undefined, query: URLSearchParams) => SandboxAnswer,
): Route['handle'] {
  return (req, [chainId, address]) => {
    const id = decodeURIComponent(chainId!);
    const chain = findChain(seed, id);
    if (!chain) return apiError(404, `Chain ${id} is not supported`);
    const raw = address === undefined ? undefined : decodeURIComponent(address);
    if (raw !== undefined && !isEvmAddress(raw)) return apiError(400, ['Invalid address format']);
    return handler(chain, raw?.toLowerCase(), req.query);
  };
}

function blockRange(q: QueryReader): { start?: number; end?: number } {
  return { start: q.int('startBlock', 0), end: q.int('endBlock', 0) };
}

const inRange = (block: string, r: { start?: number; end?: number }) =>
  (r.start === undefined || Number(block) >= r.start) && (r.end === undefined || Number(block) < r.end);

function signed(unsigned: string, salt: string): string {
  // An unsigned message followed by a signer bitset and a 96-byte BLS aggregate signature.
  const sig = Array.from({ length: 3 }, (_v, i) => createHash('sha256').update(`${salt}:${unsigned}:${i}`).digest('hex')).join('');
  return `${unsigned}0000000000000007${sig}`;
}

const HEX_BYTES = (value: string) => value.replace(/^0x/, '').length % 2 === 0 && isHex(value);

export function evmRoutes(seed: string): Route[] {
  return [
    {
      operation: 'listLatestTransactions',
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/transactions$/,
      handle: withChain(seed, (chain, _address, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'status']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const status = q.oneOf('status', ['failed', 'success'] as const);
        q.done();
        const txs = chain.transactions.filter((t) => !status || (status === 'failed') === (t.txStatus === '0'));
        const { page, nextPageToken } = paginate(
          newestFirst(txs),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('evmTxs', chain.chainId, status),
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), transactions: page } };
      }),
    },
    {
      operation: 'listErc20Transactions',
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions:listErc20$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['startBlock', 'endBlock', 'pageToken', 'pageSize']);
        const range = blockRange(q);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const items = chain.erc20Transfers.filter(
          (t) => (same(t.from.address, address!) || same(t.to.address, address!)) && inRange(t.blockNumber, range),
        );
        const { page, nextPageToken } = paginate(
          newestFirst(items),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('erc20', chain.chainId, address, range),
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), transactions: page } };
      }),
    },
    {
      operation: 'listInternalTransactions',
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/transactions:listInternals$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['startBlock', 'endBlock', 'pageToken', 'pageSize']);
        const range = blockRange(q);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const items = chain.internalTransactions.filter(
          (t) => (same(t.from.address, address!) || same(t.to.address, address!)) && inRange(t.blockNumber, range),
        );
        const { page, nextPageToken } = paginate(
          newestFirst(items),
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('internal', chain.chainId, address, range),
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), transactions: page } };
      }),
    },
    {
      operation: 'getNativeBalance',
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/balances:getNative$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['blockNumber', 'currency']);
        const blockRaw = q.string('blockNumber');
        if (blockRaw !== undefined && !/^\d+$/.test(blockRaw)) q.problem('blockNumber must be a number string');
        const currency = q.oneOf('currency', CURRENCIES) ?? 'usd';
        q.done();
        const block = blockRaw === undefined ? undefined : Number(blockRaw);
        if (block !== undefined && block > chain.headBlock)
          return apiError(400, [`blockNumber ${block} is ahead of the latest block ${chain.headBlock}`]);
        const balance = chain.balanceAt(address!, block);
        const price = Math.round(chain.native.priceUsd * FX_RATES[currency]! * 100) / 100;
        const value = Math.round((Number(balance / 10n ** 9n) / 1e9) * price * 100) / 100;
        return {
          status: 200,
          body: {
            nativeTokenBalance: {
              name: chain.native.name,
              symbol: chain.native.symbol,
              decimals: chain.native.decimals,
              logoUri: chain.native.logoUri,
              chainId: chain.chainId,
              price: { currencyCode: currency, value: price },
              balance: String(balance),
              balanceValue: { currencyCode: currency, value },
            },
          },
        };
      }),
    },
    {
      operation: 'listCollectibleBalances',
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/]+)\/balances:listCollectibles$/,
      handle: withChain(seed, (chain, address, query) => {
        const q = new QueryReader(query, ['pageToken', 'pageSize', 'contractAddress']);
        const pageSize = q.int('pageSize', 1, 500) ?? 10;
        const contract = q.string('contractAddress');
        if (contract !== undefined && !isEvmAddress(contract)) q.problem('contractAddress must be an EVM address');
        q.done();
        const items: CollectibleBalance[] = chain.collectibles
          .filter((c) => c.owner === address && (contract === undefined || same(c.balance.address, contract)))
          .map((c) => c.balance);
        const { page, nextPageToken } = paginate(
          items,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('nft', chain.chainId, address, contract?.toLowerCase()),
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), collectibleBalances: page } };
      }),
    },
    {
      operation: 'getContractMetadata',
      method: 'GET',
      pattern: /^\/v1\/chains\/([^/]+)\/addresses\/([^/:]+)$/,
      handle: withChain(seed, (chain, address, query) => {
        new QueryReader(query, []).done();
        const contract = chain.contracts.get(address!);
        return contract ? { status: 200, body: contract } : apiError(404, `No contract at ${address} on chain ${chain.chainId}`);
      }),
    },
    {
      operation: 'listIcmMessagesByAddress',
      method: 'GET',
      pattern: /^\/v1\/icm\/addresses\/([^/]+)\/messages$/,
      handle: (req, [rawAddress]) => {
        const q = new QueryReader(req.query, ['pageToken', 'pageSize', 'network']);
        const address = decodeURIComponent(rawAddress!);
        if (!isEvmAddress(address)) q.problem('address must be an EVM address');
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const network = q.oneOf('network', NETWORKS);
        q.done();
        const messages = icmOf(seed, networkOf(network)).filter((m) => same(m.from, address) || same(m.to, address));
        const { page, nextPageToken } = paginate(
          messages,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('icmByAddress', address.toLowerCase(), networkOf(network)),
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), messages: page } };
      },
    },
    {
      operation: 'listIcmMessages',
      method: 'GET',
      pattern: /^\/v1\/icm\/messages$/,
      handle: (req) => {
        const q = new QueryReader(req.query, [
          'pageToken',
          'pageSize',
          'sourceBlockchainId',
          'destinationBlockchainId',
          'blockchainId',
          'to',
          'from',
          'network',
        ]);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const network = q.oneOf('network', NETWORKS);
        const source = q.string('sourceBlockchainId');
        const destination = q.string('destinationBlockchainId');
        const either = q.string('blockchainId');
        const to = q.string('to');
        const from = q.string('from');
        q.done();
        const messages = icmOf(seed, networkOf(network)).filter(
          (m) =>
            (source === undefined || m.sourceBlockchainId === source || m.sourceEvmChainId === source) &&
            (destination === undefined || m.destinationBlockchainId === destination || m.destinationEvmChainId === destination) &&
            (either === undefined || m.sourceBlockchainId === either || m.destinationBlockchainId === either) &&
            (to === undefined || same(m.to, to)) &&
            (from === undefined || same(m.from, from)),
        );
        const { page, nextPageToken } = paginate(
          messages,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('icm', networkOf(network), source, destination, either, to, from),
        );
        return { status: 200, body: { ...(nextPageToken ? { nextPageToken } : {}), messages: page } };
      },
    },
    {
      operation: 'aggregateSignatures',
      method: 'POST',
      pattern: /^\/v1\/signatureAggregator\/([^/]+)\/aggregateSignatures$/,
      handle: (req, [network]) => {
        if (!networkOf(network)) return apiError(400, [`network must be one of the following values: ${NETWORKS.join(', ')}`]);
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(req.body || '{}') as Record<string, unknown>;
        } catch {
          return apiError(400, ['Request body is not valid JSON']);
        }
        const problems = checkAggregationRequest(body);
        if (problems.length > 0) throw new BadRequest(problems);
        const message =
          typeof body.message === 'string'
            ? body.message.replace(/^0x/, '')
            : createHash('sha256').update(String(body.justification)).digest('hex');
        return {
          status: 201,
          body: { signedMessage: signed(message, `${network}:${body.signingSubnetId ?? ''}:${body.quorumPercentage ?? 67}`) },
        };
      },
    },
    {
      operation: 'getAggregatedSignatures',
      method: 'GET',
      pattern: /^\/v1\/signatureAggregator\/([^/]+)\/aggregateSignatures\/([^/]+)$/,
      handle: (req, [network, rawHash]) => {
        new QueryReader(req.query, []).done();
        const name = networkOf(network);
        if (!name) return apiError(400, [`network must be one of the following values: ${NETWORKS.join(', ')}`]);
        const txHash = decodeURIComponent(rawHash!);
        try {
          cb58Decode(txHash, 32);
        } catch {
          return apiError(400, ['txHash must be a primary network transaction hash']);
        }
        const entry = getWorld(name, seed).txByHash.get(txHash);
        if (!entry) return apiError(404, `Transaction ${txHash} not found`);
        if (entry.chain !== 'p' || !L1_WARP_TX_TYPES.has(entry.tx.txType)) {
          return apiError(400, [`Transaction ${txHash} is not a P-Chain L1 transaction with a Warp message`]);
        }
        const unsigned = createHash('sha256').update(`warp:${txHash}`).digest('hex').repeat(3);
        return { status: 201, body: { signedMessage: signed(unsigned, txHash) } };
      },
    },
  ];
}

function icmOf(seed: string, network: NetworkName | undefined): IcmMessage[] {
  if (network) return getEvmWorld(network, seed).icm;
  const at = (m: IcmMessage) => m.sourceTransaction?.timestamp ?? m.destinationTransaction!.timestamp;
  return [...getEvmWorld('mainnet', seed).icm, ...getEvmWorld('fuji', seed).icm].sort((a, c) => at(c) - at(a));
}

/** The rules of SignatureAggregatorRequest, each problem in the words the service would use. */
export function checkAggregationRequest(body: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const known = ['message', 'justification', 'signingSubnetId', 'quorumPercentage', 'quorumPercentageBuffer', 'pChainHeight'];
  for (const key of Object.keys(body)) if (!known.includes(key)) problems.push(`property ${key} should not exist`);
  for (const key of ['message', 'justification'] as const) {
    const v = body[key];
    if (v !== undefined && (typeof v !== 'string' || !HEX_BYTES(v)))
      problems.push(`${key} must be a hex string, optionally prefixed with 0x`);
  }
  if (body.message === undefined && body.justification === undefined) problems.push('Either message or justification must be provided');
  const subnet = body.signingSubnetId;
  if (subnet !== undefined) {
    const isHex32 = typeof subnet === 'string' && /^(0x)?[0-9a-fA-F]{64}$/.test(subnet);
    let isCb58 = false;
    try {
      isCb58 = typeof subnet === 'string' && cb58Decode(subnet, 32).length === 32;
    } catch {
      isCb58 = false;
    }
    if (!isHex32 && !isCb58) problems.push('signingSubnetId must be a hex or cb58 subnet id');
  }
  for (const key of ['quorumPercentage', 'quorumPercentageBuffer'] as const) {
    const v = body[key];
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100))
      problems.push(`${key} must be an integer from 0 to 100`);
  }
  const quorum = typeof body.quorumPercentage === 'number' ? body.quorumPercentage : 67;
  const buffer = typeof body.quorumPercentageBuffer === 'number' ? body.quorumPercentageBuffer : 0;
  if (quorum + buffer > 100) problems.push('quorumPercentage + quorumPercentageBuffer must not exceed 100');
  const height = body.pChainHeight;
  if (height !== undefined && (typeof height !== 'number' || !Number.isInteger(height) || height < 0))
    problems.push('pChainHeight must be a non-negative integer');
  return problems;
}
