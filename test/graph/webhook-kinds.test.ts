/**
 * Every kind of webhook the Data API's spec has, through the graph's createWebhook: the Primary
 * Network address webhook's balance threshold and event signatures, the validator webhook's node
 * and subnet filters and L1 fee balance threshold; each sent as the spec's body, stored by the
 * sandbox and read back as created. The rules between a threshold and its sub-event, duplicated
 * sub-events and oversized filters are refused before any call; updateWebhook changes only what
 * the spec's update takes, and leaves what a webhook watches as created.
 */
import { describe, expect, it } from 'vitest';
import { MAX_LIST_ARGUMENT } from '../../src/graph/inputs.js';
import { codes, useHarness } from '../helpers/harness.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const OPERATOR = { authorization: `Bearer ${TOKEN}` };
const P_CHAIN = '11111111111111111111111111111111LpoYY';
const ADDRESS = 'avax1qm2a25eytsrj235hxg6jc0mwk99tss64eqevsw';
const NODE = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const OTHER_NODE = 'NodeID-111111111111111111116DBWJs';
const SUBNET = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM';
const TOPIC = `0x${'ab'.repeat(32)}`;
const FIELDS = `webhookId eventType keyType subEvents eventSignatures balanceThreshold { balanceType threshold }
  filterNodeIds filterSubnetIds l1ValidatorFeeBalanceThreshold`;
