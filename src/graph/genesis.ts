/**
 * The EVM genesis of a blockchain, typed field by field. Hex quantities stay strings as the
 * upstream writes them; values the upstream leaves null stay null.
 */
import { CONTRACT_CODE_BYTES } from './list-sizes.js';
import type { EvmGenesis, EvmGenesisAllowListConfig, EvmGenesisConfig } from '../upstreams/data-api/subnet.js';
import { builder } from './builder.js';
import { EvmGenesisRef } from './refs.js';

type FeeConfig = NonNullable<EvmGenesisConfig['feeConfig']>;
type WarpConfig = NonNullable<EvmGenesisConfig['warpConfig']>;
type Alloc = { address: string; balance?: string; code?: string; storage?: Record<string, string> };

const safeInt = (description: string) => ({ type: 'SafeInt' as const, nullable: true as const, description });

const AllowListConfigRef = builder.objectRef<EvmGenesisAllowListConfig>('PrecompileAllowListConfig').implement({
  description: 'A precompile that is governed by an allow list: who administers it, manages it, and may use it.',
  fields: (t) => ({
    blockTimestamp: t.expose('blockTimestamp', {
      ...safeInt('Unix time (s) from which the config applies; 0 for genesis.'),
    }),
    adminAddresses: t.stringList({
      nullable: true,
      description: 'Addresses that may change the allow list, including admins.',
      resolve: (c) => c.adminAddresses ?? null,
    }),
    managerAddresses: t.stringList({
      nullable: true,
      description: 'Addresses that may add and remove enabled addresses.',
      resolve: (c) => c.managerAddresses ?? null,
    }),
    enabledAddresses: t.stringList({
      nullable: true,
      description: 'Addresses allowed to use the precompile.',
      resolve: (c) => c.enabledAddresses ?? null,
    }),
  }),
});

const EvmFeeConfigRef = builder.objectRef<FeeConfig>('EvmFeeConfig').implement({
  description: 'Subnet-EVM fee parameters: gas target, block rate and base fee dynamics.',
  fields: (t) => ({
    gasLimit: t.expose('gasLimit', { ...safeInt('Block gas limit.') }),
    targetBlockRate: t.expose('targetBlockRate', { ...safeInt('Target seconds between blocks.') }),
    minBaseFee: t.expose('minBaseFee', { ...safeInt('Lowest base fee, in wei.') }),
    targetGas: t.expose('targetGas', { ...safeInt('Gas targeted per 10 s window.') }),
    baseFeeChangeDenominator: t.expose('baseFeeChangeDenominator', {
      ...safeInt('Divisor of base fee changes: larger means slower changes.'),
    }),
    minBlockGasCost: t.expose('minBlockGasCost', { ...safeInt('Lowest block gas cost.') }),
    maxBlockGasCost: t.expose('maxBlockGasCost', { ...safeInt('Highest block gas cost.') }),
    blockGasCostStep: t.expose('blockGasCostStep', {
      ...safeInt('Change of block gas cost per second off the target rate.'),
    }),
  }),
});

const WarpConfigRef = builder.objectRef<WarpConfig>('WarpConfig').implement({
  description: 'Avalanche Warp Messaging settings of the chain.',
  fields: (t) => ({
    blockTimestamp: t.expose('blockTimestamp', { ...safeInt('Unix time (s) from which Warp is enabled.') }),
    quorumNumerator: t.expose('quorumNumerator', {
      ...safeInt('Percent of stake weight that must sign a Warp message.'),
    }),
    requirePrimaryNetworkSigners: t.exposeBoolean('requirePrimaryNetworkSigners', {
      nullable: true,
      description: 'Whether messages from the Primary Network need Primary Network signatures.',
    }),
  }),
});

const forkBlock = (name: keyof EvmGenesisConfig, fork: string) => ({
  ...safeInt(`Block at which the ${fork} rules activate.`),
  resolve: (c: EvmGenesisConfig) => (c[name] as number | undefined) ?? null,
});

