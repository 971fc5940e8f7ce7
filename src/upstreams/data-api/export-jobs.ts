/**
 * Transaction exports: a job that writes an address's transactions of some days to a file, and
 * the job's status (its download URL once done). Operator-only: sent with the operator's key
 * (`asOperator`), never a client's own; never shared between requests (a job's status moves).
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable } from './client.js';
import type { Answer, Schemas } from './wire.js';

export const exportJobOperations = {
  postTransactionExportJob: { freshness: 'never' },
  getOperationResult: { freshness: 'never' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof exportJobOperations> {}
}

export type ExportJob = Answer<'getOperationResult'>;

/** What starts an export: the EVM one or the Primary Network one, told apart by `type`. */
export type ExportJobRequest = Schemas['CreateEvmTransactionExportRequest'] | Schemas['CreatePrimaryNetworkTransactionExportRequest'];

/**
 * POST /v1/operations/transactions:export (postTransactionExportJob): starts an export; answers
 * its operation, RUNNING.
 * Spec: operationId `postTransactionExportJob` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const job = await postTransactionExportJob(ctx.dataApi, { type: 'TRANSACTION_EXPORT_EVM', firstDate: '2024-05-01', lastDate: '2024-05-02', options: { addresses, includeChains: ['43114'] } });
 */
export function postTransactionExportJob(client: DataApiClient, request: ExportJobRequest): Promise<ExportJob> {
  const operator = client.asOperator();
  return operator.write(operator.request('postTransactionExportJob', 'POST', '/v1/operations/transactions:export', undefined, request));
}

/**
 * GET /v1/operations/{operationId} (getOperationResult): an export's status; null when there is
 * no operation of that id (404).
 * Spec: operationId `getOperationResult` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const job = await getOperationResult(ctx.dataApi, 'a4f0…');
 */
export function getOperationResult(client: DataApiClient, operationId: string): Promise<ExportJob | null> {
  return client.asOperator().getOrNone('getOperationResult', `/v1/operations/${segment(operationId)}`);
}
