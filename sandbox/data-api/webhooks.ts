/**
 * The operator's webhooks, kept in memory per sandbox instance (each test file's sandbox starts
 * with none): created, listed, changed, deactivated, their addresses and the shared secret that
 * signs their posts, each request body checked by the spec's rules, problems listed together in
 * one 400 as the real service lists them.
 */
import { createHash } from 'node:crypto';
import { cb58Decode, isEvmAddress, isHex, parseNodeId, PRIMARY_NETWORK_ID } from '../../src/base/ids.js';
import type { Webhook } from '../../src/upstreams/data-api/webhooks.js';
import { apiError, BadRequest, paginate, QueryReader, type DataApiRoutes, type SandboxRequest } from '../routes.js';
import { TIMELINE } from '../world/timeline.js';
import { fingerprint } from './common.js';

const STATUSES = ['active', 'inactive'] as const;
const EVENT_TYPES = ['address_activity', 'primary_network_address_activity', 'validator_activity'] as const;
const PN_SUB_EVENTS = ['balance_change', 'balance_threshold', 'reward_distribution'];
const VALIDATOR_SUB_EVENTS = [
  'validator_stake',
  'delegator_stake',
  'reward_distribution',
  'l1_validator_balance_increased',
  'l1_validator_disabled',
  'l1_validator_removed',
  'l1_validator_balance_threshold',
];
const BALANCE_TYPES = [
  'unlockedUnstaked',
  'unlockedStaked',
  'lockedPlatform',
  'lockedStakeable',
  'lockedStaked',
  'pendingStaked',
  'unlocked',
  'locked',
  'atomicMemoryUnlocked',
  'atomicMemoryLocked',
];
/** The addresses one webhook may watch on the sandbox's plan. */
export const MAX_WEBHOOK_ADDRESSES = 1000;

/** A JSON body as an object, or a 400 as the service answers a body it cannot read. */
export function jsonBody(req: SandboxRequest): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(req.body || 'null');
  } catch {
    throw new BadRequest(['Request body is not valid JSON']);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest(['Request body must be a JSON object']);
  return body as Record<string, unknown>;
}

/** Collects a body's problems in the service's words. */
class BodyReader {
  constructor(
    readonly body: Record<string, unknown>,
    known: readonly string[],
    private readonly prefix = '',
    /** Shared with the readers of the objects it holds: one 400 lists them all. */
    readonly problems: string[] = [],
  ) {
    for (const key of Object.keys(body)) if (!known.includes(key)) this.problems.push(`property ${prefix}${key} should not exist`);
  }
  string(key: string, required = false): string | undefined {
    const v = this.body[key];
    if (v === undefined) {
      if (required) this.problems.push(`${this.prefix}${key} should not be empty`);
      return undefined;
    }
    if (typeof v !== 'string' || (required && v === '')) {
      this.problems.push(`${this.prefix}${key} must be a ${required ? 'non-empty ' : ''}string`);
      return undefined;
    }
    return v;
  }
  bool(key: string): boolean | undefined {
    const v = this.body[key];
    if (v !== undefined && typeof v !== 'boolean') this.problems.push(`${this.prefix}${key} must be a boolean value`);
    return typeof v === 'boolean' ? v : undefined;
  }
  oneOf<T extends string>(key: string, values: readonly T[], required = false): T | undefined {
    const v = this.string(key, required);
    if (v !== undefined && !values.includes(v as T)) {
      this.problems.push(`${this.prefix}${key} must be one of the following values: ${values.join(', ')}`);
      return undefined;
    }
    return v as T | undefined;
  }
  strings(key: string, required: boolean, each?: (v: string) => string | undefined): string[] | undefined {
    const v = this.body[key];
    if (v === undefined) {
      if (required) this.problems.push(`${this.prefix}${key} must be an array`);
      return undefined;
    }
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      this.problems.push(`${this.prefix}${key} must be an array of strings`);
      return undefined;
    }
    for (const x of v as string[]) {
      const problem = each?.(x);
      if (problem) this.problems.push(`each value in ${this.prefix}${key} ${problem}`);
    }
    return v as string[];
  }
  object(key: string, required: boolean): Record<string, unknown> | undefined {
    const v = this.body[key];
    if (v === undefined) {
      if (required) this.problems.push(`${this.prefix}${key} should not be empty`);
      return undefined;
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      this.problems.push(`${this.prefix}${key} must be an object`);
      return undefined;
    }
    return v as Record<string, unknown>;
  }
  nested(key: string, required: boolean, known: readonly string[]): BodyReader | undefined {
    const o = this.object(key, required);
    return o ? new BodyReader(o, known, `${this.prefix}${key}.`, this.problems) : undefined;
  }
  done() {
    if (this.problems.length > 0) throw new BadRequest(this.problems);
  }
}

