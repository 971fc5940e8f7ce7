/**
 * The Metrics API's looking glass on the network: the EVM addresses that meet all (AND) or any
 * (OR) of several balance and holder conditions (`Network.addressesMatching`, compositeQueryV2),
 * with a typed input each condition of which is checked before the call.
 */
import { pageConnection, pageSpec } from '../graphql/connection.js';
import { badInput } from '../graphql/errors.js';
import { compositeQueryV2, type CompositeQueryResponse } from '../upstreams/metrics-api/looking-glass.js';
import {
  COMPOSITE_OPERATORS,
  COMPOSITE_QUERY_TYPES,
  type CompositeQueryType,
  type CompositeSubQuery,
  type MetricsTokenType,
} from '../upstreams/metrics-api/wire.js';
import { builder } from './builder.js';
import { specEnum } from './chain-metrics.js';
import { paged } from './cost.js';
import { NetworkRef } from './refs.js';
import { EvmAddressScalar } from './scalars.js';

const ConditionTypeEnum = specEnum(
  'AddressConditionType',
  'What an address condition asks (the Metrics API composite query types).',
  COMPOSITE_QUERY_TYPES,
  {
    AllTimeNativeBalance: 'Held at least `minBalance` of the native token at every moment from `firstDate` to `lastDate`.',
    AnyTimeNativeBalance: 'Held at least `minBalance` of the native token at some moment from `firstDate` to `lastDate`.',
    AllTimeErc20Balance: 'Held at least `minBalance` of the ERC-20 `contractAddress` at every moment from `firstDate` to `lastDate`.',
    AnyTimeErc20Balance: 'Held at least `minBalance` of the ERC-20 `contractAddress` at some moment from `firstDate` to `lastDate`.',
    AllTimeNftHolders:
      'Held an NFT of `contractAddress` throughout the range (`firstDate`/`lastDate`, or `startTimestamp`/`endTimestamp`).',
    AnyTimeNftHolders:
      'Held an NFT of `contractAddress` at some moment of the range (`firstDate`/`lastDate`, or `startTimestamp`/`endTimestamp`).',
    LatestBalance: 'Holds at least `minBalance` now, of the native token or (`tokenType: ERC20`) of `contractAddress`.',
    AllTimeStarsArenaBalance: 'Held at least `minBalance` keys of the Stars Arena subject `subjectAddress` at every moment of the dates.',
    AnyTimeStarsArenaBalance: 'Held at least `minBalance` keys of the Stars Arena subject `subjectAddress` at some moment of the dates.',
    LatestBalanceStarsArena: 'Holds at least `minBalance` keys of the Stars Arena subject `subjectAddress` now.',
  },
);

const OperatorEnum = specEnum('AddressConditionOperator', 'How conditions combine.', COMPOSITE_OPERATORS, {
  AND: 'Addresses that meet every condition.',
  OR: 'Addresses that meet at least one.',
});

const TokenTypeEnum = builder.enumType('BalanceTokenType', {
  description: 'Which token a latest-balance condition reads.',
  values: {
    NATIVE: { value: 'NATIVE', description: "The chain's native token." },
    ERC20: { value: 'ERC20', description: 'An ERC-20 token: give `contractAddress`.' },
  } as const satisfies Record<string, { value: MetricsTokenType; description: string }>,
});

interface ConditionInput {
  id: string;
  type: CompositeQueryType;
  evmChainId?: number | null;
  contractAddress?: string | null;
  minBalance?: string | null;
  tokenType?: MetricsTokenType | null;
  firstDate?: string | null;
  lastDate?: string | null;
  startTimestamp?: number | null;
  endTimestamp?: number | null;
  subjectAddress?: string | null;
}

