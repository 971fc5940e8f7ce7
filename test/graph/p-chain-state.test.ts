/**
 * The rest of platform.* through the graph (src/graph/p-chain-state.ts and the P-Chain's own
 * fields in src/graph/p-chain.ts): fees, stake, subnets and their chains, validator sets at a
 * height, transactions and their status, and the UTXOs, stake and rewards of addresses, each
 * checked against the sandbox's world and the node call it made.
 */
import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum } from '../../src/base/avax-codec.js';
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { derivedId } from '../../sandbox/node/chains/avax.js';
import { getNodeWorld } from '../../sandbox/node/chains/node-world.js';
import { FEE_CONFIG, feeStates, VALIDATOR_FEE_CONFIG, validatorSetsAt } from '../../sandbox/node/chains/platform-state.js';
import { TIMELINE } from '../../sandbox/world/timeline.js';
import { getWorld } from '../../sandbox/world/world.js';
import { expectEmptyIdsAsOmitted } from '../helpers/empty-id-lists.js';
import { useHarness } from '../helpers/harness.js';

const h = useHarness({ UPSTREAM_RETRIES: '0' });
const world = getWorld('mainnet');
const node = getNodeWorld('mainnet');
const p = world.chainIds.p;
const last = node.platform.blocks.at(-1)!;

/** The node calls the sandbox received since the test began: method and params. */
const nodeCalls = () =>
  h.sandbox.log.filter((r) => r.service === 'node').map((r) => r.body as { method: string; params: Record<string, unknown> });

const l1 = world.subnets.find((s) => s.isL1 && world.l1Validators.some((v) => v.subnetId === s.subnetId && v.active))!;
const elastic = world.transactions.p.find((t) => t.txType === 'TransformSubnetTx')!;
const permissioned = world.subnets.find(
  (s) =>
    !s.isL1 &&
    s.subnetId !== PRIMARY_NETWORK_ID &&
    !world.transactions.p.some((t) => t.txType === 'TransformSubnetTx' && t.subnetId === s.subnetId),
)!;

describe("the P-Chain's clock and fees", () => {
  it('reads its time, proposed height, fee configurations and states, each in one call', async () => {
    const res = await h.raw<any>(`{ network { pChain {
      height proposedHeight timestamp
      feeConfig { weights maxCapacity maxPerSecond targetPerSecond minPrice excessConversionConstant }
      feeState { capacity excess price timestamp }
      validatorFeeConfig { capacity target minPrice excessConversionConstant }
      validatorFeeState { capacity excess price timestamp }
    } } }`);
    expect(res.errors).toBeUndefined();
    const c = res.data.network.pChain;
    expect(c.proposedHeight).toBe(String(last.height - 1));
    expect(c.timestamp).toBe(new Date(last.time * 1000).toISOString().replace('.000Z', 'Z'));
    expect(c.feeConfig).toEqual({
      weights: FEE_CONFIG.weights.map(String),
      maxCapacity: String(FEE_CONFIG.maxCapacity),
      maxPerSecond: String(FEE_CONFIG.maxPerSecond),
      targetPerSecond: String(FEE_CONFIG.targetPerSecond),
      minPrice: String(FEE_CONFIG.minPrice),
      excessConversionConstant: String(FEE_CONFIG.excessConversionConstant),
    });
    const states = feeStates(BigInt(last.height));
    expect(c.feeState).toEqual({ ...states.fee, timestamp: c.timestamp });
    expect(c.validatorFeeConfig).toEqual(Object.fromEntries(Object.entries(VALIDATOR_FEE_CONFIG).map(([k, v]) => [k, String(v)])));
    expect(c.validatorFeeState).toEqual({ capacity: null, ...states.validatorFee, timestamp: c.timestamp });
    expect(
      nodeCalls()
        .map((b) => b.method)
        .sort(),
    ).toEqual(
      [
        'platform.getHeight',
        'platform.getProposedHeight',
        'platform.getTimestamp',
        'platform.getFeeConfig',
        'platform.getFeeState',
        'platform.getValidatorFeeConfig',
        'platform.getValidatorFeeState',
      ].sort(),
    );
  });
});

