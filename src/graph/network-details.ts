/**
 * A network as a whole, as the Data API sums it up: its staking figures (getNetworkDetails) and,
 * on mainnet, the AVAX supply (getAvaxSupply).
 */
import type { AvaxSupply, NetworkDetails } from '../upstreams/data-api/network.js';
import { getAvaxSupply, getNetworkDetails } from '../upstreams/data-api/network.js';
import { usually } from './list-sizes.js';
import { builder } from './builder.js';
import { NetworkRef } from './refs.js';

const StakeByVersionRef = builder
  .objectRef<NetworkDetails['validatorDetails']['stakingDistributionByVersion'][number]>('StakeByVersion')
  .implement({
    description: 'The active Primary Network stake of the validators running one AvalancheGo version.',
    fields: (t) => ({
      version: t.exposeString('version', { description: 'The AvalancheGo version, e.g. avalanchego/1.13.0.' }),
      amountStaked: t.expose('amountStaked', { type: 'BigInt', description: 'Their own stake, in nAVAX.' }),
      validatorCount: t.exposeInt('validatorCount', { description: 'How many validators run it.' }),
    }),
  });

const ValidatorTotalsRef = builder.objectRef<NetworkDetails['validatorDetails']>('NetworkValidatorTotals').implement({
  description: "The network's active Primary Network validators, summed.",
  fields: (t) => ({
    validatorCount: t.exposeInt('validatorCount', { description: 'Active validators.' }),
    totalAmountStaked: t.expose('totalAmountStaked', { type: 'BigInt', description: 'Their own stake, in nAVAX.' }),
    estimatedAnnualStakingReward: t.expose('estimatedAnnualStakingReward', {
      type: 'BigInt',
      description: 'What the active validations and delegations should earn, in nAVAX.',
    }),
    stakingDistributionByVersion: t.expose('stakingDistributionByVersion', {
      type: [StakeByVersionRef],
      description: 'The stake by AvalancheGo version.',
      // Ten until more were seen; 200 versions is an assumption for the most (the spec does not bound them).
      price: { items: usually('stakeByVersion', 10, 200) },
    }),
    stakingRatio: t.float({
      description: 'Active stake (validators and delegators) as a share of the current supply, from 0 to 1.',
      resolve: (d) => Number(d.stakingRatio),
    }),
  }),
});

const DelegatorTotalsRef = builder.objectRef<NetworkDetails['delegatorDetails']>('NetworkDelegatorTotals').implement({
  description: "The network's active Primary Network delegations, summed.",
  fields: (t) => ({
    delegatorCount: t.exposeInt('delegatorCount', { description: 'Active delegations.' }),
    totalAmountStaked: t.expose('totalAmountStaked', { type: 'BigInt', description: 'Their stake, in nAVAX.' }),
  }),
});

const NetworkDetailsRef = builder.objectRef<NetworkDetails>('NetworkDetails').implement({
  description: "A network's staking, summed up by the Data API.",
  fields: (t) => ({
    validatorDetails: t.expose('validatorDetails', { type: ValidatorTotalsRef, description: 'Active validators.' }),
    delegatorDetails: t.expose('delegatorDetails', { type: DelegatorTotalsRef, description: 'Active delegations.' }),
  }),
});

const avax = (description: string) => ({ description: `${description} In AVAX, as a decimal string (e.g. "454257251.71").` });

const AvaxSupplyRef = builder.objectRef<AvaxSupply>('AvaxSupply').implement({
  description: 'The AVAX supply, as the Data API accounts for it.',
  fields: (t) => ({
    circulatingSupply: t.exposeString('circulatingSupply', avax('What circulates: the total less what is staked and locked.')),
    totalSupply: t.exposeString('totalSupply', avax('Minted (genesis and rewards) less burned.')),
    totalPBurned: t.exposeString('totalPBurned', avax('Burned on the P-Chain: fees, and the L1 validator fees among them.')),
    totalCBurned: t.exposeString('totalCBurned', avax('Burned on the C-Chain (EVM and atomic transactions).')),
    totalXBurned: t.exposeString('totalXBurned', avax('Burned on the X-Chain.')),
    totalStaked: t.exposeString('totalStaked', avax('Staked now.')),
    totalLocked: t.exposeString('totalLocked', avax('Locked by a locktime.')),
    totalRewards: t.exposeString('totalRewards', avax('Paid as staking rewards.')),
    genesisUnlock: t.exposeString('genesisUnlock', avax('Unlocked at genesis.')),
    l1ValidatorFees: t.exposeString('l1ValidatorFees', avax('Paid by L1 validators as their continuous fee.')),
    lastUpdated: t.exposeString('lastUpdated', { description: 'When the Data API last computed these (ISO 8601).' }),
  }),
});

builder.objectFields(NetworkRef, (t) => ({
  details: t.field({
    type: NetworkDetailsRef,
    description: "The network's staking figures: active validators and delegations, their stake, the staking ratio.",
    price: { calls: 1, reaches: ['getNetworkDetails'] },
    resolve: (network, _args, ctx) => getNetworkDetails(ctx.dataApi, network.name),
  }),
  avaxSupply: t.field({
    type: AvaxSupplyRef,
    nullable: true,
    description:
      'The AVAX supply (circulating, total, burned per chain, staked, locked, rewards). Mainnet only: null on Fuji, which the Data API does not account.',
    price: { calls: 1, reaches: ['getAvaxSupply'] },
    resolve: (network, _args, ctx) => (network.name === 'mainnet' ? getAvaxSupply(ctx.dataApi) : null),
  }),
}));
