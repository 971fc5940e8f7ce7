/**
 * Staking and the network's registry (src/graph/staking.ts, network-details.ts, and the lookups by
 * id in subnet.ts, blockchain.ts and icm.ts): validators, one node's validations, delegators,
 * pending rewards, the network's figures and supply, blockchains, one subnet, one blockchain and
 * one ICM message, each checked against the sandbox's world and the upstream call it made.
 */
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { feeSeries, stakingSeries, validationsOf } from '../../sandbox/world/metrics.js';
import { getStakingWorld } from '../../sandbox/world/validators.js';
import { getWorld } from '../../sandbox/world/world.js';
import { codes, type Page, useHarness, walk } from '../helpers/harness.js';

const h = useHarness();
const world = getWorld('mainnet');
const staking = getStakingWorld('mainnet');
const newestFirst = <T>(items: readonly T[]) => [...items].reverse();
/** A mainnet address written for Fuji: valid bech32, of the other network. */
const fujiAddress = bech32.encode('fuji', bech32.decode(world.addresses[0] as `${string}1${string}`).words);
const calls = (operation: string) => h.sandbox.log.filter((r) => r.operation === operation);

type Data = Record<string, any>;

async function data(query: string, variables?: Record<string, unknown>): Promise<Data> {
  const res = await h.raw<Data>(query, variables);
  expect(res.errors).toBeUndefined();
  return res.data!;
}

/** An active Primary Network validation with delegators: the journey's start. */
const busy = staking.validators.find(
  (v) => v.validationStatus === 'active' && v.subnetId === PRIMARY_NETWORK_ID && (v.delegatorCount ?? 0) > 0,
)!;
/** A completed one whose delegators were paid. */
const paid = staking.validators.find(
  (v) =>
    v.validationStatus === 'completed' &&
    (v.delegatorCount ?? 0) > 0 &&
    staking.delegators.some((d) => d.nodeId === v.nodeId && d.delegationStatus === 'completed'),
)!;

