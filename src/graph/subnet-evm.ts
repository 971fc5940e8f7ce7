/**
 * What an EVM chain's own node endpoint says about it (/ext/bc/<id>/rpc and /validators): fee
 * config over time, chain config with precompile upgrades, active rules, and its validators with
 * uptime. The `eth_*` calls one request makes to one chain go out as one JSON-RPC batch.
 */
import type { GatewayContext } from '../graphql/context.js';
import { badInput } from '../graphql/errors.js';
import { CORETH_VM_ID, type NetworkName } from '../base/ids.js';
import { evmChainIdOf } from '../domain/chains.js';
import type { ChainConfigReply, FeeConfig, PrecompileConfig } from '../upstreams/node/subnet-evm.js';
import type { Uint } from '../upstreams/node/client.js';
import { builder } from './builder.js';
import { jsonTree, usually } from './list-sizes.js';
import { ETH_CALL } from './evm-node-reads.js';
import { entityId, keyOnlyIdDescription } from './global-id.js';
import { validatorSetItems } from './p-chain.js';
import { feeConfigFeed } from '../live/feeds.js';

import { eventValue, networkArg, openFeed, POLL_NOTE } from './subscriptions.js';
import { evmBlockArg, toNetwork } from './inputs.js';
import { checkNodeIds } from './node-common.js';
import { toSafeInt } from '../upstreams/node/client.js';
import { CB58IdScalar, NodeIdScalar } from './scalars.js';
import {
  ethFeeConfig,
  ethGetActivePrecompilesAt,
  ethGetActiveRulesAt,
  ethGetChainConfig,
  validatorsGetCurrentValidators,
} from '../upstreams/node/subnet-evm.js';
import { BlockchainRef, ChainValidatorRef, type BlockchainModel } from './refs.js';

const isEvm = (b: BlockchainModel) => evmChainIdOf(b) !== undefined;
/** Subnet-EVM and its kin serve eth_feeConfig, eth_getActiveRulesAt and the validators endpoint; coreth does not. */
const isSubnetEvm = (b: BlockchainModel) => isEvm(b) && b.vmId !== CORETH_VM_ID;

// --- fee config ---------------------------------------------------------------------------------

type FeeConfigModel = FeeConfig & { lastChangedAt?: Uint };

const FEE_FIELDS: [keyof FeeConfig, string][] = [
  ['gasLimit', 'Gas a block may use.'],
  ['targetBlockRate', 'Seconds between blocks the fee algorithm aims for.'],
  ['minBaseFee', 'The lowest base fee, in wei.'],
  ['targetGas', 'Gas per 10 s the fee algorithm aims for; more raises the base fee.'],
  ['baseFeeChangeDenominator', 'How fast the base fee moves: a larger value changes it more slowly.'],
  ['minBlockGasCost', 'The lowest block gas cost.'],
  ['maxBlockGasCost', 'The highest block gas cost.'],
  ['blockGasCostStep', 'How much the block gas cost moves per second off the target rate.'],
];

const FeeConfigRef = builder.objectRef<FeeConfigModel>('FeeConfig').implement({
  description: "A Subnet-EVM chain's fee parameters (eth_feeConfig, or the chain config's `feeConfig`).",
  fields: (t) => ({
    ...Object.fromEntries(
      FEE_FIELDS.map(([name, description]) => [name, t.field({ type: 'BigInt', description, resolve: (f) => String(f[name]) })]),
    ),
    lastChangedAt: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The block at which this config took effect (0: since genesis); only from `feeConfig`, not in a chain config.',
      resolve: (f) => (f.lastChangedAt === undefined ? null : String(f.lastChangedAt)),
    }),
  }),
});

/** A block as eth_feeConfig takes it (rpc.BlockNumberOrHash): a tag, a number or a block hash. */
const checkBlockRef = (block: string): string => evmBlockArg(block, 'block', { hash: true });

// --- precompiles and chain config ---------------------------------------------------------------

