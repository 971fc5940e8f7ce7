/**
 * The operator's own Data API account, behind ADMIN_TOKEN: its webhooks (what they watch, where
 * they post, their addresses, the secret signing their posts), its usage and request log, the
 * RPC usage of its subnets and of the Primary Network, and transaction export jobs. Every call
 * goes out with the operator's key (DATA_API_KEY), never a key the client sent, and nothing read
 * here is shared with another request or kept in the response cache (the `never` freshness, and
 * the admin scope makes the response uncacheable). Without the token: FORBIDDEN, and nothing is sent.
 */
import { pageConnection, pageSpec, type ConnectionArgs } from '../graphql/connection.js';
import { badInput, quote } from '../graphql/errors.js';
import { getOperationResult, postTransactionExportJob, type ExportJob, type ExportJobRequest } from '../upstreams/data-api/export-jobs.js';
import { getApiLogs, getApiUsageMetrics, getPrimaryNetworkRpcUsageMetrics, getSubnetRpcUsageMetrics } from '../upstreams/data-api/usage.js';
import type { Answer } from '../upstreams/data-api/wire.js';
import {
  addAddressesToWebhook,
  createWebhook,
  deactivateWebhook,
  generateOrRotateSharedSecret,
  getAddressesFromWebhook,
  getSharedSecret,
  getWebhook,
  listWebhooks,
  removeAddressesFromWebhook,
  updateWebhook,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type Webhook,
} from '../upstreams/data-api/webhooks.js';
import { builder } from './builder.js';
import type { OperationId } from '../upstreams/operations.js';
import { checkRange, rangeArgs } from './chain-metrics.js';
import { paged } from './cost.js';
import { accountEntityId } from './global-id.js';
import { learnt } from './list-sizes.js';
import { NetworkNameEnum } from './enums.js';
import { MAX_LIST_ARGUMENT, toNetwork } from './inputs.js';
import { AvalancheAddressScalar, CB58IdScalar, EvmAddressScalar, NodeIdScalar, Uint64Scalar } from './scalars.js';
import { TEXT_BYTES, upstreamText } from './leaf-bytes.js';

/** The addresses one call may add to or remove from a webhook. */
export const MAX_WEBHOOK_ADDRESSES_PER_CALL = 100;
/** The longest text (a name, a description, a filter) sent on. */
const MAX_TEXT = 1024;
/** The longest URL a webhook posts to. */
const MAX_URL = 2048;

function checkText(value: string, argument: string, max = MAX_TEXT): string {
  if (value.length > max) throw badInput(`\`${argument}\` is ${value.length} characters long; at most ${max} are allowed.`, { argument });
  if (/\p{Cc}/u.test(value)) throw badInput(`\`${argument}\` may not hold control characters.`, { argument });
  return value;
}

/** A webhook's or an export's id as the Data API makes them: letters, digits, `-` and `_`, 1 to 64 long. */
function checkId(value: string, argument: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value))
    throw badInput(`\`${argument}\` must be an id as the Data API gives them (1 to 64 letters, digits, "-" or "_"), got ${quote(value)}.`, {
      argument,
    });
  return value;
}

function checkUrl(value: string, argument: string): string {
  checkText(value, argument, MAX_URL);
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (url?.protocol !== 'https:')
    throw badInput(`\`${argument}\` must be an https:// URL the Data API can post to, got ${quote(value)}.`, { argument });
  return value;
}

function checkWebhookAddresses(addresses: readonly string[], argument: string): string[] {
  if (addresses.length === 0 || addresses.length > MAX_WEBHOOK_ADDRESSES_PER_CALL)
    throw badInput(`\`${argument}\` must hold 1 to ${MAX_WEBHOOK_ADDRESSES_PER_CALL} addresses (got ${addresses.length}).`, { argument });
  return [...addresses];
}

// --- webhooks ---------------------------------------------------------------------------------

const WebhookStatusEnum = builder.enumType('WebhookStatus', {
  description: 'Whether a webhook posts.',
  values: {
    ACTIVE: { value: 'active', description: 'It posts each event it watches.' },
    INACTIVE: { value: 'inactive', description: 'It posts nothing until made active again.' },
  } as const,
});

const WebhookEventTypeEnum = builder.enumType('WebhookEventType', {
  description: 'What a webhook watches.',
  values: {
    ADDRESS_ACTIVITY: { value: 'address_activity', description: 'Transactions and logs of EVM addresses on one EVM chain.' },
    PRIMARY_NETWORK_ADDRESS_ACTIVITY: {
      value: 'primary_network_address_activity',
      description: 'Balance changes and rewards of P-/X-Chain addresses.',
    },
    VALIDATOR_ACTIVITY: { value: 'validator_activity', description: 'Stakes, rewards and L1 fee events of one validator or subnet.' },
  } as const,
});

const AddressSubEventEnum = builder.enumType('WebhookAddressSubEvent', {
  description: 'What a Primary Network address webhook posts about.',
  values: {
    BALANCE_CHANGE: { value: 'balance_change', description: 'Any change of a balance.' },
    BALANCE_THRESHOLD: { value: 'balance_threshold', description: 'A balance crossing a threshold.' },
    REWARD_DISTRIBUTION: { value: 'reward_distribution', description: 'A staking reward paid.' },
  } as const,
});

const ValidatorSubEventEnum = builder.enumType('WebhookValidatorSubEvent', {
  description: 'What a validator webhook posts about.',
  values: {
    VALIDATOR_STAKE: { value: 'validator_stake', description: 'A validator staked.' },
    DELEGATOR_STAKE: { value: 'delegator_stake', description: 'A delegation to it.' },
    REWARD_DISTRIBUTION: { value: 'reward_distribution', description: 'A reward paid.' },
    L1_VALIDATOR_BALANCE_INCREASED: { value: 'l1_validator_balance_increased', description: "An L1 validator's fee balance topped up." },
    L1_VALIDATOR_DISABLED: { value: 'l1_validator_disabled', description: 'An L1 validator disabled.' },
    L1_VALIDATOR_REMOVED: { value: 'l1_validator_removed', description: 'An L1 validator removed.' },
    L1_VALIDATOR_BALANCE_THRESHOLD: {
      value: 'l1_validator_balance_threshold',
      description: "An L1 validator's fee balance below its threshold.",
    },
  } as const,
});

const WebhookBalanceTypeEnum = builder.enumType('WebhookBalanceType', {
  description: "Which of a Primary Network address's balances a BALANCE_THRESHOLD webhook compares with its threshold.",
  values: {
    UNLOCKED_UNSTAKED: { value: 'unlockedUnstaked', description: 'P-Chain: spendable now, not staked.' },
    UNLOCKED_STAKED: { value: 'unlockedStaked', description: 'P-Chain: staked, spendable once the stake ends.' },
    LOCKED_PLATFORM: { value: 'lockedPlatform', description: 'P-Chain: locked until a time, not stakeable.' },
    LOCKED_STAKEABLE: { value: 'lockedStakeable', description: 'P-Chain: locked until a time, stakeable meanwhile.' },
    LOCKED_STAKED: { value: 'lockedStaked', description: 'P-Chain: locked and staked.' },
    PENDING_STAKED: { value: 'pendingStaked', description: 'P-Chain: staked in a stake not started yet.' },
    UNLOCKED: { value: 'unlocked', description: 'X-Chain: spendable now.' },
    LOCKED: { value: 'locked', description: 'X-Chain: locked until a time.' },
    ATOMIC_MEMORY_UNLOCKED: { value: 'atomicMemoryUnlocked', description: 'Exported to this chain, not imported yet, spendable.' },
    ATOMIC_MEMORY_LOCKED: { value: 'atomicMemoryLocked', description: 'Exported to this chain, not imported yet, locked.' },
  } as const,
});

