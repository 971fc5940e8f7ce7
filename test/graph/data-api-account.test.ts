/**
 * The operator's Data API account through the graph, behind ADMIN_TOKEN: every operation reached
 * with the token and sent with the operator's key (even when the client sends its own), refused
 * without the token before any call, bad input refused before any call, and a webhook's life from
 * creation to deactivation; usage and log figures checked against the sandbox's account log.
 */
import { describe, expect, it } from 'vitest';
import { usageLog } from '../../sandbox/data-api/usage.js';
import { TIMELINE } from '../../sandbox/world/timeline.js';
import { codes, type Page, useHarness, walk } from '../helpers/harness.js';

const TOKEN = 'admin-token-for-tests-0123456789';
const OPERATOR = { authorization: `Bearer ${TOKEN}`, 'x-service-api-key': 'client-own-key' };
const A1 = '0x1111111111111111111111111111111111111111';
const A2 = '0x2222222222222222222222222222222222222222';
const A3 = '0x3333333333333333333333333333333333333333';
const CREATE = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhookId url name status eventType chainId createdAt includeLogs subEvents keyType } }`;
const evmHook = {
  eventType: 'ADDRESS_ACTIVITY',
  url: 'https://hooks.example.com/avax',
  name: 'wallet',
  evmChainId: 43114,
  addresses: [A1],
  includeLogs: true,
};

describe("the operator's Data API account", () => {
  const h = useHarness({ ADMIN_TOKEN: TOKEN, DATA_API_KEY: 'operator-key', UPSTREAM_RETRIES: '0' });
  const admin = <T = any>(doc: string, variables?: Record<string, unknown>) => h.raw<T>(doc, variables, OPERATOR);
  /** Every call of the request went out with the operator's key, never the client's. */
  const sentAsOperator = () => {
    const sent = h.sandbox.log.filter((r) => r.service === 'data-api');
    expect(sent.length).toBeGreaterThan(0);
    for (const r of sent) expect(r.apiKey).toBe('operator-key');
    return sent;
  };

  it('is refused without the admin token, and nothing is sent, whatever key the client has', async () => {
    h.sandbox.reset();
    const docs = [
      '{ dataApiAccount { webhooks { nodes { webhookId } } } }',
      '{ dataApiAccount { webhookSharedSecret } }',
      '{ dataApiAccount { usage { aggregateDuration } } }',
      '{ dataApiAccount { logs { nodes { logId } } } }',
      '{ dataApiAccount { exportJob(operationId: "abc") { status } } }',
      'mutation { rotateWebhookSharedSecret }',
      'mutation { deactivateWebhook(webhookId: "abc") { status } }',
      `mutation { addWebhookAddresses(webhookId: "abc", addresses: ["${A1}"]) { status } }`,
      `mutation { startTransactionExport(input: { type: EVM, firstDate: "2025-01-01", lastDate: "2025-01-02", evmAddresses: ["${A1}"], evmChainIds: [43114] }) { status } }`,
    ];
    for (const doc of docs) {
      const wrongCredentials: Record<string, string>[] = [{ 'x-service-api-key': 'client-own-key' }, { authorization: `Bearer ${TOKEN}x` }];
      for (const headers of wrongCredentials) {
        const res = await h.raw(doc, undefined, headers);
        expect(codes(res)).toEqual(['FORBIDDEN']);
      }
    }
    const res = await h.raw(CREATE, { input: evmHook });
    expect(codes(res)).toEqual(['FORBIDDEN']);
    expect(res.errors![0]!.message).toMatch(/Authorization: Bearer <ADMIN_TOKEN>/);
    expect(h.sandbox.count()).toBe(0);
  });

  it('takes a webhook through its life: create, list, add addresses, get, update, remove addresses, deactivate', async () => {
    h.sandbox.reset();
    const created = await admin(CREATE, { input: evmHook });
    expect(created.errors).toBeUndefined();
    const hook = created.data!.createWebhook;
    expect(hook).toMatchObject({
      url: evmHook.url,
      name: 'wallet',
      status: 'ACTIVE',
      eventType: 'ADDRESS_ACTIVITY',
      chainId: '43114',
      includeLogs: true,
      subEvents: [],
      keyType: null,
    });
    const [post] = sentAsOperator();
    expect(post).toMatchObject({ operation: 'createWebhook', method: 'POST', path: '/v1/webhooks' });
    expect(post!.body).toEqual({
      eventType: 'address_activity',
      url: evmHook.url,
      name: 'wallet',
      chainId: '43114',
      metadata: { addresses: [A1] },
      includeLogs: true,
    });
    const id = hook.webhookId as string;

    h.sandbox.reset();
    const listed = await admin('{ dataApiAccount { webhooks(status: ACTIVE) { nodes { webhookId status } } } }');
    expect(listed.data!.dataApiAccount.webhooks.nodes).toContainEqual({ webhookId: id, status: 'ACTIVE' });
    expect(sentAsOperator()[0]).toMatchObject({
      operation: 'listWebhooks',
      method: 'GET',
      query: expect.arrayContaining([['status', 'active']]),
    });

    h.sandbox.reset();
    const added = await admin(`mutation { addWebhookAddresses(webhookId: "${id}", addresses: ["${A2}", "${A3}", "${A1}"]) { webhookId } }`);
    expect(added.errors).toBeUndefined();
    expect(sentAsOperator()[0]).toMatchObject({
      operation: 'addAddressesToWebhook',
      method: 'PATCH',
      path: `/v1/webhooks/${id}/addresses`,
      body: { addresses: [A2, A3, A1] },
    });

    h.sandbox.reset();
    const got = await admin(
      `{ dataApiAccount { webhook(webhookId: "${id}") { webhookId addresses(first: 2) { totalCount nodes pageInfo { hasNextPage } } } } }`,
    );
    expect(got.data!.dataApiAccount.webhook).toEqual({
      webhookId: id,
      addresses: { totalCount: 3, nodes: [A1, A2], pageInfo: { hasNextPage: true } },
    });
    expect(sentAsOperator().map((r) => [r.operation, r.method, r.path])).toEqual([
      ['getWebhook', 'GET', `/v1/webhooks/${id}`],
      ['getAddressesFromWebhook', 'GET', `/v1/webhooks/${id}/addresses`],
    ]);
    // Walked to the end.
    const all = await walk(
      async (after) =>
        (
          await admin<any>(
            `query($after: String) { dataApiAccount { webhook(webhookId: "${id}") { addresses(first: 1, after: $after) { pageInfo { hasNextPage endCursor } nodes } } } }`,
            { after },
          )
        ).data.dataApiAccount.webhook.addresses as Page<string>,
    );
    expect(all).toEqual([A1, A2, A3]);

    h.sandbox.reset();
    const updated = await admin(
      `mutation { updateWebhook(webhookId: "${id}", input: { name: "wallet 2", url: "https://hooks.example.com/v2" }) { name url status } }`,
    );
    expect(updated.data!.updateWebhook).toEqual({ name: 'wallet 2', url: 'https://hooks.example.com/v2', status: 'ACTIVE' });
    expect(sentAsOperator()[0]).toMatchObject({
      operation: 'updateWebhook',
      method: 'PATCH',
      path: `/v1/webhooks/${id}`,
      body: { name: 'wallet 2', url: 'https://hooks.example.com/v2' },
    });

    h.sandbox.reset();
    const removed = await admin(
      `mutation { removeWebhookAddresses(webhookId: "${id}", addresses: ["${A2}"]) { addresses { totalCount nodes } } }`,
    );
    expect(removed.data!.removeWebhookAddresses.addresses).toEqual({ totalCount: 2, nodes: [A1, A3] });
    expect(sentAsOperator()[0]).toMatchObject({ operation: 'removeAddressesFromWebhook', method: 'DELETE', body: { addresses: [A2] } });

    h.sandbox.reset();
    const gone = await admin(`mutation { deactivateWebhook(webhookId: "${id}") { status } }`);
    expect(gone.data!.deactivateWebhook).toEqual({ status: 'INACTIVE' });
    expect(sentAsOperator()[0]).toMatchObject({ operation: 'deactivateWebhook', method: 'DELETE', path: `/v1/webhooks/${id}` });
    const inactive = await admin(
      '{ dataApiAccount { active: webhooks(status: ACTIVE) { nodes { webhookId } } inactive: webhooks(status: INACTIVE) { nodes { webhookId } } } }',
    );
    expect(inactive.data!.dataApiAccount.active.nodes).not.toContainEqual({ webhookId: id });
    expect(inactive.data!.dataApiAccount.inactive.nodes).toContainEqual({ webhookId: id });

    // Never kept: the same read twice calls twice.
    h.sandbox.reset();
    await admin(`{ dataApiAccount { webhook(webhookId: "${id}") { status } } }`);
    await admin(`{ dataApiAccount { webhook(webhookId: "${id}") { status } } }`);
    expect(h.sandbox.count('getWebhook')).toBe(2);
    // An unknown id: null, not an error.
    const none = await admin('{ dataApiAccount { webhook(webhookId: "no-such-hook") { status } } }');
    expect(none.errors).toBeUndefined();
    expect(none.data!.dataApiAccount.webhook).toBeNull();
  });

  it('creates Primary Network address and validator webhooks with their sub-events', async () => {
    h.sandbox.reset();
    const pn = await admin(CREATE, {
      input: {
        eventType: 'PRIMARY_NETWORK_ADDRESS_ACTIVITY',
        url: 'https://hooks.example.com/pn',
        network: 'MAINNET',
        blockchainId: '11111111111111111111111111111111LpoYY',
        primaryNetworkAddresses: ['avax1qm2a25eytsrj235hxg6jc0mwk99tss64eqevsw'],
        addressSubEvents: ['BALANCE_CHANGE', 'REWARD_DISTRIBUTION'],
      },
    });
    expect(pn.errors).toBeUndefined();
    expect(pn.data!.createWebhook).toMatchObject({
      eventType: 'PRIMARY_NETWORK_ADDRESS_ACTIVITY',
      keyType: 'addresses',
      subEvents: ['balance_change', 'reward_distribution'],
    });
    const v = await admin(CREATE, {
      input: {
        eventType: 'VALIDATOR_ACTIVITY',
        url: 'https://hooks.example.com/v',
        network: 'FUJI',
        nodeId: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
        validatorSubEvents: ['VALIDATOR_STAKE'],
      },
    });
    expect(v.errors).toBeUndefined();
    expect(v.data!.createWebhook).toMatchObject({ eventType: 'VALIDATOR_ACTIVITY', keyType: 'nodeId', subEvents: ['validator_stake'] });
    const bodies = sentAsOperator().map((r) => r.body as any);
    expect(bodies[1]).toEqual({
      eventType: 'validator_activity',
      url: 'https://hooks.example.com/v',
      network: 'fuji',
      metadata: {
        keyType: 'nodeId',
        keys: ['NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'],
        subEvents: { validatorActivitySubEvents: ['validator_stake'] },
      },
    });
  });

  it('refuses bad webhook input before any call', async () => {
    h.sandbox.reset();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...evmHook, url: 'http://hooks.example.com' }, /https:\/\/ URL/],
      [{ ...evmHook, url: 'not a url' }, /https:\/\/ URL/],
      [{ ...evmHook, addresses: [] }, /needs `input.addresses`/],
      [{ ...evmHook, evmChainId: null }, /needs `input.evmChainId`/],
      [{ ...evmHook, evmChainId: 0 }, /positive EVM chain id/],
      [{ ...evmHook, network: 'MAINNET' }, /does not apply/],
      [{ ...evmHook, eventSignatures: ['0x12'] }, /log topic/],
      [{ ...evmHook, addresses: Array.from({ length: 101 }, (_v, i) => `0x${i.toString(16).padStart(40, '0')}`) }, /at most 100/],
      [{ ...evmHook, name: 'x'.repeat(300) }, /at most 256/],
      [
        { eventType: 'VALIDATOR_ACTIVITY', url: 'https://a.example', network: 'MAINNET', validatorSubEvents: ['VALIDATOR_STAKE'] },
        /one validator or one subnet/,
      ],
    ];
    for (const [input, message] of bad) {
      const res = await admin(CREATE, { input });
      expect(codes(res), JSON.stringify(input).slice(0, 80)).toEqual(['BAD_USER_INPUT']);
      expect(res.errors![0]!.message).toMatch(message);
    }
    for (const doc of [
      '{ dataApiAccount { webhook(webhookId: "../x") { status } } }',
      'mutation { updateWebhook(webhookId: "abc", input: {}) { status } }',
      `mutation { addWebhookAddresses(webhookId: "abc", addresses: []) { status } }`,
      '{ dataApiAccount { exportJob(operationId: "a/b") { status } } }',
      '{ dataApiAccount { usage(startTimestamp: 10, endTimestamp: 5) { aggregateDuration } } }',
      '{ dataApiAccount { usage(responseCode: 1000) { aggregateDuration } } }',
      '{ dataApiAccount { subnetRpcUsage(interval: MINUTE) { aggregateDuration } } }',
      '{ dataApiAccount { subnetRpcUsage(groupBy: COUNTRY) { aggregateDuration } } }',
      '{ dataApiAccount { primaryNetworkRpcUsage(network: MAINNET, groupBy: RATE_LIMIT_BYPASS_TOKEN) { aggregateDuration } } }',
      '{ dataApiAccount { logs(requestPath: "a\\u0000b") { nodes { logId } } } }',
    ]) {
      expect(codes(await admin(doc)), doc).toEqual(['BAD_USER_INPUT']);
    }
    expect(h.sandbox.count()).toBe(0);
    // The service's own refusal of what only it knows: addresses on a validator webhook.
    const v = await admin(CREATE, {
      input: {
        eventType: 'VALIDATOR_ACTIVITY',
        url: 'https://a.example',
        network: 'MAINNET',
        subnetId: '11111111111111111111111111111111LpoYY',
        validatorSubEvents: ['VALIDATOR_STAKE'],
      },
    });
    const id = v.data!.createWebhook.webhookId;
    const refused = await admin(`mutation { addWebhookAddresses(webhookId: "${id}", addresses: ["${A1}"]) { status } }`);
    expect(codes(refused)).toEqual(['UPSTREAM_BAD_REQUEST']);
  });

  it('reads and rotates the shared secret', async () => {
    h.sandbox.reset();
    const before = await admin('{ dataApiAccount { webhookSharedSecret } }');
    const rotated = await admin('mutation { rotateWebhookSharedSecret }');
    const after = await admin('{ dataApiAccount { webhookSharedSecret } }');
    expect(before.data!.dataApiAccount.webhookSharedSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.data!.rotateWebhookSharedSecret).not.toBe(before.data!.dataApiAccount.webhookSharedSecret);
    expect(after.data!.dataApiAccount.webhookSharedSecret).toBe(rotated.data!.rotateWebhookSharedSecret);
    expect(sentAsOperator().map((r) => [r.operation, r.method, r.path])).toEqual([
      ['getSharedSecret', 'GET', '/v1/webhooks:getSharedSecret'],
      ['generateOrRotateSharedSecret', 'POST', '/v1/webhooks:generateOrRotateSharedSecret'],
      ['getSharedSecret', 'GET', '/v1/webhooks:getSharedSecret'],
    ]);
  });

  it("reads the account's usage, grouped, as its request log adds up", async () => {
    h.sandbox.reset();
    const start = TIMELINE.now - 3 * 86_400;
    const res = await admin(
      `{ dataApiAccount { usage(startTimestamp: ${start}, endTimestamp: ${TIMELINE.now}, interval: DAILY, groupBy: RESPONSE_CODE, requestType: DATA) { aggregateDuration points { timestamp values { groupedBy groupValue totalRequests apiCreditsUsed } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const usage = res.data!.dataApiAccount.usage;
    expect(usage.aggregateDuration).toBe('1 day');
    const total = usage.points.flatMap((p: any) => p.values).reduce((n: number, v: any) => n + v.totalRequests, 0);
    const log = usageLog('avalanche').filter(
      (e) => e.requestType === 'data' && e.eventTimestamp >= start && e.eventTimestamp <= TIMELINE.now,
    );
    expect(total).toBe(log.length);
    expect(usage.points[0].values[0].groupedBy).toBe('responseCode');
    const [sent] = sentAsOperator();
    expect(sent).toMatchObject({ operation: 'getApiUsageMetrics', method: 'GET', path: '/v1/apiUsageMetrics' });
    expect(Object.fromEntries(sent!.query)).toEqual({
      startTimestamp: String(start),
      endTimestamp: String(TIMELINE.now),
      timeInterval: 'daily',
      groupBy: 'responseCode',
      requestType: 'data',
    });
  });

  it("walks the account's request log, newest first, to its end", async () => {
    h.sandbox.reset();
    const start = TIMELINE.now - 2 * 86_400;
    const got = await walk(
      async (after) =>
        (
          await admin<any>(
            `query($after: String) { dataApiAccount { logs(startTimestamp: ${start}, responseCode: 200, first: 7, after: $after) { pageInfo { hasNextPage endCursor } nodes { logId responseCode timestamp } } } }`,
            { after },
          )
        ).data.dataApiAccount.logs as Page<{ logId: string; responseCode: number; timestamp: number }>,
    );
    const expected = usageLog('avalanche')
      .filter((e) => e.eventTimestamp >= start && e.responseCode === 200)
      .reverse();
    expect(got.map((l) => l.logId)).toEqual(expected.map((e) => e.logId));
    expect(got.length).toBeGreaterThan(7);
    const sent = sentAsOperator();
    expect(sent.every((r) => r.operation === 'getApiLogs' && r.path === '/v1/apiLogs')).toBe(true);
    expect(Object.fromEntries(sent[0]!.query)).toMatchObject({ startTimestamp: String(start), responseCode: '200', pageSize: '7' });
  });

  it('reads subnet and Primary Network RPC usage', async () => {
    h.sandbox.reset();
    const one = await admin(`{ dataApiAccount {
      subnet: subnetRpcUsage(evmChainId: "43114", groupBy: RPC_METHOD, interval: WEEKLY, startTimestamp: ${TIMELINE.now - 14 * 86_400}, endTimestamp: ${TIMELINE.now}) { aggregateDuration points { values { groupedBy groupValue totalRequests } } }
    } }`);
    const two = await admin(
      '{ dataApiAccount { primary: primaryNetworkRpcUsage(network: MAINNET, groupBy: COUNTRY) { aggregateDuration points { values { groupedBy groupValue } } } } }',
    );
    expect(one.errors).toBeUndefined();
    expect(two.errors).toBeUndefined();
    const { subnet } = one.data!.dataApiAccount;
    const { primary } = two.data!.dataApiAccount;
    expect(subnet.aggregateDuration).toBe('7 days');
    expect(subnet.points.flatMap((p: any) => p.values).some((v: any) => v.groupedBy === 'rpcMethod' && v.totalRequests > 0)).toBe(true);
    expect(primary.points.flatMap((p: any) => p.values).every((v: any) => v.groupedBy === 'country')).toBe(true);
    const sent = sentAsOperator();
    expect(sent.map((r) => [r.operation, r.path])).toEqual(
      expect.arrayContaining([
        ['getSubnetRpcUsageMetrics', '/v1/subnetRpcUsageMetrics'],
        ['getPrimaryNetworkRpcUsageMetrics', '/v1/primaryNetworkRpcUsageMetrics'],
      ]),
    );
    expect(Object.fromEntries(sent.find((r) => r.operation === 'getPrimaryNetworkRpcUsageMetrics')!.query)).toEqual({
      network: 'mainnet',
      groupBy: 'country',
    });
  });

  it('starts a transaction export and follows it to its file', async () => {
    h.sandbox.reset();
    const started = await admin(
      `mutation { startTransactionExport(input: { type: EVM, firstDate: "2025-05-01", lastDate: "2025-05-02", evmAddresses: ["${A1}"], evmChainIds: [43114] }) { operationId type status downloadUrl } }`,
    );
    expect(started.errors).toBeUndefined();
    const job = started.data!.startTransactionExport;
    expect(job).toMatchObject({ type: 'TRANSACTION_EXPORT_EVM', status: 'RUNNING', downloadUrl: null });
    expect(sentAsOperator()[0]).toMatchObject({
      operation: 'postTransactionExportJob',
      method: 'POST',
      path: '/v1/operations/transactions:export',
      body: {
        type: 'TRANSACTION_EXPORT_EVM',
        firstDate: '2025-05-01',
        lastDate: '2025-05-02',
        options: { addresses: [A1], includeChains: ['43114'] },
      },
    });
    h.sandbox.reset();
    const done = await admin(`{ dataApiAccount { exportJob(operationId: "${job.operationId}") { status downloadUrl } } }`);
    expect(done.data!.dataApiAccount.exportJob).toEqual({ status: 'COMPLETED', downloadUrl: expect.stringContaining(job.operationId) });
    expect(sentAsOperator()[0]).toMatchObject({
      operation: 'getOperationResult',
      method: 'GET',
      path: `/v1/operations/${job.operationId}`,
    });
    // Bad dates and mixed shapes refused before any call.
    h.sandbox.reset();
    for (const input of [
      `{ type: EVM, firstDate: "2025-02-30", lastDate: "2025-03-01", evmAddresses: ["${A1}"], evmChainIds: [43114] }`,
      `{ type: EVM, firstDate: "2025-05-02", lastDate: "2025-05-01", evmAddresses: ["${A1}"], evmChainIds: [43114] }`,
      `{ type: EVM, firstDate: "2024-01-01", lastDate: "2025-06-01", evmAddresses: ["${A1}"], evmChainIds: [43114] }`,
      `{ type: EVM, firstDate: "2025-05-01", lastDate: "2025-05-02", evmChainIds: [43114] }`,
      `{ type: PRIMARY_NETWORK, firstDate: "2025-05-01", lastDate: "2025-05-02", evmChainIds: [43114] }`,
    ]) {
      expect(codes(await admin(`mutation { startTransactionExport(input: ${input}) { status } }`)), input).toEqual(['BAD_USER_INPUT']);
    }
    expect(h.sandbox.count()).toBe(0);
  });
});

describe("the Data API's own checks", () => {
  const h = useHarness();

  it('answers its health and its liveness', async () => {
    const res = await h.raw<any>(
      '{ health: dataApiHealth { status indicators { name up } } live: dataApiHealth(check: LIVENESS) { status } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.health).toEqual({ status: 'OK', indicators: [{ name: 'database', up: true }] });
    expect(res.data!.live).toEqual({ status: 'OK' });
    expect(h.sandbox.log.map((r) => [r.operation, r.path])).toEqual(
      expect.arrayContaining([
        ['data-health-check', '/v1/health-check'],
        ['live-check', '/v1/live-check'],
      ]),
    );
  });
});
