/**
 * The official RPC SDK (@avalanche-sdk/client) pointed at the sandbox's P-Chain: every platform.*
 * read it offers is called through its own client, and what it hands back has the fields its
 * return types promise, filled from the sandbox's world. (issueTx is the node-info helper's, with
 * the other writes; getValidatorFeeConfig and getValidatorFeeState the SDK does not offer.)
 */
import { createPChainClient } from '@avalanche-sdk/client';
import { describe, expect, it } from 'vitest';
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { TIMELINE } from '../../sandbox/world/timeline.js';
import { getWorld } from '../../sandbox/world/world.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');
const p = world.chainIds.p;

/** The SDK's P-Chain client on the sandbox's mainnet node: no chain given, so the URL is taken as it is. */
const client = () => createPChainClient({ transport: { type: 'http', url: `${sandbox.nodeUrl('mainnet')}/ext/bc/P` } });

const l1 = world.subnets.find((s) => s.isL1 && world.l1Validators.some((v) => v.subnetId === s.subnetId && v.active))!;
const elastic = world.transactions.p.find((t) => t.txType === 'TransformSubnetTx')!;
const staking = world.transactions.p.find(
  (t) =>
    t.txType === 'AddPermissionlessValidatorTx' && t.endTimestamp! > TIMELINE.now && t.emittedUtxos.some((u) => u.utxoType === 'STAKE'),
)!;
const staker = `P-${staking.emittedUtxos.find((u) => u.utxoType === 'STAKE')!.addresses[0]}`;
const [, [utxo]] = [...node.utxos(p, p).byAddress].find(([, list]) => list.some((u) => u.owners.length === 1))!;
const holder = `P-${utxo!.owners[0]}`;

describe('the RPC SDK parses the sandbox P-Chain', () => {
  it('reads the chain: height, blocks, blockchains, supply, validators, time and fees', async () => {
    const c = client();
    const block = node.platform.blocks[5]!;
    expect(await c.getHeight()).toEqual({ height: String(node.platform.blocks.at(-1)!.height) });
    expect(await c.getProposedHeight()).toEqual({ height: String(node.platform.blocks.at(-1)!.height - 1) });
    expect((await c.getBlock({ blockId: block.id, encoding: 'hex' })).encoding).toBe('hex');
    expect((await c.getBlockByHeight({ height: block.height, encoding: 'json' })).block).toMatchObject({ parentID: block.parentId });
    expect((await c.getBlockchains()).blockchains.length).toBeGreaterThan(0);
    expect(await c.getBlockchainStatus({ blockchainId: l1.blockchains[0]!.blockchainId })).toHaveProperty('status');
    expect(BigInt((await c.getCurrentSupply({ subnetId: PRIMARY_NETWORK_ID })).supply)).toBeGreaterThan(0n);
    const validators = await c.getCurrentValidators({ subnetID: l1.subnetId });
    expect(validators.validators.length).toBeGreaterThan(0);
    expect(await c.getTimestamp()).toHaveProperty('timestamp');
    expect(await c.getFeeConfig()).toMatchObject({ weights: [1, 1000, 1000, 4], minPrice: 1n });
    expect(Object.keys(await c.getFeeState()).sort()).toEqual(['capacity', 'excess', 'price', 'timestamp']);
  });

  it('reads stake, subnets and validator sets', async () => {
    const c = client();
    expect(await c.getStakingAssetID({ subnetID: PRIMARY_NETWORK_ID })).toEqual({ assetID: world.avaxAssetId });
    expect(await c.getMinStake({ subnetID: elastic.subnetId! })).toEqual({
      minValidatorStake: 2_000_000_000_000n,
      minDelegatorStake: 25_000_000_000n,
    });
    expect(BigInt((await c.getTotalStake({ subnetID: PRIMARY_NETWORK_ID })).weight)).toBeGreaterThan(0n);
    expect(await c.getSubnet({ subnetID: l1.subnetId })).toMatchObject({
      isPermissioned: false,
      managerChainID: l1.l1ValidatorManagerDetails!.blockchainId,
    });
    expect((await c.getSubnets({ ids: [l1.subnetId] })).subnets.map((s) => s.id)).toEqual([l1.subnetId]);
    expect(await c.validates({ subnetID: l1.subnetId })).toEqual({ blockchainIDs: l1.blockchains.map((b) => b.blockchainId) });
    expect(await c.validatedBy({ blockchainID: l1.blockchains[0]!.blockchainId })).toEqual({ subnetID: l1.subnetId });
    expect((await c.sampleValidators({ size: 2 })).validators).toHaveLength(2);
    const at = await c.getValidatorsAt({ height: node.platform.blocks.length - 1, subnetID: l1.subnetId });
    expect(Object.keys(at.validators).length).toBeGreaterThan(0);
    const all = await c.getAllValidatorsAt({ height: 'proposed' });
    expect(all.validatorSets[PRIMARY_NETWORK_ID]!.totalWeight).toMatch(/^\d+$/);
    const v = world.l1Validators.find((x) => x.active && x.weight > 0)!;
    expect(await c.getL1Validator({ validationID: v.validationId })).toMatchObject({ nodeID: v.nodeId, subnetID: v.subnetId });
  });

  it("reads transactions, and an address's balance, UTXOs, stake and rewards", async () => {
    const c = client();
    expect(await c.getTx({ txID: staking.txHash, encoding: 'json' })).toMatchObject({ encoding: 'json' });
    expect(await c.getTxStatus({ txID: staking.txHash })).toEqual({ status: 'Committed' });
    expect(await c.getBalance({ addresses: [holder] })).toHaveProperty('balances');
    const utxos = await c.getUTXOs({ addresses: [holder], limit: 5 });
    expect(utxos.utxos.length).toBeGreaterThan(0);
    expect(utxos.endIndex).toHaveProperty('utxo');
    const stake = await c.getStake({ addresses: [staker], validatorsOnly: false });
    expect(BigInt(stake.staked)).toBeGreaterThan(0n);
    const reward = world.rewards[0]!;
    const rewards = await c.getRewardUTXOs({ txID: reward.txHash, encoding: 'hex' });
    expect(Number(rewards.numFetched)).toBe(world.rewards.filter((r) => r.txHash === reward.txHash).length);
  });
});