const WEBHOOK_PAGE = pageSpec('listWebhooks', 'webhooks');
const WEBHOOK_ADDRESS_PAGE = pageSpec('getAddressesFromWebhook', 'addresses');

/** A page of a webhook's addresses, with their total (which the Data API gives on every page). */
type WebhookAddresses = Answer<'getAddressesFromWebhook'>;

const WebhookAddressConnection = builder.connectionObject(
  {
    type: 'String',
    name: 'WebhookAddressConnection',
    description: 'A page of the addresses a webhook watches.',
    fields: (t) => ({
      totalCount: t.int({
        nullable: true,
        description: 'How many addresses the webhook watches in all; null when the page is empty past the end.',
        resolve: (c) => (c as unknown as { total?: number }).total ?? null,
      }),
    }),
  },
  { name: 'WebhookAddressEdge', description: 'An address and its cursor.' },
);

type BalanceThresholdFilter = NonNullable<Webhook['metadata']['balanceThresholdFilter']>;

const WebhookBalanceThresholdRef = builder.objectRef<BalanceThresholdFilter>('WebhookBalanceThreshold').implement({
  description: 'The threshold a BALANCE_THRESHOLD webhook posts at: when the balance of this type crosses it.',
  fields: (t) => ({
    balanceType: t.field({ type: WebhookBalanceTypeEnum, description: 'Which balance it compares.', resolve: (f) => f.balanceType }),
    threshold: t.field({ type: Uint64Scalar, description: 'The threshold, in nAVAX.', resolve: (f) => f.balanceThreshold }),
  }),
});

const WebhookRef = builder.objectRef<Webhook>('Webhook').implement({
  description: "One of the operator's Data API webhooks: what it watches and where it posts.",
  fields: (t) => ({
    id: t.id({
      description:
        "Global id (its webhook id, in the operator's account): a stable key for client caches. `node(id:)` cannot fetch it again: a webhook is read only with the admin token, through `dataApiAccount.webhook(webhookId:)`, which `node(id:)` does not ask for.",
      resolve: (w) => accountEntityId('Webhook', w.id),
    }),
    webhookId: t.exposeString('id', { description: 'Its id at the Data API: what `webhook`, `updateWebhook` and the others take.' }),
    url: t.exposeString('url', { description: 'Where it posts (https).', price: { bytes: upstreamText('webhook-url', TEXT_BYTES.url) } }),
    name: t.exposeString('name', { description: 'Its name; empty if none was given.' }),
    description: t.exposeString('description', {
      description: 'Its description; empty if none was given.',
      price: { bytes: upstreamText('webhook-description', TEXT_BYTES.prose) },
    }),
    status: t.field({ type: WebhookStatusEnum, description: 'Whether it posts.', resolve: (w) => w.status }),
    eventType: t.field({ type: WebhookEventTypeEnum, description: 'What it watches.', resolve: (w) => w.eventType }),
    chainId: t.exposeString('chainId', {
      description: 'The chain it watches: an EVM chain id for address activity, a blockchain id otherwise.',
    }),
    createdAt: t.int({ description: 'When it was created, Unix seconds.', resolve: (w) => Math.floor(w.createdAt) }),
    includeInternalTxs: t.boolean({
      nullable: true,
      description: 'Whether its posts include internal transactions (address activity on the C-Chain only); null if not set.',
      resolve: (w) => w.includeInternalTxs ?? null,
    }),
    includeLogs: t.boolean({
      nullable: true,
      description: 'Whether its posts include logs (address activity); null if not set.',
      resolve: (w) => w.includeLogs ?? null,
    }),
    eventSignatures: t.stringList({
      description: 'The log topics (event signatures) it is limited to; empty: every event.',
      resolve: (w) => w.metadata.eventSignatures ?? [],
    }),
    keyType: t.string({
      nullable: true,
      description: 'What its keys are (`addresses`, `nodeId` or `subnetId`); null for EVM address activity, which watches addresses.',
      resolve: (w) => w.metadata.keyType ?? null,
    }),
    subEvents: t.stringList({
      description: 'The kinds of event it posts (Primary Network address and validator webhooks); empty for EVM address activity.',
      resolve: (w) => {
        const sub = w.metadata.subEvents as { addressActivitySubEvents?: string[]; validatorActivitySubEvents?: string[] } | undefined;
        return sub?.addressActivitySubEvents ?? sub?.validatorActivitySubEvents ?? [];
      },
    }),
    balanceThreshold: t.field({
      type: WebhookBalanceThresholdRef,
      nullable: true,
      description:
        'The balance and threshold a PRIMARY_NETWORK_ADDRESS_ACTIVITY webhook with the `balance_threshold` sub-event posts at; null otherwise.',
      resolve: (w) => w.metadata.balanceThresholdFilter ?? null,
    }),
    filterNodeIds: t.stringList({
      description: 'VALIDATOR_ACTIVITY: only events of these validators (NodeID-…); empty: no such filter.',
      resolve: (w) => w.metadata.nodeIds ?? [],
    }),
    filterSubnetIds: t.stringList({
      description: 'VALIDATOR_ACTIVITY: only events on these subnets; empty: no such filter.',
      resolve: (w) => w.metadata.subnetIds ?? [],
    }),
    l1ValidatorFeeBalanceThreshold: t.field({
      type: Uint64Scalar,
      nullable: true,
      description:
        'VALIDATOR_ACTIVITY with the `l1_validator_balance_threshold` sub-event: the L1 validator fee balance (nAVAX) below which it posts; null otherwise.',
      resolve: (w) => w.metadata.l1ValidatorFeeBalanceThreshold ?? null,
    }),
    addresses: t.connection(
      {
        type: 'String',
        description:
          'The addresses (or keys: node ids, subnet ids) it watches, in the order they were added (getAddressesFromWebhook). `first`: 1 to 500 (default 10).',
        price: paged(WEBHOOK_ADDRESS_PAGE),
        resolve: async (w, args, ctx) => {
          let total: number | undefined;
          const connection = await pageConnection({
            cursors: ctx.cursors,
            args,
            spec: WEBHOOK_ADDRESS_PAGE,
            filters: ['webhook', w.id],
            fetchPage: (page) => getAddressesFromWebhook(ctx.dataApi, w.id, page),
            read: (page: WebhookAddresses) => {
              total = page.totalAddresses;
              return { items: page.addresses, nextPageToken: page.nextPageToken };
            },
            toNode: (a) => a,
            keyOf: (a) => a,
          });
          return Object.assign(connection, { total });
        },
      },
      WebhookAddressConnection,
    ),
  }),
});

const WebhookConnection = builder.connectionObject(
  { type: WebhookRef, name: 'WebhookConnection', description: "A page of the operator's webhooks." },
  { name: 'WebhookEdge', description: 'A webhook and its cursor.' },
);

// --- usage ------------------------------------------------------------------------------------