describe('validators', () => {
  it('lists active validations of the Primary Network, paged to the end, with the filters sent as the spec names them', async () => {
    const Q = `query($after: String) { network { validators(first: 2, after: $after, validationStatus: ACTIVE, subnetId: "${PRIMARY_NETWORK_ID}", sortBy: UPTIME_PERFORMANCE, sortOrder: ASC, minUptimePerformance: 0) {
      pageInfo { hasNextPage endCursor } nodes { id nodeId txHash validationStatus uptimePerformance } } } }`;
    const got = await walk(async (after) => (await data(Q, { after })).network.validators as Page<Data>);
    const want = staking.validators
      .filter((v) => v.validationStatus === 'active' && v.subnetId === PRIMARY_NETWORK_ID)
      .sort((a, b) => a.uptimePerformance! - b.uptimePerformance!);
    expect(got.map((v) => v.txHash)).toEqual(want.map((v) => v.txHash));
    expect(got.every((v) => v.validationStatus === 'ACTIVE')).toBe(true);
    expect(calls('listValidators')[0]!.query).toEqual(
      expect.arrayContaining([
        ['pageSize', '2'],
        ['validationStatus', 'active'],
        ['subnetId', PRIMARY_NETWORK_ID],
        ['sortBy', 'uptimePerformance'],
        ['sortOrder', 'asc'],
        ['minUptimePerformance', '0'],
      ]),
    );
  });

  it('journey: the Primary Network validators → their stake, uptime and fee metrics (Metrics API) → their rewards, in one request', async () => {
    const d = await data(`{ network {
      subnet(subnetId: "${PRIMARY_NETWORK_ID}") { stakingMetrics(metric: VALIDATOR_WEIGHT, first: 3) { nodes { timestamp value } } }
      validators(first: 20, subnetId: "${PRIMARY_NETWORK_ID}") { nodes {
        nodeId txHash amountStaked uptimePerformance
        feeMetrics(metric: PER_NODE_CUMULATIVE_FEES_PAID) { timestamp value }
        rewards { validationRewardAmount delegationRewardAmount rewardTxHash }
        rewardHistory(first: 100) { nodes { utxoId } }
      } }
    } }`);
    const want = newestFirst(staking.validators.filter((v) => v.subnetId === PRIMARY_NETWORK_ID)).slice(0, 20);
    const got = d.network.validators.nodes as Data[];
    expect(got.map((v) => v.txHash)).toEqual(want.map((v) => v.txHash));
    expect(d.network.subnet.stakingMetrics.nodes).toEqual(
      stakingSeries('mainnet', 'avalanche', PRIMARY_NETWORK_ID, 'validatorWeight').slice(0, 3),
    );
    const l1 = [...validationsOf('mainnet', 'avalanche'), ...validationsOf('fuji', 'avalanche')];
    for (const [i, v] of got.entries()) {
      const w = want[i]!;
      expect(v).toMatchObject({ nodeId: w.nodeId, amountStaked: w.amountStaked, uptimePerformance: w.uptimePerformance ?? null });
      expect(v.feeMetrics).toEqual(
        feeSeries(
          l1.filter((x) => x.nodeId === w.nodeId),
          'cumulative',
        ),
      );
      expect(v.rewards?.rewardTxHash).toBe(w.rewards?.rewardTxHash);
      expect(v.rewards?.validationRewardAmount).toBe(w.rewards?.validationRewardAmount);
      expect(v.rewardHistory.nodes.map((r: Data) => r.utxoId).sort()).toEqual(
        world.rewards
          .filter((r) => r.nodeId === w.nodeId)
          .map((r) => r.utxoId)
          .sort(),
      );
    }
    // The journey reaches validators whose nodes paid L1 fees, that measure an uptime, and that were paid.
    expect(got.filter((v) => v.feeMetrics.length > 0).length).toBeGreaterThan(0);
    expect(got.filter((v) => v.uptimePerformance !== null).length).toBeGreaterThan(0);
    expect(got.filter((v) => v.rewards !== null && v.rewardHistory.nodes.length > 0).length).toBeGreaterThan(0);
    const nodes = new Set(want.map((v) => v.nodeId));
    const byNode = calls('getMetricsByNodeId');
    expect(new Set(byNode.map((c) => c.path))).toEqual(
      new Set([...nodes].map((n) => `/v2/validator/${n}/metrics/perNodeCumulativeFeesPaid`)),
    );
    expect(byNode.length).toBe(nodes.size);
    expect(calls('getStakingMetrics')[0]!.path).toBe('/v2/networks/mainnet/metrics/validatorWeight');
    expect(calls('getStakingMetrics')[0]!.query).toContainEqual(['subnetId', PRIMARY_NETWORK_ID]);
    expect(calls('listValidators')[0]!.query).toEqual(
      expect.arrayContaining([
        ['pageSize', '20'],
        ['subnetId', PRIMARY_NETWORK_ID],
      ]),
    );
    expect(calls('listHistoricalPrimaryNetworkRewards').length).toBeGreaterThan(0);
  });

  it("finds a node's newest validation and its whole history, with details, health and stake", async () => {
    const d = await data(`{ network {
      validator(nodeId: "${busy.nodeId}", validationStatus: ACTIVE) {
        nodeId txHash amountStaked delegationFee stakePercentage delegatorCount amountDelegated uptimePerformance avalancheGoVersion
        delegationCapacity potentialRewards { validationRewardAmount delegationRewardAmount rewardAddresses { address } }
        validatorHealth { reachabilityPercent } geolocation { countryCode } blsCredentials { publicKey } isPrimaryNetwork
        subnet { subnetId isPrimaryNetwork }
      }
      validatorHistory(nodeId: "${busy.nodeId}", first: 100) { nodes { txHash validationStatus } }
      nobody: validator(nodeId: "NodeID-111111111111111111116DBWJs") { txHash }
    } }`);
    const v = d.network.validator;
    expect(v).toMatchObject({
      nodeId: busy.nodeId,
      txHash: busy.txHash,
      amountStaked: busy.amountStaked,
      delegationFee: Number(busy.delegationFee),
      stakePercentage: busy.stakePercentage,
      delegatorCount: busy.delegatorCount,
      amountDelegated: busy.amountDelegated,
      uptimePerformance: busy.uptimePerformance,
      avalancheGoVersion: busy.avalancheGoVersion,
      delegationCapacity: busy.delegationCapacity,
      validatorHealth: { reachabilityPercent: busy.validatorHealth!.reachabilityPercent },
      geolocation: { countryCode: busy.geolocation!.countryCode },
      isPrimaryNetwork: true,
      subnet: { subnetId: PRIMARY_NETWORK_ID, isPrimaryNetwork: true },
    });
    expect(v.potentialRewards.rewardAddresses.map((a: Data) => a.address)).toEqual(busy.potentialRewards!.rewardAddresses);
    expect(d.network.validatorHistory.nodes.map((n: Data) => n.txHash)).toEqual(
      newestFirst(staking.validators.filter((x) => x.nodeId === busy.nodeId)).map((x) => x.txHash),
    );
    expect(d.network.nobody).toBeNull();
    const single = calls('getSingleValidatorDetails');
    expect(single.map((c) => c.path)).toContain(`/v1/networks/mainnet/validators/${busy.nodeId}`);
    expect(single.some((c) => c.status === 404)).toBe(true);
    // The validator's subnet is one getSubnetById call, not the whole subnet listing.
    expect(calls('getSubnetById').map((c) => c.path)).toEqual([`/v1/networks/mainnet/subnets/${PRIMARY_NETWORK_ID}`]);
    expect(calls('listSubnets')).toEqual([]);
  });

  it('is found again by its global id, and so is a delegator', async () => {
    const first = await data(
      `{ network { validator(nodeId: "${busy.nodeId}") { id txHash delegators(first: 1) { nodes { id txHash } } } } }`,
    );
    const { id, txHash } = first.network.validator;
    const delegator = first.network.validator.delegators.nodes[0];
    const again = await data(
      `{ v: node(id: "${id}") { ... on Validator { txHash nodeId } } d: node(id: "${delegator.id}") { ... on Delegator { txHash nodeId } } }`,
    );
    expect(again.v).toEqual({ txHash, nodeId: busy.nodeId });
    expect(again.d).toEqual({ txHash: delegator.txHash, nodeId: busy.nodeId });
  });
});

