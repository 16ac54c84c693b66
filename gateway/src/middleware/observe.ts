import type { RequestHandler } from 'express';
import {
  context,
  contextFromHeaders,
  httpMetrics,
  objectGetter,
  SpanKind,
  SpanStatusCode,
  startTimer,
  trace,
  tracer,
  type Logger,
} from '@smista/service-kit';

/**
 * What every request leaves behind, keyed by its route pattern (`/api/verify-reset-token/:token`,
 * so tokens in URLs never reach a log, a metric or a span; static files are `(static)`):
 * - a SERVER span that continues the browser's trace (W3C `traceparent`) and is the parent of the
 *   gRPC calls made for the request;
 * - one JSON log line: method, path, status, duration and the user when known (never query
 *   strings, headers, cookies or bodies), with the span's `trace_id`;
 * - request, error and duration metrics per route.
 */
export function observeRequests(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const elapsed = startTimer();
    const span = tracer.startSpan(`${req.method}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } }, contextFromHeaders(req.headers, objectGetter));
    const active = trace.setSpan(context.active(), span);
    let done = false;
    const finish = (aborted: boolean) => {
      if (done) return;
      done = true;
      const seconds = elapsed();
      const route = (res.locals.route as string | undefined) ?? (req.path.startsWith('/api/') ? '/api/(unknown)' : '(static)');
      const status = aborted ? 499 : res.statusCode;
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      const line = { method: req.method, path: route, status, ms: Math.round(seconds * 10_000) / 10, userId: res.locals.userId as string | undefined };
      context.with(active, () => (status >= 500 ? logger.error(line, 'request') : logger.info(line, 'request')));
      span.end();
      httpMetrics.requests.inc({ method: req.method, route, status_code: String(status) });
      httpMetrics.duration.observe({ method: req.method, route }, seconds);
      if (status >= 500) httpMetrics.errors.inc({ method: req.method, route });
    };
    res.once('finish', () => finish(false));
    res.once('close', () => finish(!res.writableFinished));
    context.with(active, next);
  };
}