/**
 * The intervals one usage answer holds: refused above this before any call when the range says
 * more (`checkIntervals`): a year of days; learnt from the answers otherwise (the Data API's default range is a day).
 */
const MAX_POINTS = 366;
const POINTS = learnt({ kind: 'apiUsagePoints', most: { mainnet: MAX_POINTS, fuji: MAX_POINTS } });
/**
 * The groups one interval holds: request paths, codes, keys, countries; an account uses a few dozen
 * paths at most. Not learnt: a point does not know its report's `groupBy`, and learnt across
 * reports, five countries after three methods were priced as three.
 */
const GROUPS = 20;
const INTERVAL_SECONDS = { minute: 60, hourly: 3600, daily: 86_400, weekly: 604_800, monthly: 2_592_000 } as const;

/** A usage range checked, and refused when it spans more intervals than an answer is priced for. */
function checkIntervals(args: {
  startTimestamp?: number | null;
  endTimestamp?: number | null;
  interval?: keyof typeof INTERVAL_SECONDS | null;
}) {
  const range = checkRange(args);
  if (range.startTimestamp !== undefined) {
    const end = range.endTimestamp ?? Math.floor(Date.now() / 1000);
    const intervals = Math.floor((end - range.startTimestamp) / INTERVAL_SECONDS[args.interval ?? 'daily']) + 1;
    if (intervals > MAX_POINTS)
      throw badInput(
        `The range spans ${intervals} ${args.interval ?? 'daily'} intervals; at most ${MAX_POINTS} are answered: ask a shorter range or a coarser \`interval\`.`,
        {
          argument: 'startTimestamp',
        },
      );
  }
  return range;
}

type UsageValue =
  | Answer<'getApiUsageMetrics'>['metrics'][number]['values'][number]
  | Answer<'getSubnetRpcUsageMetrics'>['metrics'][number]['values'][number];
type UsagePoint = { timestamp: number; values: UsageValue[] };
type Usage = { aggregateDuration: string; metrics: UsagePoint[] };

const UsageFiguresRef = builder.objectRef<UsageValue>('ApiUsageFigures').implement({
  description: 'What one group of requests did in one interval.',
  fields: (t) => ({
    groupedBy: t.exposeString('groupedBy', { description: 'What the requests are grouped by (`None`: all together).' }),
    groupValue: t.string({
      nullable: true,
      description: "The group's value (a path, a response code, a method…); null when not grouped.",
      resolve: (v) => (v.groupValue === undefined ? null : String(v.groupValue)),
    }),
    totalRequests: t.exposeFloat('totalRequests', { description: 'Requests made.' }),
    requestsPerSecond: t.exposeFloat('requestsPerSecond', { description: 'Requests per second over the interval.' }),
    successRatePercent: t.exposeFloat('successRatePercent', { description: 'Share of requests that succeeded, in percent.' }),
    medianResponseTimeMsecs: t.exposeFloat('medianResponseTimeMsecs', { description: 'Median response time, in milliseconds.' }),
    invalidRequests: t.exposeFloat('invalidRequests', { description: 'Requests refused as invalid.' }),
    apiCreditsUsed: t.exposeFloat('apiCreditsUsed', { description: 'API credits the requests used.' }),
    apiCreditsWasted: t.exposeFloat('apiCreditsWasted', { description: 'API credits used by invalid requests.' }),
  }),
});

const UsagePointRef = builder.objectRef<UsagePoint>('ApiUsagePoint').implement({
  description: 'One interval of usage.',
  fields: (t) => ({
    timestamp: t.int({ description: 'Where the interval starts, Unix seconds.', resolve: (p) => Math.floor(p.timestamp) }),
    values: t.field({
      type: [UsageFiguresRef],
      description: 'Its figures, one per group.',
      price: { items: GROUPS },
      resolve: (p) => p.values,
    }),
  }),
});

const UsageRef = builder.objectRef<Usage>('ApiUsage').implement({
  description: 'Usage over time, one point per interval.',
  fields: (t) => ({
    aggregateDuration: t.exposeString('aggregateDuration', { description: 'How long each interval is, e.g. "1 day".' }),
    points: t.field({
      type: [UsagePointRef],
      description: 'The intervals, oldest first.',
      price: { items: POINTS },
      resolve: (u) => u.metrics,
    }),
  }),
});

type LogEntry = Answer<'getApiLogs'>['logs'][number];

const ApiLogRef = builder.objectRef<LogEntry>('ApiLogEntry').implement({
  description: 'One request made with a key of the account.',
  fields: (t) => ({
    id: t.id({
      description:
        "Global id (its log id, in the operator's account): a stable key for client caches. `node(id:)` cannot fetch it again: the Data API reads its log only as a list, and only with the admin token.",
      resolve: (l) => accountEntityId('ApiLogEntry', l.logId),
    }),
    logId: t.exposeString('logId', { description: 'Its id.' }),
    timestamp: t.int({ description: 'When it was made, Unix seconds.', resolve: (l) => Math.floor(l.eventTimestamp) }),
    apiKeyId: t.exposeString('apiKeyId', { description: 'The key it used.' }),
    apiKeyAlias: t.exposeString('apiKeyAlias', { description: "The key's alias." }),
    requestType: t.exposeString('requestType', { description: '`data` (the Data API) or `rpc`.' }),
    requestPath: t.exposeString('requestPath', {
      description: 'The path it asked.',
      price: { bytes: upstreamText('request-path', TEXT_BYTES.url) },
    }),
    responseCode: t.int({ description: 'The HTTP status it got.', resolve: (l) => l.responseCode }),
    durationMsecs: t.exposeFloat('requestDurationMsecs', { description: 'How long it took, in milliseconds.' }),
    apiCreditsConsumed: t.exposeFloat('apiCreditsConsumed', { description: 'API credits it used.' }),
    chainId: t.string({ nullable: true, description: 'The chain it asked about, if any.', resolve: (l) => l.chainId ?? null }),
    rpcMethod: t.string({ nullable: true, description: 'The RPC method, for an RPC request.', resolve: (l) => l.rpcMethod ?? null }),
    hostRegion: t.exposeString('hostRegion', { description: 'The region that served it.' }),
    ipAddress: t.string({ description: 'The address it came from.', resolve: (l) => l.metadata.ipAddress }),
    userAgent: t.string({
      description: 'Its user agent.',
      price: { bytes: upstreamText('user-agent', TEXT_BYTES.short * 4) },
      resolve: (l) => l.metadata.userAgent,
    }),
  }),
});

const ApiLogConnection = builder.connectionObject(
  { type: ApiLogRef, name: 'ApiLogConnection', description: "A page of the account's requests, newest first." },
  { name: 'ApiLogEdge', description: 'A request and its cursor.' },
);

const LOG_PAGE = pageSpec('getApiLogs', 'logs');

const IntervalEnum = builder.enumType('ApiUsageInterval', {
  description: 'How long each usage interval is.',
  values: {
    MINUTE: { value: 'minute', description: 'A minute (account usage only).' },
    HOURLY: { value: 'hourly', description: 'An hour.' },
    DAILY: { value: 'daily', description: 'A day.' },
    WEEKLY: { value: 'weekly', description: 'A week.' },
    MONTHLY: { value: 'monthly', description: 'A month.' },
  } as const,
});

