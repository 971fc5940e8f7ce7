/**
 * The official Data API SDK (@avalanche-sdk/chainkit) pointed at the sandbox parses its answers to
 * every operation of the Primary Network's addresses, blocks, vertices and assets: the sandbox
 * answers as the service does, by the SDK's reading as well as by the spec's (which the sandbox
 * helper checks on every request). Telemetry off: the SDK would post every call to its analytics host.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { worldBlocks } from '../../sandbox/data-api/primary-network-block.js';
import { activeStakes } from '../../sandbox/world/primary-network-utxos.js';
import { getWorld } from '../../sandbox/world/world.js';
import { chainkit } from '../helpers/chainkit.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const world = getWorld('mainnet');
const address = activeStakes(world).find((t) => t.rewardAddresses?.length)!.rewardAddresses![0]!;
const pn = () => chainkit({ network: 'mainnet' }).data.primaryNetwork;
/** Each operation names its own server; the call's options send it to the sandbox instead. */
const at = () => ({ serverURL: sandbox.dataApiUrl });

/** The first page of a listing, parsed. */
async function firstPage<T>(pages: AsyncIterable<{ result: T }>): Promise<T> {
  for await (const page of pages) return page.result;
  throw new Error('no page');
}

describe('the official Data API SDK reads the sandbox', () => {
  beforeAll(() => {
    expect(address).toMatch(/^avax1/);
  });

  it('for balances, UTXOs (GET and V2 POST), last activity (both) and active staking transactions', async () => {
    const p = pn();
    const balances = await p.balances.listByAddresses({ blockchainId: 'p-chain', addresses: address }, at());
    expect(balances.chainInfo.chainName).toBe('p-chain');
    const x = await p.balances.listByAddresses({ blockchainId: 'x-chain', addresses: address }, at());
    expect('unlocked' in x.balances).toBe(true);
    const utxos = await firstPage(await p.utxos.listByAddresses({ blockchainId: 'p-chain', addresses: address, pageSize: 5 }, at()));
    expect(utxos.utxos.length).toBeGreaterThan(0);
    const v2 = await firstPage(
      await p.utxos.listByAddressesV2(
        {
          blockchainId: 'x-chain',
          pageSize: 5,
          primaryNetworkAddressesBodyDto: { addresses: world.addresses.slice(0, 40).join(',') },
        },
        at(),
      ),
    );
    expect(v2.utxos.length).toBe(5);
    const last = await p.utxos.getLastActivityTimestampByAddresses({ blockchainId: 'p-chain', addresses: address }, at());
    expect(last.txHash).toBeTruthy();
    const lastV2 = await p.utxos.getLastActivityTimestampByAddressesV2(
      {
        blockchainId: 'x-chain',
        primaryNetworkAddressesBodyDto: { addresses: world.addresses.slice(0, 40).join(',') },
      },
      at(),
    );
    expect(lastV2.chainName).toBe('x-chain');
    const staking = await firstPage(
      await p.transactions.listActiveStakingTransactions({ blockchainId: 'p-chain', addresses: address }, at()),
    );
    expect(staking.transactions.length).toBeGreaterThan(0);
  });

  it('for blocks by id, the latest and those a node proposed', async () => {
    const p = pn();
    const block = worldBlocks(world, 'avalanche', 'p').at(-1)!;
    const got = await p.blocks.get({ blockchainId: 'p-chain', blockId: block.blockHash }, at());
    expect(got.blockNumber).toBe(block.blockNumber);
    const latest = await firstPage(await p.blocks.listLatest({ blockchainId: 'x-chain', pageSize: 3 }, at()));
    expect(latest.blocks).toHaveLength(3);
    const proposed = await firstPage(
      await p.blocks.listByNodeId({ blockchainId: 'p-chain', nodeId: block.proposerDetails!.proposerNodeId!, pageSize: 3 }, at()),
    );
    expect(proposed.blocks[0]!.blockHash).toBe(block.blockHash);
  });

  it('for vertices by hash and height, an asset and its transactions', async () => {
    const p = pn();
    const vertex = world.vertices[2]!;
    expect((await p.vertices.getByHash({ blockchainId: 'x-chain', vertexHash: vertex.vertexHash }, at())).vertexHeight).toBe(
      vertex.vertexHeight,
    );
    const atHeight = await firstPage(await p.vertices.listByHeight({ blockchainId: 'x-chain', vertexHeight: vertex.vertexHeight }, at()));
    expect(atHeight.vertices[0]!.vertexHash).toBe(vertex.vertexHash);
    const [assetId, info] = [...world.assets].find(([id]) => id !== world.avaxAssetId)!;
    expect((await p.getAssetDetails({ blockchainId: 'x-chain', assetId }, at())).symbol).toBe(info.symbol);
    const txs = await firstPage(await p.transactions.listAssetTransactions({ blockchainId: 'x-chain', assetId, pageSize: 2 }, at()));
    expect(txs.transactions.length).toBeGreaterThan(0);
  });
});
