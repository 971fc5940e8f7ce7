/**
 * The sandbox's looking glass (POST /v2/lookingGlass/compositeQuery): each query of the body
 * selects EVM addresses of the world by their native or ERC-20 balance (latest, at all times or at
 * any time of a date range) or by holding an NFT of a collection; `operator` intersects or unites
 * them. What the world lacks it answers as empty or as now: it records no Stars Arena keys (none
 * hold any), and no NFT changes hands after it is minted (a collection's holders are its owners
 * now, whatever the range).
 */
import type { CompositeSubQuery } from '../../src/upstreams/metrics-api/wire.js';
import { COMPOSITE_OPERATORS, COMPOSITE_QUERY_TYPES, METRICS_TOKEN_TYPES } from '../../src/upstreams/metrics-api/wire.js';
import { BadRequest, paginate, type MetricsApiRoutes } from '../routes.js';
import { getEvmWorld, toChecksumAddress, type EvmChainWorld } from '../world/evm.js';
import { DAY } from '../world/timeline.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INTEGER = /^\d+$/;

function chainOf(seed: string, evmChainId: string): EvmChainWorld | undefined {
  for (const network of ['mainnet', 'fuji'] as const) {
    const chain = getEvmWorld(network, seed).chains.get(evmChainId);
    if (chain) return chain;
  }
  return undefined;
}

/** Seconds of a date's start, or of the day after it for the end of a range. */
const dayOf = (date: string, after = false) => Date.parse(`${date}T00:00:00Z`) / 1000 + (after ? DAY : 0);

/** An address's balances over [from, to): the one it had at `from`, then each it had after a change in the range. */
function balancesOver(changes: readonly { time: number; balance: bigint }[], from: number, to: number): bigint[] {
  let before = 0n;
  const during: bigint[] = [];
  for (const c of changes) {
    if (c.time < from) before = c.balance;
    else if (c.time < to) during.push(c.balance);
  }
  return [before, ...during];
}

/** Native balance changes of each account: the balance after each block it took part in. */
function nativeChanges(chain: EvmChainWorld): Map<string, { time: number; balance: bigint }[]> {
  const out = new Map<string, { time: number; balance: bigint }[]>();
  for (const tx of chain.transactions) {
    for (const party of [tx.from.address, tx.to?.address]) {
      if (!party) continue;
      const a = party.toLowerCase();
      let list = out.get(a);
      if (!list) out.set(a, (list = []));
      list.push({ time: tx.blockTimestamp, balance: chain.balanceAt(a, Number(tx.blockNumber)) });
    }
  }
  return out;
}

/** ERC-20 balance changes of each holder of one token, from its transfers. */
function erc20Changes(chain: EvmChainWorld, contract: string): Map<string, { time: number; balance: bigint }[]> {
  const out = new Map<string, { time: number; balance: bigint }[]>();
  const held = new Map<string, bigint>();
  const move = (address: string, delta: bigint, time: number) => {
    const a = address.toLowerCase();
    const balance = (held.get(a) ?? 0n) + delta;
    held.set(a, balance);
    let list = out.get(a);
    if (!list) out.set(a, (list = []));
    list.push({ time, balance });
  };
  for (const t of chain.erc20Transfers) {
    if (t.erc20Token.address.toLowerCase() !== contract) continue;
    move(t.from.address, -BigInt(t.value), t.blockTimestamp);
    move(t.to.address, BigInt(t.value), t.blockTimestamp);
  }
  return out;
}

const latest = (changes: Map<string, { time: number; balance: bigint }[]>, min: bigint) =>
  [...changes].filter(([, list]) => (list.at(-1)?.balance ?? 0n) >= min).map(([a]) => a);

function ranged(changes: Map<string, { time: number; balance: bigint }[]>, min: bigint, firstDate: string, lastDate: string, all: boolean) {
  const from = dayOf(firstDate);
  const to = dayOf(lastDate, true);
  return [...changes]
    .filter(([, list]) => {
      const balances = balancesOver(list, from, to);
      return all ? balances.every((b) => b >= min) : balances.some((b) => b >= min);
    })
    .map(([a]) => a);
}

