/**
 * Every value set of the upstream contract is a GraphQL enum with exactly the upstream's values,
 * so a value the upstream sends always has a name, and a value a client picks is always valid.
 */
import { readFileSync } from 'node:fs';
import { isEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graph/index.js';

const spec = JSON.parse(readFileSync(new URL('../contract/data-api.glacier.openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, { enum?: string[]; properties?: Record<string, { enum?: string[] }> }> };
};
const schemas = spec.components.schemas;
const specEnum = (name: string) => schemas[name]!.enum!;
const propertyEnum = (name: string, property: string) => schemas[name]!.properties![property]!.enum!;

function internalValues(name: string): string[] {
  const type = schema.getType(name);
  if (!isEnumType(type)) throw new Error(`${name} is not an enum`);
  return type.getValues().map((v) => String(v.value));
}

describe('enums match the upstream value sets', () => {
  it.each([
    ['PrimaryNetworkTxType', specEnum('PrimaryNetworkTxType')],
    ['Currency', specEnum('CurrencyCode')],
    ['SortOrder', specEnum('SortOrder')],
    ['RewardType', specEnum('RewardType')],
    ['PrimaryNetworkAssetType', specEnum('PrimaryNetworkAssetType')],
    ['PrimaryNetworkAssetCap', specEnum('PrimaryNetworkAssetCap')],
    ['XChainFormat', propertyEnum('XChainLinearTransaction', 'chainFormat')],
    ['EvmTransactionStatus', specEnum('TransactionStatus')],
    ['EvmCallType', specEnum('TransactionMethodType')],
    ['InternalTransactionType', specEnum('InternalTransactionOpCall')],
    ['NftIndexStatus', specEnum('NftTokenMetadataStatus')],
    ['ResourceLinkType', specEnum('ResourceLinkType')],
    ['ErcType', ['Erc20Contract', 'Erc721Contract', 'Erc1155Contract', 'UnknownContract'].flatMap((c) => propertyEnum(c, 'ercType'))],
    [
      'IcmMessageStatus',
      ['PendingIcmMessage', 'DeliveredIcmMessage', 'DeliveredSourceNotIndexedIcmMessage'].flatMap((m) => propertyEnum(m, 'status')),
    ],
    ['NetworkName', specEnum('Network')],
  ])('%s', (name, upstream) => {
    expect(internalValues(name).sort()).toEqual([...new Set(upstream)].sort());
  });

  it('covers the chains the Primary Network endpoints take by alias', () => {
    expect(internalValues('PrimaryNetworkChain').sort()).toEqual(
      specEnum('BlockchainId')
        .filter((v) => v.endsWith('-chain'))
        .sort(),
    );
  });
});
