/**
 * An EVM address's token balances: ERC-20 (at a block, priced), ERC-721 and ERC-1155 (at a
 * block), each a connection over the Data API's pages. An ERC-20 balance leads to its token and its
 * token's contract, whose transfers are one field further (contract-activity.ts).
 */
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { badInput } from '../graphql/errors.js';
import type { Erc20TokenBalance } from '../upstreams/data-api/evm-address.js';
import { listErc1155Balances, listErc20Balances, listErc721Balances } from '../upstreams/data-api/evm-address.js';
import { builder } from './builder.js';
import { CONTRACT_LOOKUP, ContractMetadataRef, contractAt } from './contract.js';
import { paged } from './cost.js';
import { CurrencyEnum } from './enums.js';
import { Erc1155BalanceRef, Erc721BalanceRef } from './evm-address.js';
import { known } from './evm-chain.js';
import { checkEvmBlockNumber, checkListSize } from './inputs.js';
import { Erc20TokenRef, EvmAddressRef, PriceRef, chainIdOf, type Chained, type CollectibleModel, type EvmAddressModel } from './refs.js';
import { EvmAddressScalar } from './scalars.js';

const REPUTATIONS = ['Malicious', 'Benign'] as const;

export const TokenReputationEnum = builder.enumType('TokenReputation', {
  description: "The Data API's security analysis of a token.",
  values: {
    MALICIOUS: { value: 'Malicious', description: 'Likely spam or a scam: do not interact with it.' },
    BENIGN: { value: 'Benign', description: 'Likely safe.' },
  } as const,
});

builder.objectField(Erc20TokenRef, 'tokenReputation', (t) =>
  t.field({
    type: TokenReputationEnum,
    nullable: true,
    description:
      "The token's reputation, where the answer carries it (ERC-20 balances, and `EvmAddress.transactions`' transfers); null when unanalysed or not given.",
    resolve: (tk) => known(REPUTATIONS, (tk as { tokenReputation?: string | null }).tokenReputation ?? undefined, null),
  }),
);

type Erc20BalanceModel = Chained<Erc20TokenBalance>;

const Erc20BalanceRef = builder.objectRef<Erc20BalanceModel>('Erc20Balance').implement({
  description: 'An amount of an ERC-20 token an address holds, priced.',
  fields: (t) => ({
    token: t.field({
      type: Erc20TokenRef,
      description: 'The token: its name, symbol, decimals, price and contract.',
      resolve: (b) => b,
    }),
    balance: t.expose('balance', { type: 'BigInt', description: "The amount, in the token's smallest unit (divide by 10^decimals)." }),
    price: t.expose('price', { type: PriceRef, nullable: true, description: 'Price of one token in the asked currency, when known.' }),
    balanceValue: t.expose('balanceValue', {
      type: PriceRef,
      nullable: true,
      description: 'Value of the balance in the asked currency, when priced.',
    }),
    tokenReputation: t.field({
      type: TokenReputationEnum,
      nullable: true,
      description: "The Data API's analysis of the token; null when it has none.",
      resolve: (b) => known(REPUTATIONS, b.tokenReputation ?? undefined, null),
    }),
    contract: t.field({
      type: ContractMetadataRef,
      nullable: true,
      description:
        "The token's contract (an `Erc20Contract`): its metadata, deployment and transfers. Looked up once per contract per request.",
      price: CONTRACT_LOOKUP,
      resolve: (b, _args, ctx) => contractAt(ctx, b.chain, b.address),
    }),
  }),
});

const ERC20_BALANCES_PAGE = pageSpec('listErc20Balances', 'erc20Balances', { maxFirst: 1000 });
const ERC721_BALANCES_PAGE = pageSpec('listErc721Balances', 'erc721Balances', { maxFirst: 1000 });
const ERC1155_BALANCES_PAGE = pageSpec('listErc1155Balances', 'erc1155Balances', { maxFirst: 1000 });

/** Contracts one ERC-20 balance query may name: a portfolio's worth, and a URL that stays short. */
const MAX_CONTRACTS = 100;

const blockNumberArg = {
  type: 'BigInt' as const,
  description: 'At the end of this block, from 0 to 9223372036854775807 (2^63 - 1); the latest when omitted.',
};

const blockOf = (value: string | null | undefined) => (value == null ? undefined : checkEvmBlockNumber(value, 'blockNumber'));

/** The page filters of a balance listing: its address on its chain, and the query's own. */
const filtersOf = (a: EvmAddressModel, ...own: unknown[]) => [a.chain.network, a.chain.evmChainId, a.address.toLowerCase(), ...own];

const nftKey = (c: { address: string; tokenId: string }) => `${c.address.toLowerCase()}:${c.tokenId}`;

