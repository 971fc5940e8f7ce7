/**
 * What an EVM chain's history adds up to, read from it rather than drawn anew, so every answer
 * agrees with the transactions and transfers the chain already serves: ERC-20 balances (each
 * token's supply with its deployer, moved by its transfers), ERC-1155 balances and the ERC-721
 * and ERC-1155 transfers (the mints), the tokens of each collection, the contracts an address
 * deployed and the transaction that deployed each, and an address's transactions with the
 * transfers in them.
 */
import type { ContractMetadata } from '../../src/upstreams/data-api/contract.js';
import type { NativeTransaction } from '../../src/upstreams/data-api/evm-chain.js';
import type {
  Erc1155Transfer,
  Erc20TokenBalance,
  Erc20Transfer,
  Erc721Transfer,
  InternalTransaction,
  TransactionDetails,
} from '../../src/upstreams/data-api/evm-address.js';
import type { Erc1155Token, Erc721Token } from '../../src/upstreams/data-api/nft.js';
import type { CurrencyCode } from '../../src/upstreams/data-api/wire.js';
import { erc20Supply, toChecksumAddress, type EvmChainWorld } from './evm.js';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The holdings of one chain, derived once. */
export interface EvmHoldings {
  /** ERC-721 and ERC-1155 transfers (mints from the zero address), oldest first. */
  nftTransfers: (Erc721Transfer | Erc1155Transfer)[];
  /** The tokens of each collection (lower-case address), by token id. */
  tokensOf: Map<string, (Erc721Token | Erc1155Token)[]>;
  /** The transaction of each hash. */
  txByHash: Map<string, NativeTransaction>;
}

const cache = new WeakMap<EvmChainWorld, EvmHoldings>();

export function holdingsOf(chain: EvmChainWorld): EvmHoldings {
  let h = cache.get(chain);
  if (!h) cache.set(chain, (h = derive(chain)));
  return h;
}

function derive(chain: EvmChainWorld): EvmHoldings {
  const tokensOf = new Map<string, (Erc721Token | Erc1155Token)[]>();
  const tokenByKey = new Map<string, Erc721Token | Erc1155Token>();
  for (const { balance } of chain.collectibles) {
    const key = `${balance.address.toLowerCase()}:${balance.tokenId}`;
    // An ERC-1155 token held by several accounts is one token of its collection.
    if (tokenByKey.has(key)) continue;
    const token: Erc721Token | Erc1155Token =
      balance.ercType === 'ERC-721'
        ? {
            address: balance.address,
            name: balance.name,
            symbol: balance.symbol,
            ercType: 'ERC-721',
            tokenId: balance.tokenId,
            tokenUri: balance.tokenUri,
            metadata: balance.metadata,
            ...(balance.ownerAddress ? { ownerAddress: balance.ownerAddress } : {}),
          }
        : {
            address: balance.address,
            ercType: 'ERC-1155',
            tokenId: balance.tokenId,
            tokenUri: balance.tokenUri,
            metadata: balance.metadata,
          };
    tokenByKey.set(key, token);
    const list = tokensOf.get(balance.address.toLowerCase()) ?? [];
    list.push(token);
    tokensOf.set(balance.address.toLowerCase(), list);
  }
  for (const list of tokensOf.values()) list.sort((a, b) => Number(a.tokenId) - Number(b.tokenId));
  const nftTransfers = chain.nftMints.map((m): Erc721Transfer | Erc1155Transfer => {
    const token = tokenByKey.get(`${m.contract}:${m.tokenId}`)!;
    const common = {
      blockNumber: m.tx.blockNumber,
      blockTimestamp: m.tx.blockTimestamp,
      ...(m.tx.blockTimestampMilliseconds !== undefined ? { blockTimestampMilliseconds: m.tx.blockTimestampMilliseconds } : {}),
      blockHash: m.tx.blockHash,
      txHash: m.tx.txHash,
      from: { address: ZERO_ADDRESS },
      to: { address: toChecksumAddress(m.to) },
      logIndex: m.logIndex,
    };
    return token.ercType === 'ERC-721' ? { ...common, erc721Token: token } : { ...common, value: String(m.amount), erc1155Token: token };
  });
  return { nftTransfers, tokensOf, txByHash: new Map(chain.transactions.map((tx) => [tx.txHash, tx])) };
}

const lower = (a: string) => a.toLowerCase();

/** An ERC-20 token's holders and their balances at the end of `block` (the head when omitted), lower-case keys. */
function erc20Holders(chain: EvmChainWorld, token: ContractMetadata, block: number): Map<string, bigint> {
  const holders = new Map<string, bigint>();
  const deploy = holdingsOf(chain).txByHash.get(token.deploymentDetails!.txHash);
  if (deploy && Number(deploy.blockNumber) <= block)
    holders.set(lower(token.deploymentDetails!.deployerAddress), erc20Supply(token.decimals!));
  const key = lower(token.address);
  for (const t of chain.erc20Transfers) {
    if (Number(t.blockNumber) > block || lower(t.erc20Token.address) !== key) continue;
    const amount = BigInt(t.value);
    holders.set(lower(t.from.address), (holders.get(lower(t.from.address)) ?? 0n) - amount);
    holders.set(lower(t.to.address), (holders.get(lower(t.to.address)) ?? 0n) + amount);
  }
  return holders;
}

