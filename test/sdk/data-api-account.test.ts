/**
 * The official SDK (@avalanche-sdk/chainkit) pointed at the sandbox for the operator's Data API
 * account: webhooks (and their addresses, the shared secret), usage metrics and logs, subnet RPC
 * usage, transaction export jobs, and the Data API's health and liveness, each answer parsed by
 * the SDK's own schemas. getPrimaryNetworkRpcUsageMetrics is not in this SDK (0.x, which has the
 * retired /v1/rpcUsageMetrics instead): its answer is checked against the spec by the sandbox's
 * contract checks through the gateway in test/graph/data-api-account.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { TIMELINE } from '../../sandbox/world/timeline.js';
import { chainkit } from '../helpers/chainkit.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const A1 = '0x1111111111111111111111111111111111111111';
const A2 = '0x2222222222222222222222222222222222222222';

/** The SDK with its telemetry off (on by default, it posts every call to a third party), and each call sent to the sandbox. */
const avalanche = () => chainkit({ serverURL: sandbox.dataApiUrl, apiKey: 'operator-key' });
const at = () => ({ serverURL: sandbox.dataApiUrl });

describe("the operator's Data API account through the official SDK", () => {
  it('parses a webhook through its life, its addresses and the shared secret', async () => {
    const sdk = avalanche();
    const created = await sdk.webhooks.create(
      { eventType: 'address_activity', url: 'https://hooks.example.com/a', chainId: '43114', metadata: { addresses: [A1] } },
      at(),
    );
    expect(created).toMatchObject({ url: 'https://hooks.example.com/a', status: 'active', eventType: 'address_activity' });
    const id = created.id;
    const pages = [];
    for await (const page of await sdk.webhooks.list({ status: 'active', pageSize: 1 }, at())) pages.push(page);
    expect(pages.flatMap((p) => p.result.webhooks.map((w) => w.id))).toContain(id);
    expect(await sdk.webhooks.get({ id }, at())).toMatchObject({ id });
    expect(await sdk.webhooks.addresses.add({ id, addressesChangeRequest: { addresses: [A2] } }, at())).toMatchObject({
      metadata: { addresses: [A1, A2] },
    });
    const listed = [];
    for await (const page of await sdk.webhooks.addresses.list({ id, pageSize: 1 }, at())) listed.push(...page.result.addresses);
    expect(listed).toEqual([A1, A2]);
    expect(await sdk.webhooks.addresses.remove({ id, addressesChangeRequest: { addresses: [A1] } }, at())).toMatchObject({
      metadata: { addresses: [A2] },
    });
    expect(await sdk.webhooks.update({ id, updateWebhookRequest: { name: 'renamed' } }, at())).toMatchObject({ name: 'renamed' });
    expect(await sdk.webhooks.deactivate({ id }, at())).toMatchObject({ status: 'inactive' });
    const secret = await sdk.webhooks.getSharedSecret(at());
    const rotated = await sdk.webhooks.generateOrRotateSharedSecret(at());
    expect(rotated.secret).not.toBe(secret.secret);
    expect(sandbox.log.every((r) => r.apiKey === 'operator-key')).toBe(true);
  });

  it('parses usage metrics, logs and subnet RPC usage', async () => {
    const sdk = avalanche();
    const usage = await sdk.data.usageMetrics.getUsage({ timeInterval: 'daily', groupBy: 'requestPath' }, at());
    expect(usage.metrics.length).toBeGreaterThan(0);
    const logPages = [];
    for await (const page of await sdk.data.usageMetrics.getLogs({ startTimestamp: TIMELINE.now - 86_400, pageSize: 100 }, at()))
      logPages.push(page);
    expect(logPages.length).toBeGreaterThan(0);
    expect(logPages[0]!.result.logs[0]).toMatchObject({ orgId: expect.any(String), metadata: { host: expect.any(String) } });
    const rpc = await sdk.data.usageMetrics.getSubnetRpcUsage({ chainId: '43114', groupBy: 'rpcMethod' }, at());
    expect(rpc.chainId).toBe('43114');
  });

  it('parses a transaction export and its result', async () => {
    const sdk = avalanche();
    const job = await sdk.data.operations.exportTransactions(
      {
        type: 'TRANSACTION_EXPORT_EVM',
        firstDate: '2025-05-01',
        lastDate: '2025-05-02',
        options: { addresses: [A1], includeChains: ['43114'] },
      },
      at(),
    );
    expect(job.operationStatus).toBe('RUNNING');
    const done = await sdk.data.operations.getResult({ operationId: job.operationId }, at());
    expect(done.operationStatus).toBe('COMPLETED');
  });

  it("parses the Data API's health and liveness", async () => {
    const sdk = avalanche();
    expect(await sdk.data.healthCheck(at())).toMatchObject({ status: 'ok' });
    expect(await sdk.data.liveCheck(at())).toMatchObject({ status: 'ok' });
  });
});