describe('delegators', () => {
  it('journey: a validator by node id → its delegators → their rewards, in one request', async () => {
    const d = await data(`{ network { validator(nodeId: "${paid.nodeId}", validationStatus: COMPLETED) {
      txHash rewards { validationRewardAmount delegationRewardAmount rewardTxHash }
      delegators(first: 50, delegationStatus: COMPLETED) { nodes {
        txHash netReward grossReward rewardAddresses { address }
        validator { txHash }
        rewards(first: 50) { nodes { utxoId rewardType nodeId txHash reward { amount } } }
      } }
      rewardHistory(first: 100) { nodes { utxoId } }
    } } }`);
    const v = d.network.validator;
    expect(v.rewards.rewardTxHash).toBe(paid.rewards!.rewardTxHash);
    const mine = newestFirst(staking.delegators.filter((x) => x.nodeId === paid.nodeId && x.delegationStatus === 'completed'));
    expect(v.delegators.nodes.map((n: Data) => n.txHash)).toEqual(mine.map((x) => x.txHash));
    for (const node of v.delegators.nodes) {
      const want = mine.find((x) => x.txHash === node.txHash)!;
      expect(node.netReward).toBe(want.netReward);
      expect(node.rewardAddresses.map((a: Data) => a.address)).toEqual(want.rewardAddresses);
      // Its own reward is among the rewards paid to its addresses for stakes on the node.
      const own = world.rewards.filter((r) => r.txHash === node.txHash && r.rewardType === 'DELEGATOR');
      expect(node.rewards.nodes.map((r: Data) => r.utxoId)).toEqual(expect.arrayContaining(own.map((r) => r.utxoId)));
      expect(own.reduce((s, r) => s + BigInt(r.reward.amount), 0n)).toBe(BigInt(want.netReward!));
      if (node.validator) expect(node.validator.txHash).toBe(paid.txHash);
    }
    expect(v.rewardHistory.nodes.map((r: Data) => r.utxoId).sort()).toEqual(
      world.rewards
        .filter((r) => r.nodeId === paid.nodeId)
        .map((r) => r.utxoId)
        .sort(),
    );
    expect(calls('listDelegators')[0]!.query).toEqual(
      expect.arrayContaining([
        ['nodeIds', paid.nodeId],
        ['delegationStatus', 'completed'],
      ]),
    );
    expect(calls('listHistoricalPrimaryNetworkRewards').length).toBeGreaterThan(0);
  });

  it("lists an address's delegations and pending rewards, and a network's delegators by reward address", async () => {
    const delegation = staking.delegators.find((x) => x.delegationStatus === 'active')!;
    const address = delegation.rewardAddresses[0]!;
    const d = await data(`{ network {
      address(address: "P-${address}") {
        delegations(first: 100) { nodes { txHash delegationStatus estimatedNetReward } }
        pendingRewards(first: 100) { nodes { txHash rewardType progress estimatedReward { amount symbol } addresses { address } } }
      }
      delegators(rewardAddresses: ["${address}"], first: 100) { nodes { txHash } }
    } }`);
    const mine = newestFirst(staking.delegators.filter((x) => x.rewardAddresses.includes(address)));
    expect(d.network.address.delegations.nodes.map((n: Data) => n.txHash)).toEqual(mine.map((x) => x.txHash));
    expect(d.network.delegators.nodes.map((n: Data) => n.txHash)).toEqual(mine.map((x) => x.txHash));
    const pending = newestFirst(staking.pendingRewards.filter((r) => r.addresses.includes(address)));
    expect(d.network.address.pendingRewards.nodes.map((n: Data) => n.txHash)).toEqual(pending.map((r) => r.txHash));
    expect(d.network.address.pendingRewards.nodes[0].estimatedReward.amount).toBe(pending[0]!.estimatedReward.amount);
    expect(calls('listDelegators').map((c) => c.query)).toContainEqual(expect.arrayContaining([['rewardAddresses', address]]));
    expect(calls('listPendingPrimaryNetworkRewards')[0]!.path).toBe('/v1/networks/mainnet/rewards:listPending');
  });

  it("pages a node's pending rewards to the end", async () => {
    const Q = `query($after: String) { network { pendingRewards(nodeIds: ["${busy.nodeId}"], first: 1, after: $after) { pageInfo { hasNextPage endCursor } nodes { txHash rewardType } } } }`;
    const got = await walk(async (after) => (await data(Q, { after })).network.pendingRewards as Page<Data>);
    const want = newestFirst(staking.pendingRewards.filter((r) => r.nodeId === busy.nodeId));
    expect(got.map((r) => `${r.txHash}:${r.rewardType}`)).toEqual(want.map((r) => `${r.txHash}:${r.rewardType}`));
    expect(want.length).toBeGreaterThan(1);
  });
});

