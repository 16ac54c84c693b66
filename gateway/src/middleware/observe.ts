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
  const metrics = routeMetrics();
  return (req, res, next) => {
    const elapsed = startTimer();
    const span = tracer.startSpan(`${req.method}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } }, contextFromHeaders(req.headers, objectGetter));
    const active = trace.setSpan(context.active(), span);
    // 'close' follows 'finish' for every answered request, and alone when the client went away first.
    res.once('close', () => {
      const seconds = elapsed();
      const route = (res.locals.route as string | undefined) ?? (req.path.startsWith('/api/') ? '/api/(unknown)' : '(static)');
      const status = res.writableFinished ? res.statusCode : 499;
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      // The line is built only when it is written (LOG_LEVEL=warn skips every 2xx line).
      if (status >= 500 || logger.isLevelEnabled('info')) {
        const line = { method: req.method, path: route, status, ms: Math.round(seconds * 10_000) / 10, userId: res.locals.userId as string | undefined };
        context.with(active, () => (status >= 500 ? logger.error(line, 'request') : logger.info(line, 'request')));
      }
      span.end();
      const m = metrics(req.method, route, status);
      m.requests.inc();
      m.duration.observe(seconds);
      if (status >= 500) httpMetrics.errors.inc({ method: req.method, route });
    });
    context.with(active, next);
  };
}

/**
 * The labelled metric children of a (method, route, status), made once: prom-client would otherwise
 * sort and join the label names on every request. Routes are patterns, so the map stays small.
 */
function routeMetrics() {
  type Children = {
    requests: ReturnType<typeof httpMetrics.requests.labels>;
    duration: ReturnType<typeof httpMetrics.duration.labels>;
  };
  const children = new Map<string, Children>();
  return (method: string, route: string, status: number): Children => {
    const key = `${method} ${status} ${route}`;
    let c = children.get(key);
    if (!c) {
      c = {
        requests: httpMetrics.requests.labels({ method, route, status_code: String(status) }),
        duration: httpMetrics.duration.labels({ method, route }),
      };
      children.set(key, c);
    }
    return c;
  };
}
