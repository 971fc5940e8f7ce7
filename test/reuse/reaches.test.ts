/**
 * Each price's `reaches` (src/graph/cost.ts, the schema-fields column of docs/caching.md's table)
 * is what its field really calls: each query below runs on a gateway and sandbox with the cache off,
 * every call attributed to the field whose resolver made it (test/helpers/attribution.ts), and each
 * field it names made every operation its price names, and none other. test/yoga/cost.test.ts
 * checks the other way round over its corpus (a field calls nothing its `reaches` leaves out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COST_EXTENSION, type FieldCost } from '../../src/graph/cost.js';
import { schema } from '../../src/graph/index.js';
import { isObjectType } from 'graphql';
import { SHOWCASE_EVM_ADDRESS } from '../../sandbox/world/evm.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import { attribute, byField, clearAttribution, reads, recordCalls } from '../helpers/attribution.js';

attribute(schema);
afterAll(recordCalls());

const ADMIN_TOKEN = 'reaches-admin-token-0123456789ab';

/** A query, and the fields (`Type.field`) whose every declared operation it makes. */
const cases: { query: string; fields: string[] }[] = [
  {
    query: `{ network { nodeInfo {
      nodeId blsPublicKey blsProofOfPossession ip networkId networkName version { __typename } txFee { __typename }
      upgrades { __typename } acps { __typename } vms { __typename } fxs { __typename } peers { __typename } uptime { __typename }
      blockchainId(alias: "X") isBootstrapped(chain: "X")
    } } }`,
    fields: [
      'NodeInfo.nodeId',
      'NodeInfo.blsPublicKey',
      'NodeInfo.blsProofOfPossession',
      'NodeInfo.ip',
      'NodeInfo.networkId',
      'NodeInfo.networkName',
      'NodeInfo.version',
      'NodeInfo.txFee',
      'NodeInfo.upgrades',
      'NodeInfo.acps',
      'NodeInfo.vms',
      'NodeInfo.fxs',
      'NodeInfo.peers',
      'NodeInfo.uptime',
      'NodeInfo.blockchainId',
      'NodeInfo.isBootstrapped',
    ],
  },
  {
    query: `{ network { health {
      report { __typename } readiness { __typename } liveness { __typename }
      h: probe(route: HEALTH) { __typename } r: probe(route: READINESS) { __typename } l: probe(route: LIVENESS) { __typename }
    } } }`,
    fields: ['NodeHealth.report', 'NodeHealth.readiness', 'NodeHealth.liveness', 'NodeHealth.probe'],
  },
  {
    query: `{ network { pChain {
      height proposedHeight timestamp currentSupply stakingAssetId totalStake
      feeConfig { __typename } feeState { __typename } validatorFeeConfig { __typename } validatorFeeState { __typename }
      minStake { __typename } blockchains { __typename } subnets { __typename } allValidatorsAt { __typename }
      currentValidators { __typename } sampleValidators(size: 1)
    } } }`,
    fields: [
      'PChain.height',
      'PChain.proposedHeight',
      'PChain.timestamp',
      'PChain.currentSupply',
      'PChain.stakingAssetId',
      'PChain.totalStake',
      'PChain.feeConfig',
      'PChain.feeState',
      'PChain.validatorFeeConfig',
      'PChain.validatorFeeState',
      'PChain.minStake',
      'PChain.blockchains',
      'PChain.subnets',
      'PChain.allValidatorsAt',
      'PChain.currentValidators',
      'PChain.sampleValidators',
    ],
  },
  {
    query: `{ network { xChain { height txFee { __typename } } proposerVm { proposedHeight currentEpoch { __typename } } } }`,
    fields: ['XChain.height', 'XChain.txFee', 'ProposerVm.proposedHeight', 'ProposerVm.currentEpoch'],
  },
  {
    query: `{ network { evmChain(evmChainId: 43114) {
      headBlockNumber rpcChainId gasPrice baseFee maxPriorityFeePerGas feeHistory(blockCount: 2) { __typename }
      call(input: { to: "${SHOWCASE_EVM_ADDRESS}" }) estimateGas(input: { to: "${SHOWCASE_EVM_ADDRESS}" })
      address(address: "${SHOWCASE_EVM_ADDRESS}") { balanceAt nonce code storageAt(slot: "0x0") proof { __typename } }
    } } }`,
    fields: [
      'EvmChain.headBlockNumber',
      'EvmChain.rpcChainId',
      'EvmChain.gasPrice',
      'EvmChain.baseFee',
      'EvmChain.maxPriorityFeePerGas',
      'EvmChain.feeHistory',
      'EvmChain.call',
      'EvmChain.estimateGas',
      'EvmAddress.balanceAt',
      'EvmAddress.nonce',
      'EvmAddress.code',
      'EvmAddress.storageAt',
      'EvmAddress.proof',
    ],
  },
  {
    query: `{ network { details { __typename } avaxSupply { __typename } admin { chainAliases(chain: "2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM") loggerLevels { __typename } } } }`,
    fields: ['Network.details', 'Network.avaxSupply', 'NodeAdmin.chainAliases', 'NodeAdmin.loggerLevels'],
  },
];

function priceOf(field: string): FieldCost | undefined {
  const [typeName, fieldName] = field.split('.') as [string, string];
  const type = schema.getType(typeName);
  return isObjectType(type) ? (type.getFields()[fieldName]?.extensions?.[COST_EXTENSION] as FieldCost | undefined) : undefined;
}

describe('the operations a price says its field reaches', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ CACHE: 'off', ADMIN_TOKEN });
  });
  afterAll(() => h?.close());

  it.each(cases.map((c) => [c.fields.join(', ').slice(0, 80), c] as const))('are made by %s', async (_name, c) => {
    clearAttribution();
    const res = await h.gateway.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ query: c.query }),
    });
    const body = (await res.json()) as { errors?: unknown[] };
    expect(JSON.stringify(body.errors)).toBeUndefined();
    const made = byField(reads);
    const madeBy = (field: string | undefined) => new Set((made.get(field) ?? []).map((call) => call.operation));
    for (const field of c.fields) {
      const declared = priceOf(field)?.reaches ?? [];
      expect(declared.length, `${field} declares what it reaches`).toBeGreaterThan(0);
      const own = madeBy(field);
      const group = priceOf(field)?.sharesWith;
      if (own.size > 0 || !group) {
        expect([...own].sort(), field).toEqual([...declared].sort());
        continue;
      }
      // A field that shares one read (`sharesWith`) with others: whichever asks first makes it for all.
      const others = new Set([...made.keys()].filter((f) => f && priceOf(f)?.sharesWith === group).flatMap((f) => [...madeBy(f)]));
      expect(
        declared.filter((o) => !others.has(o)),
        `${field}: made by none of the fields it shares its read with`,
      ).toEqual([]);
    }
  });
});