describe('the network', () => {
  it('gives its staking figures and the AVAX supply (mainnet only)', async () => {
    const d =
      await data(`{ network { details { validatorDetails { validatorCount totalAmountStaked stakingRatio stakingDistributionByVersion { version validatorCount } } delegatorDetails { delegatorCount totalAmountStaked } }
      avaxSupply { circulatingSupply totalSupply totalStaked totalRewards l1ValidatorFees lastUpdated } }
      fuji: network(name: FUJI) { avaxSupply { totalSupply } } }`);
    expect(d.network.details.validatorDetails).toMatchObject({
      validatorCount: staking.details.validatorDetails.validatorCount,
      totalAmountStaked: staking.details.validatorDetails.totalAmountStaked,
      stakingRatio: Number(staking.details.validatorDetails.stakingRatio),
    });
    expect(d.network.details.delegatorDetails).toEqual(staking.details.delegatorDetails);
    expect(d.network.avaxSupply).toMatchObject({ totalSupply: staking.supply.totalSupply, totalStaked: staking.supply.totalStaked });
    expect(d.fuji.avaxSupply).toBeNull();
    expect(calls('getNetworkDetails').map((c) => c.path)).toEqual(['/v1/networks/mainnet']);
    expect(calls('getAvaxSupply').map((c) => c.path)).toEqual(['/v1/avax/supply']);
  });

  it('pages every blockchain; finds one blockchain and one subnet in the listing, and asks by id for what it lacks', async () => {
    const chains = world.subnets.flatMap((s) => s.blockchains);
    const Q = `query($after: String) { network { blockchains(first: 40, after: $after, sortOrder: ASC) { pageInfo { hasNextPage endCursor } nodes { blockchainId } } } }`;
    const got = await walk(async (after) => (await data(Q, { after })).network.blockchains as Page<Data>);
    expect(got.map((b) => b.blockchainId).sort()).toEqual(chains.map((b) => b.blockchainId).sort());
    expect(calls('listBlockchains')[0]!.query).toEqual(expect.arrayContaining([['sortOrder', 'asc']]));
    h.sandbox.reset();
    const subnet = world.subnets.find((s) => s.subnetId !== PRIMARY_NETWORK_ID && s.blockchains.length > 0)!;
    const chain = subnet.blockchains[0]!;
    const d = await data(`{ network {
      subnet(subnetId: "${subnet.subnetId}") { subnetId blockchains { blockchainId } }
      blockchain(blockchainId: "${chain.blockchainId}") { blockchainName subnet { subnetId } }
      noSubnet: subnet(subnetId: "${chain.blockchainId}") { subnetId }
      noChain: blockchain(blockchainId: "${subnet.subnetId}") { blockchainId }
    } }`);
    expect(d.network.subnet).toEqual({
      subnetId: subnet.subnetId,
      blockchains: subnet.blockchains.map((b) => ({ blockchainId: b.blockchainId })),
    });
    expect(d.network.blockchain).toEqual({ blockchainName: chain.blockchainName, subnet: { subnetId: subnet.subnetId } });
    expect(d.network.noSubnet).toBeNull();
    expect(d.network.noChain).toBeNull();
    // Both found in the one subnet listing; what it lacks is asked for by id, in case it is newer.
    expect(calls('listSubnets')).toHaveLength(1);
    expect(calls('getBlockchainById').map((c) => [c.path, c.status])).toEqual([
      [`/v1/networks/mainnet/blockchains/${subnet.subnetId}`, 404],
    ]);
    expect(calls('getSubnetById').map((c) => [c.path, c.status])).toEqual([[`/v1/networks/mainnet/subnets/${chain.blockchainId}`, 404]]);
  });

  it('finds one ICM message by id on its network, and none on the other', async () => {
    const message = getEvmWorld('mainnet').icm[0]!;
    const d = await data(`{ network { icmMessage(messageId: "${message.messageId}") { messageId status from to } }
      fuji: network(name: FUJI) { icmMessage(messageId: "${message.messageId}") { messageId } }
      missing: network { icmMessage(messageId: "${'ab'.repeat(32)}") { messageId } } }`);
    expect(d.network.icmMessage).toMatchObject({ messageId: message.messageId, from: message.from, to: message.to });
    expect(d.fuji.icmMessage).toBeNull();
    expect(d.missing.icmMessage).toBeNull();
    expect(calls('getIcmMessage').map((c) => c.path)).toContain(`/v1/icm/messages/${message.messageId}`);
  });
});

