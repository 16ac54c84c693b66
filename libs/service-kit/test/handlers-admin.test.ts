import path from 'node:path';
import { z } from 'zod';
import { messages } from '@smista/contracts';
import type { identity } from '@smista/proto';
import {
  connectNats,
  createLogger,
  createPool,
  DomainError,
  enqueueEvent,
  GrpcStatus,
  grpcPeerReady,
  isServiceError,
  natsReady,
  OutboxRelay,
  postgresReady,
  rpc,
  runMigrations,
  startAdminServer,
  withTransaction,
  type AdminServer,
  type Nats,
  type Pool,
} from '../src';
import { createTestDatabase } from '../../../e2e/support/db';
import { serveCheckEmail } from './support/check-email-peer';

const logger = createLogger('kit-admin-test', 'silent');

/** The one path from a failure to a status and an Italian message, as a real gRPC call sees it. */
describe('handler factory: failures to statuses', () => {
  let peer: Awaited<ReturnType<typeof serveCheckEmail>>;
  const behaviours: Record<string, () => Promise<identity.CheckEmailResponse>> = {
    zod: async () => {
      z.object({ email: z.string().max(5) }).parse({ email: 'too long for five' });
      return { exists: false };
    },
    domain: async () => {
      throw new DomainError('WIDGET_GONE', 'Il widget non esiste più');
    },
    unmapped: async () => {
      throw new DomainError('NOT_IN_TABLE', 'Testo del dominio');
    },
    crash: async () => {
      throw new Error('secret detail that must stay in the log');
    },
    ok: async () => ({ exists: true }),
  };

  beforeAll(async () => {
    peer = await serveCheckEmail({ logger, errors: { WIDGET_GONE: GrpcStatus.NOT_FOUND }, handle: (req) => behaviours[req.email.split('\u0000')[0]]() });
  });
  afterAll(() => peer.stop());

  const outcome = (email: string) =>
    rpc(peer.client)
      .checkEmail({ email })
      .then(
        () => ({ code: GrpcStatus.OK, details: '' }),
        (err: unknown) => (isServiceError(err) ? { code: err.code, details: err.details } : { code: -1, details: String(err) }),
      );

  it.each([
    ['zod', GrpcStatus.INVALID_ARGUMENT, 'Il valore può contenere al massimo 5 caratteri'],
    ['domain', GrpcStatus.NOT_FOUND, 'Il widget non esiste più'],
    ['unmapped', GrpcStatus.FAILED_PRECONDITION, 'Testo del dominio'],
    ['crash', GrpcStatus.INTERNAL, messages.errors.internal],
    ['ok\u0000', GrpcStatus.INVALID_ARGUMENT, messages.validation.invalidCharacters],
  ])('%j answers %i with its Italian message', async (email, code, details) => {
    await expect(outcome(email)).resolves.toEqual({ code, details });
  });
});

describe('admin server: /metrics, /livez, /readyz', () => {
  let pool: Pool;
  let nats: Nats;
  let relay: OutboxRelay;
  let admin: AdminServer;
  let failing: AdminServer;
  const peer = grpcPeerReady('merchants', '127.0.0.1:1');

  beforeAll(async () => {
    const dbUrl = await createTestDatabase('kit_admin');
    await runMigrations(dbUrl, path.join(__dirname, 'migrations'), logger);
    pool = createPool(dbUrl, 2);
    nats = await connectNats(process.env.TEST_NATS_URL!, 'admin-test');
    // A relay that never runs a pass (hour-long poll, no NOTIFY before the rows): the backlog stays.
    relay = new OutboxRelay({ pool, js: nats.js, logger, pollMs: 3_600_000 });
    admin = await startAdminServer({ port: 0, host: '127.0.0.1', checks: [postgresReady(pool), natsReady(nats.nc)], logger });
    failing = await startAdminServer({ port: 0, host: '127.0.0.1', checks: [postgresReady(pool), peer], logger });
  });
  afterAll(async () => {
    peer.close();
    await admin.close();
    await failing.close();
    await relay.stop();
    await nats.nc.drain();
    await pool.end();
  });

  const get = async (server: AdminServer, p: string) => {
    const res = await fetch(`http://127.0.0.1:${server.port}${p}`);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  it('is live, and ready only when every dependency answers (naming the one that does not)', async () => {
    expect((await get(admin, '/livez')).status).toBe(200);
    const ready = await get(admin, '/readyz');
    expect({ status: ready.status, body: JSON.parse(ready.text) }).toEqual({ status: 200, body: { status: 'ready', checks: { postgres: 'ok', nats: 'ok' } } });
    const notReady = await get(failing, '/readyz');
    const body = JSON.parse(notReady.text) as { status: string; checks: Record<string, string> };
    expect(notReady.status).toBe(503);
    expect(body.checks.postgres).toBe('ok');
    expect(body.checks.merchants).not.toBe('ok');
    expect((await get(failing, '/livez')).status).toBe(200);
    expect((await get(admin, '/nothing')).status).toBe(404);
  });

  it('serves Prometheus text: gRPC per method, outbox backlog and age, event loop and memory', async () => {
    await relay.start();
    await new Promise((r) => setTimeout(r, 100));
    await withTransaction(pool, (tx) => enqueueEvent(tx, 'kitadmin.widget.created', Buffer.from('x')));
    await withTransaction(pool, (tx) => enqueueEvent(tx, 'kitadmin.widget.created', Buffer.from('y')));
    const metrics = await get(admin, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toMatch(/^text\/plain/);
    // The relay cannot publish (no stream holds this subject), so both rows wait.
    expect(metrics.text).toMatch(/^outbox_backlog 2$/m);
    expect(metrics.text).toMatch(/^outbox_oldest_unsent_age_seconds [0-9.e-]+$/m);
    expect(metrics.text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(metrics.text).toMatch(/^process_resident_memory_bytes /m);
    // The calls of the first describe block, counted per method and status.
    expect(metrics.text).toContain('grpc_server_handled_total{grpc_service="smista.identity.v1.IdentityService",grpc_method="CheckEmail",grpc_code="INVALID_ARGUMENT"} 2');
    expect(metrics.text).toContain('grpc_client_handled_total{grpc_service="smista.identity.v1.IdentityService",grpc_method="CheckEmail",grpc_code="INTERNAL"} 1');
    expect(metrics.text).toMatch(/^# TYPE grpc_server_handling_seconds histogram$/m);
    expect(metrics.text).toMatch(/^# TYPE nats_consumer_dead_letters_total counter$/m);
  });
});