const ConditionInputRef = builder.inputRef<ConditionInput>('AddressCondition').implement({
  description:
    'One condition on addresses. `type` says which fields it takes (its description names them); a field it does not take, or one it needs and lacks, is refused before any call.',
  fields: (t) => ({
    id: t.string({
      required: true,
      description: 'Your name for the condition (1 to 64 characters, unique in the request): `conditionCounts` reports by it.',
    }),
    type: t.field({ type: ConditionTypeEnum, required: true, description: 'What the condition asks.' }),
    evmChainId: t.field({
      type: 'SafeInt',
      description: 'The EVM chain whose balances or NFTs count (all but the Stars Arena conditions).',
    }),
    contractAddress: t.field({ type: EvmAddressScalar, description: 'The ERC-20 or NFT contract (ERC-20 and NFT conditions).' }),
    minBalance: t.field({
      type: 'BigInt',
      description: "The least balance, in the token's smallest unit (wei for the native token), 0 or more.",
    }),
    tokenType: t.field({ type: TokenTypeEnum, description: 'For LATEST_BALANCE: the native token (default) or an ERC-20.' }),
    firstDate: t.string({ description: 'First day of the range, YYYY-MM-DD (UTC).' }),
    lastDate: t.string({ description: 'Last day of the range, YYYY-MM-DD (UTC), not before `firstDate`.' }),
    startTimestamp: t.field({
      type: 'SafeInt',
      description: 'For NFT conditions, instead of the dates: start of the range, Unix seconds.',
    }),
    endTimestamp: t.field({ type: 'SafeInt', description: 'For NFT conditions, instead of the dates: end of the range, Unix seconds.' }),
    subjectAddress: t.field({ type: EvmAddressScalar, description: 'The Stars Arena subject whose keys count (Stars Arena conditions).' }),
  }),
});

/** The most conditions one query takes: a bound of the gateway's (the spec gives none), so one request stays one bounded call. */
const MAX_CONDITIONS = 10;

type Field = Exclude<keyof ConditionInput, 'id' | 'type'>;