const UsageGroupEnum = builder.enumType('ApiUsageGroupBy', {
  description: 'What account usage is grouped by.',
  values: {
    REQUEST_PATH: { value: 'requestPath', description: 'The path asked.' },
    RESPONSE_CODE: { value: 'responseCode', description: 'The HTTP status answered.' },
    CHAIN_ID: { value: 'chainId', description: 'The chain asked about.' },
    API_KEY_ID: { value: 'apiKeyId', description: 'The key used.' },
    REQUEST_TYPE: { value: 'requestType', description: 'Data API or RPC.' },
  } as const,
});

const RpcGroupEnum = builder.enumType('RpcUsageGroupBy', {
  description:
    'What RPC usage is grouped by (COUNTRY, CONTINENT, USER_AGENT and REQUEST_PATH: the Primary Network only; RATE_LIMIT_BYPASS_TOKEN: subnets only).',
  values: {
    RPC_METHOD: { value: 'rpcMethod', description: 'The RPC method.' },
    RESPONSE_CODE: { value: 'responseCode', description: 'The HTTP status answered.' },
    RATE_LIMIT_BYPASS_TOKEN: { value: 'rlBypassToken', description: 'The rate-limit bypass token used (subnets).' },
    REQUEST_PATH: { value: 'requestPath', description: 'The path asked (Primary Network).' },
    COUNTRY: { value: 'country', description: 'The country asked from (Primary Network).' },
    CONTINENT: { value: 'continent', description: 'The continent asked from (Primary Network).' },
    USER_AGENT: { value: 'userAgent', description: 'The user agent (Primary Network).' },
  } as const,
});

const RequestTypeEnum = builder.enumType('ApiRequestType', {
  description: 'Data API requests or RPC requests.',
  values: { DATA: { value: 'data', description: 'Data API requests.' }, RPC: { value: 'rpc', description: 'RPC requests.' } } as const,
});

/** Filters of the account's usage and log, checked: texts bounded, no control characters. */
function usageFilters(args: {
  evmChainId?: string | null;
  responseCode?: number | null;
  requestType?: 'data' | 'rpc' | null;
  apiKeyId?: string | null;
  requestPath?: string | null;
}) {
  if (args.responseCode != null && (args.responseCode < 100 || args.responseCode > 599))
    throw badInput(`\`responseCode\` must be an HTTP status, 100 to 599 (got ${args.responseCode}).`, { argument: 'responseCode' });
  return {
    ...(args.evmChainId != null ? { chainId: checkText(args.evmChainId, 'evmChainId', 64) } : {}),
    ...(args.responseCode != null ? { responseCode: String(args.responseCode) } : {}),
    ...(args.requestType != null ? { requestType: args.requestType } : {}),
    ...(args.apiKeyId != null ? { apiKeyId: checkText(args.apiKeyId, 'apiKeyId', 256) } : {}),
    ...(args.requestPath != null ? { requestPath: checkText(args.requestPath, 'requestPath') } : {}),
  };
}

// --- exports ----------------------------------------------------------------------------------

const ExportJobRef = builder.objectRef<ExportJob>('TransactionExportJob').implement({
  description: 'A transaction export: its status, and where to download its file once done.',
  fields: (t) => ({
    operationId: t.exposeString('operationId', { description: 'Its id: what `exportJob` takes.' }),
    type: t.exposeString('operationType', { description: 'What it exports, e.g. TRANSACTION_EXPORT_EVM.' }),
    status: t.exposeString('operationStatus', { description: 'RUNNING, COMPLETED, COMPLETED_WITH_WARNING or FAILED.' }),
    message: t.string({ nullable: true, description: 'What the Data API says of it, if anything.', resolve: (j) => j.message ?? null }),
    code: t.string({
      nullable: true,
      description: 'Its outcome code (ErrInvalidRequest, ErrInternal, WarnTruncatedExport); null while running or when none.',
      resolve: (j) => j.metadata?.code ?? null,
    }),
    downloadUrl: t.string({
      nullable: true,
      description: "The file's URL, once COMPLETED or COMPLETED_WITH_WARNING.",
      price: { bytes: upstreamText('export-download-url', TEXT_BYTES.url) },
      resolve: (j) => j.metadata?.downloadUrl ?? null,
    }),
    nextDate: t.string({
      nullable: true,
      description: 'When truncated (WarnTruncatedExport): the `firstDate` of the export that continues it.',
      resolve: (j) => j.metadata?.nextDate ?? null,
    }),
    createdAt: t.float({ description: 'When it started, as the Data API gives it.', resolve: (j) => j.createdAtTimestamp }),
    updatedAt: t.float({ description: 'When it last changed, as the Data API gives it.', resolve: (j) => j.updatedAtTimestamp }),
  }),
});

// --- the account ------------------------------------------------------------------------------

