/**
 * The settings a reload may change while serving (src/gateway/reload.ts lists them), each an
 * object of the gateway's own that the plugins and the pollers read per request, and that a
 * reload changes in place: nothing that holds one has to be made again.
 */
import type { Config } from '../config/config.js';
import type { GatewayMetrics } from '../ops/prometheus.js';
import type { DemandControlOptions } from '../yoga/use-demand-control.js';
import type { QueryLimits } from '../yoga/use-query-limits.js';

export interface LiveSettings {
  /** Counts the reloads applied: what was validated under the settings before one is validated again (src/yoga/use-prepared-operations.ts). */
  generation: number;
  cors: Config['cors'];
  costs: DemandControlOptions & { enforce: boolean };
  queryLimits: QueryLimits;
  requestLog: { sampleRate: number };
  batching: { limit: number };
}

export function liveSettings(config: Config, metrics: GatewayMetrics | undefined): LiveSettings {
  return {
    generation: 0,
    cors: config.cors && { ...config.cors },
    costs: {
      maxCalls: config.callBudget,
      maxNodes: config.cost.maxNodes,
      maxBytes: config.cost.maxBytes,
      extensions: config.cost.extensions,
      enforce: config.cost.mode === 'enforce',
      onRefused: metrics?.costRefused,
      search: config.search,
    },
    queryLimits: { ...config.limits, introspection: config.introspection },
    requestLog: { sampleRate: config.logSampleRate },
    batching: { limit: config.batchingLimit },
  };
}

/**
 * Takes `next`'s values into `settings`, within one turn of the event loop: no request runs
 * between two of these assignments, so none sees one setting's halves.
 */
export function applySettings(settings: LiveSettings, next: Config): void {
  const { cors, costs, queryLimits, requestLog, batching } = settings;
  settings.generation++;
  requestLog.sampleRate = next.logSampleRate;
  costs.maxCalls = next.callBudget;
  costs.maxNodes = next.cost.maxNodes;
  costs.maxBytes = next.cost.maxBytes;
  costs.extensions = next.cost.extensions;
  costs.enforce = next.cost.mode === 'enforce';
  queryLimits.introspection = next.introspection;
  batching.limit = next.batchingLimit;
  // Turning CORS on or off changes which plugins run: src/gateway/reload.ts refuses that.
  if (cors && next.cors) Object.assign(cors, next.cors);
}
