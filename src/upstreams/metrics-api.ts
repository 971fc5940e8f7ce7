/**
 * The Metrics API. It takes no API key: none is ever sent to it, the operator's nor a client's.
 */
import type { AverageTpsResponse } from './data-api.types.js';
import { segment, type HttpRequest } from './http.js';
import { listAnswer, type Transport } from './transport.js';

const CONTENT_TYPE_JSON = { 'content-type': 'application/json' };

export interface MetricsApiOptions {
  baseUrl: string;
}

/** The Metrics API for one GraphQL request, through its reads. */
export class MetricsApiClient {
  constructor(
    private readonly transport: Transport,
    private readonly options: MetricsApiOptions,
  ) {}

  /**
   * GET /v1/avg_tps/{chainId}: daily average TPS of an EVM chain, newest first. Its `pageToken`
   * is a UUID valid 24 hours; past that the listing starts again from the first page.
   */
  getAvgTps(chainId: string, params: { pageToken?: string }): Promise<AverageTpsResponse> {
    const req: HttpRequest = {
      service: 'metrics-api',
      operation: 'getAvgTps',
      method: 'GET',
      baseUrl: this.options.baseUrl,
      path: `/v1/avg_tps/${segment(chainId)}`,
      query: { pageToken: params.pageToken },
      // The usage guide sends it; harmless on a GET without a body.
      headers: CONTENT_TYPE_JSON,
    };
    return this.transport.read(req, listAnswer<AverageTpsResponse>(req, 'results'));
  }
}