describe('stake', () => {
  it('reads the staking asset, minimum and total stake of the Primary Network and of an elastic subnet; null where a subnet has no token', async () => {
    const res = await h.raw<any>(`{ network { pChain {
      asset: stakingAssetId minStake { validator delegator } totalStake
      elasticAsset: stakingAssetId(subnetId: "${elastic.subnetId}") elasticMin: minStake(subnetId: "${elastic.subnetId}") { validator }
      noAsset: stakingAssetId(subnetId: "${permissioned.subnetId}") noMin: minStake(subnetId: "${permissioned.subnetId}") { validator } l1Total: totalStake(subnetId: "${l1.subnetId}")
    } } }`);
    expect(res.errors).toBeUndefined();
    const c = res.data.network.pChain;
    const now = validatorSetsAt(world, last.time);
    const total = (subnet: string) => String(now.get(subnet)!.reduce((s, v) => s + v.weight, 0n));
    expect(c).toEqual({
      asset: world.avaxAssetId,
      minStake: { validator: '2000000000000', delegator: '25000000000' },
      totalStake: total(PRIMARY_NETWORK_ID),
      elasticAsset: derivedId(`asset:${elastic.txHash}`),
      elasticMin: { validator: '2000000000000' },
      noAsset: null,
      noMin: null,
      l1Total: total(l1.subnetId),
    });
    const calls = nodeCalls();
    expect(calls.find((b) => b.method === 'platform.getTotalStake' && b.params.subnetID === l1.subnetId)).toBeDefined();
    expect(calls.filter((b) => b.method === 'platform.getStakingAssetID').map((b) => b.params.subnetID)).toEqual([
      PRIMARY_NETWORK_ID,
      elastic.subnetId,
      permissioned.subnetId,
    ]);
  });
});