const GenesisConfigRef = builder.objectRef<EvmGenesisConfig>('EvmGenesisConfig').implement({
  description: 'The chain config in an EVM genesis: chain id, fork blocks, fees, Warp and precompiles.',
  fields: (t) => ({
    chainId: t.expose('chainId', { ...safeInt('The EVM chain id.') }),
    homesteadBlock: t.field(forkBlock('homesteadBlock', 'Homestead')),
    eip150Block: t.field(forkBlock('eip150Block', 'EIP-150')),
    eip150Hash: t.exposeString('eip150Hash', { nullable: true, description: 'Hash of the EIP-150 fork block.' }),
    eip155Block: t.field(forkBlock('eip155Block', 'EIP-155')),
    eip158Block: t.field(forkBlock('eip158Block', 'EIP-158')),
    byzantiumBlock: t.field(forkBlock('byzantiumBlock', 'Byzantium')),
    constantinopleBlock: t.field(forkBlock('constantinopleBlock', 'Constantinople')),
    petersburgBlock: t.field(forkBlock('petersburgBlock', 'Petersburg')),
    istanbulBlock: t.field(forkBlock('istanbulBlock', 'Istanbul')),
    muirGlacierBlock: t.field(forkBlock('muirGlacierBlock', 'Muir Glacier')),
    berlinBlock: t.field(forkBlock('berlinBlock', 'Berlin')),
    londonBlock: t.field(forkBlock('londonBlock', 'London')),
    subnetEVMTimestamp: t.expose('subnetEVMTimestamp', {
      ...safeInt('Unix time (s) at which Subnet-EVM rules activate.'),
    }),
    allowFeeRecipients: t.exposeBoolean('allowFeeRecipients', {
      nullable: true,
      description: 'Whether block producers may name their own fee recipient.',
    }),
    feeConfig: t.expose('feeConfig', { type: EvmFeeConfigRef, nullable: true, description: 'Fee parameters.' }),
    warpConfig: t.expose('warpConfig', {
      type: WarpConfigRef,
      nullable: true,
      description: 'Warp messaging settings.',
    }),
    txAllowListConfig: t.expose('txAllowListConfig', {
      type: AllowListConfigRef,
      nullable: true,
      description: 'Who may send transactions, when restricted.',
    }),
    contractDeployerAllowListConfig: t.expose('contractDeployerAllowListConfig', {
      type: AllowListConfigRef,
      nullable: true,
      description: 'Who may deploy contracts, when restricted.',
    }),
    contractNativeMinterConfig: t.expose('contractNativeMinterConfig', {
      type: AllowListConfigRef,
      nullable: true,
      description: 'Who may mint the native token.',
    }),
    feeManagerConfig: t.expose('feeManagerConfig', {
      type: AllowListConfigRef,
      nullable: true,
      description: 'Who may change the fee config.',
    }),
    rewardManagerConfig: t.expose('rewardManagerConfig', {
      type: AllowListConfigRef,
      nullable: true,
      description: 'Who may change where fees go.',
    }),
  }),
});

const StorageSlotRef = builder.objectRef<{ slot: string; value: string }>('StorageSlot').implement({
  description: 'One storage slot of a genesis account.',
  fields: (t) => ({
    slot: t.exposeString('slot', { description: 'The slot key (hex).' }),
    value: t.exposeString('value', { description: 'The slot value (hex).' }),
  }),
});

const GenesisAccountRef = builder.objectRef<Alloc>('GenesisAccount').implement({
  description: 'An account funded or deployed at genesis.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The 0x address.' }),
    balance: t.exposeString('balance', {
      nullable: true,
      description: 'Balance in wei, as a hex quantity (e.g. "0x52b7d2dcc80cd2e4000000").',
    }),
    code: t.exposeString('code', {
      nullable: true,
      description: 'Contract bytecode (hex), for contracts.',
      price: { bytes: CONTRACT_CODE_BYTES },
    }),
    storage: t.field({
      type: [StorageSlotRef],
      nullable: true,
      description: 'Contract storage at genesis, for contracts.',
      // Null for most accounts; a genesis contract (a precompile's proxy, a token) sets a few slots.
      // Priced as two per account of the alloc, what a few contracts among plain accounts average
      // (fixed, as a chain's accounts are: see `alloc`).
      price: { items: 2 },
      resolve: (a) => (a.storage ? Object.entries(a.storage).map(([slot, value]) => ({ slot, value })) : null),
    }),
  }),
});

const hex = (name: keyof EvmGenesis, description: string) => ({
  nullable: true as const,
  description,
  resolve: (g: EvmGenesis) => (g[name] as string | null | undefined) ?? null,
});

EvmGenesisRef.implement({
  description: 'The genesis block of an EVM chain.',
  fields: (t) => ({
    config: t.expose('config', { type: GenesisConfigRef, nullable: true, description: 'The chain config.' }),
    alloc: t.field({
      type: [GenesisAccountRef],
      nullable: true,
      description: 'Accounts funded or deployed at genesis.',
      // A handful of funded keys and genesis contracts; a chain that airdrops at genesis funds many
      // more. Fixed: learnt as the longest seen with a quarter more, on every chain of a page, a page
      // of subnets' chains with their genesis was priced past what the held-bytes bound lets one
      // client pipeline (test/http/slow-consumers.test.ts).
      price: { items: 5 },
      resolve: (g) => (g.alloc ? Object.entries(g.alloc).map(([address, a]) => ({ address, ...a })) : null),
    }),
    airdropAmount: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Airdrop amount, if the chain had one.',
      resolve: (g) => (typeof g.airdropAmount === 'number' ? g.airdropAmount : null),
    }),
    airdropHash: t.string(hex('airdropHash', 'Hash of the airdrop data.')),
    baseFeePerGas: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'Base fee of the genesis block, in wei.',
      resolve: (g) => (typeof g.baseFeePerGas === 'number' ? g.baseFeePerGas : null),
    }),
    blobGasUsed: t.string(hex('blobGasUsed', 'Blob gas used (hex).')),
    coinbase: t.string(hex('coinbase', 'Coinbase address.')),
    difficulty: t.string(hex('difficulty', 'Difficulty (hex).')),
    excessBlobGas: t.string(hex('excessBlobGas', 'Excess blob gas (hex).')),
    extraData: t.string(hex('extraData', 'Extra data (hex).')),
    gasLimit: t.string(hex('gasLimit', 'Gas limit (hex quantity).')),
    gasUsed: t.string(hex('gasUsed', 'Gas used (hex quantity).')),
    mixHash: t.string(hex('mixHash', 'Mix hash.')),
    nonce: t.string(hex('nonce', 'Nonce (hex).')),
    number: t.string(hex('number', 'Block number (hex).')),
    parentHash: t.string(hex('parentHash', 'Parent hash.')),
    timestamp: t.string(hex('timestamp', 'Genesis time (hex Unix seconds).')),
  }),
});
