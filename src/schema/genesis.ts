/**
 * The EVM genesis of a blockchain, typed field by field. Hex quantities stay strings as the
 * upstream writes them; values the upstream leaves null stay null.
 */
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
    blockTimestamp: t.field({
      ...safeInt('Unix time (s) from which the config applies; 0 for genesis.'),
      resolve: (c) => c.blockTimestamp ?? null,
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
    gasLimit: t.field({ ...safeInt('Block gas limit.'), resolve: (c) => c.gasLimit ?? null }),
    targetBlockRate: t.field({ ...safeInt('Target seconds between blocks.'), resolve: (c) => c.targetBlockRate ?? null }),
    minBaseFee: t.field({ ...safeInt('Lowest base fee, in wei.'), resolve: (c) => c.minBaseFee ?? null }),
    targetGas: t.field({ ...safeInt('Gas targeted per 10 s window.'), resolve: (c) => c.targetGas ?? null }),
    baseFeeChangeDenominator: t.field({
      ...safeInt('Divisor of base fee changes: larger means slower changes.'),
      resolve: (c) => c.baseFeeChangeDenominator ?? null,
    }),
    minBlockGasCost: t.field({ ...safeInt('Lowest block gas cost.'), resolve: (c) => c.minBlockGasCost ?? null }),
    maxBlockGasCost: t.field({ ...safeInt('Highest block gas cost.'), resolve: (c) => c.maxBlockGasCost ?? null }),
    blockGasCostStep: t.field({
      ...safeInt('Change of block gas cost per second off the target rate.'),
      resolve: (c) => c.blockGasCostStep ?? null,
    }),
  }),
});

const WarpConfigRef = builder.objectRef<WarpConfig>('WarpConfig').implement({
  description: 'Avalanche Warp Messaging settings of the chain.',
  fields: (t) => ({
    blockTimestamp: t.field({ ...safeInt('Unix time (s) from which Warp is enabled.'), resolve: (c) => c.blockTimestamp ?? null }),
    quorumNumerator: t.field({
      ...safeInt('Percent of stake weight that must sign a Warp message.'),
      resolve: (c) => c.quorumNumerator ?? null,
    }),
    requirePrimaryNetworkSigners: t.boolean({
      nullable: true,
      description: 'Whether messages from the Primary Network need Primary Network signatures.',
      resolve: (c) => c.requirePrimaryNetworkSigners ?? null,
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
    chainId: t.field({ ...safeInt('The EVM chain id.'), resolve: (c) => c.chainId ?? null }),
    homesteadBlock: t.field(forkBlock('homesteadBlock', 'Homestead')),
    eip150Block: t.field(forkBlock('eip150Block', 'EIP-150')),
    eip150Hash: t.string({ nullable: true, description: 'Hash of the EIP-150 fork block.', resolve: (c) => c.eip150Hash ?? null }),
    eip155Block: t.field(forkBlock('eip155Block', 'EIP-155')),
    eip158Block: t.field(forkBlock('eip158Block', 'EIP-158')),
    byzantiumBlock: t.field(forkBlock('byzantiumBlock', 'Byzantium')),
    constantinopleBlock: t.field(forkBlock('constantinopleBlock', 'Constantinople')),
    petersburgBlock: t.field(forkBlock('petersburgBlock', 'Petersburg')),
    istanbulBlock: t.field(forkBlock('istanbulBlock', 'Istanbul')),
    muirGlacierBlock: t.field(forkBlock('muirGlacierBlock', 'Muir Glacier')),
    berlinBlock: t.field(forkBlock('berlinBlock', 'Berlin')),
    londonBlock: t.field(forkBlock('londonBlock', 'London')),
    subnetEVMTimestamp: t.field({
      ...safeInt('Unix time (s) at which Subnet-EVM rules activate.'),
      resolve: (c) => c.subnetEVMTimestamp ?? null,
    }),
    allowFeeRecipients: t.boolean({
      nullable: true,
      description: 'Whether block producers may name their own fee recipient.',
      resolve: (c) => c.allowFeeRecipients ?? null,
    }),
    feeConfig: t.field({ type: EvmFeeConfigRef, nullable: true, description: 'Fee parameters.', resolve: (c) => c.feeConfig ?? null }),
    warpConfig: t.field({
      type: WarpConfigRef,
      nullable: true,
      description: 'Warp messaging settings.',
      resolve: (c) => c.warpConfig ?? null,
    }),
    txAllowListConfig: t.field({
      type: AllowListConfigRef,
      nullable: true,
      description: 'Who may send transactions, when restricted.',
      resolve: (c) => c.txAllowListConfig ?? null,
    }),
    contractDeployerAllowListConfig: t.field({
      type: AllowListConfigRef,
      nullable: true,
      description: 'Who may deploy contracts, when restricted.',
      resolve: (c) => c.contractDeployerAllowListConfig ?? null,
    }),
    contractNativeMinterConfig: t.field({
      type: AllowListConfigRef,
      nullable: true,
      description: 'Who may mint the native token.',
      resolve: (c) => c.contractNativeMinterConfig ?? null,
    }),
    feeManagerConfig: t.field({
      type: AllowListConfigRef,
      nullable: true,
      description: 'Who may change the fee config.',
      resolve: (c) => c.feeManagerConfig ?? null,
    }),
    rewardManagerConfig: t.field({
      type: AllowListConfigRef,
      nullable: true,
      description: 'Who may change where fees go.',
      resolve: (c) => c.rewardManagerConfig ?? null,
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
    balance: t.string({
      nullable: true,
      description: 'Balance in wei, as a hex quantity (e.g. "0x52b7d2dcc80cd2e4000000").',
      resolve: (a) => a.balance ?? null,
    }),
    code: t.string({ nullable: true, description: 'Contract bytecode (hex), for contracts.', resolve: (a) => a.code ?? null }),
    storage: t.field({
      type: [StorageSlotRef],
      nullable: true,
      description: 'Contract storage at genesis, for contracts.',
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
    config: t.field({ type: GenesisConfigRef, nullable: true, description: 'The chain config.', resolve: (g) => g.config ?? null }),
    alloc: t.field({
      type: [GenesisAccountRef],
      nullable: true,
      description: 'Accounts funded or deployed at genesis.',
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
