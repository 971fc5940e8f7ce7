/**
 * The operator's webhooks on the Data API: what they watch, where they post, their addresses and
 * the shared secret that signs their posts. Operator-only: every call goes out with the
 * operator's key (`asOperator`), never a client's own, and nothing is shared between requests
 * (`never`): a webhook changes when the operator changes it, and is the operator's alone.
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable, PageParams } from './client.js';
import type { Answer, Flat, Schemas } from './wire.js';

/** How long the answers of this file's operations are shared (never), and how the lists page. */
export const webhookOperations = {
  createWebhook: { freshness: 'never' },
  listWebhooks: { freshness: 'never', pages: { max: 100, default: 10 } },
  getWebhook: { freshness: 'never' },
  updateWebhook: { freshness: 'never' },
  deactivateWebhook: { freshness: 'never' },
  generateOrRotateSharedSecret: { freshness: 'never' },
  getSharedSecret: { freshness: 'never' },
  addAddressesToWebhook: { freshness: 'never' },
  removeAddressesFromWebhook: { freshness: 'never' },
  getAddressesFromWebhook: { freshness: 'never', pages: { max: 100, default: 10 } },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof webhookOperations> {}
}

/** The three webhook shapes of the spec (EVM address, Primary Network address, validator activity) as one (see `Flat`), their metadata too. */
export type Webhook = Omit<Flat<Answer<'getWebhook'>>, 'metadata'> & { metadata: Flat<Answer<'getWebhook'>['metadata']> };

/** What creates a webhook: one of the spec's three request shapes, told apart by `eventType`. */
export type CreateWebhookRequest =
  | Schemas['EVMAddressActivityRequest']
  | Schemas['PrimaryNetworkAddressActivityRequest']
  | Schemas['ValidatorActivityRequest'];

export type UpdateWebhookRequest = Schemas['UpdateWebhookRequest'];

export type WebhookStatus = Schemas['WebhookStatus'];

export type ListWebhooksResponse = Omit<Answer<'listWebhooks'>, 'webhooks'> & { webhooks: Webhook[] };

/**
 * POST /v1/webhooks (createWebhook): a webhook, active from now on; answers it with its id.
 * Spec: operationId `createWebhook` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const hook = await createWebhook(ctx.dataApi, { eventType: 'address_activity', url, chainId: '43114', metadata: { addresses } });
 */
export function createWebhook(client: DataApiClient, request: CreateWebhookRequest): Promise<Webhook> {
  const operator = client.asOperator();
  return operator.write(operator.request('createWebhook', 'POST', '/v1/webhooks', undefined, request));
}

/**
 * GET /v1/webhooks (listWebhooks): the operator's webhooks, active, inactive or both.
 * Spec: operationId `listWebhooks` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const { webhooks, nextPageToken } = await listWebhooks(ctx.dataApi, { status: 'active', pageSize: 50 });
 */
export function listWebhooks(client: DataApiClient, params: PageParams & { status?: WebhookStatus }): Promise<ListWebhooksResponse> {
  return client
    .asOperator()
    .get('listWebhooks', '/v1/webhooks', { pageToken: params.pageToken, pageSize: params.pageSize, status: params.status }, 'webhooks');
}

/**
 * GET /v1/webhooks/{id} (getWebhook); null when the operator has no webhook of that id (404).
 * Spec: operationId `getWebhook` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const hook = await getWebhook(ctx.dataApi, '5ad0…');
 */
export function getWebhook(client: DataApiClient, id: string): Promise<Webhook | null> {
  return client.asOperator().getOrNone('getWebhook', `/v1/webhooks/${segment(id)}`);
}

/**
 * PATCH /v1/webhooks/{id} (updateWebhook): its name, description, url, status or what it includes.
 * Spec: operationId `updateWebhook` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const hook = await updateWebhook(ctx.dataApi, '5ad0…', { status: 'inactive' });
 */