builder.objectFields(EvmAddressRef, (t) => ({
  erc20Balances: t.connection(
    {
      type: Erc20BalanceRef,
      nullable: true,
      description:
        'ERC-20 tokens this address holds, at a block (default: the latest), priced in a currency (default USD); spam tokens left out unless `includeSpam`. Each leads to its token and contract. `first`: 1 to 1000 (default 10); 500 per upstream call.',
      args: {
        blockNumber: t.arg(blockNumberArg),
        contractAddresses: t.arg({
          type: [EvmAddressScalar],
          description: `Only these token contracts (1 to ${MAX_CONTRACTS}).`,
        }),
        currency: t.arg({ type: CurrencyEnum, description: 'Currency of `price` and `balanceValue`; USD when omitted.' }),
        includeSpam: t.arg.boolean({ description: 'Also list tokens the Data API flags as spam (false when omitted).' }),
      },
      price: paged(ERC20_BALANCES_PAGE),
      resolve: (a, args, ctx) => {
        const blockNumber = blockOf(args.blockNumber);
        const contracts = args.contractAddresses ?? undefined;
        if (contracts) {
          checkListSize(contracts, 'contractAddresses');
          if (contracts.length === 0 || contracts.length > MAX_CONTRACTS) {
            throw badInput(`\`contractAddresses\` takes 1 to ${MAX_CONTRACTS} addresses (got ${contracts.length}).`, {
              argument: 'contractAddresses',
            });
          }
        }
        const query = {
          blockNumber,
          contractAddresses: contracts?.map((c) => c.toLowerCase()),
          currency: args.currency ?? undefined,
          filterSpamTokens: args.includeSpam == null ? undefined : !args.includeSpam,
        };
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ERC20_BALANCES_PAGE,
          filters: filtersOf(a, query),
          fetchPage: (page) => listErc20Balances(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, ...query }),
          read: (page) => ({ items: page.erc20TokenBalances, nextPageToken: page.nextPageToken }),
          toNode: (b): Erc20BalanceModel => ({ ...b, chain: a.chain }),
          keyOf: (b) => b.address.toLowerCase(),
        });
      },
    },
    { name: 'Erc20BalanceConnection', description: 'A page of ERC-20 balances.' },
    { name: 'Erc20BalanceEdge', description: 'An ERC-20 balance and its cursor.' },
  ),
  erc721Balances: t.connection(
    {
      type: Erc721BalanceRef,
      nullable: true,
      description:
        'ERC-721 tokens this address holds now, with their metadata (`collectibles` lists ERC-1155 ones too). `first`: 1 to 1000 (default 10); 500 per upstream call.',
      args: { contractAddress: t.arg({ type: EvmAddressScalar, description: 'Only tokens of this collection.' }) },
      price: paged(ERC721_BALANCES_PAGE),
      resolve: (a, args, ctx) => {
        const contractAddress = args.contractAddress?.toLowerCase();
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ERC721_BALANCES_PAGE,
          filters: filtersOf(a, contractAddress),
          fetchPage: (page) => listErc721Balances(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, contractAddress }),
          read: (page) => ({ items: page.erc721TokenBalances, nextPageToken: page.nextPageToken }),
          toNode: (c) => ({ ...c, chain: a.chain }) as CollectibleModel & { ercType: 'ERC-721' },
          keyOf: nftKey,
        });
      },
    },
    { name: 'Erc721BalanceConnection', description: 'A page of ERC-721 tokens held.' },
    { name: 'Erc721BalanceEdge', description: 'An ERC-721 token held and its cursor.' },
  ),
  erc1155Balances: t.connection(
    {
      type: Erc1155BalanceRef,
      nullable: true,
      description:
        'ERC-1155 tokens this address holds at a block (default: the latest), with how many. `first`: 1 to 1000 (default 10); 500 per upstream call.',
      args: {
        blockNumber: t.arg(blockNumberArg),
        contractAddress: t.arg({ type: EvmAddressScalar, description: 'Only tokens of this collection.' }),
      },
      price: paged(ERC1155_BALANCES_PAGE),
      resolve: (a, args, ctx) => {
        const query = { blockNumber: blockOf(args.blockNumber), contractAddress: args.contractAddress?.toLowerCase() };
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: ERC1155_BALANCES_PAGE,
          filters: filtersOf(a, query),
          fetchPage: (page) => listErc1155Balances(ctx.dataApi, chainIdOf(a.chain), a.address, { ...page, ...query }),
          read: (page) => ({ items: page.erc1155TokenBalances, nextPageToken: page.nextPageToken }),
          toNode: (c) => ({ ...c, chain: a.chain }) as CollectibleModel & { ercType: 'ERC-1155' },
          keyOf: nftKey,
        });
      },
    },
    { name: 'Erc1155BalanceConnection', description: 'A page of ERC-1155 tokens held.' },
    { name: 'Erc1155BalanceEdge', description: 'An ERC-1155 token held and its cursor.' },
  ),
}));
