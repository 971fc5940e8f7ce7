/**
 * The sandbox's webhooks as the service keeps them: every metadata field of the spec's three
 * request shapes stored and answered back (event signatures, the balance threshold filter, node
 * and subnet filters, the L1 fee balance threshold), and what it refuses listed together in one
 * 400: a threshold sub-event without its setting or a setting without its sub-event, ids that are
 * not ids, amounts that are not nAVAX, no sub-event at all.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

// Unchecked: the refusals below send on purpose what the spec does not allow.
const sandbox = useSandbox({ contract: 'unchecked' });

const NODE = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const SUBNET = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM';
const TOPIC = `0x${'cd'.repeat(32)}`;

const send = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${sandbox.dataApiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-glacier-api-key': 'operator-key' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
};

const pn = {
  eventType: 'primary_network_address_activity',
  url: 'https://hooks.example.com/pn',
  network: 'mainnet',
  chainId: '11111111111111111111111111111111LpoYY',
  metadata: {
    eventSignatures: [TOPIC],
    keyType: 'addresses',
    keys: ['avax1qm2a25eytsrj235hxg6jc0mwk99tss64eqevsw'],
    subEvents: { addressActivitySubEvents: ['balance_threshold'] },
    balanceThresholdFilter: { balanceType: 'lockedStakeable', balanceThreshold: '5000000000' },
  },
};
const validator = {
  eventType: 'validator_activity',
  url: 'https://hooks.example.com/v',
  network: 'fuji',
  metadata: {
    eventSignatures: [TOPIC],
    keyType: 'nodeId',
    keys: [NODE],
    subEvents: { validatorActivitySubEvents: ['l1_validator_balance_threshold', 'validator_stake'] },
    nodeIds: [NODE],
    subnetIds: [SUBNET],
    l1ValidatorFeeBalanceThreshold: '100000000',
  },
};

describe("the sandbox's webhooks", () => {
  it('stores every metadata field of the Primary Network address and validator shapes, and answers them back', async () => {
    for (const body of [pn, validator]) {
      const created = await send('POST', '/v1/webhooks', body);
      expect(created.status).toBe(201);
      expect(created.body.metadata).toEqual(body.metadata);
      expect(created.body).toMatchObject({ url: body.url, eventType: body.eventType, status: 'active', name: '', description: '' });
      const got = await send('GET', `/v1/webhooks/${created.body.id}`);
      expect(got).toEqual({ status: 200, body: created.body });
    }
  });

  it('refuses a threshold sub-event without its setting, a setting without its sub-event, and bad filters, all in one 400', async () => {
    const { balanceThresholdFilter: _f, ...noFilter } = pn.metadata;
    const refused = [
      [{ ...pn, metadata: noFilter }, ['metadata.balanceThresholdFilter should not be empty when subEvents has balance_threshold']],
      [
        { ...pn, metadata: { ...pn.metadata, subEvents: { addressActivitySubEvents: ['balance_change'] } } },
        ['metadata.balanceThresholdFilter applies only when subEvents has balance_threshold'],
      ],
      [
        { ...pn, metadata: { ...pn.metadata, subEvents: { addressActivitySubEvents: [] } } },
        [
          'metadata.subEvents.addressActivitySubEvents should not be empty',
          'metadata.balanceThresholdFilter applies only when subEvents has balance_threshold',
        ],
      ],
      [
        { ...pn, metadata: { ...pn.metadata, balanceThresholdFilter: { balanceType: 'staked', balanceThreshold: '1.5' } } },
        [
          'metadata.balanceThresholdFilter.balanceType must be one of the following values: unlockedUnstaked, unlockedStaked, lockedPlatform, lockedStakeable, lockedStaked, pendingStaked, unlocked, locked, atomicMemoryUnlocked, atomicMemoryLocked',
          'metadata.balanceThresholdFilter.balanceThreshold must be an amount in nAVAX',
        ],
      ],
      [
        { ...validator, metadata: { ...validator.metadata, l1ValidatorFeeBalanceThreshold: undefined } },
        ['metadata.l1ValidatorFeeBalanceThreshold should not be empty when subEvents has l1_validator_balance_threshold'],
      ],
      [
        {
          ...validator,
          metadata: { ...validator.metadata, nodeIds: ['NodeID-x'], subnetIds: ['x'], l1ValidatorFeeBalanceThreshold: '-1' },
        },
        [
          'each value in metadata.nodeIds must be a NodeID',
          'each value in metadata.subnetIds must be a subnet id',
          'metadata.l1ValidatorFeeBalanceThreshold must be an amount in nAVAX',
        ],
      ],
      [
        { ...validator, metadata: { ...validator.metadata, subEvents: { validatorActivitySubEvents: ['validator_stake'] } } },
        ['metadata.l1ValidatorFeeBalanceThreshold applies only when subEvents has l1_validator_balance_threshold'],
      ],
    ] as const;
    for (const [body, problems] of refused) {
      const res = await send('POST', '/v1/webhooks', body);
      expect(res.status, JSON.stringify(body.metadata)).toBe(400);
      expect(res.body.message, JSON.stringify(body.metadata)).toEqual(problems);
    }
    const listed = await send('GET', '/v1/webhooks?pageSize=100');
    expect(listed.body.webhooks).toHaveLength(2);
  });
});
