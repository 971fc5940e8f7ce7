/**
 * Interchain messages, by address, by chain and by id.
 */
import { segment } from '../http.js';
import type { DataApiClient, DataApiOperationTable, PageParams } from './client.js';
import type { Answer, Flat, WireNetwork } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const icmOperations = {
  listIcmMessagesByAddress: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  listIcmMessages: { freshness: 'transactions', pages: { max: 100, default: 10 } },
  getIcmMessage: { freshness: 'transactions' },
} as const satisfies DataApiOperationTable;

declare module './client.js' {
  interface DeclaredDataApiOperations extends Readonly<typeof icmOperations> {}
}

/** The three message shapes of the spec (pending, delivered, delivered without its source indexed) as one (see `Flat`). */
export type IcmMessage = Flat<Answer<'listIcmMessages'>['messages'][number]>;

export type ListIcmMessagesResponse = Omit<Answer<'listIcmMessages'>, 'messages'> & { messages: IcmMessage[] };

/**
 * GET /v1/icm/addresses/{address}/messages (listIcmMessagesByAddress). Newest first.
 * Spec: operationId `listIcmMessagesByAddress` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { messages } = await listIcmMessagesByAddress(ctx.dataApi, '0x71c7…', { network: 'mainnet' });
 */
export function listIcmMessagesByAddress(
  client: DataApiClient,
  address: string,
  params: PageParams & { network?: WireNetwork },
): Promise<ListIcmMessagesResponse> {
  return client.get(
    'listIcmMessagesByAddress',
    `/v1/icm/addresses/${segment(address)}/messages`,
    {
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      network: params.network,
    },
    'messages',
  );
}

/**
 * GET /v1/icm/messages (listIcmMessages). Not in the spec's endpoint list but in the upstream
 * contract: it is how a chain's messages are listed (`blockchainId`: source or destination).
 * Spec: operationId `listIcmMessages` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const { messages } = await listIcmMessages(ctx.dataApi, { blockchainId, network: 'mainnet' });
 */
export function listIcmMessages(
  client: DataApiClient,
  params: PageParams & {
    sourceBlockchainId?: string;
    destinationBlockchainId?: string;
    blockchainId?: string;
    from?: string;
    to?: string;
    network?: WireNetwork;
  },
): Promise<ListIcmMessagesResponse> {
  return client.get(
    'listIcmMessages',
    '/v1/icm/messages',
    {
      pageToken: params.pageToken,
      pageSize: params.pageSize,
      sourceBlockchainId: params.sourceBlockchainId,
      destinationBlockchainId: params.destinationBlockchainId,
      blockchainId: params.blockchainId,
      to: params.to,
      from: params.from,
      network: params.network,
    },
    'messages',
  );
}

/**
 * GET /v1/icm/messages/{messageId} (getIcmMessage); null when no message has that id (404).
 * Spec: operationId `getIcmMessage` in test/contract/data-api.glacier.openapi.json (digest: test/contract/data-api-digest.md).
 * @example
 * const message = await getIcmMessage(ctx.dataApi, '0x5e7f…');
 */
export function getIcmMessage(client: DataApiClient, messageId: string): Promise<IcmMessage | null> {
  return client.getOrNone('getIcmMessage', `/v1/icm/messages/${segment(messageId)}`);
}
