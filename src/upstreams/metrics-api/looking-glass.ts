/**
 * The looking glass's composite query: the EVM addresses that meet every (AND) or any (OR) of
 * several balance and holder conditions.
 */
import type { MetricsApiClient, MetricsApiOperationTable } from './client.js';
import type { CompositeQueryRequest, MetricsAnswer } from './wire.js';

/** How long the answers of this file's operations are shared, and how the paged ones page (src/upstreams/sharing.ts). */
export const metricsLookingGlassOperations = {
  // Its page size goes in the body (1 to 10000, default 1000).
  compositeQueryV2: { freshness: 'balances', pages: { max: 10_000, default: 1000 } },
} as const satisfies MetricsApiOperationTable;

declare module './client.js' {
  interface DeclaredMetricsApiOperations extends Readonly<typeof metricsLookingGlassOperations> {}
}

export type CompositeQueryResponse = MetricsAnswer<'compositeQueryV2'>;

/**
 * POST /v2/lookingGlass/compositeQuery (compositeQueryV2): the addresses the queries select,
 * combined by `operator`, with how many each query matched. A read, though a POST.
 * @example
 * const { addresses, totalCount } = await compositeQueryV2(ctx.metricsApi, { operator: 'AND', queries: [...] });
 */
export function compositeQueryV2(client: MetricsApiClient, body: CompositeQueryRequest): Promise<CompositeQueryResponse> {
  return client.query('compositeQueryV2', '/v2/lookingGlass/compositeQuery', body, 'addresses');
}