/** The fields each type needs, and those it may take besides. */
const SHAPES: Record<CompositeQueryType, { needs: Field[]; may?: Field[] }> = {
  AllTimeNativeBalance: { needs: ['firstDate', 'lastDate', 'minBalance', 'evmChainId'] },
  AnyTimeNativeBalance: { needs: ['firstDate', 'lastDate', 'minBalance', 'evmChainId'] },
  AllTimeErc20Balance: { needs: ['firstDate', 'lastDate', 'minBalance', 'evmChainId', 'contractAddress'] },
  AnyTimeErc20Balance: { needs: ['firstDate', 'lastDate', 'minBalance', 'evmChainId', 'contractAddress'] },
  AllTimeNftHolders: { needs: ['evmChainId', 'contractAddress'], may: ['firstDate', 'lastDate', 'startTimestamp', 'endTimestamp'] },
  AnyTimeNftHolders: { needs: ['evmChainId', 'contractAddress'], may: ['firstDate', 'lastDate', 'startTimestamp', 'endTimestamp'] },
  LatestBalance: { needs: ['minBalance', 'evmChainId'], may: ['tokenType', 'contractAddress'] },
  AllTimeStarsArenaBalance: { needs: ['firstDate', 'lastDate', 'minBalance', 'subjectAddress'] },
  AnyTimeStarsArenaBalance: { needs: ['firstDate', 'lastDate', 'minBalance', 'subjectAddress'] },
  LatestBalanceStarsArena: { needs: ['minBalance', 'subjectAddress'] },
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as the Metrics API takes it, or an error naming the field. */
function checkDate(value: string, at: string): void {
  const m = DATE.exec(value);
  const ok = m !== null && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
  if (!ok) throw badInput(`\`${at}\` must be a date written YYYY-MM-DD (got ${JSON.stringify(value.slice(0, 40))}).`, { argument: at });
}

const constantName = (type: string) => type.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/** The rules every condition's fields follow, whatever its type: which it takes and needs, amounts, dates, timestamps. Returns whether it gives timestamps. */
function checkFields(c: ConditionInput, at: string): boolean {
  const shape = SHAPES[c.type];
  const given = (Object.keys(SHAPES_FIELDS) as Field[]).filter((f) => c[f] != null);
  const allowed = new Set<Field>([...shape.needs, ...(shape.may ?? [])]);
  const extra = given.find((f) => !allowed.has(f));
  if (extra)
    throw badInput(`\`${at}.${extra}\` does not apply to ${constantName(c.type)}: it takes ${[...allowed].join(', ')}.`, {
      argument: `${at}.${extra}`,
    });
  const missing = shape.needs.find((f) => c[f] == null);
  if (missing) throw badInput(`${constantName(c.type)} needs \`${at}.${missing}\`.`, { argument: `${at}.${missing}` });
  if (c.minBalance?.startsWith('-'))
    throw badInput(`\`${at}.minBalance\` must be 0 or more (got ${c.minBalance}).`, { argument: `${at}.minBalance` });
  if (c.evmChainId != null && c.evmChainId < 1)
    throw badInput(`\`${at}.evmChainId\` must be an EVM chain id, 1 or more (got ${c.evmChainId}).`, { argument: `${at}.evmChainId` });
  if (c.firstDate != null || c.lastDate != null) {
    if (c.firstDate == null || c.lastDate == null)
      throw badInput(`Give both \`${at}.firstDate\` and \`${at}.lastDate\`, or neither.`, { argument: `${at}.firstDate` });
    checkDate(c.firstDate, `${at}.firstDate`);
    checkDate(c.lastDate, `${at}.lastDate`);
    if (c.firstDate > c.lastDate)
      throw badInput(`\`${at}.firstDate\` (${c.firstDate}) must not be after \`${at}.lastDate\` (${c.lastDate}).`, {
        argument: `${at}.firstDate`,
      });
  }
  const stamps = c.startTimestamp != null || c.endTimestamp != null;
  if (stamps) {
    if (c.startTimestamp == null || c.endTimestamp == null)
      throw badInput(`Give both \`${at}.startTimestamp\` and \`${at}.endTimestamp\`, or neither.`, { argument: `${at}.startTimestamp` });
    if (c.firstDate != null) throw badInput(`Give \`${at}\` dates or timestamps, not both.`, { argument: `${at}.startTimestamp` });
    if (c.startTimestamp < 0 || c.startTimestamp > c.endTimestamp)
      throw badInput(
        `\`${at}.startTimestamp\` must be 0 or more and not after \`endTimestamp\` (got ${c.startTimestamp} to ${c.endTimestamp}).`,
        { argument: `${at}.startTimestamp` },
      );
  }
  return stamps;
}

/** One condition as the Metrics API's sub-query, every rule checked first. */
function subQuery(c: ConditionInput, at: string): CompositeSubQuery {
  const stamps = checkFields(c, at);
  const chain = c.evmChainId != null ? String(c.evmChainId) : '';
  switch (c.type) {
    case 'AllTimeNativeBalance':
    case 'AnyTimeNativeBalance':
      return {
        id: c.id,
        type: c.type,
        params: { firstDate: c.firstDate!, lastDate: c.lastDate!, minBalance: c.minBalance!, evmChainId: chain },
      };
    case 'AllTimeErc20Balance':
    case 'AnyTimeErc20Balance':
      return {
        id: c.id,
        type: c.type,
        params: {
          firstDate: c.firstDate!,
          lastDate: c.lastDate!,
          minBalance: c.minBalance!,
          evmChainId: chain,
          contractAddress: c.contractAddress!,
        },
      };
    case 'AllTimeNftHolders':
    case 'AnyTimeNftHolders':
      if (!stamps && c.firstDate == null)
        throw badInput(
          `${constantName(c.type)} needs a range: \`${at}.firstDate\` and \`lastDate\`, or \`startTimestamp\` and \`endTimestamp\`.`,
          { argument: `${at}.firstDate` },
        );
      return {
        id: c.id,
        type: c.type,
        params: stamps
          ? { evmChainId: chain, contractAddress: c.contractAddress!, startTs: c.startTimestamp!, endTs: c.endTimestamp! }
          : { evmChainId: chain, contractAddress: c.contractAddress!, firstDate: c.firstDate!, lastDate: c.lastDate! },
      };
    case 'LatestBalance': {
      const tokenType = c.tokenType ?? 'NATIVE';
      if (tokenType === 'ERC20' && c.contractAddress == null)
        throw badInput(`LATEST_BALANCE of an ERC20 needs \`${at}.contractAddress\`.`, { argument: `${at}.contractAddress` });
      if (tokenType === 'NATIVE' && c.contractAddress != null)
        throw badInput(`\`${at}.contractAddress\` applies to an ERC20 balance only.`, { argument: `${at}.contractAddress` });
      return {
        id: c.id,
        type: c.type,
        params: {
          minBalance: c.minBalance!,
          evmChainId: chain,
          tokenType,
          ...(c.contractAddress ? { contractAddress: c.contractAddress } : {}),
        },
      };
    }
    case 'AllTimeStarsArenaBalance':
    case 'AnyTimeStarsArenaBalance':
      return {
        id: c.id,
        type: c.type,
        params: { firstDate: c.firstDate!, lastDate: c.lastDate!, minBalance: c.minBalance!, subjectAddress: c.subjectAddress! },
      };
    case 'LatestBalanceStarsArena':
      return { id: c.id, type: c.type, params: { minBalance: c.minBalance!, subjectAddress: c.subjectAddress! } };
  }
}

const SHAPES_FIELDS: Record<Field, true> = {
  evmChainId: true,
  contractAddress: true,
  minBalance: true,
  tokenType: true,
  firstDate: true,
  lastDate: true,
  startTimestamp: true,
  endTimestamp: true,
  subjectAddress: true,
};

/** Every condition, checked before the call; each error names the condition and its field. */
export function checkConditions(conditions: readonly ConditionInput[]): CompositeSubQuery[] {
  if (conditions.length === 0 || conditions.length > MAX_CONDITIONS) {
    throw badInput(`\`conditions\` takes 1 to ${MAX_CONDITIONS} conditions (got ${conditions.length}).`, { argument: 'conditions' });
  }
  const ids = new Set<string>();
  return conditions.map((c, i) => {
    const at = `conditions[${i}]`;
    if (c.id.length < 1 || c.id.length > 64)
      throw badInput(`\`${at}.id\` must be 1 to 64 characters (got ${c.id.length}).`, { argument: `${at}.id` });
    if (ids.has(c.id))
      throw badInput(`\`${at}.id\` repeats ${JSON.stringify(c.id)}: each condition needs an id of its own.`, { argument: `${at}.id` });
    ids.add(c.id);
    return subQuery(c, at);
  });
}

type MatchModel = { address: string };

const MatchRef = builder.objectRef<MatchModel>('MatchedAddress').implement({
  description: 'An address the conditions selected.',
  fields: (t) => ({
    address: t.field({
      type: 'String',
      description: 'The EVM address (0x, checksummed as the Metrics API writes it).',
      resolve: (m) => m.address,
    }),
  }),
});

const ConditionCountRef = builder.objectRef<{ id: string; count: number }>('ConditionCount').implement({
  description: 'How many addresses one condition selected on its own.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The condition, by the id you gave it.' }),
    count: t.exposeFloat('count', { description: 'Addresses it selected.' }),
  }),
});