describe('subnets and their chains', () => {
  it('reads a subnet as the node has it, from the P-Chain and from the Data API subnet, with the chains it validates', async () => {
    const res = await h.raw<any>(`{ network {
      pChain {
        l1: subnet(subnetId: "${l1.subnetId}") { subnetId isPermissioned controlKeys { address } threshold locktime transformationTxId conversionId managerChainId managerAddress blockchainIds }
        primary: subnet(subnetId: "${PRIMARY_NETWORK_ID}") { subnetId isPermissioned controlKeys { address } blockchainIds }
        none: subnet(subnetId: "${derivedId('no such subnet')}") { subnetId }
      }
      subnet(subnetId: "${permissioned.subnetId}") { pChain { isPermissioned threshold controlKeys { address } minStake { validator } } }
      blockchain(blockchainId: "${l1.blockchains[0]!.blockchainId}") { validatedBy { subnetId managerAddress } }
    } }`);
    expect(res.errors).toBeUndefined();
    const { pChain, subnet, blockchain } = res.data.network;
    const manager = l1.l1ValidatorManagerDetails!;
    expect(pChain.l1).toEqual({
      subnetId: l1.subnetId,
      isPermissioned: false,
      controlKeys: l1.subnetOwnershipInfo.addresses.map((address) => ({ address })),
      threshold: l1.subnetOwnershipInfo.threshold,
      locktime: String(l1.subnetOwnershipInfo.locktime),
      transformationTxId: elastic.subnetId === l1.subnetId ? elastic.txHash : null,
      conversionId: derivedId(`conversion:${l1.l1ConversionTransactionHash}`),
      managerChainId: manager.blockchainId,
      managerAddress: manager.contractAddress.toLowerCase(),
      blockchainIds: l1.blockchains.map((b) => b.blockchainId),
    });
    const primary = world.subnets.find((s) => s.subnetId === PRIMARY_NETWORK_ID)!;
    expect(pChain.primary).toEqual({
      subnetId: PRIMARY_NETWORK_ID,
      isPermissioned: null,
      controlKeys: null,
      blockchainIds: primary.blockchains.map((b) => b.blockchainId).filter((id) => id !== p),
    });
    expect(pChain.none).toBeNull();
    expect(subnet.pChain).toEqual({
      isPermissioned: true,
      threshold: permissioned.subnetOwnershipInfo.threshold,
      controlKeys: permissioned.subnetOwnershipInfo.addresses.map((address) => ({ address })),
      minStake: null,
    });
    expect(blockchain.validatedBy).toEqual({ subnetId: l1.subnetId, managerAddress: manager.contractAddress.toLowerCase() });
    const calls = nodeCalls();
    expect(calls.find((b) => b.method === 'platform.validatedBy')?.params).toEqual({ blockchainID: l1.blockchains[0]!.blockchainId });
    // The Primary Network is no subnet to the node: no getSubnet for it.
    expect(calls.filter((b) => b.method === 'platform.getSubnet').map((b) => b.params.subnetID)).not.toContain(PRIMARY_NETWORK_ID);
  });

  it('lists subnets by id with the deprecated platform.getSubnets, owners only while permissioned', async () => {
    const res = await h.raw<any>(`{ network { pChain {
      subnets(subnetIds: ["${permissioned.subnetId}", "${elastic.subnetId}", "${derivedId('no such subnet')}"]) { subnetId threshold controlKeys { address } }
    } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.network.pChain.subnets).toEqual([
      {
        subnetId: permissioned.subnetId,
        threshold: permissioned.subnetOwnershipInfo.threshold,
        controlKeys: permissioned.subnetOwnershipInfo.addresses.map((address) => ({ address })),
      },
      { subnetId: elastic.subnetId, threshold: 0, controlKeys: [] },
    ]);
    const bad = await h.raw<any>(
      `{ network { pChain { subnets(subnetIds: [${Array(101).fill(`"${l1.subnetId}"`).join(',')}]) { subnetId } } } }`,
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(nodeCalls().filter((b) => b.method === 'platform.getSubnets')).toHaveLength(1);
  });

  it('reads an empty `subnetIds` as the node does, every subnet, and prices it so', async () => {
    const query = 'query($ids: [CB58Id!]) { network { pChain { subnets(subnetIds: $ids) { subnetId } } } }';
    await expectEmptyIdsAsOmitted(h, query, (data) => data.network.pChain.subnets);
  });
});

describe('validator sets at a height', () => {
  it("reads a subnet's set at a height and at the proposed height, and every set at once", async () => {
    const early = node.platform.blocks.find((b) => validatorSetsAt(world, b.time).get(PRIMARY_NETWORK_ID)?.length)!;
    const proposed = node.platform.blocks[last.height - 1]!;
    const res = await h.raw<any>(`{ network {
      pChain {
        early: validatorsAt(height: "${early.height}") { nodeId weight publicKey }
        l1Now: validatorsAt(subnetId: "${l1.subnetId}") { nodeId weight publicKey }
        all: allValidatorsAt(height: "${proposed.height}") { subnetId totalWeight validators { publicKey weight nodeIds } }
      }
      subnet(subnetId: "${l1.subnetId}") { validatorsAt(height: "${proposed.height}") { nodeId weight } }
    } }`);
    expect(res.errors).toBeUndefined();
    const { pChain, subnet } = res.data.network;
    const set = (time: number, subnet: string) =>
      validatorSetsAt(world, time)
        .get(subnet)!
        .map((v) => ({ nodeId: v.nodeId, weight: String(v.weight), publicKey: v.publicKey }));
    expect(pChain.early).toEqual(set(early.time, PRIMARY_NETWORK_ID));
    expect(pChain.l1Now).toEqual(set(proposed.time, l1.subnetId));
    expect(subnet.validatorsAt).toEqual(set(proposed.time, l1.subnetId).map(({ nodeId, weight }) => ({ nodeId, weight })));
    const sets = validatorSetsAt(world, proposed.time);
    expect(pChain.all.map((s: any) => s.subnetId)).toEqual([...sets.keys()].sort());
    for (const s of pChain.all) {
      const vs = sets.get(s.subnetId)!;
      expect(s.totalWeight).toBe(String(vs.reduce((sum, v) => sum + v.weight, 0n)));
      expect(s.validators.flatMap((v: any) => v.nodeIds).sort()).toEqual(
        vs
          .filter((v) => v.publicKey)
          .map((v) => v.nodeId)
          .sort(),
      );
    }
    const heights = nodeCalls()
      .filter((b) => b.method === 'platform.getValidatorsAt' || b.method === 'platform.getAllValidatorsAt')
      .map((b) => [b.method, b.params.height, b.params.subnetID]);
    expect(heights).toContainEqual(['platform.getValidatorsAt', 'proposed', l1.subnetId]);
    expect(heights).toContainEqual(['platform.getValidatorsAt', String(early.height), PRIMARY_NETWORK_ID]);
  });

  it("fails with the node's error for a height the chain has not reached", async () => {
    const res = await h.raw<any>(`{ network { pChain { validatorsAt(height: "${last.height + 1000}") { nodeId } } } }`);
    expect(res.data.network.pChain.validatorsAt).toBeNull();
    expect(res.errors?.[0]?.message).toMatch(/unfinalized height/);
  });

  it('samples distinct current validators, refusing a size out of bounds before any call', async () => {
    const res = await h.raw<any>(
      `{ network { pChain { sampleValidators(size: 3) l1: sampleValidators(size: 1, subnetId: "${l1.subnetId}") } } }`,
    );
    expect(res.errors).toBeUndefined();
    const current = validatorSetsAt(world, last.time);
    const primary = new Set(current.get(PRIMARY_NETWORK_ID)!.map((v) => v.nodeId));
    const sample: string[] = res.data.network.pChain.sampleValidators;
    expect(new Set(sample).size).toBe(3);
    for (const id of sample) expect(primary.has(id)).toBe(true);
    expect(current.get(l1.subnetId)!.map((v) => v.nodeId)).toContain(res.data.network.pChain.l1[0]);
    const before = nodeCalls().length;
    const bad = await h.raw<any>('{ network { pChain { sampleValidators(size: 70000) } } }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(nodeCalls()).toHaveLength(before);
  });
});

describe('transactions', () => {
  it('reads a transaction by id with its status, and the status of one the node never saw', async () => {
    const tx = world.transactions.p.find((t) => t.txType === 'AddPermissionlessValidatorTx')!;
    const unknown = derivedId('never issued');
    const res = await h.raw<any>(`{ network { pChain {
      transaction(txId: "${tx.txHash}") { txId networkId unsignedTx status { status reason } transaction { txType } }
      none: transaction(txId: "${unknown}") { txId }
      txStatus(txId: "${unknown}") { status reason }
    } } }`);
    expect(res.errors).toBeUndefined();
    const c = res.data.network.pChain;
    expect(c.transaction).toMatchObject({ txId: tx.txHash, networkId: 1, status: { status: 'COMMITTED', reason: null } });
    expect(c.transaction.transaction.txType).toBe('AddPermissionlessValidatorTx');
    expect(c.transaction.unsignedTx.validator.nodeID).toBe(tx.nodeId);
    expect(c.none).toBeNull();
    expect(c.txStatus).toEqual({ status: 'UNKNOWN', reason: null });
    const calls = nodeCalls();
    expect(calls.find((b) => b.method === 'platform.getTx')?.params).toEqual({ txID: tx.txHash, encoding: 'json' });
  });

  it('reads an L1 validator by validation id, null for one that is not current', async () => {
    const v = world.l1Validators.find((x) => x.active && x.weight > 0)!;
    const res = await h.raw<any>(`{ network { pChain {
      l1Validator(validationId: "${v.validationId}") { nodeId validationId weight balance }
      gone: l1Validator(validationId: "${derivedId('no validation')}") { nodeId }
    } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data.network.pChain.l1Validator).toEqual({
      nodeId: v.nodeId,
      validationId: v.validationId,
      weight: String(v.weight),
      balance: String(v.remainingBalance),
    });
    expect(res.data.network.pChain.gone).toBeNull();
  });
});

describe("an address's UTXOs, stake and rewards from the node", () => {
  it('pages its P-Chain UTXOs to the end, each once, as the node holds them', async () => {
    const set = node.utxos(p, p);
    const [, utxos] = [...set.byAddress].find(([, list]) => list.length >= 5 && list.every((u) => u.owners.length === 1))!;
    const address = utxos[0]!.owners[0]!;
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const res: any = await h.raw<any>(
        `query($a: AvalancheAddress!, $after: String) { network { address(address: $a) { pChainNodeUtxos(first: 2, after: $after) { nodes { utxoId txId amount addresses { address } bytes } pageInfo { hasNextPage endCursor } } } } }`,
        { a: address, after },
      );
      expect(res.errors).toBeUndefined();
      const conn = res.data.network.address.pChainNodeUtxos;
      for (const n of conn.nodes) {
        expect(n.addresses).toEqual([{ address }]);
        expect(decodeHexWithChecksum(n.bytes).length).toBeGreaterThan(0);
        seen.push(n.utxoId);
      }
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(seen.sort()).toEqual(utxos.map((u) => u.id).sort());
    const calls = nodeCalls().filter((b) => b.method === 'platform.getUTXOs');
    expect(calls[0]!.params).toEqual({ addresses: [`P-${address}`], limit: 2, encoding: 'hex' });
    expect(calls[1]!.params.startIndex).toBeDefined();
  });

  it("reads its stake and balance, and a staking transaction's reward UTXOs", async () => {
    const staking = world.transactions.p.find(
      (t) =>
        t.txType === 'AddPermissionlessValidatorTx' && t.endTimestamp! > TIMELINE.now && t.emittedUtxos.some((u) => u.utxoType === 'STAKE'),
    )!;
    const stake = staking.emittedUtxos.find((u) => u.utxoType === 'STAKE')!;
    const reward = world.rewards[0]!;
    const res = await h.raw<any>(`{ network {
      staker: address(address: "${stake.addresses[0]}") { pChainNodeStake { amounts { assetId amount } outputs } pChainNodeBalance { utxoCount } }
      pChain { rewardUtxos(txId: "${reward.txHash}") { txId outputIndex amount addresses { address } } none: rewardUtxos(txId: "${derivedId('no reward')}") { txId } }
      transaction(chain: P_CHAIN, txHash: "${reward.txHash}") { ... on PChainTransaction { nodeRewardUtxos { amount } } }
    } }`);
    expect(res.errors).toBeUndefined();
    const { staker, pChain, transaction } = res.data.network;
    const mine = world.transactions.p
      .filter((t) => t.txType.startsWith('Add') && t.txType !== 'AddSubnetValidatorTx' && t.endTimestamp! > TIMELINE.now)
      .flatMap((t) =>
        t.emittedUtxos.filter(
          (u) => u.utxoType === 'STAKE' && u.consumedOnChainId === p && u.addresses.length === 1 && u.addresses[0] === stake.addresses[0],
        ),
      );
    expect(staker.pChainNodeStake.amounts).toEqual([
      { assetId: world.avaxAssetId, amount: String(mine.reduce((s, u) => s + BigInt(u.amount), 0n)) },
    ]);
    expect(staker.pChainNodeStake.outputs).toHaveLength(mine.length);
    expect(typeof staker.pChainNodeBalance.utxoCount).toBe('number');
    const rewards = world.rewards.filter((r) => r.txHash === reward.txHash).sort((a, b) => a.outputIndex - b.outputIndex);
    expect(pChain.rewardUtxos).toEqual(
      rewards.map((r) => ({
        txId: r.txHash,
        outputIndex: r.outputIndex,
        amount: r.reward.amount,
        addresses: r.addresses.map((address) => ({ address })),
      })),
    );
    expect(pChain.none).toEqual([]);
    expect(transaction.nodeRewardUtxos.map((u: any) => u.amount)).toEqual(rewards.map((r) => r.reward.amount));
    const calls = nodeCalls();
    expect(calls.find((b) => b.method === 'platform.getStake')?.params).toEqual({
      addresses: [`P-${stake.addresses[0]}`],
      encoding: 'hex',
    });
    expect(calls.find((b) => b.method === 'platform.getRewardUTXOs')?.params).toEqual({ txID: reward.txHash, encoding: 'hex' });
  });

  it('refuses an EVM address before any call', async () => {
    const before = nodeCalls().length;
    const res = await h.raw<any>(
      `{ network { address(address: "0x${'ab'.repeat(20)}") { pChainNodeUtxos { nodes { utxoId } } pChainNodeStake { outputs } } } }`,
    );
    expect(res.errors?.map((e: any) => e.extensions?.code)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(nodeCalls()).toHaveLength(before);
  });
});