const DataApiAccountRef = builder.objectRef<{ account: true }>('DataApiAccount').implement({
  description:
    "The operator's Data API account (the gateway's DATA_API_KEY): its webhooks, usage, request log and export jobs. Only with the gateway's ADMIN_TOKEN.",
  fields: (t) => ({
    webhooks: t.connection(
      {
        type: WebhookRef,
        description: "The operator's webhooks (listWebhooks). `first`: 1 to 500 (default 10).",
        args: { status: t.arg({ type: WebhookStatusEnum, description: 'Only active or only inactive ones; both when omitted.' }) },
        price: paged(WEBHOOK_PAGE),
        resolve: (_a, args, ctx) =>
          pageConnection({
            cursors: ctx.cursors,
            args,
            spec: WEBHOOK_PAGE,
            filters: ['webhooks', args.status ?? 'all'],
            fetchPage: (page) => listWebhooks(ctx.dataApi, { ...page, ...(args.status ? { status: args.status } : {}) }),
            read: (page) => ({ items: page.webhooks, nextPageToken: page.nextPageToken }),
            toNode: (w) => w,
            keyOf: (w) => w.id,
          }),
      },
      WebhookConnection,
    ),
    webhook: t.field({
      type: WebhookRef,
      nullable: true,
      description: 'One webhook by its id (getWebhook); null when the account has none of that id.',
      args: { webhookId: t.arg.string({ required: true, description: "The webhook's id (`webhookId`)." }) },
      price: { calls: 1, reaches: ['getWebhook'] },
      resolve: (_a, args, ctx) => getWebhook(ctx.dataApi, checkId(args.webhookId, 'webhookId')),
    }),
    webhookSharedSecret: t.string({
      description: "The secret that signs every webhook's posts (getSharedSecret): check each post's signature with it.",
      price: { calls: 1, reaches: ['getSharedSecret'] },
      resolve: async (_a, _args, ctx) => (await getSharedSecret(ctx.dataApi)).secret,
    }),
    usage: t.field({
      type: UsageRef,
      description:
        "The account's requests and credits per interval (getApiUsageMetrics), optionally grouped and filtered. At most 366 intervals: ask a coarser `interval` for a longer range.",
      args: {
        startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
        endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
        interval: t.arg({ type: IntervalEnum, description: "How long each interval is (default: the Data API's, daily)." }),
        groupBy: t.arg({ type: UsageGroupEnum, description: 'Group each interval by this; all together when omitted.' }),
        evmChainId: t.arg.string({ description: 'Only requests about this chain.' }),
        responseCode: t.arg.int({ description: 'Only requests answered with this HTTP status.' }),
        requestType: t.arg({ type: RequestTypeEnum, description: 'Only Data API or only RPC requests.' }),
        apiKeyId: t.arg.string({ description: 'Only requests made with this key.' }),
        requestPath: t.arg.string({ description: 'Only requests to this path.' }),
      },
      price: { calls: 1, reaches: ['getApiUsageMetrics'] },
      resolve: (_a, args, ctx) =>
        getApiUsageMetrics(ctx.dataApi, {
          ...checkIntervals(args),
          ...usageFilters(args),
          ...(args.interval ? { timeInterval: args.interval } : {}),
          ...(args.groupBy ? { groupBy: args.groupBy } : {}),
        }),
    }),
    logs: t.connection(
      {
        type: ApiLogRef,
        description: "The account's requests one by one, newest first (getApiLogs). `first`: 1 to 500 (default 10).",
        args: {
          startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
          endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
          evmChainId: t.arg.string({ description: 'Only requests about this chain.' }),
          responseCode: t.arg.int({ description: 'Only requests answered with this HTTP status.' }),
          requestType: t.arg({ type: RequestTypeEnum, description: 'Only Data API or only RPC requests.' }),
          apiKeyId: t.arg.string({ description: 'Only requests made with this key.' }),
          requestPath: t.arg.string({ description: 'Only requests to this path.' }),
        },
        price: paged(LOG_PAGE),
        resolve: (_a, args, ctx) => {
          const query = { ...checkRange(args), ...usageFilters(args) };
          return pageConnection({
            cursors: ctx.cursors,
            args: args as ConnectionArgs,
            spec: LOG_PAGE,
            filters: ['logs', query],
            fetchPage: (page) => getApiLogs(ctx.dataApi, { ...query, ...page }),
            read: (page) => ({ items: page.logs, nextPageToken: page.nextPageToken }),
            toNode: (l) => l,
            keyOf: (l) => l.logId,
          });
        },
      },
      ApiLogConnection,
    ),
    subnetRpcUsage: t.field({
      type: UsageRef,
      description: "RPC requests to the operator's subnet RPC per interval (getSubnetRpcUsageMetrics), optionally grouped and filtered.",
      args: {
        startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
        endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
        interval: t.arg({ type: IntervalEnum, description: 'How long each interval is (HOURLY to MONTHLY; default daily).' }),
        groupBy: t.arg({ type: RpcGroupEnum, description: 'RPC_METHOD, RESPONSE_CODE or RATE_LIMIT_BYPASS_TOKEN.' }),
        evmChainId: t.arg.string({ description: 'The chain whose RPC to report.' }),
        responseCode: t.arg.int({ description: 'Only requests answered with this HTTP status.' }),
        rpcMethod: t.arg.string({ description: 'Only this RPC method, e.g. eth_call.' }),
      },
      price: { calls: 1, reaches: ['getSubnetRpcUsageMetrics'] },
      resolve: (_a, args, ctx) => {
        if (args.interval === 'minute')
          throw badInput('`interval` MINUTE is not reported for RPC usage: HOURLY to MONTHLY.', { argument: 'interval' });
        if (args.groupBy && !['rpcMethod', 'responseCode', 'rlBypassToken'].includes(args.groupBy))
          throw badInput('`groupBy` for subnet RPC usage is RPC_METHOD, RESPONSE_CODE or RATE_LIMIT_BYPASS_TOKEN.', {
            argument: 'groupBy',
          });
        return getSubnetRpcUsageMetrics(ctx.dataApi, {
          ...checkIntervals(args),
          ...(args.interval ? { timeInterval: args.interval } : {}),
          ...(args.groupBy ? { groupBy: args.groupBy as 'rpcMethod' | 'responseCode' | 'rlBypassToken' } : {}),
          ...usageFilters({ evmChainId: args.evmChainId, responseCode: args.responseCode }),
          ...(args.rpcMethod != null ? { rpcMethod: checkText(args.rpcMethod, 'rpcMethod', 128) } : {}),
        });
      },
    }),
    primaryNetworkRpcUsage: t.field({
      type: UsageRef,
      description:
        "RPC requests to the Primary Network's public RPC per interval (getPrimaryNetworkRpcUsageMetrics), optionally grouped and filtered.",
      args: {
        network: t.arg({ type: NetworkNameEnum, required: true, description: 'The network whose RPC to report.' }),
        startTimestamp: t.arg({ ...rangeArgs.startTimestamp }),
        endTimestamp: t.arg({ ...rangeArgs.endTimestamp }),
        interval: t.arg({ type: IntervalEnum, description: 'How long each interval is (HOURLY to MONTHLY; default daily).' }),
        groupBy: t.arg({ type: RpcGroupEnum, description: 'Any but RATE_LIMIT_BYPASS_TOKEN.' }),
        rpcMethod: t.arg.string({ description: 'Only this RPC method.' }),
        country: t.arg.string({ description: 'Only requests from this country (ISO code).' }),
      },
      price: { calls: 1, reaches: ['getPrimaryNetworkRpcUsageMetrics'] },
      resolve: (_a, args, ctx) => {
        if (args.interval === 'minute')
          throw badInput('`interval` MINUTE is not reported for RPC usage: HOURLY to MONTHLY.', { argument: 'interval' });
        if (args.groupBy === 'rlBypassToken')
          throw badInput('`groupBy` RATE_LIMIT_BYPASS_TOKEN is reported for subnets only.', { argument: 'groupBy' });
        return getPrimaryNetworkRpcUsageMetrics(ctx.dataApi, {
          network: toNetwork(args.network),
          ...checkIntervals(args),
          ...(args.interval ? { timeInterval: args.interval } : {}),
          ...(args.groupBy ? { groupBy: args.groupBy as Exclude<typeof args.groupBy, 'rlBypassToken'> } : {}),
          ...(args.rpcMethod != null ? { rpcMethod: checkText(args.rpcMethod, 'rpcMethod', 128) } : {}),
          ...(args.country != null ? { country: checkText(args.country, 'country', 64) } : {}),
        });
      },
    }),
    exportJob: t.field({
      type: ExportJobRef,
      nullable: true,
      description:
        'A transaction export by its id (getOperationResult): its status and, once done, its download URL; null when there is none.',
      args: { operationId: t.arg.string({ required: true, description: "The export's `operationId`." }) },
      price: { calls: 1, reaches: ['getOperationResult'] },
      resolve: (_a, args, ctx) => getOperationResult(ctx.dataApi, checkId(args.operationId, 'operationId')),
    }),
  }),
});

builder.queryField('dataApiAccount', (t) =>
  t.field({
    type: DataApiAccountRef,
    nullable: true,
    authScopes: { admin: true },
    description:
      "The operator's own Data API account: webhooks, usage, request log, export jobs. Needs `Authorization: Bearer <ADMIN_TOKEN>` (FORBIDDEN otherwise, and nothing is sent); every call goes out with the operator's DATA_API_KEY, never a key the client sent, and nothing is cached or shared.",
    resolve: () => ({ account: true as const }),
  }),
);

// --- mutations --------------------------------------------------------------------------------

const WebhookBalanceThresholdInput = builder.inputType('WebhookBalanceThresholdInput', {
  description: 'When a BALANCE_THRESHOLD webhook posts: the balance of `balanceType` crossing `threshold`.',
  fields: (t) => ({
    balanceType: t.field({ type: WebhookBalanceTypeEnum, required: true, description: 'Which balance to compare.' }),
    threshold: t.field({ type: Uint64Scalar, required: true, description: 'The threshold, in nAVAX (0 to 2^64 - 1).' }),
  }),
});

