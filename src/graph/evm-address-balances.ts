/**
 * An EVM address's ERC-20 balances (at a block, priced), a connection over the Data API's pages.
 * A balance leads to its token and its token's contract (contract.ts), whose transfers are one
 * field further (evm-address.ts, with the other ERC-20 transfers). The ERC-721 and ERC-1155
 * balances are in evm-address.ts, with the types they return.
 */
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { badInput } from '../graphql/errors.js';
import { listErc20Balances } from '../upstreams/data-api/evm-address.js';
import { builder } from './builder.js';
import { paged } from './cost.js';
import { CurrencyEnum } from './enums.js';
import { REPUTATIONS, TokenReputationEnum, blockNumberArg, blockOf, filtersOf } from './evm-address.js';
import { known } from './evm-chain.js';
import { entityId, keyOnlyIdDescription } from './global-id.js';
import { checkListSize } from './inputs.js';
import { Erc20BalanceRef, Erc20TokenRef, EvmAddressRef, PriceRef, chainIdOf, type Erc20BalanceModel } from './refs.js';
import { EvmAddressScalar } from './scalars.js';

Erc20BalanceRef.implement({
  description: 'An amount of an ERC-20 token an address holds, priced.',
  fields: (t) => ({
    id: t.id({
      description: keyOnlyIdDescription(
        'its EVM chain id, holder and token contract',
        'the Data API lists balances by holder; `EvmAddress.erc20Balances` reads them again, and gives the same id.',
      ),
      resolve: (b) =>
        entityId('Erc20Balance', b.chain.network, `${b.chain.evmChainId}:${b.holder.toLowerCase()}:${b.address.toLowerCase()}`),
    }),
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
  }),
});

const ERC20_BALANCES_PAGE = pageSpec('listErc20Balances', 'erc20Balances', { maxFirst: 1000 });

/** Contracts one ERC-20 balance query may name: a portfolio's worth, and a URL that stays short. */
const MAX_CONTRACTS = 100;
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
          toNode: (b): Erc20BalanceModel => ({ ...b, chain: a.chain, holder: a.address }),
          keyOf: (b) => b.address.toLowerCase(),
        });
      },
    },
    { name: 'Erc20BalanceConnection', description: 'A page of ERC-20 balances.' },
    { name: 'Erc20BalanceEdge', description: 'An ERC-20 balance and its cursor.' },
  ),
}));
