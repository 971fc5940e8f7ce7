/**
 * The official SDK (@avalanche-sdk/chainkit) pointed at the sandbox for every kind of webhook the
 * spec has: it sends the Primary Network address webhook with its balance threshold filter and the
 * validator webhook with its node and subnet filters and L1 fee balance threshold, and parses the
 * sandbox's answers (create, get, list, update) with its own schemas, every metadata field kept.
 */
import { describe, expect, it } from 'vitest';
import { chainkit } from '../helpers/chainkit.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const NODE = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const SUBNET = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM';
const TOPIC = `0x${'ef'.repeat(32)}`;

/** The SDK with its telemetry off (on by default, it posts every call to a third party), and each call sent to the sandbox. */
const avalanche = () => chainkit({ serverURL: sandbox.dataApiUrl, apiKey: 'operator-key' });
const at = () => ({ serverURL: sandbox.dataApiUrl });

describe('every kind of webhook through the official SDK', () => {
  it('parses a Primary Network address webhook with its balance threshold filter', async () => {
    const sdk = avalanche();
    const metadata = {
      eventSignatures: [TOPIC],
      keyType: 'addresses' as const,
      keys: ['avax1qm2a25eytsrj235hxg6jc0mwk99tss64eqevsw'],
      subEvents: { addressActivitySubEvents: ['balance_threshold' as const, 'reward_distribution' as const] },
      balanceThresholdFilter: { balanceType: 'atomicMemoryUnlocked' as const, balanceThreshold: '7000000000' },
    };
    const created = await sdk.webhooks.create(
      {
        eventType: 'primary_network_address_activity',
        url: 'https://hooks.example.com/pn',
        network: 'mainnet',
        chainId: '11111111111111111111111111111111LpoYY',
        metadata,
      },
      at(),
    );
    expect(created).toMatchObject({ eventType: 'primary_network_address_activity', metadata });
    expect(await sdk.webhooks.get({ id: created.id }, at())).toMatchObject({ id: created.id, metadata });
    expect(await sdk.webhooks.update({ id: created.id, updateWebhookRequest: { description: 'treasury' } }, at())).toMatchObject({
      description: 'treasury',
      metadata,
    });
  });

  it('parses a validator webhook with node and subnet filters and its L1 fee balance threshold', async () => {
    const sdk = avalanche();
    const metadata = {
      keyType: 'subnetId' as const,
      keys: [SUBNET],
      subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold' as const, 'l1_validator_removed' as const] },
      nodeIds: [NODE],
      subnetIds: [SUBNET],
      l1ValidatorFeeBalanceThreshold: '250000000',
    };
    const created = await sdk.webhooks.create(
      { eventType: 'validator_activity', url: 'https://hooks.example.com/v', network: 'fuji', metadata },
      at(),
    );
    expect(created).toMatchObject({ eventType: 'validator_activity', metadata });
    const listed = [];
    for await (const page of await sdk.webhooks.list({ pageSize: 1 }, at())) listed.push(...page.result.webhooks);
    expect(listed.find((w) => w.id === created.id)).toMatchObject({ metadata });
    expect(sandbox.log.every((r) => r.apiKey === 'operator-key')).toBe(true);
  });
});