const CREATE = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { ${FIELDS} } }`;

const pnHook = {
  eventType: 'PRIMARY_NETWORK_ADDRESS_ACTIVITY',
  url: 'https://hooks.example.com/pn',
  network: 'MAINNET',
  blockchainId: P_CHAIN,
  primaryNetworkAddresses: [`P-${ADDRESS}`],
  addressSubEvents: ['BALANCE_THRESHOLD', 'BALANCE_CHANGE'],
  balanceThreshold: { balanceType: 'UNLOCKED_UNSTAKED', threshold: '25000000000' },
  eventSignatures: [TOPIC],
};
const validatorHook = {
  eventType: 'VALIDATOR_ACTIVITY',
  url: 'https://hooks.example.com/v',
  network: 'FUJI',
  subnetId: SUBNET,
  validatorSubEvents: ['L1_VALIDATOR_BALANCE_THRESHOLD', 'L1_VALIDATOR_DISABLED'],
  l1ValidatorFeeBalanceThreshold: '1000000000',
  filterNodeIds: [NODE, OTHER_NODE],
  filterSubnetIds: [SUBNET],
};

describe('webhooks of every kind the spec has', () => {
  const h = useHarness({ ADMIN_TOKEN: TOKEN, DATA_API_KEY: 'operator-key', UPSTREAM_RETRIES: '0' });
  const admin = <T = any>(doc: string, variables?: Record<string, unknown>) => h.raw<T>(doc, variables, OPERATOR);

  it("creates a Primary Network address webhook with a balance threshold, sends the spec's body, and reads it back", async () => {
    h.sandbox.reset();
    const res = await admin(CREATE, { input: pnHook });
    expect(res.errors).toBeUndefined();
    const hook = res.data!.createWebhook;
    const expected = {
      eventType: 'PRIMARY_NETWORK_ADDRESS_ACTIVITY',
      keyType: 'addresses',
      subEvents: ['balance_threshold', 'balance_change'],
      eventSignatures: [TOPIC],
      balanceThreshold: { balanceType: 'UNLOCKED_UNSTAKED', threshold: '25000000000' },
      filterNodeIds: [],
      filterSubnetIds: [],
      l1ValidatorFeeBalanceThreshold: null,
    };
    expect(hook).toMatchObject(expected);
    const [post] = h.sandbox.log;
    expect(post).toMatchObject({ operation: 'createWebhook', method: 'POST', path: '/v1/webhooks', apiKey: 'operator-key' });
    expect(post!.body).toEqual({
      eventType: 'primary_network_address_activity',
      url: pnHook.url,
      network: 'mainnet',
      chainId: P_CHAIN,
      metadata: {
        eventSignatures: [TOPIC],
        keyType: 'addresses',
        keys: [ADDRESS],
        subEvents: { addressActivitySubEvents: ['balance_threshold', 'balance_change'] },
        balanceThresholdFilter: { balanceType: 'unlockedUnstaked', balanceThreshold: '25000000000' },
      },
    });
    // Stored as created: getWebhook answers the same.
    const got = await admin(`{ dataApiAccount { webhook(webhookId: "${hook.webhookId}") { ${FIELDS} } } }`);
    expect(got.data!.dataApiAccount.webhook).toEqual({ webhookId: hook.webhookId, ...expected });
  });

  it('creates a validator webhook with node and subnet filters and an L1 fee balance threshold', async () => {
    h.sandbox.reset();
    const res = await admin(CREATE, { input: validatorHook });
    expect(res.errors).toBeUndefined();
    const expected = {
      eventType: 'VALIDATOR_ACTIVITY',
      keyType: 'subnetId',
      subEvents: ['l1_validator_balance_threshold', 'l1_validator_disabled'],
      eventSignatures: [],
      balanceThreshold: null,
      filterNodeIds: [NODE, OTHER_NODE],
      filterSubnetIds: [SUBNET],
      l1ValidatorFeeBalanceThreshold: '1000000000',
    };
    expect(res.data!.createWebhook).toMatchObject(expected);
    expect(h.sandbox.log[0]!.body).toEqual({
      eventType: 'validator_activity',
      url: validatorHook.url,
      network: 'fuji',
      metadata: {
        keyType: 'subnetId',
        keys: [SUBNET],
        subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold', 'l1_validator_disabled'] },
        nodeIds: [NODE, OTHER_NODE],
        subnetIds: [SUBNET],
        l1ValidatorFeeBalanceThreshold: '1000000000',
      },
    });
    const id = res.data!.createWebhook.webhookId;
    // Listed with its filters, as stored.
    const listed = await admin(`{ dataApiAccount { webhooks(first: 50) { nodes { ${FIELDS} } } } }`);
    expect(listed.data!.dataApiAccount.webhooks.nodes).toContainEqual({ webhookId: id, ...expected });

    // An update changes what the spec's update takes; what the webhook watches stays.
    h.sandbox.reset();
    const updated = await admin(
      `mutation { updateWebhook(webhookId: "${id}", input: { name: "fees", status: INACTIVE }) { name status ${FIELDS} } }`,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updateWebhook).toEqual({ name: 'fees', status: 'INACTIVE', webhookId: id, ...expected });
    expect(h.sandbox.log[0]).toMatchObject({ operation: 'updateWebhook', method: 'PATCH', body: { name: 'fees', status: 'inactive' } });
    // What only the service knows (the webhook's kind): logs are for EVM address webhooks.
    const refused = await admin(`mutation { updateWebhook(webhookId: "${id}", input: { includeLogs: true }) { status } }`);
    expect(codes(refused)).toEqual(['UPSTREAM_BAD_REQUEST']);
  });

  it('refuses a threshold without its sub-event, a sub-event without its threshold, repeats and oversized filters, before any call', async () => {
    h.sandbox.reset();
    const { balanceThreshold: _b, ...pnNoThreshold } = pnHook;
    const { l1ValidatorFeeBalanceThreshold: _f, ...validatorNoThreshold } = validatorHook;
    const many = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_v, i) => make(i));
    const bad: [Record<string, unknown>, string, RegExp][] = [
      [pnNoThreshold, 'input.balanceThreshold', /has BALANCE_THRESHOLD: give `input.balanceThreshold` too/],
      [{ ...pnHook, addressSubEvents: ['BALANCE_CHANGE'] }, 'input.balanceThreshold', /applies only with BALANCE_THRESHOLD/],
      [{ ...pnHook, addressSubEvents: ['BALANCE_THRESHOLD', 'BALANCE_THRESHOLD'] }, 'input.addressSubEvents', /BALANCE_THRESHOLD twice/],
      [{ ...pnHook, balanceThreshold: { balanceType: 'UNLOCKED', threshold: '-1' } }, 'input.balanceThreshold', /Uint64/],
      [{ ...pnHook, filterNodeIds: [NODE] }, 'input.filterNodeIds', /does not apply to a PRIMARY_NETWORK_ADDRESS_ACTIVITY/],
      [{ ...pnHook, eventSignatures: ['0xabc'] }, 'input.eventSignatures', /not a log topic/],
      [validatorNoThreshold, 'input.l1ValidatorFeeBalanceThreshold', /give `input.l1ValidatorFeeBalanceThreshold` too/],
      [
        { ...validatorHook, validatorSubEvents: ['VALIDATOR_STAKE'] },
        'input.l1ValidatorFeeBalanceThreshold',
        /applies only with L1_VALIDATOR_BALANCE_THRESHOLD/,
      ],
      [{ ...validatorHook, balanceThreshold: pnHook.balanceThreshold }, 'input.balanceThreshold', /does not apply to a VALIDATOR_ACTIVITY/],
      [{ ...validatorHook, filterSubnetIds: ['not-an-id'] }, 'input.filterSubnetIds', /CB58Id/],
      [
        { ...validatorHook, filterNodeIds: many(MAX_LIST_ARGUMENT + 1, () => NODE) },
        'input.filterNodeIds',
        new RegExp(`at most ${MAX_LIST_ARGUMENT}`),
      ],
      [
        { ...validatorHook, eventSignatures: many(MAX_LIST_ARGUMENT + 1, () => TOPIC) },
        'input.eventSignatures',
        new RegExp(`at most ${MAX_LIST_ARGUMENT}`),
      ],
    ];
    for (const [input, argument, message] of bad) {
      const res = await admin(CREATE, { input });
      const label = `${argument} ${JSON.stringify(input).slice(0, 120)}`;
      expect(codes(res), label).toEqual(['BAD_USER_INPUT']);
      expect(res.errors![0]!.message, label).toMatch(message);
      if (!/Uint64|CB58Id|at most/.test(message.source)) expect(res.errors![0]!.extensions!.argument, label).toBe(argument);
    }
    expect(h.sandbox.count()).toBe(0);
  });
});
