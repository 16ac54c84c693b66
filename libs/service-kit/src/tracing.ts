import { context, propagation, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode, type Context, type Span, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-node';

export { SpanKind, SpanStatusCode, context, propagation, trace };
export type { Context, Span };

/** The tracer of the kit's own spans (HTTP server, gRPC, outbox, consumers). */
export const tracer = trace.getTracer('smista');

export interface Tracing {
  /** Exports what is buffered and stops (last shutdown step). */
  shutdown(): Promise<void>;
}

/**
 * Registers the process-wide tracer provider: W3C trace context, AsyncLocalStorage context, the
 * resource `service.name`, and, when `otlpEndpoint` is configured (OTEL_EXPORTER_OTLP_ENDPOINT),
 * a batching OTLP/HTTP protobuf exporter to `<otlpEndpoint>/v1/traces`. Without an endpoint spans
 * are still created, so log lines carry `trace_id`, but nothing leaves the process.
 * Call once, before the first request; `runService` and the gateway's main do.
 *
 * @example const tracing = startTracing({ service: 'carriers', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
 */
export function startTracing(opts: { service: string; otlpEndpoint?: string; spanProcessors?: SpanProcessor[] }): Tracing {
  const spanProcessors = [...(opts.spanProcessors ?? [])];
  if (opts.otlpEndpoint) {
    const url = `${opts.otlpEndpoint.replace(/\/+$/, '')}/v1/traces`;
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url, timeoutMillis: 5_000 }), { scheduledDelayMillis: 1_000 }));
  }
  const provider = new NodeTracerProvider({ resource: resourceFromAttributes({ 'service.name': opts.service }), spanProcessors });
  provider.register();
  return { shutdown: () => provider.shutdown() };
}

/**
 * Runs `fn` in a new active span and ends it when `fn` settles. When it throws, the span's status
 * is ERROR with the error's name (never its message, which may hold user data), unless `isFailure`
 * says the error is an answer rather than a failure (a refusal such as NOT_FOUND).
 */
export async function inSpan<T>(
  name: string,
  options: {
    kind: SpanKind;
    attributes?: Record<string, string | number | boolean>;
    parent?: Context;
    isFailure?: (err: unknown) => boolean;
  },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(name, { kind: options.kind, attributes: options.attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      if (options.isFailure?.(err) ?? true) span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** A carrier of trace headers as a plain object (outbox rows keep it as jsonb). */
export type TraceHeaders = Record<string, string>;

/** The active context's `traceparent` (and `tracestate`), to store or send with a message. */
export function currentTraceHeaders(ctx: Context = context.active()): TraceHeaders {
  const carrier: TraceHeaders = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The context that stored or received trace headers describe (the root context when there are none). */
export function contextFromHeaders<C>(carrier: C, getter: TextMapGetter<C>): Context {
  return propagation.extract(ROOT_CONTEXT, carrier, getter);
}

/** Reads a plain object of headers. */
export const objectGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : Array.isArray(value) ? (value[0] as string | undefined) : undefined;
  },
};

/** The ids of the active span, for log lines; undefined outside a recorded span. */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  const spanContext = trace.getSpan(context.active())?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return undefined;
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

export type { TextMapGetter, TextMapSetter };
