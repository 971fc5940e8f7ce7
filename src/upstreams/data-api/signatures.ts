/**
 * Signature aggregation: aggregate a Warp message's signatures, or read an aggregation again.
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable } from './client.js';
import type { Schemas, Answer, WireNetwork } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const signaturesOperations = {
  aggregateSignatures: { freshness: 'never' },
  getAggregatedSignatures: { freshness: 'transactions' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof signaturesOperations> {}
}

export type SignatureAggregatorRequest = Schemas['SignatureAggregatorRequest'];

export type SignatureAggregationResponse = Answer<'aggregateSignatures'>;

/**
 * POST /v1/signatureAggregator/{network}/aggregateSignatures (aggregateSignatures); answers 201.
 * Spec: operationId `aggregateSignatures` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { signedMessage } = await aggregateSignatures(ctx.dataApi, 'fuji', { message: '0x…' });
 */
export function aggregateSignatures(
  client: DataApiClient,
  network: WireNetwork,
  body: SignatureAggregatorRequest,
): Promise<SignatureAggregationResponse> {
  return client.write(
    client.request('aggregateSignatures', 'POST', `/v1/signatureAggregator/${segment(network)}/aggregateSignatures`, undefined, body),
  );
}

/**
 * GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash} (getAggregatedSignatures); answers 201.
 * Spec: operationId `getAggregatedSignatures` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { signedMessage } = await getAggregatedSignatures(ctx.dataApi, 'fuji', txHash);
 */
export function getAggregatedSignatures(
  client: DataApiClient,
  network: WireNetwork,
  txHash: string,
): Promise<SignatureAggregationResponse> {
  return client.get('getAggregatedSignatures', `/v1/signatureAggregator/${segment(network)}/aggregateSignatures/${segment(txHash)}`);
}