/**
 * Precompiles a chain configures or has active (its config, `activeRules`, eth_getActivePrecompilesAt),
 * one kind on every type: five until a chain of more was seen, then the most seen. One per module
 * the VM registers: Subnet-EVM registers six (the allow lists, fee and reward managers, minter,
 * Warp), so a chain with all of them passed a fixed five on every answer; a precompile-evm chain
 * adds its own, and 32 is an assumption for the most.
 */
const PRECOMPILES = usually('chainPrecompiles', 5, 32);

/**
 * Precompile upgrades a chain config lists, each enabling, reconfiguring or disabling one: five
 * until more were seen, then the most seen. Nothing bounds how many a chain schedules over its
 * life; 100 is an assumption for the most.
 */
const PRECOMPILE_UPGRADES = usually('precompileUpgrades', 5, 100);

type PrecompileModel = PrecompileConfig & { name: string };

/**
 * A precompile's entry as written (its allow lists, an initial fee config or allocation) and a
 * chain's whole config (its forks, fee config and precompiles): as large as the largest seen, and
 * until one was, at most 500 entries and 64 KiB, 2,000 entries and 256 KiB. Assumptions: a
 * genesis and its upgrades bound them, and no protocol limit is lower.
 */
const PRECOMPILE_TREE = jsonTree('precompile-config', { entries: 500, bytes: 65_536 });
const CHAIN_CONFIG_TREE = jsonTree('chain-config', { entries: 2_000, bytes: 262_144 });

const PrecompileRef = builder.objectRef<PrecompileModel>('PrecompileConfig').implement({
  description: "A stateful precompile's config: the allow list of roles, and when it activates (or is disabled).",
  fields: (t) => ({
    name: t.string({
      description: 'The config key, e.g. `feeManagerConfig`, `contractNativeMinterConfig`, `warpConfig`.',
      resolve: (p) => p.name,
    }),
    blockTimestamp: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'Unix time (s) it takes effect.',
      resolve: (p) => (p.blockTimestamp === undefined ? null : toSafeInt(p.blockTimestamp)),
    }),
    disable: t.boolean({ description: 'Whether this entry turns the precompile off.', resolve: (p) => p.disable === true }),
    adminAddresses: t.field({
      type: ['String'],
      nullable: true,
      description: 'Addresses that may change the allow list.',
      resolve: (p) => p.adminAddresses ?? null,
    }),
    managerAddresses: t.field({
      type: ['String'],
      nullable: true,
      description: 'Addresses that may manage enabled addresses.',
      resolve: (p) => p.managerAddresses ?? null,
    }),
    enabledAddresses: t.field({
      type: ['String'],
      nullable: true,
      description: 'Addresses allowed to use it.',
      resolve: (p) => p.enabledAddresses ?? null,
    }),
    config: t.field({
      type: 'JSON',
      description: 'The whole entry as the node wrote it (some precompiles add fields, e.g. an initial fee config).',
      price: PRECOMPILE_TREE,
      resolve: ({ name: _name, ...rest }) => rest,
    }),
  }),
});

/** Chain config keys that hold precompile configs: objects named `…Config` with a `blockTimestamp`. */
function precompilesOf(config: Record<string, unknown>): PrecompileModel[] {
  return Object.entries(config)
    .filter(
      ([key, value]) =>
        key.endsWith('Config') && key !== 'feeConfig' && value !== null && typeof value === 'object' && 'blockTimestamp' in value,
    )
    .map(([name, value]) => ({ ...(value as PrecompileConfig), name }));
}

/** The chain's network beside its config, under which the lengths of its lists are kept (./list-sizes.ts). */
type ChainConfigModel = { network: NetworkName; config: ChainConfigReply };

