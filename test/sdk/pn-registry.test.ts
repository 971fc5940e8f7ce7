/**
 * The official Data API SDK (@avalanche-sdk/chainkit) parses the sandbox's answers for every
 * operation of the staking and registry area (and the operator's): pointed at the sandbox, each
 * call returns a value of its documented type, not a validation error. What the SDK cannot parse
 * a real client could not either.
 */
import { AvalancheCore } from '@avalanche-sdk/chainkit/core.js';
import { avaxSupplyGet } from '@avalanche-sdk/chainkit/funcs/avaxSupplyGet.js';
import { dataIcmGet } from '@avalanche-sdk/chainkit/funcs/dataIcmGet.js';
import { dataPrimaryNetworkGetBlockchainById } from '@avalanche-sdk/chainkit/funcs/dataPrimaryNetworkGetBlockchainById.js';
import { dataPrimaryNetworkGetNetworkDetails } from '@avalanche-sdk/chainkit/funcs/dataPrimaryNetworkGetNetworkDetails.js';
import { dataPrimaryNetworkGetSubnetById } from '@avalanche-sdk/chainkit/funcs/dataPrimaryNetworkGetSubnetById.js';
import { dataPrimaryNetworkGetValidatorDetails } from '@avalanche-sdk/chainkit/funcs/dataPrimaryNetworkGetValidatorDetails.js';
import { dataPrimaryNetworkListBlockchains } from '@avalanche-sdk/chainkit/funcs/dataPrimaryNetworkListBlockchains.js';
import { dataPrimaryNetworkListDelegators } from '@avalanche-sdk/chainkit/funcs/dataPrimaryNetworkListDelegators.js';
import { dataPrimaryNetworkListValidators } from '@avalanche-sdk/chainkit/funcs/dataPrimaryNetworkListValidators.js';
import { dataPrimaryNetworkRewardsListPendingRewards } from '@avalanche-sdk/chainkit/funcs/dataPrimaryNetworkRewardsListPendingRewards.js';
import { describe, expect, it } from 'vitest';
import { PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import { getEvmWorld } from '../../sandbox/world/evm.js';
import { getStakingWorld } from '../../sandbox/world/validators.js';
import { getWorld } from '../../sandbox/world/world.js';
import { loopbackOnly } from '../helpers/chainkit.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const world = getWorld('mainnet');
const staking = getStakingWorld('mainnet');
// No telemetry: the SDK would otherwise post every call to its vendor's analytics.
const sdk = () =>
  new AvalancheCore({
    serverURL: sandbox.dataApiUrl,
    apiKey: 'sdk-key',
    network: 'mainnet',
    enableTelemetry: false,
    httpClient: loopbackOnly(),
  });
/** Each operation has a server list of its own, which wins over the client's `serverURL`: every call names the sandbox. */
const at = () => ({ serverURL: sandbox.dataApiUrl, retries: { strategy: 'none' as const } });

/** A Result's value, failing the test with the SDK's own error when it could not parse. */
function parsed<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw result.error;
  return result.value;
}

describe('the Data API SDK parses the sandbox: staking and the registry', () => {
  it('listValidators, getSingleValidatorDetails (every status of validation)', async () => {
    const list = parsed(await dataPrimaryNetworkListValidators(sdk(), { pageSize: 100 }, at()));
    const validators = list.result.validators;
    expect(new Set(validators.map((v) => v.validationStatus))).toEqual(new Set(['active', 'completed', 'removed']));
    const active = staking.validators.find((v) => v.validationStatus === 'active' && v.subnetId === PRIMARY_NETWORK_ID)!;
    const one = parsed(await dataPrimaryNetworkGetValidatorDetails(sdk(), { nodeId: active.nodeId, pageSize: 10 }, at()));
    expect(one.result.validators.map((v) => v.txHash)).toContain(active.txHash);
  });

  it('listDelegators, listPendingPrimaryNetworkRewards', async () => {
    const delegators = parsed(await dataPrimaryNetworkListDelegators(sdk(), { pageSize: 100 }, at())).result.delegators;
    expect(delegators.length).toBe(Math.min(100, staking.delegators.length));
    const pending = staking.pendingRewards[0]!;
    const rewards = parsed(await dataPrimaryNetworkRewardsListPendingRewards(sdk(), { nodeIds: pending.nodeId }, at())).result
      .pendingRewards;
    expect(rewards.map((r) => r.txHash)).toContain(pending.txHash);
  });

  it('getNetworkDetails, getAvaxSupply', async () => {
    const details = parsed(await dataPrimaryNetworkGetNetworkDetails(sdk(), {}, at()));
    expect(details.validatorDetails.validatorCount).toBe(staking.details.validatorDetails.validatorCount);
    const supply = parsed(await avaxSupplyGet(sdk(), at()));
    expect(supply.totalSupply).toBe(staking.supply.totalSupply);
  });

  it('listBlockchains, getBlockchainById, getSubnetById, getIcmMessage', async () => {
    const chains = parsed(await dataPrimaryNetworkListBlockchains(sdk(), { pageSize: 10_000 }, at())).result.blockchains;
    expect(chains.length).toBe(world.subnets.flatMap((s) => s.blockchains).length);
    const chain = chains[0]!;
    expect(parsed(await dataPrimaryNetworkGetBlockchainById(sdk(), { blockchainId: chain.blockchainId }, at())).blockchainId).toBe(
      chain.blockchainId,
    );
    const subnet = world.subnets[0]!;
    expect(parsed(await dataPrimaryNetworkGetSubnetById(sdk(), { subnetId: subnet.subnetId }, at())).subnetId).toBe(subnet.subnetId);
    const message = getEvmWorld('mainnet').icm[0]!;
    expect(parsed(await dataIcmGet(sdk(), { messageId: message.messageId }, at())).messageId).toBe(message.messageId);
  });
});