const evmAddress = (v: string) => (isEvmAddress(v) ? undefined : 'must be an Ethereum address');
const eventSignature = (v: string) => (/^0x[0-9a-fA-F]{64}$/.test(v) && isHex(v) ? undefined : 'must be a 32-byte hex string');
const httpsUrl = (r: BodyReader, key: string, required: boolean) => {
  const url = r.string(key, required);
  if (url === undefined) return undefined;
  let ok = false;
  try {
    const u = new URL(url);
    ok = (u.protocol === 'https:' || u.protocol === 'http:') && url.length <= 2048;
  } catch {}
  if (!ok) r.problems.push(`${key} must be a URL address`);
  return url;
};

/** An amount in nAVAX: a uint64 in decimal. */
const NAVAX = /^\d{1,20}$/;

const parses = (read: () => unknown) => {
  try {
    read();
    return true;
  } catch {
    return false;
  }
};

/**
 * A threshold sub-event's setting (the balance threshold filter, the L1 fee balance threshold):
 * the service needs it with its sub-event, and refuses it without (it would never be compared).
 */
function requiredWith(r: BodyReader, subEvents: readonly string[] | undefined, event: string, setting: unknown, key: string) {
  const asked = subEvents?.includes(event) ?? false;
  if (asked && setting === undefined) r.problems.push(`${key} should not be empty when subEvents has ${event}`);
  if (!asked && setting !== undefined) r.problems.push(`${key} applies only when subEvents has ${event}`);
}

