import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import type { Logger } from './logger';
import { RECONNECT_BACKOFF } from './grpc-client';
import { metricsRegistry } from './metrics';

/**
 * One thing a component needs to do its work. `/readyz` answers 200 only when every check passes
 * within its time limit; `/livez` only says the process runs (restarting it would not help when a
 * dependency is down, so liveness never includes these).
 */
export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; rejects (or times out) when it does not. */
  check(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2_000;

/** The component's own database answers `SELECT 1`. */
export function postgresReady(pool: pg.Pool): ReadinessCheck {
  return { name: 'postgres', check: async () => void (await pool.query('SELECT 1')) };
}

/** The NATS connection is open and the server answers a round trip. */
export function natsReady(nc: NatsConnection): ReadinessCheck {
  return {
    name: 'nats',
    async check() {
      if (nc.isClosed()) throw new Error('connection closed');
      await nc.flush();
    },
  };
}

type HealthClient = grpc.Client & {
  Check(req: { service: string }, options: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res?: { status: string }) => void): void;
};
const HealthClientCtor = grpc.makeGenericClientConstructor(healthService as unknown as grpc.ServiceDefinition, 'Health') as unknown as new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: grpc.ChannelOptions,
) => HealthClient;

/**
 * A peer service answers the standard gRPC health check as SERVING. List only the peers a
 * component cannot do its main work without, and keep that graph acyclic (services README), or two
 * services waiting for each other would never become ready.
 */
export function grpcPeerReady(name: string, address: string): ReadinessCheck & { close(): void } {
  // Retries as soon as the service clients do: a peer back after a long outage is ready again at once.
  const client = new HealthClientCtor(address, grpc.credentials.createInsecure(), RECONNECT_BACKOFF);
  return {
    name,
    check: () =>
      new Promise<void>((resolve, reject) =>
        client.Check({ service: '' }, { deadline: Date.now() + CHECK_TIMEOUT_MS }, (err, res) => {
          if (err) reject(new Error(err.details || err.message));
          else if (res?.status !== 'SERVING') reject(new Error(`stato ${res?.status}`));
          else resolve();
        }),
      ),
    close: () => client.close(),
  };
}

async function runChecks(checks: readonly ReadinessCheck[]): Promise<{ ready: boolean; checks: Record<string, string> }> {
  const results = await Promise.all(
    checks.map(async (c) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          c.check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`nessuna risposta in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
          }),
        ]);
        return [c.name, 'ok'] as const;
      } catch (err) {
        return [c.name, err instanceof Error ? err.message : String(err)] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ready: results.every(([, r]) => r === 'ok'), checks: Object.fromEntries(results) };
}

export interface AdminServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The admin HTTP server on METRICS_PORT, never on a public port: `GET /metrics` (Prometheus text),
 * `GET /livez` (200 while the process runs) and `GET /readyz` (200 `{status:'ready', checks}` when
 * every check passes, else 503 naming the failing ones). Kubernetes probes and Prometheus use it.
 *
 * @example const admin = await startAdminServer({ port: config.METRICS_PORT, checks: [postgresReady(pool)], logger });
 */
export async function startAdminServer(opts: { port: number; host?: string; checks: readonly ReadinessCheck[]; logger: Logger }): Promise<AdminServer> {
  const server = http.createServer((req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'Method Not Allowed');
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path === '/metrics') {
      metricsRegistry.metrics().then(
        (text) => send(200, metricsRegistry.contentType, text),
        (err: unknown) => {
          opts.logger.error({ err }, 'metrics collection failed');
          send(500, 'text/plain; charset=utf-8', 'metrics collection failed');
        },
      );
      return;
    }
    if (path === '/livez') return send(200, 'application/json', JSON.stringify({ status: 'alive' }));
    if (path === '/readyz') {
      void runChecks(opts.checks).then(({ ready, checks }) => {
        if (!ready) opts.logger.warn({ checks }, 'not ready');
        send(ready ? 200 : 503, 'application/json', JSON.stringify({ status: ready ? 'ready' : 'not ready', checks }));
      });
      return;
    }
    send(404, 'text/plain; charset=utf-8', 'Not Found');
  });
  server.keepAliveTimeout = 5_000;
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
  opts.logger.info({ port }, 'admin server listening (/metrics, /livez, /readyz)');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