/** The addresses one query selects (lower-case), or the problems with it. */
function select(seed: string, query: CompositeSubQuery, problems: string[]): string[] {
  const p = query.params as Record<string, unknown>;
  const need = (...names: string[]) => {
    for (const name of names)
      if (typeof p[name] !== 'string' || p[name] === '') problems.push(`queries.${query.id}.params.${name} must be a non-empty string`);
  };
  const dates = () => {
    for (const name of ['firstDate', 'lastDate'])
      if (typeof p[name] === 'string' && !DATE.test(p[name]))
        problems.push(`queries.${query.id}.params.${name} must be a date (YYYY-MM-DD)`);
    if (typeof p.firstDate === 'string' && typeof p.lastDate === 'string' && p.firstDate > p.lastDate)
      problems.push(`queries.${query.id}: firstDate must not be after lastDate`);
  };
  const amount = () => {
    if (typeof p.minBalance === 'string' && !INTEGER.test(p.minBalance))
      problems.push(`queries.${query.id}.params.minBalance must be an integer string`);
  };
  switch (query.type) {
    case 'LatestBalance': {
      need('minBalance', 'evmChainId');
      amount();
      if (!METRICS_TOKEN_TYPES.includes(p.tokenType as never))
        problems.push(`queries.${query.id}.params.tokenType must be one of ${METRICS_TOKEN_TYPES.join(', ')}`);
      if (p.tokenType === 'ERC20') need('contractAddress');
      if (problems.length > 0) return [];
      const chain = chainOf(seed, String(p.evmChainId));
      if (!chain) return [];
      const changes = p.tokenType === 'ERC20' ? erc20Changes(chain, String(p.contractAddress).toLowerCase()) : nativeChanges(chain);
      return latest(changes, BigInt(String(p.minBalance)));
    }
    case 'AllTimeNativeBalance':
    case 'AnyTimeNativeBalance':
    case 'AllTimeErc20Balance':
    case 'AnyTimeErc20Balance': {
      const erc20 = query.type.endsWith('Erc20Balance');
      need('firstDate', 'lastDate', 'minBalance', 'evmChainId', ...(erc20 ? ['contractAddress'] : []));
      dates();
      amount();
      if (problems.length > 0) return [];
      const chain = chainOf(seed, String(p.evmChainId));
      if (!chain) return [];
      const changes = erc20 ? erc20Changes(chain, String(p.contractAddress).toLowerCase()) : nativeChanges(chain);
      return ranged(changes, BigInt(String(p.minBalance)), String(p.firstDate), String(p.lastDate), query.type.startsWith('AllTime'));
    }
    case 'AllTimeNftHolders':
    case 'AnyTimeNftHolders': {
      need('evmChainId', 'contractAddress');
      if ('startTs' in p || 'endTs' in p) {
        if (typeof p.startTs !== 'number' || typeof p.endTs !== 'number' || p.startTs > p.endTs)
          problems.push(`queries.${query.id}: startTs and endTs must be numbers, startTs not after endTs`);
      } else {
        need('firstDate', 'lastDate');
        dates();
      }
      if (problems.length > 0) return [];
      const chain = chainOf(seed, String(p.evmChainId));
      const contract = String(p.contractAddress).toLowerCase();
      return [
        ...new Set(
          (chain?.collectibles ?? []).filter((c) => c.balance.address.toLowerCase() === contract).map((c) => c.owner.toLowerCase()),
        ),
      ];
    }
    case 'AllTimeStarsArenaBalance':
    case 'AnyTimeStarsArenaBalance':
      need('firstDate', 'lastDate', 'minBalance', 'subjectAddress');
      dates();
      amount();
      return [];
    case 'LatestBalanceStarsArena':
      need('minBalance', 'subjectAddress');
      amount();
      return [];
  }
}

export function metricsLookingGlassRoutes(seed: string) {
  return {
    compositeQueryV2: {
      method: 'POST',
      pattern: /^\/v2\/lookingGlass\/compositeQuery$/,
      handle: (req) => {
        let body: { pageToken?: unknown; pageSize?: unknown; queries?: unknown; operator?: unknown };
        try {
          body = JSON.parse(req.body || 'null') ?? {};
        } catch {
          throw new BadRequest(['The body must be JSON']);
        }
        const problems: string[] = [];
        const pageSize = body.pageSize ?? 1000;
        if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 10_000)
          problems.push('pageSize must be an integer from 1 to 10000');
        if (!COMPOSITE_OPERATORS.includes(body.operator as never))
          problems.push(`operator must be one of the following values: ${COMPOSITE_OPERATORS.join(', ')}`);
        if (!Array.isArray(body.queries) || body.queries.length === 0) problems.push('queries must be a non-empty array');
        const queries = (Array.isArray(body.queries) ? body.queries : []) as CompositeSubQuery[];
        for (const q of queries) {
          if (typeof q?.id !== 'string' || !COMPOSITE_QUERY_TYPES.includes(q.type) || typeof q.params !== 'object' || q.params === null)
            problems.push(`each query needs an id, a type (${COMPOSITE_QUERY_TYPES.join(', ')}) and params`);
        }
        if (problems.length > 0) throw new BadRequest(problems);
        const sets = queries.map((q) => select(seed, q, problems));
        if (problems.length > 0) throw new BadRequest(problems);
        const subQueryCounts = Object.fromEntries(queries.map((q, i) => [q.id, sets[i]!.length]));
        const combined =
          body.operator === 'AND' ? sets.reduce((acc, set) => acc.filter((a) => set.includes(a))) : [...new Set(sets.flat())];
        const addresses = combined.sort().map(toChecksumAddress);
        const pageToken = typeof body.pageToken === 'string' ? body.pageToken : undefined;
        const fingerprint = JSON.stringify([body.operator, queries]);
        const { page, nextPageToken } = paginate(addresses, { pageToken, pageSize: pageSize as number }, fingerprint, (a) => a);
        return {
          status: 200,
          body: { subQueryCounts, totalCount: addresses.length, addresses: page, ...(nextPageToken ? { nextPageToken } : {}) },
        };
      },
    },
  } satisfies MetricsApiRoutes;
}
