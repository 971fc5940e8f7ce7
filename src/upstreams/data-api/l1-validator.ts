/**
 * L1 validators (listL1Validators).
 */
import { segment } from '../http.js';
import type { DataApiClient, PageParams, DataApiOperationTable } from './client.js';
import type { Schemas, Answer, WireNetwork, BlsCredentials } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const l1ValidatorOperations = {
  listL1Validators: { freshness: 'validators', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof l1ValidatorOperations> {}
}

export type BalanceOwner = Schemas['BalanceOwner'];

/**
 * The spec types an L1 validator's `blsCredentials` as an object without properties; the
 * upstream sends `publicKey` and `proofOfPossession` in it when it knows them.
 */
type WithBlsCredentials<T> = Omit<T, 'blsCredentials'> & { blsCredentials: Partial<BlsCredentials> & Record<string, unknown> };

export type L1Validator = WithBlsCredentials<Schemas['L1ValidatorDetailsFull']>;

export type ListL1ValidatorsResponse = Omit<Answer<'listL1Validators'>, 'validators'> & { validators: L1Validator[] };

/**
 * GET /v1/networks/{network}/l1Validators (listL1Validators). Active validators unless asked.
 * Spec: operationId `listL1Validators` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { validators } = await listL1Validators(ctx.dataApi, 'fuji', { subnetId, includeInactiveL1Validators: true });
 */
export function listL1Validators(
  client: DataApiClient,
  network: WireNetwork,
  params: PageParams & {
    l1ValidationId?: string;
    includeInactiveL1Validators?: boolean;
    nodeId?: string;
    subnetId?: string;
  },
): Promise<ListL1ValidatorsResponse> {
  return client.get(
    'listL1Validators',
    `/v1/networks/${segment(network)}/l1Validators`,
    {
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      l1ValidationId: params.l1ValidationId,
      includeInactiveL1Validators: params.includeInactiveL1Validators,
      nodeId: params.nodeId,
      subnetId: params.subnetId,
    },
    'validators',
  );
}
