/**
 * `Query.search`: an id of each kind from the sandbox's world is found as its own object, first,
 * with the upstream calls its candidates made; unknown ids give [], strings of no id shape no call.
 */
import { describe, expect, it } from 'vitest';
import { PRIMARY_CHAIN_IDS } from '../../src/base/ids.js';
import { worldBlocks } from '../../sandbox/data-api/primary-network-block.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getStakingWorld } from '../../sandbox/world/validators.js';
import { getWorld } from '../../sandbox/world/world.js';
import { HASH_CHAINS } from '../../src/schema/search.js';
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
    // The registry of each network, then a transaction and a block lookup on each of its chains.
    const registry = h.sandbox.log.filter((r) => r.operation === 'supportedChains');
    expect(registry.map((r) => r.query.find(([k]) => k === 'network')?.[1]).sort()).toEqual(['fuji', 'mainnet']);
    const tried = h.sandbox.log.filter((r) => r.operation === 'getTransaction').map((r) => r.path.split('/')[3]);
    expect(tried).toContain(l1Chain.blockchainId);
    expect(tried).toEqual(expect.arrayContaining([PRIMARY_CHAIN_IDS.mainnet.c, PRIMARY_CHAIN_IDS.fuji.c]));
    expect(tried.length).toBeLessThanOrEqual(2 * HASH_CHAINS);
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
