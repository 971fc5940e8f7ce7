/**
 * The Data API's own health, as the gateway's readiness probes it (src/ops/readiness.ts asks its
 * health check): its health check and its liveness check, answered as the Metrics API's are.
 */
import { dataHealthCheck, dataLiveCheck } from '../upstreams/data-api/health.js';
import { builder } from './builder.js';
import { upstreamHealthRef } from './metrics-health.js';

const CheckEnum = builder.enumType('DataApiCheck', {
  description: "Which of the Data API's own checks to ask.",
  values: {
    HEALTH: { value: 'health', description: 'Its health check (GET /v1/health-check): what readiness probes.' },
    LIVENESS: { value: 'liveness', description: 'Its liveness check (GET /v1/live-check): whether its process runs.' },
  } as const,
});

const HealthRef = upstreamHealthRef('DataApiHealth', "The Data API's answer to one of its own checks.");

builder.queryField('dataApiHealth', (t) =>
  t.field({
    type: HealthRef,
    description:
      "The Data API's health or liveness, as it reports them. A check that fails is an error with its status (UPSTREAM_UNAVAILABLE for a 503).",
    args: { check: t.arg({ type: CheckEnum, defaultValue: 'health', description: 'Which check; default HEALTH.' }) },
    price: { calls: 1 },
    resolve: (_root, { check }, ctx) => (check === 'liveness' ? dataLiveCheck(ctx.dataApi) : dataHealthCheck(ctx.dataApi)),
  }),
);