/** A createWebhook body checked by its event type's shape; the webhook it makes, without id or time. */
function checkCreate(body: Record<string, unknown>): Omit<Webhook, 'id' | 'createdAt' | 'status'> {
  const eventType = EVENT_TYPES.find((t) => t === body.eventType);
  if (!eventType) throw new BadRequest([`eventType must be one of the following values: ${EVENT_TYPES.join(', ')}`]);
  const common = ['eventType', 'url', 'name', 'description', 'metadata'];
  const known =
    eventType === 'address_activity'
      ? [...common, 'chainId', 'includeInternalTxs', 'includeLogs']
      : eventType === 'primary_network_address_activity'
        ? [...common, 'network', 'chainId']
        : [...common, 'network'];
  const r = new BodyReader(body, known);
  const url = httpsUrl(r, 'url', true);
  const name = r.string('name') ?? '';
  const description = r.string('description') ?? '';
  if (eventType === 'address_activity') {
    const chainId = r.string('chainId', true);
    if (chainId !== undefined && !/^\d{1,20}$/.test(chainId)) r.problems.push('chainId must be an EVM chain id in decimal');
    const includeInternalTxs = r.bool('includeInternalTxs');
    const includeLogs = r.bool('includeLogs');
    const m = r.nested('metadata', true, ['addresses', 'eventSignatures']);
    const addresses = m?.strings('addresses', true, evmAddress);
    const eventSignatures = m?.strings('eventSignatures', false, eventSignature);
    if (addresses && addresses.length > MAX_WEBHOOK_ADDRESSES)
      r.problems.push(`metadata.addresses must contain no more than ${MAX_WEBHOOK_ADDRESSES} elements`);
    r.done();
    return {
      url: url!,
      chainId: chainId!,
      name,
      description,
      eventType,
      metadata: { addresses: addresses!, ...(eventSignatures ? { eventSignatures } : {}) },
      ...(includeInternalTxs !== undefined ? { includeInternalTxs } : {}),
      ...(includeLogs !== undefined ? { includeLogs } : {}),
    };
  }
  // The network is asked for, and not part of the webhook the service answers.
  r.oneOf('network', ['mainnet', 'fuji'] as const, true);
  if (eventType === 'primary_network_address_activity') {
    const chainId = r.string('chainId', true);
    const m = r.nested('metadata', true, ['keyType', 'keys', 'subEvents', 'balanceThresholdFilter', 'eventSignatures']);
    m?.oneOf('keyType', ['addresses'] as const, true);
    const keys = m?.strings('keys', true, (v) => (/^[a-z]+1[02-9ac-hj-np-z]{38}$/.test(v) ? undefined : 'must be a bech32 address'));
    const sub = m?.nested('subEvents', true, ['addressActivitySubEvents']);
    const subEvents = sub?.strings('addressActivitySubEvents', true, (v) =>
      PN_SUB_EVENTS.includes(v) ? undefined : `must be one of the following values: ${PN_SUB_EVENTS.join(', ')}`,
    );
    if (keys && keys.length > MAX_WEBHOOK_ADDRESSES)
      r.problems.push(`metadata.keys must contain no more than ${MAX_WEBHOOK_ADDRESSES} elements`);
    if (subEvents?.length === 0) r.problems.push('metadata.subEvents.addressActivitySubEvents should not be empty');
    const eventSignatures = m?.strings('eventSignatures', false, eventSignature);
    const threshold = m?.nested('balanceThresholdFilter', false, ['balanceType', 'balanceThreshold']);
    const balanceType = threshold?.oneOf('balanceType', BALANCE_TYPES, true);
    const balanceThreshold = threshold?.string('balanceThreshold', true);
    if (balanceThreshold !== undefined && !NAVAX.test(balanceThreshold))
      r.problems.push('metadata.balanceThresholdFilter.balanceThreshold must be an amount in nAVAX');
    requiredWith(r, subEvents, 'balance_threshold', threshold, 'metadata.balanceThresholdFilter');
    r.done();
    return {
      url: url!,
      chainId: chainId!,
      name,
      description,
      eventType,
      metadata: {
        ...(eventSignatures ? { eventSignatures } : {}),
        keyType: 'addresses',
        keys: keys!,
        subEvents: { addressActivitySubEvents: subEvents as never },
        ...(balanceType ? { balanceThresholdFilter: { balanceType: balanceType as never, balanceThreshold: balanceThreshold! } } : {}),
      },
    };
  }
  const m = r.nested('metadata', true, [
    'keyType',
    'keys',
    'subEvents',
    'nodeIds',
    'subnetIds',
    'l1ValidatorFeeBalanceThreshold',
    'eventSignatures',
  ]);
  const keyType = m?.oneOf('keyType', ['nodeId', 'subnetId'] as const, true);
  const keys = m?.strings('keys', true);
  if (keys && keys.length !== 1) r.problems.push('metadata.keys must contain exactly 1 element for validator_activity');
  for (const key of keys ?? [])
    if (!parses(() => (keyType === 'nodeId' ? parseNodeId(key) : keyType === 'subnetId' ? cb58Decode(key, 32) : undefined)))
      r.problems.push(`metadata.keys must hold a ${keyType === 'nodeId' ? 'NodeID' : 'subnet id'}`);
  const sub = m?.nested('subEvents', true, ['validatorActivitySubEvents']);
  const subEvents = sub?.strings('validatorActivitySubEvents', true, (v) =>
    VALIDATOR_SUB_EVENTS.includes(v) ? undefined : `must be one of the following values: ${VALIDATOR_SUB_EVENTS.join(', ')}`,
  );
  if (subEvents?.length === 0) r.problems.push('metadata.subEvents.validatorActivitySubEvents should not be empty');
  const eventSignatures = m?.strings('eventSignatures', false, eventSignature);
  const nodeIds = m?.strings('nodeIds', false, (v) => (parses(() => parseNodeId(v)) ? undefined : 'must be a NodeID'));
  const subnetIds = m?.strings('subnetIds', false, (v) => (parses(() => cb58Decode(v, 32)) ? undefined : 'must be a subnet id'));
  const feeThreshold = m?.string('l1ValidatorFeeBalanceThreshold');
  if (feeThreshold !== undefined && !NAVAX.test(feeThreshold))
    r.problems.push('metadata.l1ValidatorFeeBalanceThreshold must be an amount in nAVAX');
  requiredWith(r, subEvents, 'l1_validator_balance_threshold', feeThreshold, 'metadata.l1ValidatorFeeBalanceThreshold');
  r.done();
  return {
    url: url!,
    chainId: PRIMARY_NETWORK_ID,
    name,
    description,
    eventType,
    metadata: {
      ...(eventSignatures ? { eventSignatures } : {}),
      keyType: keyType!,
      keys: keys!,
      subEvents: { validatorActivitySubEvents: subEvents as never },
      ...(nodeIds ? { nodeIds } : {}),
      ...(subnetIds ? { subnetIds } : {}),
      ...(feeThreshold !== undefined ? { l1ValidatorFeeBalanceThreshold: feeThreshold } : {}),
    },
  };
}

