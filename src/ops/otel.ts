/**
 * The OpenTelemetry SDK, started only when tracing is configured: src/main.ts imports this module
 * dynamically, so a gateway without OTEL_EXPORTER_OTLP_* never loads the SDK or the exporter.
 *
 * Spans go out in batches as OTLP over HTTP (JSON) to the configured endpoint. The SDK reads the
 * standard variables itself: OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the resource),
 * OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (sampling; parent-based always-on by default),
 * OTEL_EXPORTER_OTLP_(TRACES_)HEADERS and _TIMEOUT (the exporter), OTEL_BSP_* (batching).
 */
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { createTracing, type GatewayTracing } from './tracing.js';

export const DEFAULT_SERVICE_NAME = 'avalanche-graphql-gateway';

export function startTracing(): GatewayTracing {
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, when set, take precedence over the default name.
  const resource = resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  return createTracing(provider.getTracer(DEFAULT_SERVICE_NAME), () => provider.shutdown());
}