const ChainConfigRef = builder.objectRef<ChainConfigModel>('ChainConfig').implement({
  description: "An EVM chain's config as its node runs it (eth_getChainConfig), precompile upgrades included.",
  fields: (t) => ({
    chainId: t.field({
      type: 'SafeInt',
      nullable: true,
      description: 'The EVM chain id.',
      resolve: (c) => (c.config.chainId === undefined ? null : toSafeInt(c.config.chainId)),
    }),
    feeConfig: t.field({
      type: FeeConfigRef,
      nullable: true,
      description: 'The fee config of the genesis (Subnet-EVM).',
      resolve: (c) => c.config.feeConfig ?? null,
    }),
    allowFeeRecipients: t.boolean({
      nullable: true,
      description: 'Whether validators may name their own fee recipient.',
      resolve: (c) => (typeof c.config.allowFeeRecipients === 'boolean' ? c.config.allowFeeRecipients : null),
    }),
    precompiles: t.field({
      type: [PrecompileRef],
      description: 'Precompiles configured from genesis.',
      price: { items: PRECOMPILES },
      resolve: (c) => precompilesOf(c.config),
    }),
    precompileUpgrades: t.field({
      type: [PrecompileRef],
      price: { items: PRECOMPILE_UPGRADES },
      description: 'Later changes of precompiles (network upgrades), in order: each enables, reconfigures or disables one.',
      resolve: (c) => (c.config.upgrades?.precompileUpgrades ?? []).flatMap((entry) => precompilesOf(entry as Record<string, unknown>)),
    }),
    raw: t.field({
      type: 'JSON',
      description: 'The whole config as the node wrote it (fork blocks and timestamps included).',
      price: CHAIN_CONFIG_TREE,
      resolve: (c) => c.config,
    }),
  }),
});

// --- active rules --------------------------------------------------------------------------------

const RuleRef = builder.objectRef<{ name: string; active: boolean }>('ChainRule').implement({
  description: 'A fork rule and whether it is active.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The rule, e.g. `IsCancun`, `IsDurango`.' }),
    active: t.exposeBoolean('active', { description: 'Whether it is active at the time asked.' }),
  }),
});

const ActivePrecompileRef = builder.objectRef<{ name: string; timestamp: Uint }>('ActivePrecompile').implement({
  description: 'A precompile active at the time asked.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Its config key, e.g. `warpConfig`.' }),
    timestamp: t.field({ type: 'SafeInt', description: 'Unix time (s) it became active.', resolve: (p) => toSafeInt(p.timestamp) }),
  }),
});

const rules = (map: Record<string, boolean> | undefined) => Object.entries(map ?? {}).map(([name, active]) => ({ name, active }));

/**
 * Fork rules a chain reports, of Ethereum or of Avalanche (one kind each): one per fork its VM
 * knows, a dozen or two, priced at twenty until more were seen, then the most seen. Each release
 * of the VM may add forks; 100 is an assumption for the most.
 */
const ETH_RULES = usually('ethRules', 20, 100);
const AVALANCHE_RULES = usually('avalancheRules', 20, 100);

const ActiveRulesRef = builder
  .objectRef<{
    /** The chain's network, under which the lengths of its lists are kept (./list-sizes.ts). */
    network: NetworkName;
    ethRules: Record<string, boolean>;
    avalancheRules: Record<string, boolean>;
    precompiles: Record<string, { timestamp: Uint }>;
  }>('ActiveRules')
  .implement({
    description: 'The rules and precompiles in force at a time (eth_getActiveRulesAt).',
    fields: (t) => ({
      // One per fork of each: a dozen or two.
      ethRules: t.field({
        type: [RuleRef],
        description: 'Ethereum fork rules.',
        price: { items: ETH_RULES },
        resolve: (r) => rules(r.ethRules),
      }),
      avalancheRules: t.field({
        type: [RuleRef],
        price: { items: AVALANCHE_RULES },
        description: 'Avalanche upgrade rules (Subnet-EVM, Durango, Etna…).',
        resolve: (r) => rules(r.avalancheRules),
      }),
      precompiles: t.field({
        type: [ActivePrecompileRef],
        price: { items: PRECOMPILES },
        description: 'Precompiles active at that time.',
        resolve: (r) => Object.entries(r.precompiles ?? {}).map(([name, p]) => ({ name, timestamp: p.timestamp })),
      }),
    }),
  });

// --- validators ----------------------------------------------------------------------------------