/** What a webhook watches: an EVM webhook's addresses, another's keys. */
const watched = (hook: Webhook): string[] => (hook.eventType === 'address_activity' ? hook.metadata.addresses : hook.metadata.keys) ?? [];

export function webhookRoutes(seed: string) {
  // This instance's account: its webhooks in creation order, and its shared secret.
  const hooks = new Map<string, Webhook>();
  let created = 0;
  let rotations = 0;
  const secret = () => createHash('sha256').update(`${seed}:webhook-secret:${rotations}`).digest('hex');
  const found = (rawId: string): Webhook => {
    const id = decodeURIComponent(rawId);
    const hook = hooks.get(id);
    if (!hook) throw Object.assign(new Error(`Webhook ${id} not found`), { notFound: true });
    return hook;
  };
  /** A handler whose missing webhook is the spec's 404. */
  const byId =
    (handle: (req: SandboxRequest, hook: Webhook) => { status: number; body: unknown }) =>
    (req: SandboxRequest, [id]: string[]) => {
      let hook: Webhook;
      try {
        hook = found(id!);
      } catch (error) {
        return apiError(404, (error as Error).message);
      }
      return handle(req, hook);
    };
  const addressesBody = (req: SandboxRequest, hook: Webhook): string[] => {
    new QueryReader(req.query, []).done();
    const r = new BodyReader(jsonBody(req), ['addresses']);
    const addresses = r.strings('addresses', true, evmAddress);
    if (addresses?.length === 0) r.problems.push('addresses should not be empty');
    if (hook.eventType !== 'address_activity')
      r.problems.push(`Webhook ${hook.id} is a ${hook.eventType} webhook: only address_activity webhooks take addresses`);
    r.done();
    return addresses!;
  };
  return {
    createWebhook: {
      method: 'POST',
      pattern: /^\/v1\/webhooks$/,
      handle: (req) => {
        new QueryReader(req.query, []).done();
        const made = checkCreate(jsonBody(req));
        created++;
        const id = createHash('sha256').update(`${seed}:webhook:${created}`).digest('hex').slice(0, 32);
        const hook = { id, status: 'active', createdAt: TIMELINE.now + created * 60, ...made } as Webhook;
        hooks.set(id, hook);
        return { status: 201, body: hook };
      },
    },
    listWebhooks: {
      method: 'GET',
      pattern: /^\/v1\/webhooks$/,
      handle: (req) => {
        const q = new QueryReader(req.query, ['pageToken', 'pageSize', 'status']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        const status = q.oneOf('status', STATUSES);
        q.done();
        const items = [...hooks.values()].filter((h) => status === undefined || h.status === status);
        const { page, nextPageToken } = paginate(
          items,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('webhooks', status),
          (h) => h.id,
        );
        return { status: 200, body: { webhooks: page, ...(nextPageToken ? { nextPageToken } : {}) } };
      },
    },
    getWebhook: {
      method: 'GET',
      pattern: /^\/v1\/webhooks\/([^/:]+)$/,
      handle: byId((req, hook) => {
        new QueryReader(req.query, []).done();
        return { status: 200, body: hook };
      }),
    },
    updateWebhook: {
      method: 'PATCH',
      pattern: /^\/v1\/webhooks\/([^/:]+)$/,
      handle: byId((req, hook) => {
        new QueryReader(req.query, []).done();
        const r = new BodyReader(jsonBody(req), ['name', 'description', 'url', 'status', 'includeInternalTxs', 'includeLogs']);
        const change = {
          name: r.string('name'),
          description: r.string('description'),
          url: httpsUrl(r, 'url', false),
          status: r.oneOf('status', STATUSES),
          includeInternalTxs: r.bool('includeInternalTxs'),
          includeLogs: r.bool('includeLogs'),
        };
        if (hook.eventType !== 'address_activity' && (change.includeInternalTxs !== undefined || change.includeLogs !== undefined))
          r.problems.push('includeInternalTxs and includeLogs apply to address_activity webhooks only');
        r.done();
        Object.assign(hook, Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)));
        return { status: 200, body: hook };
      }),
    },
    deactivateWebhook: {
      method: 'DELETE',
      pattern: /^\/v1\/webhooks\/([^/:]+)$/,
      handle: byId((req, hook) => {
        new QueryReader(req.query, []).done();
        hook.status = 'inactive';
        return { status: 200, body: hook };
      }),
    },
    generateOrRotateSharedSecret: {
      method: 'POST',
      pattern: /^\/v1\/webhooks:generateOrRotateSharedSecret$/,
      handle: (req) => {
        new QueryReader(req.query, []).done();
        rotations++;
        return { status: 201, body: { secret: secret() } };
      },
    },
    getSharedSecret: {
      method: 'GET',
      pattern: /^\/v1\/webhooks:getSharedSecret$/,
      handle: (req) => {
        new QueryReader(req.query, []).done();
        return { status: 200, body: { secret: secret() } };
      },
    },
    addAddressesToWebhook: {
      method: 'PATCH',
      pattern: /^\/v1\/webhooks\/([^/:]+)\/addresses$/,
      handle: byId((req, hook) => {
        const adding = addressesBody(req, hook);
        const list = hook.metadata.addresses!;
        const have = new Set(list.map((a) => a.toLowerCase()));
        const fresh = adding.filter((a) => !have.has(a.toLowerCase()) && have.add(a.toLowerCase()));
        if (list.length + fresh.length > MAX_WEBHOOK_ADDRESSES)
          return apiError(400, [`A webhook watches at most ${MAX_WEBHOOK_ADDRESSES} addresses on this plan`]);
        list.push(...fresh);
        return { status: 200, body: hook };
      }),
    },
    removeAddressesFromWebhook: {
      method: 'DELETE',
      pattern: /^\/v1\/webhooks\/([^/:]+)\/addresses$/,
      handle: byId((req, hook) => {
        const gone = new Set(addressesBody(req, hook).map((a) => a.toLowerCase()));
        hook.metadata.addresses = hook.metadata.addresses!.filter((a) => !gone.has(a.toLowerCase()));
        return { status: 200, body: hook };
      }),
    },
    getAddressesFromWebhook: {
      method: 'GET',
      pattern: /^\/v1\/webhooks\/([^/:]+)\/addresses$/,
      handle: byId((req, hook) => {
        const q = new QueryReader(req.query, ['pageToken', 'pageSize']);
        const pageSize = q.int('pageSize', 1, 100) ?? 10;
        q.done();
        const all = watched(hook);
        const { page, nextPageToken } = paginate(
          all,
          { pageToken: q.string('pageToken'), pageSize },
          fingerprint('webhook addresses', hook.id),
          (a) => a,
        );
        return { status: 200, body: { addresses: page, totalAddresses: all.length, ...(nextPageToken ? { nextPageToken } : {}) } };
      }),
    },
  } satisfies DataApiRoutes;
}
