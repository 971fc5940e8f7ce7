/**
 * What contracts did and who made them: the contracts an address deployed
 * (listContractDeployments), the transaction that deployed a contract (getDeploymentTransaction),
 * and the transfers of a token contract's tokens (listTransfers), typed by its standard.
 */
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import type { GatewayContext } from '../graphql/context.js';
import { getDeploymentTransaction, listContractDeployments, listTransfers, type TokenTransfer } from '../upstreams/data-api/contract.js';
import type { Erc20Transfer } from '../upstreams/data-api/evm-address.js';
import { builder } from './builder.js';
import { ContractMetadataRef, Erc1155ContractRef, Erc20ContractRef, Erc721ContractRef, type ContractModel } from './contract.js';
import { paged } from './cost.js';
import { CurrencyEnum } from './enums.js';
import { Erc20TransferRef, blockArgs, checkBlockRange } from './evm-address.js';
import { EvmTransactionRef, type EvmTxModel } from './evm-chain.js';
import { Erc1155TransferRef, Erc721TransferRef } from './nft.js';
import { EvmAddressRef, chainIdOf, type Chained } from './refs.js';

const DEPLOYMENTS_PAGE = pageSpec('listContractDeployments', 'deployedContracts');

builder.objectField(EvmAddressRef, 'deployedContracts', (t) =>
  t.connection(
    {
      type: ContractMetadataRef,
      nullable: true,
      description:
        'The contracts this address deployed, itself or as a factory, with their metadata (each typed by its token standard). `first`: 1 to 500 (default 10); 100 per upstream call.',
      price: paged(DEPLOYMENTS_PAGE),
      resolve: (a, args, ctx) =>
        pageConnection({
          cursors: ctx.cursors,
          args,
          spec: DEPLOYMENTS_PAGE,
          filters: [a.chain.network, a.chain.evmChainId, a.address.toLowerCase()],
          fetchPage: (page) => listContractDeployments(ctx.dataApi, chainIdOf(a.chain), a.address, page),
          read: (page) => ({ items: page.contracts, nextPageToken: page.nextPageToken }),
          toNode: (c): ContractModel => ({ ...c, chain: a.chain }),
          keyOf: (c) => c.address.toLowerCase(),
        }),
    },
    { name: 'DeployedContractConnection', description: 'A page of contracts an address deployed.' },
    { name: 'DeployedContractEdge', description: 'A contract and its cursor.' },
  ),
);

builder.interfaceField(ContractMetadataRef, 'deploymentTransaction', (t) =>
  t.field({
    type: EvmTransactionRef,
    nullable: true,
    description:
      'The transaction that deployed this contract (getDeploymentTransaction): for a contract a factory created, the transaction that called the factory. Null when the Data API knows none.',
    args: { currency: t.arg({ type: CurrencyEnum, description: 'Currency the Data API prices the native token in; USD when omitted.' }) },
    price: { calls: 1 },
    resolve: async (c, args, ctx): Promise<EvmTxModel | null> => {
      const res = await getDeploymentTransaction(ctx.dataApi, chainIdOf(c.chain), c.address, { currency: args.currency ?? undefined });
      return res ? { ...res.nativeTransaction, chain: c.chain } : null;
    },
  }),
);

const TRANSFERS_PAGE = pageSpec('listTransfers', 'transfers');

/** A page of a token contract's transfers, those of its standard (the answer's three shapes, by the token they name). */
function transfersOf<T extends TokenTransfer>(
  c: ContractModel,
  args: ConnectionArgs & { startBlock?: number | null; endBlock?: number | null },
  ctx: GatewayContext,
  isOwn: (x: TokenTransfer) => x is T,
) {
  const range = checkBlockRange(args.startBlock, args.endBlock);
  return pageConnection({
    cursors: ctx.cursors,
    args,
    spec: TRANSFERS_PAGE,
    filters: [c.chain.network, c.chain.evmChainId, c.address.toLowerCase(), range],
    fetchPage: (page) => listTransfers(ctx.dataApi, chainIdOf(c.chain), c.address, { ...page, ...range }),
    read: (page) => ({ items: page.transfers.filter(isOwn), nextPageToken: page.nextPageToken }),
    toNode: (x): Chained<T> => ({ ...x, chain: c.chain }),
    keyOf: (x) => `${x.txHash}:${x.logIndex}`,
  });
}

const TRANSFERS_DESCRIPTION =
  "Transfers of this contract's tokens, newest first, by block range. `first`: 1 to 500 (default 10); 100 per upstream call.";

builder.objectField(Erc20ContractRef, 'transfers', (t) =>
  t.connection(
    {
      type: Erc20TransferRef,
      nullable: true,
      description: TRANSFERS_DESCRIPTION,
      args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
      price: paged(TRANSFERS_PAGE),
      resolve: (c, args, ctx) => transfersOf(c, args, ctx, (x): x is Erc20Transfer => 'erc20Token' in x),
    },
    { name: 'Erc20ContractTransferConnection', description: "A page of an ERC-20 token's transfers." },
    { name: 'Erc20ContractTransferEdge', description: 'A transfer and its cursor.' },
  ),
);

builder.objectField(Erc721ContractRef, 'transfers', (t) =>
  t.connection(
    {
      type: Erc721TransferRef,
      nullable: true,
      description: TRANSFERS_DESCRIPTION,
      args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
      price: paged(TRANSFERS_PAGE),
      resolve: (c, args, ctx) => transfersOf(c, args, ctx, (x) => 'erc721Token' in x),
    },
    { name: 'Erc721ContractTransferConnection', description: "A page of an ERC-721 collection's transfers." },
    { name: 'Erc721ContractTransferEdge', description: 'A transfer and its cursor.' },
  ),
);

builder.objectField(Erc1155ContractRef, 'transfers', (t) =>
  t.connection(
    {
      type: Erc1155TransferRef,
      nullable: true,
      description: TRANSFERS_DESCRIPTION,
      args: { startBlock: t.arg(blockArgs.startBlock), endBlock: t.arg(blockArgs.endBlock) },
      price: paged(TRANSFERS_PAGE),
      resolve: (c, args, ctx) => transfersOf(c, args, ctx, (x) => 'erc1155Token' in x),
    },
    { name: 'Erc1155ContractTransferConnection', description: "A page of an ERC-1155 collection's transfers." },
    { name: 'Erc1155ContractTransferEdge', description: 'A transfer and its cursor.' },
  ),
);