ChainValidatorRef.implement({
  description: "A validator of the chain's subnet as the chain's node sees it (validators.getCurrentValidators), with its uptime.",
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its validation id',
        "it is read from one chain's own validators API, which answers the whole set only.",
      ),
      resolve: (v) => entityId('ChainValidator', v.network, v.validationID),
    }),
    validationId: t.exposeString('validationID', {
      description: 'Its validation id on an L1; the AddSubnetValidatorTx id on a legacy subnet.',
    }),
    nodeId: t.exposeString('nodeID', { description: 'The validating node.' }),
    weight: t.field({ type: 'BigInt', description: 'Its weight.', resolve: (v) => String(v.weight) }),
    startTimestamp: t.field({
      type: 'SafeInt',
      description: 'Unix time (s) it started validating.',
      resolve: (v) => toSafeInt(v.startTimestamp),
    }),
    isActive: t.exposeBoolean('isActive', {
      description: 'On an L1: whether its balance still pays the continuous fee. Always true on a legacy subnet.',
    }),
    isL1Validator: t.exposeBoolean('isL1Validator', {
      description: 'Whether it is an L1 validator rather than a legacy subnet validator.',
    }),
    isConnected: t.exposeBoolean('isConnected', { description: 'Whether it is connected to the node that answered.' }),
    uptimeSeconds: t.field({ type: 'BigInt', description: 'Seconds it has been online.', resolve: (v) => String(v.uptimeSeconds) }),
    uptimePercentage: t.exposeFloat('uptimePercentage', { description: 'Share of the time it has been online, in percent.' }),
  }),
});

// --- on Blockchain ---------------------------------------------------------------------------------

// `eth_*` reads of the chain cost ETH_CALL (one JSON-RPC batch a tick); none for chains that do not
// serve them (counted: which chains those are is data).
const subnetEvmOnly = 'Null for chains that are not Subnet-EVM chains (the C-Chain, custom VMs): no call is made for them.';

function timestampArg(timestamp: number | null | undefined): number | undefined {
  if (timestamp == null) return undefined;
  if (timestamp < 0)
    throw badInput(`\`timestamp\` must be a Unix time in seconds, 0 or more (got ${timestamp}).`, { argument: 'timestamp' });
  return timestamp;
}

async function feeConfig(ctx: GatewayContext, b: BlockchainModel, block: string): Promise<FeeConfigModel | null> {
  if (!isSubnetEvm(b)) return null;
  const res = await ethFeeConfig(ctx.node, b.network, b.blockchainId, checkBlockRef(block));
  return { ...res.feeConfig, lastChangedAt: res.lastChangedAt };
}