const CreateWebhookInput = builder.inputType('CreateWebhookInput', {
  description:
    'A new webhook. ADDRESS_ACTIVITY needs `evmChainId` and `addresses` (EVM); PRIMARY_NETWORK_ADDRESS_ACTIVITY needs `network`, `blockchainId`, `primaryNetworkAddresses` and `addressSubEvents` (and `balanceThreshold` with BALANCE_THRESHOLD); VALIDATOR_ACTIVITY needs `network`, `nodeId` or `subnetId` (one), and `validatorSubEvents` (and `l1ValidatorFeeBalanceThreshold` with L1_VALIDATOR_BALANCE_THRESHOLD). A field of another event type is refused.',
  fields: (t) => ({
    eventType: t.field({ type: WebhookEventTypeEnum, required: true, description: 'What it watches.' }),
    url: t.string({ required: true, description: 'Where it posts: an https:// URL.' }),
    name: t.string({ description: 'Its name.' }),
    description: t.string({ description: 'Its description.' }),
    eventSignatures: t.stringList({
      description: `Any event type: only logs with these topics (0x + 64 hex each, at most ${MAX_LIST_ARGUMENT}).`,
    }),
    evmChainId: t.field({ type: 'SafeInt', description: 'ADDRESS_ACTIVITY: the EVM chain, e.g. 43114.' }),
    addresses: t.field({ type: [EvmAddressScalar], description: 'ADDRESS_ACTIVITY: the EVM addresses to watch (1 to 100).' }),
    includeInternalTxs: t.boolean({ description: 'ADDRESS_ACTIVITY: include internal transactions (C-Chain only).' }),
    includeLogs: t.boolean({ description: 'ADDRESS_ACTIVITY: include logs.' }),
    network: t.field({ type: NetworkNameEnum, description: 'PRIMARY_NETWORK_ADDRESS_ACTIVITY and VALIDATOR_ACTIVITY: the network.' }),
    blockchainId: t.field({ type: CB58IdScalar, description: 'PRIMARY_NETWORK_ADDRESS_ACTIVITY: the P- or X-Chain.' }),
    primaryNetworkAddresses: t.field({
      type: [AvalancheAddressScalar],
      description: 'PRIMARY_NETWORK_ADDRESS_ACTIVITY: the bech32 addresses to watch (1 to 100).',
    }),
    addressSubEvents: t.field({
      type: [AddressSubEventEnum],
      description: 'PRIMARY_NETWORK_ADDRESS_ACTIVITY: what to post about, each once.',
    }),
    balanceThreshold: t.field({
      type: WebhookBalanceThresholdInput,
      description:
        'PRIMARY_NETWORK_ADDRESS_ACTIVITY with BALANCE_THRESHOLD (needed then, refused otherwise): the balance and its threshold.',
    }),
    nodeId: t.field({ type: NodeIdScalar, description: 'VALIDATOR_ACTIVITY: the validator to watch.' }),
    subnetId: t.field({ type: CB58IdScalar, description: 'VALIDATOR_ACTIVITY: the subnet whose validators to watch.' }),
    validatorSubEvents: t.field({ type: [ValidatorSubEventEnum], description: 'VALIDATOR_ACTIVITY: what to post about, each once.' }),
    filterNodeIds: t.field({
      type: [NodeIdScalar],
      description: `VALIDATOR_ACTIVITY: post only events of these validators (at most ${MAX_LIST_ARGUMENT}); omitted or empty: all.`,
    }),
    filterSubnetIds: t.field({
      type: [CB58IdScalar],
      description: `VALIDATOR_ACTIVITY: post only events on these subnets (at most ${MAX_LIST_ARGUMENT}); omitted or empty: all.`,
    }),
    l1ValidatorFeeBalanceThreshold: t.field({
      type: Uint64Scalar,
      description:
        'VALIDATOR_ACTIVITY with L1_VALIDATOR_BALANCE_THRESHOLD (needed then, refused otherwise): the fee balance in nAVAX below which it posts.',
    }),
  }),
});

type CreateArgs = typeof CreateWebhookInput.$inferInput;

/** The fields of one event type; any other type's is refused. The rest (url, name, description, eventSignatures) apply to all. */
const ONLY: Record<string, (keyof CreateArgs)[]> = {
  address_activity: ['evmChainId', 'addresses', 'includeInternalTxs', 'includeLogs'],
  primary_network_address_activity: ['network', 'blockchainId', 'primaryNetworkAddresses', 'addressSubEvents', 'balanceThreshold'],
  validator_activity: [
    'network',
    'nodeId',
    'subnetId',
    'validatorSubEvents',
    'filterNodeIds',
    'filterSubnetIds',
    'l1ValidatorFeeBalanceThreshold',
  ],
};

/** A list filter's values (event signatures, node or subnet ids; their number bounded as every list argument's is); undefined when none. */
function checkFilter<T extends string>(values: readonly T[] | null | undefined, each?: (v: T) => void): T[] | undefined {
  if (values == null || values.length === 0) return undefined;
  for (const v of values) each?.(v);
  return [...values];
}

/**
 * The sub-events, each once; and the setting a threshold sub-event needs, given exactly when it
 * is asked for: a threshold without its sub-event would never post, and the sub-event without
 * its threshold has nothing to compare with.
 */
function checkSubEvents<T extends string>(
  events: readonly T[],
  argument: string,
  threshold: { event: T; value: unknown; argument: string },
): T[] {
  const name = (e: string) => e.toUpperCase();
  const seen = new Set<T>();
  for (const e of events) {
    if (seen.has(e)) throw badInput(`\`${argument}\` lists ${name(e)} twice; give each sub-event once.`, { argument });
    seen.add(e);
  }
  if (seen.has(threshold.event) && threshold.value == null)
    throw badInput(`\`${argument}\` has ${name(threshold.event)}: give \`${threshold.argument}\` too.`, { argument: threshold.argument });
  if (!seen.has(threshold.event) && threshold.value != null)
    throw badInput(`\`${threshold.argument}\` applies only with ${name(threshold.event)} in \`${argument}\`.`, {
      argument: threshold.argument,
    });
  return [...events];
}

/** What every event type's request has, checked; and how a field its type needs is read (refused when missing). */
interface Common {
  need: <K extends keyof CreateArgs>(key: K) => NonNullable<CreateArgs[K]>;
  fields: { url: string; name?: string; description?: string };
  eventSignatures: { eventSignatures?: string[] };
}