describe('bad input, refused before any upstream call', () => {
  it.each([
    [
      'pending rewards without addresses or nodeIds',
      '{ network { pendingRewards { nodes { txHash } } } }',
      /need `addresses` or `nodeIds`/,
    ],
    ['a fee percent below 2', '{ network { validators(minFeePercentage: 1) { nodes { txHash } } } }', /minFeePercentage/],
    ['an uptime above 100', '{ network { validators(maxUptimePerformance: 100.5) { nodes { txHash } } } }', /maxUptimePerformance/],
    ['min above max', '{ network { validators(minTimeRemaining: 10, maxTimeRemaining: 5) { nodes { txHash } } } }', /minTimeRemaining/],
    [
      'a capacity past the bound',
      '{ network { validators(minDelegationCapacity: "720000000000000001") { nodes { txHash } } } }',
      /minDelegationCapacity/,
    ],
    [
      'a Fuji reward address on mainnet',
      `{ network { delegators(rewardAddresses: ["${fujiAddress}"]) { nodes { txHash } } } }`,
      /not a mainnet address/,
    ],
    ['a malformed ICM message id', '{ network { icmMessage(messageId: "0x12") { messageId } } }', /messageId/],
    ['a malformed node id', '{ network { validator(nodeId: "NodeID-nope") { txHash } } }', /./],
  ])('%s', async (_name, query, message) => {
    const res = await h.raw(query);
    expect(codes(res)).toEqual(['BAD_USER_INPUT']);
    expect(res.errors![0]!.message).toMatch(message);
    expect(h.sandbox.count()).toBe(0);
  });
});
