/**
 * `Query.search`: an id of each kind from the sandbox's world is found as its own object, first,
 * with the upstream calls its candidates made; unknown ids give [], strings of no id shape no call.
 */
import { type OperationDefinitionNode, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graph/index.js';
import { estimate } from '../../src/yoga/cost-estimate.js';
import { PRIMARY_CHAIN_IDS } from '../../src/base/ids.js';
import { worldBlocks } from '../../sandbox/data-api/primary-network-block.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getStakingWorld } from '../../sandbox/world/validators.js';
import { getWorld } from '../../sandbox/world/world.js';
import { hashChainsPer } from '../../src/graph/search.js';
import { codes, useHarness } from '../helpers/harness.js';

const h = useHarness();
const world = getWorld('mainnet');
const evm = getEvmWorld('mainnet');
const staking = getStakingWorld('mainnet');
const pBlock = worldBlocks(world, 'avalanche', 'p').find((b) => b.txCount > 0)!;
const subnet = world.subnets.find((s) => s.subnetId !== '11111111111111111111111111111111LpoYY' && s.blockchains.length > 0)!;
const cChain = evm.chains.get('43114')!;
const l1Chain = [...evm.chains.values()].find((c) => c.chainId !== '43114' && c.transactions.length > 0)!;

const RESULT = `__typename
  ... on PChainTransaction { txHash network }
  ... on XChainTransaction { txHash network }
  ... on CChainAtomicTransaction { txHash network }
  ... on PrimaryNetworkBlock { blockHash pnChain: chain network }
  ... on Subnet { subnetId network }
  ... on Blockchain { blockchainId network }
  ... on L1Validator { validationId network }
  ... on Validator { nodeId network }
  ... on XChainAsset { assetId network }
  ... on Address { address network }
  ... on EvmAddress { address chain { evmChainId network } }
  ... on EvmTransaction { txHash chain { evmChainId network } }
  ... on EvmBlock { hash number chain { evmChainId network } }
  ... on EvmChain { evmChainId network }
  ... on IcmMessage { messageId }`;

const SEARCH_QUERY = `query($q: String!) { search(query: $q) { ${RESULT} } }`;
const SEARCH_OPERATION = parse(SEARCH_QUERY).definitions[0] as OperationDefinitionNode;

async function search(query: string, extra = '') {
  const res = await h.raw<{ search: Record<string, unknown>[] }>(`query($q: String!) { search(query: $q${extra}) { ${RESULT} } }`, {
    q: query,
  });
  return res;
}

/** The operations the sandbox received, with the network or chain each was for, in a stable order. */
const calls = () =>
  h.sandbox.log
    .map(
      (r) =>
        `${r.operation} ${r.path
          .replace(/^\/v1\/(networks\/)?/, '')
          .split('/')
          .slice(0, 3)
          .join('/')}`,
    )
    .sort();

describe('search finds an id of each kind as its object, first', () => {
  const cb58 = (id: () => string) => id;
  it.each([
    ['a P-Chain transaction id', cb58(() => world.transactions.p.at(-1)!.txHash), { __typename: 'PChainTransaction' }],
    ['an X-Chain transaction id', cb58(() => world.transactions.x.at(-1)!.txHash), { __typename: 'XChainTransaction' }],
    ['a P-Chain block id', cb58(() => pBlock.blockHash), { __typename: 'PrimaryNetworkBlock', pnChain: 'P_CHAIN' }],
    ['a subnet id', cb58(() => subnet.subnetId), { __typename: 'Subnet' }],
    ['a blockchain id', cb58(() => subnet.blockchains[0]!.blockchainId), { __typename: 'Blockchain' }],
    ['a validation id', cb58(() => world.l1Validators[0]!.validationId), { __typename: 'L1Validator' }],
    ['an asset id', cb58(() => world.avaxAssetId), { __typename: 'XChainAsset' }],
  ])('%s (cb58): one lookup of each kind on each network, the catalogs for subnets and blockchains', async (_kind, id, want) => {
    const res = await search(id());
    expect(res.errors).toBeUndefined();
    expect(res.data!.search[0]).toMatchObject({ ...want, network: 'MAINNET' });
    // One round, the same for every cb58 id: one lookup per kind per network, the subnet listing for subnets and blockchains.
    const both = (op: string, ...paths: string[]) => paths.flatMap((p) => [`${op} fuji/${p}`, `${op} mainnet/${p}`]);
    expect(calls()).toEqual(
      [
        ...both('getAssetDetails', 'blockchains/x-chain'),
        ...both('getBlockById', 'blockchains/p-chain', 'blockchains/x-chain'),
        ...both('getTxByHash', 'blockchains/c-chain', 'blockchains/p-chain', 'blockchains/x-chain'),
        ...both('listL1Validators', 'l1Validators'),
        ...both('listSubnets', 'subnets'),
      ].sort(),
    );
  });

  it('a node id: its newest validation on each network (getSingleValidatorDetails)', async () => {
    const { nodeId } = staking.validators[0]!;
    const res = await search(nodeId);
    expect(res.errors).toBeUndefined();
    expect(res.data!.search[0]).toMatchObject({ __typename: 'Validator', nodeId, network: 'MAINNET' });
    expect(calls()).toEqual([
      `getSingleValidatorDetails fuji/validators/${nodeId}`,
      `getSingleValidatorDetails mainnet/validators/${nodeId}`,
    ]);
  });

  it.each([
    ['without', () => world.addresses[0]!],
    ['with', () => `P-${world.addresses[0]!}`],
  ])('an X/P address %s its chain prefix: its Address on the network its HRP names, with no call', async (_w, address) => {
    const res = await search(address());
    expect(res.errors).toBeUndefined();
    expect(res.data!.search).toEqual([{ __typename: 'Address', address: world.addresses[0], network: 'MAINNET' }]);
    expect(h.sandbox.total).toBe(0);
  });

  it('an EVM address: the address on each chain it has activity on (listAddressChains, one call)', async () => {
    const account = cChain.accounts[0]!;
    const res = await search(account);
    expect(res.errors).toBeUndefined();
    expect(res.data!.search[0]).toMatchObject({ __typename: 'EvmAddress', chain: { evmChainId: 43114 } });
    expect((res.data!.search[0]!.address as string).toLowerCase()).toBe(account.toLowerCase());
    expect(calls()).toEqual([`listAddressChains address/${account.toLowerCase()}/chains`]);
  });

  it('an EVM transaction hash: found on its chain among every indexed chain of both networks', async () => {
    const tx = l1Chain.transactions[0]!;
    const res = await search(tx.txHash);
    expect(res.errors).toBeUndefined();
    expect(res.data!.search[0]).toMatchObject({
      __typename: 'EvmTransaction',
      txHash: tx.txHash,
      chain: { evmChainId: Number(l1Chain.chainId) },
    });
    // The registry of each network, and a transaction and a block lookup on each of its first chains:
    // as many as go out at once through the Data API's 64 connections: with the ICM message, 63 calls.
    const registry = h.sandbox.log.filter((r) => r.operation === 'supportedChains');
    expect(registry.map((r) => r.query.find(([k]) => k === 'network')?.[1]).sort()).toEqual(['fuji', 'mainnet']);
    const tried = h.sandbox.log.filter((r) => r.operation === 'getTransaction').map((r) => r.path.split('/')[3]);
    expect(tried).toContain(l1Chain.blockchainId);
    expect(tried).toEqual(expect.arrayContaining([PRIMARY_CHAIN_IDS.mainnet.c, PRIMARY_CHAIN_IDS.fuji.c]));
    expect(tried.length).toBe(2 * hashChainsPer(2));
    expect(h.sandbox.total).toBe(63);
    expect(h.sandbox.count('getBlock')).toBe(tried.length);
    expect(h.sandbox.count('getIcmMessage')).toBe(1);
  });

  it('an EVM block hash', async () => {
    const tx = cChain.transactions[0]!;
    const res = await search(tx.blockHash);
    expect(res.errors).toBeUndefined();
    expect(res.data!.search[0]).toMatchObject({ __typename: 'EvmBlock', hash: tx.blockHash, chain: { evmChainId: 43114 } });
  });

  it('an EVM chain id, before the blocks of that height', async () => {
    const res = await search(l1Chain.chainId);
    expect(res.errors).toBeUndefined();
    expect(res.data!.search[0]).toMatchObject({ __typename: 'EvmChain', evmChainId: Number(l1Chain.chainId), network: 'MAINNET' });
    expect(calls()).toEqual(
      [
        `getBlock chains/${PRIMARY_CHAIN_IDS.mainnet.c}/blocks`,
        `getBlock chains/${PRIMARY_CHAIN_IDS.fuji.c}/blocks`,
        'getBlockById fuji/blockchains/p-chain',
        'getBlockById fuji/blockchains/x-chain',
        'getBlockById mainnet/blockchains/p-chain',
        'getBlockById mainnet/blockchains/x-chain',
        'listSubnets fuji/subnets',
        'listSubnets mainnet/subnets',
      ].sort(),
    );
  });

  it('an ICM message id', async () => {
    const message = evm.icm[0]!;
    const res = await search(message.messageId);
    expect(res.errors).toBeUndefined();
    expect(res.data!.search[0]).toMatchObject({ __typename: 'IcmMessage', messageId: message.messageId });
  });

  it('a name prefix: the indexed chains whose name or native token starts so', async () => {
    const res = await search(l1Chain.blockchainName, ', network: MAINNET');
    expect(res.errors).toBeUndefined();
    expect(res.data!.search).toContainEqual({ __typename: 'EvmChain', evmChainId: Number(l1Chain.chainId), network: 'MAINNET' });
    expect(calls()).toEqual(['supportedChains chains']);
  });
});

describe('search finds nothing without an error', () => {
  it('an unknown 0x hash: []', async () => {
    const res = await search(`0x${'ab'.repeat(32)}`);
    expect(res.errors).toBeUndefined();
    expect(res.data!.search).toEqual([]);
  });

  it.each(['hello world!', '', '   ', 'a', '0x12', 'NodeID-nope', '1111111111111111111111111111111111111111111', '<script>'])(
    '%j has no id shape: [] and no upstream call',
    async (text) => {
      const res = await search(text);
      expect(res.errors).toBeUndefined();
      expect(res.data!.search).toEqual([]);
      expect(h.sandbox.log).toEqual([]);
      expect(h.sandbox.total).toBe(0);
    },
  );

  it('refuses a query past its bound, and `first` out of bounds, before any call', async () => {
    const long = await search('x'.repeat(129));
    expect(codes(long)).toEqual(['BAD_USER_INPUT']);
    expect(long.errors![0]!.message).toMatch(/at most 128/);
    const first = await search(world.avaxAssetId, ', first: 0');
    expect(codes(first)).toEqual(['BAD_USER_INPUT']);
    expect(h.sandbox.total).toBe(0);
  });
});

describe('search over generated strings', () => {
  /** A small deterministic generator: the same cases on every run. */
  function* strings(seed: number, count: number): Generator<string> {
    let s = seed;
    const next = () => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s;
    };
    const alphabets = [
      '0123456789abcdef',
      '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
      'qpzry9x8gf2tvdw0s3jn54khce6mua7l',
      ' -_.!<>"\\\u0000é',
    ];
    const ids = [
      world.transactions.p[0]!.txHash,
      world.avaxAssetId,
      world.addresses[0]!,
      `X-${world.addresses[0]!}`,
      staking.validators[0]!.nodeId,
      cChain.transactions[0]!.txHash,
      cChain.accounts[0]!,
      evm.icm[0]!.messageId,
      l1Chain.chainId,
    ];
    for (let i = 0; i < count; i++) {
      const kind = next() % 3;
      if (kind === 0) {
        // An id with one character changed, dropped or added.
        const id = ids[next() % ids.length]!;
        const at = next() % id.length;
        const alphabet = alphabets[next() % 2]!;
        const c = alphabet[next() % alphabet.length]!;
        const op = next() % 3;
        yield op === 0
          ? id.slice(0, at) + c + id.slice(at + 1)
          : op === 1
            ? id.slice(0, at) + id.slice(at + 1)
            : id.slice(0, at) + c + id.slice(at);
      } else {
        const alphabet = alphabets[next() % alphabets.length]!;
        const length = kind === 1 ? next() % 140 : [40, 42, 44, 45, 49, 64, 66][next() % 7]!;
        let text = kind === 2 && next() % 2 ? '0x' : '';
        while (text.length < length) text += alphabet[next() % alphabet.length];
        yield text;
      }
    }
  }

  it('answers every one with 200 and no error, within its estimate', async () => {
    for (const text of strings(32, 60)) {
      const before = h.sandbox.total;
      const res = await search(text);
      const made = h.sandbox.total - before;
      const estimated = estimate(schema, SEARCH_OPERATION, {}, { q: text }).calls;
      expect(res.status, text).toBe(200);
      if (text.length > 128) expect(codes(res), text).toEqual(['BAD_USER_INPUT']);
      else expect(res.errors, text).toBeUndefined();
      expect(estimated, text).toBeGreaterThanOrEqual(made);
    }
  }, 120_000);
});
