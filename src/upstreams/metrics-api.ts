/**
 * The Metrics API. It takes no API key: none is ever sent to it, the operator's nor a client's.
 */
import type { RequestActivity } from './activity.js';
import type { CallBudget } from './budget.js';
import type { AverageTpsResponse } from './data-api.types.js';
import { segment, type HttpClient } from './http.js';

export interface MetricsApiOptions {
  http: HttpClient;
  baseUrl: string;
  signal?: AbortSignal;
  budget?: CallBudget;
  activity?: RequestActivity;
}

export class MetricsApiClient {
  constructor(private readonly options: MetricsApiOptions) {}

  forRequest(scope: { signal?: AbortSignal; budget?: CallBudget; activity?: RequestActivity }): MetricsApiClient {
    return new MetricsApiClient({ ...this.options, ...scope });
  }

  /**
   * GET /v1/avg_tps/{chainId}: daily average TPS of an EVM chain, newest first. Its `pageToken`
   * is a UUID valid 24 hours; past that the listing starts again from the first page.
   */
  async getAvgTps(chainId: string, params: { pageToken?: string }): Promise<AverageTpsResponse> {
    this.options.budget?.take('metrics-api', 'getAvgTps');
    const call = this.options.http.json<AverageTpsResponse>({
      service: 'metrics-api',
      operation: 'getAvgTps',
      method: 'GET',
      baseUrl: this.options.baseUrl,
      path: `/v1/avg_tps/${segment(chainId)}`,
      query: { pageToken: params.pageToken },
      // The usage guide sends it; harmless on a GET without a body.
      headers: { 'content-type': 'application/json' },
      signal: this.options.signal,
    });
    return (await (this.options.activity ? this.options.activity.track(call) : call)).body;
  }
}