const PAGE = pageSpec('compositeQueryV2', 'addressesMatching', { defaultFirst: 100, maxFirst: 10_000 });

const MatchConnection = builder.connectionObject(
  {
    type: MatchRef,
    name: 'MatchedAddressConnection',
    description: 'The addresses the conditions selected, with how many each selected.',
    fields: (t) => ({
      totalCount: t.float({
        nullable: true,
        description: 'Addresses the combined conditions selected, over every page.',
        resolve: (conn) => (conn as { firstPage?: CompositeQueryResponse }).firstPage?.totalCount ?? null,
      }),
      conditionCounts: t.field({
        type: [ConditionCountRef],
        nullable: true,
        description: 'Addresses each condition selected on its own.',
        // One per condition asked, at most MAX_CONDITIONS (more are refused): not the page's `first`.
        price: { items: MAX_CONDITIONS },
        resolve: (conn) => {
          const counts = (conn as { firstPage?: CompositeQueryResponse }).firstPage?.subQueryCounts;
          return counts ? Object.entries(counts).map(([id, count]) => ({ id, count })) : null;
        },
      }),
    }),
  },
  { name: 'MatchedAddressEdge', description: 'An address and its cursor.' },
);

builder.objectField(NetworkRef, 'addressesMatching', (t) =>
  t.connection(
    {
      type: MatchRef,
      nullable: true,
      description: `EVM addresses that meet every (AND) or any (OR) of up to ${MAX_CONDITIONS} conditions on balances and holdings (Metrics API compositeQueryV2). \`first\`: 1 to 10000 (default 100).`,
      args: {
        operator: t.arg({ type: OperatorEnum, required: true, description: 'How the conditions combine.' }),
        conditions: t.arg({ type: [ConditionInputRef], required: true, description: `The conditions, 1 to ${MAX_CONDITIONS}.` }),
      },
      price: paged(PAGE),
      resolve: (_network, args, ctx) => {
        const queries = checkConditions(args.conditions);
        return pageConnection({
          cursors: ctx.cursors,
          args,
          spec: PAGE,
          filters: ['composite', args.operator, queries],
          fetchPage: (page) =>
            compositeQueryV2(ctx.metricsApi, {
              operator: args.operator,
              queries,
              pageSize: page.pageSize,
              ...(page.pageToken ? { pageToken: page.pageToken } : {}),
            }),
          read: (page) => ({ items: page.addresses.map((address) => ({ address })), nextPageToken: page.nextPageToken }),
          toNode: (m) => m,
          keyOf: (m) => m.address.toLowerCase(),
        });
      },
    },
    MatchConnection,
  ),
);
