/**
 * The transaction that deployed a contract (getDeploymentTransaction), on every contract type:
 * the transaction itself (an `EvmTransaction`) with what only this answer carries (its input,
 * its fees, the native token's price). The contracts an address deployed and a contract's
 * transfers are in contract.ts, evm-address.ts and nft.ts, beside the types they return.
 */
import type { GetDeploymentTransactionResponse } from '../upstreams/data-api/contract.js';
import { getDeploymentTransaction } from '../upstreams/data-api/contract.js';
import { builder } from './builder.js';
import { ContractMetadataRef } from './contract.js';
import { CurrencyEnum } from './enums.js';
import { EvmTransactionRef, PriceRef, chainIdOf, type Chained, type EvmTxModel } from './refs.js';
import { hexJsonBytes } from './leaf-bytes.js';
import { learnt } from './list-sizes.js';

/**
 * A deployment's input in hex, as the longest seen: within the transaction that carries it, at most
 * 128 KiB (coreth's and subnet-evm's txpool txMaxSize). Creation code is bounded lower since
 * Shanghai (EIP-3860, 48 KiB), but older deployments and factory calls are not.
 */
const DEPLOYMENT_INPUT_BYTES = learnt({
  kind: 'deployment-input-bytes',
  most: { mainnet: hexJsonBytes(128 * 1024), fuji: hexJsonBytes(128 * 1024) },
  anyNetwork: true,
});

const DeploymentTransactionRef = builder.objectRef<Chained<GetDeploymentTransactionResponse>>('ContractDeploymentTransaction').implement({
  description: 'The transaction that deployed a contract, with its input and fees.',
  fields: (t) => ({
    transaction: t.field({
      type: EvmTransactionRef,
      description: 'The transaction: its block, sender, method, gas.',
      resolve: (d): EvmTxModel => ({ ...d.nativeTransaction, chain: d.chain }),
    }),
    input: t.string({
      description: 'The data it sent: the creation code and constructor arguments, or the factory call.',
      price: { bytes: DEPLOYMENT_INPUT_BYTES },
      resolve: (d) => d.nativeTransaction.input,
    }),
    baseFeePerGas: t.field({
      type: 'BigInt',
      description: "Its block's base fee, in wei.",
      resolve: (d) => d.nativeTransaction.baseFeePerGas,
    }),
    maxFeePerGas: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The most it would pay per gas (EIP-1559), in wei.',
      resolve: (d) => d.nativeTransaction.maxFeePerGas ?? null,
    }),
    maxPriorityFeePerGas: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The tip it offered per gas (EIP-1559), in wei.',
      resolve: (d) => d.nativeTransaction.maxPriorityFeePerGas ?? null,
    }),
    nativeTokenPrice: t.field({
      type: PriceRef,
      nullable: true,
      description: "The chain's native token's current price in the asked currency, when known.",
      resolve: (d) => d.networkTokenDetails.currentPrice ?? null,
    }),
  }),
});

builder.interfaceField(ContractMetadataRef, 'deploymentTransaction', (t) =>
  t.field({
    type: DeploymentTransactionRef,
    nullable: true,
    description:
      'The transaction that deployed this contract (getDeploymentTransaction); for a contract a factory created, the transaction that called the factory. Null when the Data API knows none.',
    args: { currency: t.arg({ type: CurrencyEnum, description: 'Currency of `nativeTokenPrice`; USD when omitted.' }) },
    price: { calls: 1, reaches: ['getDeploymentTransaction'] },
    resolve: async (c, args, ctx) => {
      const res = await getDeploymentTransaction(ctx.dataApi, chainIdOf(c.chain), c.address, { currency: args.currency ?? undefined });
      return res ? { ...res, chain: c.chain } : null;
    },
  }),
);