/** The ERC-20 balances an address holds at the end of `block`, in the chain's token order, priced at `fx` per USD. */
export function erc20BalancesOf(
  chain: EvmChainWorld,
  address: string,
  block: number,
  currency: CurrencyCode,
  fx: number,
): Erc20TokenBalance[] {
  const out: Erc20TokenBalance[] = [];
  for (const token of chain.tokens) {
    const contract = chain.contracts.get(lower(token.address))!;
    const balance = erc20Holders(chain, contract, block).get(lower(address)) ?? 0n;
    if (balance <= 0n) continue;
    const price = Math.round((token.price?.value ?? 0) * fx * 100) / 100;
    const whole = Number(balance / 10n ** BigInt(Math.max(token.decimals - 6, 0))) / 10 ** Math.min(token.decimals, 6);
    out.push({
      address: token.address,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      ...(token.logoUri ? { logoUri: token.logoUri } : {}),
      ercType: 'ERC-20',
      price: { currencyCode: currency, value: price },
      chainId: chain.chainId,
      balance: String(balance),
      balanceValue: { currencyCode: currency, value: Math.round(whole * price * 100) / 100 },
      tokenReputation: 'Benign',
    });
  }
  return out;
}

/** The ERC-1155 balances (token id, amount) of an address at the end of `block`, by collection then token id. */
export function erc1155BalancesOf(chain: EvmChainWorld, address: string, block: number): { token: Erc1155Token; balance: bigint }[] {
  const h = holdingsOf(chain);
  const sums = new Map<string, { token: Erc1155Token; balance: bigint }>();
  for (const t of h.nftTransfers) {
    if (!('erc1155Token' in t) || Number(t.blockNumber) > block || lower(t.to.address) !== lower(address)) continue;
    const key = `${lower(t.erc1155Token.address)}:${t.erc1155Token.tokenId}`;
    const entry = sums.get(key) ?? { token: t.erc1155Token, balance: 0n };
    entry.balance += BigInt(t.value);
    sums.set(key, entry);
  }
  return [...sums.values()].sort(
    (a, b) => a.token.address.localeCompare(b.token.address) || Number(a.token.tokenId) - Number(b.token.tokenId),
  );
}

/** The contracts an address deployed (sent the deploying transaction of, or created as a factory), oldest first. */
export function deploymentsBy(chain: EvmChainWorld, address: string): ContractMetadata[] {
  return [...chain.contracts.values()].filter((c) => c.deploymentDetails && lower(c.deploymentDetails.deployerAddress) === lower(address));
}

/** Whether an address sent or received a transfer or call. */
const touches = (address: string, x: { from: { address: string }; to: { address: string } }) =>
  lower(x.from.address) === address || lower(x.to.address) === address;

/**
 * The transactions an address took part in, oldest first: those it sent or received, and those
 * with a transfer or internal call it sent or received; each with those transfers and calls.
 */
export function transactionDetailsOf(chain: EvmChainWorld, address: string): TransactionDetails[] {
  const me = lower(address);
  const h = holdingsOf(chain);
  const byTx = new Map<string, { erc20: Erc20Transfer[]; nft: (Erc721Transfer | Erc1155Transfer)[]; internal: InternalTransaction[] }>();
  const entry = (txHash: string) => {
    let e = byTx.get(txHash);
    if (!e) byTx.set(txHash, (e = { erc20: [], nft: [], internal: [] }));
    return e;
  };
  for (const t of chain.erc20Transfers) if (touches(me, t)) entry(t.txHash).erc20.push(t);
  for (const t of h.nftTransfers) if (touches(me, t)) entry(t.txHash).nft.push(t);
  for (const t of chain.internalTransactions) if (touches(me, t)) entry(t.txHash).internal.push(t);
  const out: TransactionDetails[] = [];
  for (const tx of chain.transactions) {
    const e = byTx.get(tx.txHash);
    if (!e && !touches(me, tx)) continue;
    const details: TransactionDetails = { nativeTransaction: tx };
    if (e?.erc20.length)
      details.erc20Transfers = e.erc20.map(({ from, to, logIndex, value, erc20Token }) => ({ from, to, logIndex, value, erc20Token }));
    const erc721 = e?.nft.filter((t): t is Erc721Transfer => 'erc721Token' in t) ?? [];
    if (erc721.length) details.erc721Transfers = erc721.map(({ from, to, logIndex, erc721Token }) => ({ from, to, logIndex, erc721Token }));
    const erc1155 = e?.nft.filter((t): t is Erc1155Transfer => 'erc1155Token' in t) ?? [];
    if (erc1155.length) {
      details.erc1155Transfers = erc1155.map(({ from, to, logIndex, value, erc1155Token }) => ({
        from,
        to,
        logIndex,
        value,
        erc1155Token,
      }));
    }
    if (e?.internal.length) {
      details.internalTransactions = e.internal.map(({ from, to, internalTxType, value, isReverted, gasUsed, gasLimit }) => ({
        from,
        to,
        internalTxType,
        value,
        isReverted,
        gasUsed,
        gasLimit,
      }));
    }
    out.push(details);
  }
  return out;
}