export function updateWebhook(client: DataApiClient, id: string, request: UpdateWebhookRequest): Promise<Webhook> {
  const operator = client.asOperator();
  return operator.write(operator.request('updateWebhook', 'PATCH', `/v1/webhooks/${segment(id)}`, undefined, request));
}

/**
 * DELETE /v1/webhooks/{id} (deactivateWebhook): the webhook stops posting; answers it, inactive.
 * Spec: operationId `deactivateWebhook` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const hook = await deactivateWebhook(ctx.dataApi, '5ad0…');
 */
export function deactivateWebhook(client: DataApiClient, id: string): Promise<Webhook> {
  const operator = client.asOperator();
  return operator.write(operator.request('deactivateWebhook', 'DELETE', `/v1/webhooks/${segment(id)}`));
}

/**
 * POST /v1/webhooks:generateOrRotateSharedSecret (generateOrRotateSharedSecret): a new secret
 * signing every webhook's posts; the old one stops working.
 * Spec: operationId `generateOrRotateSharedSecret` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const { secret } = await generateOrRotateSharedSecret(ctx.dataApi);
 */
export function generateOrRotateSharedSecret(client: DataApiClient): Promise<Answer<'generateOrRotateSharedSecret'>> {
  const operator = client.asOperator();
  return operator.write(operator.request('generateOrRotateSharedSecret', 'POST', '/v1/webhooks:generateOrRotateSharedSecret'));
}

/**
 * GET /v1/webhooks:getSharedSecret (getSharedSecret): the secret signing the webhooks' posts.
 * Spec: operationId `getSharedSecret` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const { secret } = await getSharedSecret(ctx.dataApi);
 */
export function getSharedSecret(client: DataApiClient): Promise<Answer<'getSharedSecret'>> {
  return client.asOperator().get('getSharedSecret', '/v1/webhooks:getSharedSecret');
}

/**
 * PATCH /v1/webhooks/{id}/addresses (addAddressesToWebhook): more addresses an EVM address
 * activity webhook watches; answers the webhook.
 * Spec: operationId `addAddressesToWebhook` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const hook = await addAddressesToWebhook(ctx.dataApi, '5ad0…', ['0xb97e…']);
 */
export function addAddressesToWebhook(client: DataApiClient, id: string, addresses: readonly string[]): Promise<Webhook> {
  const operator = client.asOperator();
  return operator.write(
    operator.request('addAddressesToWebhook', 'PATCH', `/v1/webhooks/${segment(id)}/addresses`, undefined, { addresses }),
  );
}

/**
 * DELETE /v1/webhooks/{id}/addresses (removeAddressesFromWebhook): addresses the webhook no
 * longer watches (in the body, as the spec has it); answers the webhook.
 * Spec: operationId `removeAddressesFromWebhook` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const hook = await removeAddressesFromWebhook(ctx.dataApi, '5ad0…', ['0xb97e…']);
 */
export function removeAddressesFromWebhook(client: DataApiClient, id: string, addresses: readonly string[]): Promise<Webhook> {
  const operator = client.asOperator();
  return operator.write(
    operator.request('removeAddressesFromWebhook', 'DELETE', `/v1/webhooks/${segment(id)}/addresses`, undefined, { addresses }),
  );
}

/**
 * GET /v1/webhooks/{id}/addresses (getAddressesFromWebhook): the addresses a webhook watches,
 * with their count; null when there is no such webhook (404).
 * Spec: operationId `getAddressesFromWebhook` in test/contract/data-api.glacier.openapi.json.
 * @example
 * const page = await getAddressesFromWebhook(ctx.dataApi, '5ad0…', { pageSize: 100 });
 */
export function getAddressesFromWebhook(client: DataApiClient, id: string, params: PageParams): Promise<Answer<'getAddressesFromWebhook'>> {
  return client
    .asOperator()
    .get(
      'getAddressesFromWebhook',
      `/v1/webhooks/${segment(id)}/addresses`,
      { pageToken: params.pageToken, pageSize: params.pageSize },
      'addresses',
    );
}
