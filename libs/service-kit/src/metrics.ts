import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus registry, served at `/metrics` on METRICS_PORT by the admin server.
 * Node's own metrics (event-loop delay, heap and resident memory, GC, handles) are collected once
 * per process; the kit adds requests, errors and durations per route and per gRPC method, the
 * outbox backlog and the consumers' redeliveries and dead letters.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

/** Seconds: from a 1 ms cache hit to a 10 s carrier call. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpMetrics = {
  requests: new Counter({
    name: 'http_server_requests_total',
    help: 'HTTP requests answered, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [metricsRegistry],
  }),
  errors: new Counter({
    name: 'http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status, by route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [metricsRegistry],
  }),
  duration: new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time from the request to the end of the response, by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [metricsRegistry],
  }),
};

/** The gateway's session cache (gateway/src/session-cache.ts). */
export const sessionCacheMetrics = {
  lookups: new Counter({
    name: 'session_cache_lookups_total',
    help: 'Session lookups by result: hit, miss (identity asked) or bypass (cache off while NATS is away)',
    labelNames: ['result'] as const,
    registers: [metricsRegistry],
  }),
  invalidations: new Counter({
    name: 'session_cache_invalidations_total',
    help: 'Session cache entries dropped by identity.sessions.invalidated or by the replica that made the change, by scope (session, user)',
    labelNames: ['scope'] as const,
    registers: [metricsRegistry],
  }),
};

const grpcLabels = ['grpc_service', 'grpc_method', 'grpc_code'] as const;

export const grpcMetrics = {
  serverHandled: new Counter({
    name: 'grpc_server_handled_total',
    help: 'gRPC calls handled by this process, by method and status code',
    labelNames: grpcLabels,
    registers: [metricsRegistry],
  }),
  serverDuration: new Histogram({
    name: 'grpc_server_handling_seconds',
    help: 'Time to handle a gRPC call, by method',
    labelNames: ['grpc_service', 'grpc_method'] as const,
    buckets: DURATION_BUCKETS,
    registers: [metricsRegistry],
  }),
  clientHandled: new Counter({
    name: 'grpc_client_handled_total',
    help: 'gRPC calls this process made, by method and status code',
    labelNames: grpcLabels,
    registers: [metricsRegistry],
  }),
  clientDuration: new Histogram({
    name: 'grpc_client_handling_seconds',
    help: 'Time until a gRPC call this process made was answered, by method',
    labelNames: ['grpc_service', 'grpc_method'] as const,
    buckets: DURATION_BUCKETS,
    registers: [metricsRegistry],
  }),
};

export const eventMetrics = {
  published: new Counter({
    name: 'outbox_published_total',
    help: 'Outbox rows published to JetStream',
    registers: [metricsRegistry],
  }),
  publishFailures: new Counter({
    name: 'outbox_publish_failures_total',
    help: 'Failed publish attempts of outbox rows (retried with backoff)',
    registers: [metricsRegistry],
  }),
  consumed: new Counter({
    name: 'nats_consumer_messages_total',
    help: 'Messages a durable consumer finished, by outcome (processed, duplicate, retried, dead_lettered)',
    labelNames: ['consumer', 'outcome'] as const,
    registers: [metricsRegistry],
  }),
  redeliveries: new Counter({
    name: 'nats_consumer_redeliveries_total',
    help: 'Messages received again after a failure or a missed ack',
    labelNames: ['consumer'] as const,
    registers: [metricsRegistry],
  }),
  deadLetters: new Counter({
    name: 'nats_consumer_dead_letters_total',
    help: 'Messages moved to dead_letters after their last delivery failed',
    labelNames: ['consumer'] as const,
    registers: [metricsRegistry],
  }),
  duration: new Histogram({
    name: 'nats_consumer_handling_seconds',
    help: 'Time to handle one message, inbox row and commit included',
    labelNames: ['consumer'] as const,
    buckets: DURATION_BUCKETS,
    registers: [metricsRegistry],
  }),
};

/** Where the outbox gauges read from: each service registers its pool once (several in tests). */
type OutboxSource = () => Promise<{ backlog: number; oldestAgeSeconds: number }>;
const outboxSources = new Set<OutboxSource>();

/** Gauges read at scrape time, so they cost nothing between scrapes. */
new Gauge({
  name: 'outbox_backlog',
  help: 'Committed events not yet published to JetStream',
  registers: [metricsRegistry],
  async collect() {
    const results = await Promise.all([...outboxSources].map((read) => read().catch(() => undefined)));
    this.set(results.reduce((sum, r) => sum + (r?.backlog ?? 0), 0));
    outboxOldestAge.set(Math.max(0, ...results.map((r) => r?.oldestAgeSeconds ?? 0)));
  },
});
const outboxOldestAge = new Gauge({
  name: 'outbox_oldest_unsent_age_seconds',
  help: 'Age of the oldest committed event not yet published (0 when the outbox is drained)',
  registers: [metricsRegistry],
});

/** Adds an outbox to the gauges; returns the function that removes it again (shutdown). */
export function registerOutboxSource(read: OutboxSource): () => void {
  outboxSources.add(read);
  return () => outboxSources.delete(read);
}

/** Starts a timer; call the result with the final labels to observe the seconds elapsed. */
export function startTimer(): () => number {
  const start = process.hrtime.bigint();
  return () => Number(process.hrtime.bigint() - start) / 1e9;
}
