/**
 * The Metrics API's and the Data API's own health, as the gateway's readiness probes them
 * (src/ops/readiness.ts asks their health checks): each one's health check and liveness check,
 * which both answer with the same shape.
 */
import { dataHealthCheck, dataLiveCheck } from '../upstreams/data-api/health.js';
import { metricsHealthCheck, metricsLiveCheck, type MetricsHealth } from '../upstreams/metrics-api/health.js';
import { usually } from './list-sizes.js';
import { builder } from './builder.js';

const ServiceStatusEnum = builder.enumType('UpstreamServiceStatus', {
  description: 'What a service says of its own health.',
  values: {
    OK: { value: 'ok', description: 'Healthy.' },
    ERROR: { value: 'error', description: 'An indicator is down.' },
    SHUTTING_DOWN: { value: 'shutting_down', description: 'Shutting down.' },
  } as const satisfies Record<string, { value: NonNullable<MetricsHealth['status']>; description: string }>,
});

const IndicatorRef = builder.objectRef<{ name: string; up: boolean }>('HealthIndicator').implement({
  description: 'One thing a service checks of itself (its database, say).',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'What it checks.' }),
    up: t.exposeBoolean('up', { description: 'Whether it is up.' }),
  }),
});

const CheckEnum = builder.enumType('MetricsApiCheck', {
  description: "Which of the Metrics API's own checks to ask.",
  values: {
    HEALTH: { value: 'health', description: 'Its health check (GET /v2/health-check): what readiness probes.' },
    LIVENESS: { value: 'liveness', description: 'Its liveness check (GET /v2/live-check): whether its process runs.' },
  } as const,
});

/**
 * The type of an upstream's answer to one of its own checks: the Data API and the Metrics API
 * answer both of theirs with the same shape (the spec's HealthCheckResultDto).
 */
export function upstreamHealthRef(name: string, description: string) {
  return builder.objectRef<MetricsHealth>(name).implement({
    description,
    fields: (t) => ({
      status: t.field({
        type: ServiceStatusEnum,
        nullable: true,
        description: 'Its overall status; null if it gave none.',
        resolve: (h) => h.status ?? null,
      }),
      indicators: t.field({
        type: [IndicatorRef],
        description: 'Each indicator it reports, with whether it is up (its `details`).',
        // A few until more were seen; 50 is an assumption for the most (the spec does not bound them).
        price: { items: usually('healthIndicators', 5, 50) },
        resolve: (h) => Object.entries(h.details ?? {}).map(([name, d]) => ({ name, up: d.status === 'up' })),
      }),
    }),
  });
}

const HealthRef = upstreamHealthRef('MetricsApiHealth', "The Metrics API's answer to one of its own checks.");

builder.queryField('metricsApiHealth', (t) =>
  t.field({
    type: HealthRef,
    description:
      "The Metrics API's health or liveness, as it reports them. A check that fails is an error with its status (UPSTREAM_UNAVAILABLE for a 503).",
    args: { check: t.arg({ type: CheckEnum, defaultValue: 'health', description: 'Which check; default HEALTH.' }) },
    price: { calls: 1, reaches: ['metrics-live-check', 'metrics-health-check'] },
    resolve: (_root, { check }, ctx) => (check === 'liveness' ? metricsLiveCheck(ctx.metricsApi) : metricsHealthCheck(ctx.metricsApi)),
  }),
);

const DataCheckEnum = builder.enumType('DataApiCheck', {
  description: "Which of the Data API's own checks to ask.",
  values: {
    HEALTH: { value: 'health', description: 'Its health check (GET /v1/health-check): what readiness probes.' },
    LIVENESS: { value: 'liveness', description: 'Its liveness check (GET /v1/live-check): whether its process runs.' },
  } as const,
});

const DataHealthRef = upstreamHealthRef('DataApiHealth', "The Data API's answer to one of its own checks.");

builder.queryField('dataApiHealth', (t) =>
  t.field({
    type: DataHealthRef,
    description:
      "The Data API's health or liveness, as it reports them. A check that fails is an error with its status (UPSTREAM_UNAVAILABLE for a 503).",
    args: { check: t.arg({ type: DataCheckEnum, defaultValue: 'health', description: 'Which check; default HEALTH.' }) },
    price: { calls: 1, reaches: ['live-check', 'data-health-check'] },
    resolve: (_root, { check }, ctx) => (check === 'liveness' ? dataLiveCheck(ctx.dataApi) : dataHealthCheck(ctx.dataApi)),
  }),
);