/** The request the input describes, every rule of its event type checked before anything is sent. */
function createRequest(input: CreateArgs): CreateWebhookRequest {
  const own = ONLY[input.eventType]!;
  for (const [field, fields] of Object.entries(ONLY))
    for (const key of fields)
      if (field !== input.eventType && !own.includes(key) && input[key] != null)
        throw badInput(`\`input.${key}\` does not apply to a ${input.eventType.toUpperCase()} webhook.`, { argument: `input.${key}` });
  const need = <K extends keyof CreateArgs>(key: K): NonNullable<CreateArgs[K]> => {
    const v = input[key];
    if (v == null || (Array.isArray(v) && v.length === 0))
      throw badInput(`A ${input.eventType.toUpperCase()} webhook needs \`input.${key}\`.`, { argument: `input.${key}` });
    return v;
  };
  const signatures = checkFilter(input.eventSignatures, (s) => {
    if (!/^0x[0-9a-fA-F]{64}$/.test(s))
      throw badInput(`\`input.eventSignatures\`: ${quote(s)} is not a log topic (0x and 64 hex digits).`, {
        argument: 'input.eventSignatures',
      });
  });
  const common: Common = {
    need,
    fields: {
      url: checkUrl(input.url, 'input.url'),
      ...(input.name != null ? { name: checkText(input.name, 'input.name', 256) } : {}),
      ...(input.description != null ? { description: checkText(input.description, 'input.description') } : {}),
    },
    eventSignatures: signatures ? { eventSignatures: signatures } : {},
  };
  if (input.eventType === 'address_activity') return evmAddressRequest(input, common);
  if (input.eventType === 'primary_network_address_activity') return primaryNetworkAddressRequest(input, common);
  return validatorRequest(input, common);
}

function evmAddressRequest(input: CreateArgs, { need, fields, eventSignatures }: Common): CreateWebhookRequest {
  const chainId = need('evmChainId');
  if (chainId <= 0)
    throw badInput(`\`input.evmChainId\` must be a positive EVM chain id (got ${chainId}).`, { argument: 'input.evmChainId' });
  return {
    eventType: 'address_activity',
    ...fields,
    chainId: String(chainId),
    metadata: { addresses: checkWebhookAddresses(need('addresses'), 'input.addresses'), ...eventSignatures },
    ...(input.includeInternalTxs != null ? { includeInternalTxs: input.includeInternalTxs } : {}),
    ...(input.includeLogs != null ? { includeLogs: input.includeLogs } : {}),
  };
}

function primaryNetworkAddressRequest(input: CreateArgs, { need, fields, eventSignatures }: Common): CreateWebhookRequest {
  const network = toNetwork(need('network'));
  const threshold = input.balanceThreshold;
  const subEvents = checkSubEvents(need('addressSubEvents'), 'input.addressSubEvents', {
    event: 'balance_threshold',
    value: threshold,
    argument: 'input.balanceThreshold',
  });
  return {
    eventType: 'primary_network_address_activity',
    ...fields,
    network,
    chainId: need('blockchainId'),
    metadata: {
      ...eventSignatures,
      keyType: 'addresses',
      keys: checkWebhookAddresses(
        need('primaryNetworkAddresses').map((a) => a.replace(/^[XPC]-/, '')),
        'input.primaryNetworkAddresses',
      ),
      subEvents: { addressActivitySubEvents: subEvents },
      ...(threshold ? { balanceThresholdFilter: { balanceType: threshold.balanceType, balanceThreshold: threshold.threshold } } : {}),
    },
  };
}

function validatorRequest(input: CreateArgs, { need, fields, eventSignatures }: Common): CreateWebhookRequest {
  const network = toNetwork(need('network'));
  if ((input.nodeId == null) === (input.subnetId == null))
    throw badInput('A VALIDATOR_ACTIVITY webhook watches one validator or one subnet: give `input.nodeId` or `input.subnetId`, not both.', {
      argument: 'input.nodeId',
    });
  const feeThreshold = input.l1ValidatorFeeBalanceThreshold;
  const subEvents = checkSubEvents(need('validatorSubEvents'), 'input.validatorSubEvents', {
    event: 'l1_validator_balance_threshold',
    value: feeThreshold,
    argument: 'input.l1ValidatorFeeBalanceThreshold',
  });
  const nodeIds = checkFilter(input.filterNodeIds);
  const subnetIds = checkFilter(input.filterSubnetIds);
  return {
    eventType: 'validator_activity',
    ...fields,
    network,
    metadata: {
      ...eventSignatures,
      keyType: input.nodeId != null ? 'nodeId' : 'subnetId',
      keys: [(input.nodeId ?? input.subnetId)!],
      subEvents: { validatorActivitySubEvents: subEvents },
      ...(nodeIds ? { nodeIds } : {}),
      ...(subnetIds ? { subnetIds } : {}),
      ...(feeThreshold != null ? { l1ValidatorFeeBalanceThreshold: feeThreshold } : {}),
    },
  };
}

const UpdateWebhookInput = builder.inputType('UpdateWebhookInput', {
  description: 'What to change of a webhook; what is omitted stays.',
  fields: (t) => ({
    name: t.string({ description: 'Its new name.' }),
    description: t.string({ description: 'Its new description.' }),
    url: t.string({ description: 'Where it posts from now on: an https:// URL.' }),
    status: t.field({ type: WebhookStatusEnum, description: 'ACTIVE to post again, INACTIVE to stop.' }),
    includeInternalTxs: t.boolean({ description: 'ADDRESS_ACTIVITY: include internal transactions.' }),
    includeLogs: t.boolean({ description: 'ADDRESS_ACTIVITY: include logs.' }),
  }),
});

const ExportInput = builder.inputType('TransactionExportInput', {
  description:
    'What to export: EVM transactions of `evmAddresses` on `evmChainIds`, or (PRIMARY_NETWORK*) Primary Network transactions of `primaryNetworkAddresses` on `blockchainIds`; from `firstDate` to `lastDate` (YYYY-MM-DD, at most 366 days).',
  fields: (t) => ({
    type: t.field({
      type: builder.enumType('TransactionExportType', {
        description: 'What an export holds.',
        values: {
          EVM: { value: 'TRANSACTION_EXPORT_EVM', description: 'EVM transactions.' },
          PRIMARY_NETWORK: { value: 'TRANSACTION_EXPORT_PRIMARY_NETWORK', description: 'Primary Network transactions.' },
          PRIMARY_NETWORK_STAKING: {
            value: 'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
            description: 'Primary Network staking transactions.',
          },
          PRIMARY_NETWORK_SIMPLE: {
            value: 'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
            description: 'Primary Network transactions, simplified.',
          },
        } as const,
      }),
      required: true,
      description: 'What it holds.',
    }),
    firstDate: t.string({ required: true, description: 'The first day, YYYY-MM-DD.' }),
    lastDate: t.string({ required: true, description: 'The last day, YYYY-MM-DD (at most 366 days after `firstDate`).' }),
    evmAddresses: t.field({ type: [EvmAddressScalar], description: 'EVM: the addresses (1 to 100); PRIMARY_NETWORK*: C-Chain addresses.' }),
    evmChainIds: t.field({ type: ['SafeInt'], description: 'EVM: the chains, e.g. [43114].' }),
    primaryNetworkAddresses: t.field({ type: [AvalancheAddressScalar], description: 'PRIMARY_NETWORK*: the bech32 addresses.' }),
    blockchainIds: t.field({ type: [CB58IdScalar], description: 'PRIMARY_NETWORK*: the P-, X- or C-Chain ids.' }),
  }),
});

/** The longest range one export covers, as the Data API takes it. */
export const MAX_EXPORT_DAYS = 366;

