/**
 * The OpenTelemetry SDK, started only when tracing is configured: src/main.ts imports this module
 * dynamically, so a gateway without OTEL_EXPORTER_OTLP_* never loads the SDK or the exporter.
 *
 * Spans go out in batches as OTLP over HTTP to the configured endpoint, as protobuf (the
 * specification's default, and what most collectors and vendors expect) or as JSON, by
 * OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL; gRPC is refused when the configuration is read. The
 * resource is `service.name` and `service.version` (this package's), then what
 * OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME say, which win. The SDK reads the other standard
 * variables itself: OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (sampling; parent-based
 * always-on by default), OTEL_EXPORTER_OTLP_(TRACES_)HEADERS and _TIMEOUT (the exporter),
 * OTEL_BSP_* (batching).
 */
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import packageJson from '../../package.json' with { type: 'json' };
import type { Config } from '../config/config.js';
import { createTracing, type GatewayTracing } from './tracing.js';

export const DEFAULT_SERVICE_NAME = 'avalanche-graphql-gateway';

/** The resource every span is exported with: this service, then what the standard variables add or override. */
export function gatewayResource() {
  return resourceFromAttributes({ [ATTR_SERVICE_NAME]: DEFAULT_SERVICE_NAME, [ATTR_SERVICE_VERSION]: packageJson.version }).merge(
    detectResources({ detectors: [envDetector] }),
  );
}

export function startTracing(tracing: NonNullable<Config['tracing']>): GatewayTracing {
  const exporter =
    tracing.protocol === 'http/json' ? new JsonExporter({ url: tracing.endpoint }) : new ProtobufExporter({ url: tracing.endpoint });
  const provider = new BasicTracerProvider({ resource: gatewayResource(), spanProcessors: [new BatchSpanProcessor(exporter)] });
  return createTracing(provider.getTracer(DEFAULT_SERVICE_NAME, packageJson.version), () => provider.shutdown());
}
