/**
 * Browser tracing, loaded as its own chunk after the first screen (load-telemetry.ts) and only when
 * `GET /api/public-config` says `telemetry.traces`. Every same-origin `/api` fetch gets a span of
 * service `shell` and carries its W3C `traceparent`, so the trace of a click begins in the browser
 * and continues in the gateway; spans go in batches to `/api/telemetry/traces` (same origin, OTLP/JSON).
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { FetchInstrumentation } from '@opentelemetry/instrumentation-fetch';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, WebTracerProvider } from '@opentelemetry/sdk-trace-web';
import { TELEMETRY_TRACES_PATH, untracedUrls } from './traced-urls';

/** The name the traces show for the browser. */
export const BROWSER_SERVICE_NAME = 'shell';
/** Spans leave at most this long after they end (and at once when the tab is hidden). */
const EXPORT_DELAY_MS = 1000;

let started = false;

/**
 * Sets up the tracer provider (W3C trace context propagation), the batch exporter and the fetch
 * instrumentation, once per page.
 *
 * @example (await import('./telemetry')).startBrowserTracing();
 */
export function startBrowserTracing(): void {
  if (started) return;
  started = true;
  const provider = new WebTracerProvider({
    resource: resourceFromAttributes({ 'service.name': BROWSER_SERVICE_NAME }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: TELEMETRY_TRACES_PATH }), { scheduledDelayMillis: EXPORT_DELAY_MS }),
    ],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [new FetchInstrumentation({ ignoreUrls: untracedUrls(window.location.origin) })],
  });
}