function exportRequest(input: typeof ExportInput.$inferInput): ExportJobRequest {
  const day = (value: string, argument: string) => {
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value)
      throw badInput(`\`${argument}\` must be a day as YYYY-MM-DD, got ${quote(value)}.`, { argument });
    return ms;
  };
  const days = (day(input.lastDate, 'input.lastDate') - day(input.firstDate, 'input.firstDate')) / 86_400_000;
  if (days < 0 || days >= MAX_EXPORT_DAYS)
    throw badInput(
      `\`input.firstDate\` to \`input.lastDate\` must be 1 to ${MAX_EXPORT_DAYS} days, first not after last (got ${days + 1}).`,
      {
        argument: 'input.firstDate',
      },
    );
  const dates = { firstDate: input.firstDate, lastDate: input.lastDate };
  const list = <T>(v: readonly T[] | null | undefined, argument: string, required: boolean): T[] | undefined => {
    if (v == null || v.length === 0) {
      if (required) throw badInput(`This export needs \`${argument}\`.`, { argument });
      return undefined;
    }
    if (v.length > 100) throw badInput(`\`${argument}\` holds ${v.length} values; at most 100 are allowed.`, { argument });
    return [...v];
  };
  if (input.type === 'TRANSACTION_EXPORT_EVM') {
    if (input.primaryNetworkAddresses != null || input.blockchainIds != null)
      throw badInput('An EVM export takes `evmAddresses` and `evmChainIds` only.', { argument: 'input.primaryNetworkAddresses' });
    const chains = list(input.evmChainIds, 'input.evmChainIds', true)!;
    for (const c of chains)
      if (c <= 0) throw badInput(`\`input.evmChainIds\`: ${c} is not an EVM chain id.`, { argument: 'input.evmChainIds' });
    return {
      type: 'TRANSACTION_EXPORT_EVM',
      ...dates,
      options: { addresses: list(input.evmAddresses, 'input.evmAddresses', true)!, includeChains: chains.map(String) },
    };
  }
  if (input.evmChainIds != null)
    throw badInput('A Primary Network export takes `blockchainIds`, not `evmChainIds`.', { argument: 'input.evmChainIds' });
  const evm = list(input.evmAddresses, 'input.evmAddresses', false);
  const addresses = list(input.primaryNetworkAddresses, 'input.primaryNetworkAddresses', !evm);
  return {
    type: input.type,
    ...dates,
    options: {
      includeChains: list(input.blockchainIds, 'input.blockchainIds', true)! as never,
      ...(addresses ? { addresses: addresses.map((a) => a.replace(/^[XPC]-/, '')) } : {}),
      ...(evm ? { cChainEvmAddresses: evm } : {}),
    },
  };
}

builder.mutationFields((t) => {
  const webhookId = () => t.arg.string({ required: true, description: "The webhook's id (`webhookId`)." });
  const admin = (operation: OperationId) =>
    ({ nullable: true, authScopes: { admin: true }, price: { calls: 1, reaches: [operation] } }) as const;
  const operatorOnly =
    "Needs `Authorization: Bearer <ADMIN_TOKEN>` (FORBIDDEN otherwise, and nothing is sent); goes out with the operator's DATA_API_KEY, never a client's own key.";
  return {
    createWebhook: t.field({
      ...admin('createWebhook'),
      type: WebhookRef,
      description: `Creates a webhook on the operator's Data API account (createWebhook); it posts from now on. ${operatorOnly}`,
      args: { input: t.arg({ type: CreateWebhookInput, required: true, description: 'What it watches and where it posts.' }) },
      resolve: (_root, { input }, ctx) => createWebhook(ctx.dataApi, createRequest(input)),
    }),
    updateWebhook: t.field({
      ...admin('updateWebhook'),
      type: WebhookRef,
      description: `Changes a webhook's name, description, url, status or what its posts include (updateWebhook): all the Data API's update takes. What it watches (event type, keys, sub-events, thresholds, filters) stays as created; deactivate it and create another to change that. ${operatorOnly}`,
      args: { webhookId: webhookId(), input: t.arg({ type: UpdateWebhookInput, required: true, description: 'What to change.' }) },
      resolve: (_root, { webhookId: id, input }, ctx) => {
        const change: UpdateWebhookRequest = {
          ...(input.name != null ? { name: checkText(input.name, 'input.name', 256) } : {}),
          ...(input.description != null ? { description: checkText(input.description, 'input.description') } : {}),
          ...(input.url != null ? { url: checkUrl(input.url, 'input.url') } : {}),
          ...(input.status != null ? { status: input.status } : {}),
          ...(input.includeInternalTxs != null ? { includeInternalTxs: input.includeInternalTxs } : {}),
          ...(input.includeLogs != null ? { includeLogs: input.includeLogs } : {}),
        };
        if (Object.keys(change).length === 0)
          throw badInput('`input` changes nothing: give at least one of its fields.', { argument: 'input' });
        return updateWebhook(ctx.dataApi, checkId(id, 'webhookId'), change);
      },
    }),
    deactivateWebhook: t.field({
      ...admin('deactivateWebhook'),
      type: WebhookRef,
      description: `Stops a webhook posting (deactivateWebhook); \`updateWebhook\` with status ACTIVE starts it again. Answers it, INACTIVE. ${operatorOnly}`,
      args: { webhookId: webhookId() },
      resolve: (_root, args, ctx) => deactivateWebhook(ctx.dataApi, checkId(args.webhookId, 'webhookId')),
    }),
    addWebhookAddresses: t.field({
      ...admin('addAddressesToWebhook'),
      type: WebhookRef,
      description: `Adds EVM addresses an ADDRESS_ACTIVITY webhook watches (addAddressesToWebhook); 1 to ${MAX_WEBHOOK_ADDRESSES_PER_CALL} a call. ${operatorOnly}`,
      args: {
        webhookId: webhookId(),
        addresses: t.arg({ type: [EvmAddressScalar], required: true, description: 'The addresses to add.' }),
      },
      resolve: (_root, args, ctx) =>
        addAddressesToWebhook(ctx.dataApi, checkId(args.webhookId, 'webhookId'), checkWebhookAddresses(args.addresses, 'addresses')),
    }),
    removeWebhookAddresses: t.field({
      ...admin('removeAddressesFromWebhook'),
      type: WebhookRef,
      description: `Removes EVM addresses from an ADDRESS_ACTIVITY webhook (removeAddressesFromWebhook); 1 to ${MAX_WEBHOOK_ADDRESSES_PER_CALL} a call. ${operatorOnly}`,
      args: {
        webhookId: webhookId(),
        addresses: t.arg({ type: [EvmAddressScalar], required: true, description: 'The addresses to remove.' }),
      },
      resolve: (_root, args, ctx) =>
        removeAddressesFromWebhook(ctx.dataApi, checkId(args.webhookId, 'webhookId'), checkWebhookAddresses(args.addresses, 'addresses')),
    }),
    rotateWebhookSharedSecret: t.string({
      ...admin('generateOrRotateSharedSecret'),
      description: `Makes a new secret for signing every webhook's posts (generateOrRotateSharedSecret) and answers it; the old one stops working. ${operatorOnly}`,
      resolve: async (_root, _args, ctx) => (await generateOrRotateSharedSecret(ctx.dataApi)).secret,
    }),
    startTransactionExport: t.field({
      ...admin('postTransactionExportJob'),
      type: ExportJobRef,
      description: `Starts exporting transactions to a file (postTransactionExportJob); follow it with \`dataApiAccount { exportJob(operationId:) }\`. ${operatorOnly}`,
      args: { input: t.arg({ type: ExportInput, required: true, description: 'What to export.' }) },
      resolve: (_root, { input }, ctx) => postTransactionExportJob(ctx.dataApi, exportRequest(input)),
    }),
  };
});