builder.objectFields(BlockchainRef, (t) => ({
  feeConfig: t.field({
    type: FeeConfigRef,
    nullable: true,
    description: `The fee config in force at a block, and the block it took effect at (eth_feeConfig). ${subnetEvmOnly}`,
    args: {
      block: t.arg.string({
        required: true,
        defaultValue: 'latest',
        description: '"latest" (default), a block number (decimal or 0x hex) or a block hash.',
      }),
    },
    price: { ...ETH_CALL, reaches: ['eth_feeConfig'] },
    resolve: (b, { block }, ctx) => feeConfig(ctx, b, block),
  }),
  chainConfig: t.field({
    type: ChainConfigRef,
    nullable: true,
    description: 'The chain config its node runs, with precompile upgrades (eth_getChainConfig). Null for chains that are not EVM chains.',
    price: { ...ETH_CALL, reaches: ['eth_getChainConfig'] },
    resolve: async (b, _args, ctx) =>
      isEvm(b) ? { network: b.network, config: await ethGetChainConfig(ctx.node, b.network, b.blockchainId) } : null,
  }),
  activeRules: t.field({
    type: ActiveRulesRef,
    nullable: true,
    description: `The fork rules and precompiles in force at a time (eth_getActiveRulesAt). ${subnetEvmOnly}`,
    args: { timestamp: t.arg({ type: 'SafeInt', description: "Unix time (s); the latest block's when omitted." }) },
    price: { ...ETH_CALL, reaches: ['eth_getActiveRulesAt'] },
    resolve: async (b, { timestamp }, ctx) =>
      isSubnetEvm(b)
        ? { ...(await ethGetActiveRulesAt(ctx.node, b.network, b.blockchainId, timestampArg(timestamp))), network: b.network }
        : null,
  }),
  activePrecompiles: t.field({
    type: [PrecompileRef],
    nullable: true,
    deprecationReason: 'eth_getActivePrecompilesAt is deprecated in Subnet-EVM: use `activeRules { precompiles }`.',
    description: `The precompile configs active at a time (eth_getActivePrecompilesAt). ${subnetEvmOnly}`,
    args: { timestamp: t.arg({ type: 'SafeInt', description: "Unix time (s); the latest block's when omitted." }) },
    price: { ...ETH_CALL, items: PRECOMPILES, reaches: ['eth_getActivePrecompilesAt'] },
    resolve: async (b, { timestamp }, ctx) => {
      if (!isSubnetEvm(b)) return null;
      const res = await ethGetActivePrecompilesAt(ctx.node, b.network, b.blockchainId, timestampArg(timestamp));
      return Object.entries(res).map(([name, config]) => ({ ...config, name }));
    },
  }),
  validators: t.field({
    type: [ChainValidatorRef],
    nullable: true,
    description: `The validators of this chain's subnet as the chain's node sees them, with uptime (validators.getCurrentValidators at /ext/bc/<id>/validators). With \`nodeIds\`, the node is asked for those nodes only (its \`nodeIDs\`), and those of them that do not validate the chain are left out. ${subnetEvmOnly}`,
    args: { nodeIds: t.arg({ type: [NodeIdScalar], description: 'Only these nodes (up to 100), asked of the node as its `nodeIDs`.' }) },
    // With `nodeIds`, a second call when the node refuses the first (one of them does not validate
    // the chain). A chain's validators share its subnet: their lookups below share its listing.
    price: {
      calls: (args) => (args.nodeIds?.length ? 2 : 1),
      // The chain's subnet's set, as its node sees it: priced and noted as that set (see VALIDATORS in ./p-chain.ts).
      items: validatorSetItems(
        () => undefined,
        (b: { subnetId: string }) => b.subnetId,
      ),
      groups: ['subnet'],
      reaches: ['validators.getCurrentValidators'],
    },
    resolve: async (b, { nodeIds }, ctx) => {
      const only = checkNodeIds(nodeIds);
      if (!isSubnetEvm(b)) return null;
      if (only?.length === 0) return [];
      const nodeIDs = only && [...new Set(only)];
      // The node refuses the whole call when one of the ids does not validate the chain (null):
      // then one more call for all of them, keeping those asked, as the field promises.
      const res =
        (await validatorsGetCurrentValidators(ctx.node, b.network, b.blockchainId, nodeIDs ? { nodeIDs } : {})) ??
        (await validatorsGetCurrentValidators(ctx.node, b.network, b.blockchainId, {}))!;
      return res.validators
        .filter((v) => !nodeIDs || nodeIDs.includes(v.nodeID))
        .map((v) => ({ ...v, network: b.network, subnetId: b.subnetId }));
    },
  }),
}));

builder.subscriptionField('feeConfig', (t) =>
  t.field({
    type: FeeConfigRef,
    nullable: true,
    description: `A Subnet-EVM chain's fee config (eth_feeConfig at the latest block): first as it stands, then each time it changes. A chain that is not a Subnet-EVM chain (the C-Chain, custom VMs) answers every poll with an error event. ${POLL_NOTE}`,
    args: {
      ...networkArg,
      blockchainId: t.arg({ type: CB58IdScalar, required: true, description: 'The Subnet-EVM chain (its blockchain id, cb58).' }),
    },
    // An event costs what its selection does: the poll is the live hub's, shared by every subscriber of the topic.
    price: { scope: ({ network }) => toNetwork(network), reaches: ['eth_feeConfig'] },
    subscribe: (_root, { network, blockchainId }, ctx) => openFeed(ctx, feeConfigFeed(toNetwork(network), blockchainId)),
    resolve: (event) => eventValue(event, (e): FeeConfigModel => ({ ...e.reply.feeConfig, lastChangedAt: e.reply.lastChangedAt })),
  }),
);
