import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import {
  connectNats,
  createLogger,
  createPool,
  enqueueEvent,
  ensureStream,
  inSpan,
  OutboxRelay,
  rpc,
  runMigrations,
  SpanKind,
  startConsumer,
  startTracing,
  withTransaction,
  type Nats,
  type RunningConsumer,
  type Tracing,
} from '../src';
import { createTestDatabase } from '../../../e2e/support/db';
import { serveCheckEmail } from './support/check-email-peer';

/**
 * Trace propagation without any service: a root span (as the gateway's HTTP span would be) makes a
 * gRPC call; the handler writes an event through the outbox; the relay publishes it to JetStream;
 * a durable consumer handles it. All spans must form one trace in parent order, and a log line
 * written inside the handler must carry that trace's ids.
 */
describe('trace propagation through gRPC and the outbox', () => {
  const exporter = new InMemorySpanExporter();
  const logger = createLogger('kit-trace-test', 'silent');
  const suffix = Date.now().toString(36);
  const subject = `tracetest${suffix}.widget.created`;
  let tracing: Tracing;
  let pool: pg.Pool;
  let nats: Nats;
  let relay: OutboxRelay;
  let consumer: RunningConsumer;
  let peer: Awaited<ReturnType<typeof serveCheckEmail>>;
  const consumed: string[] = [];

  beforeAll(async () => {
    tracing = startTracing({ service: 'kit-trace-test', spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const dbUrl = await createTestDatabase('kit_trace');
    await runMigrations(dbUrl, path.join(__dirname, 'migrations'));
    pool = createPool(dbUrl, 4);
    nats = await connectNats(process.env.TEST_NATS_URL!, 'trace-test');
    await ensureStream(nats.jsm, { name: `TRACETEST_${suffix}`, subjects: [`tracetest${suffix}.>`] });
    relay = new OutboxRelay({ pool, js: nats.js, logger, pollMs: 50 });
    await relay.start();
    consumer = await startConsumer(
      { js: nats.js, jsm: nats.jsm, pool, logger },
      {
        durable: `trace-test-${suffix}`,
        subject,
        decode: (bytes) => Buffer.from(bytes).toString(),
        handle: async (id) => {
          consumed.push(id);
        },
      },
    );
    peer = await serveCheckEmail({
      logger,
      handle: async (req) => {
        await withTransaction(pool, async (tx) => {
          await tx.query('INSERT INTO widgets (id) VALUES ($1)', [req.email]);
          await enqueueEvent(tx, subject, Buffer.from(req.email));
        });
        return { exists: true };
      },
    });
  });

  afterAll(async () => {
    await peer?.stop();
    await consumer?.stop();
    await relay?.stop();
    await nats?.nc.drain();
    await pool?.end();
    await tracing?.shutdown();
  });

  it('joins the request, the gRPC call, the publish and the consumer in one trace, parent by parent', async () => {
    await inSpan('POST /api/widgets', { kind: SpanKind.SERVER }, () => rpc(peer.client).checkEmail({ email: 'w1' }));
    const until = Date.now() + 15_000;
    while (!exporter.getFinishedSpans().some((s) => s.name === `process ${subject}`) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(consumed).toEqual(['w1']);

    const spans = exporter.getFinishedSpans();
    const byName = (name: string): ReadableSpan => {
      const found = spans.filter((s) => s.name === name);
      expect({ name, count: found.length }).toEqual({ name, count: 1 });
      return found[0];
    };
    const root = byName('POST /api/widgets');
    const rpcName = 'smista.identity.v1.IdentityService/CheckEmail';
    const grpcClient = spans.find((s) => s.name === rpcName && s.kind === SpanKind.CLIENT)!;
    const grpcServer = spans.find((s) => s.name === rpcName && s.kind === SpanKind.SERVER)!;
    expect([grpcClient?.name, grpcServer?.name]).toEqual([rpcName, rpcName]);
    const publish = byName(`publish ${subject}`);
    const processed = byName(`process ${subject}`);
    const traceId = root.spanContext().traceId;
    const chain = [root, grpcClient, grpcServer, publish, processed];
    for (const span of chain) expect({ name: span.name, traceId: span.spanContext().traceId }).toEqual({ name: span.name, traceId });
    const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;
    expect(parentOf(root)).toBeUndefined();
    expect(parentOf(grpcClient)).toBe(root.spanContext().spanId);
    expect(parentOf(grpcServer)).toBe(grpcClient.spanContext().spanId);
    expect(parentOf(publish)).toBe(grpcServer.spanContext().spanId);
    expect(parentOf(processed)).toBe(publish.spanContext().spanId);
    expect([grpcClient.kind, grpcServer.kind, publish.kind, processed.kind]).toEqual([SpanKind.CLIENT, SpanKind.SERVER, SpanKind.PRODUCER, SpanKind.CONSUMER]);
    expect(processed.attributes['messaging.destination.name']).toBe(subject);

    // The outbox row kept the request's trace context.
    const { rows } = await pool.query<{ headers: Record<string, string> }>('SELECT headers FROM outbox');
    expect(rows[0].headers.traceparent).toMatch(new RegExp(`^00-${traceId}-${grpcServer.spanContext().spanId}-0[01]$`));
  }, 30_000);

  it("writes the active span's trace_id and span_id on every log line of the kit's logger", async () => {
    const lines: Record<string, unknown>[] = [];
    const capture = createLogger(
      'kit-trace-test',
      'info',
      new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    let ids: { traceId: string; spanId: string } | undefined;
    await inSpan('logging span', { kind: SpanKind.INTERNAL }, async (span) => {
      ids = { traceId: span.spanContext().traceId, spanId: span.spanContext().spanId };
      capture.info('inside');
    });
    capture.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', trace_id: ids!.traceId, span_id: ids!.spanId });
    expect(lines[1].trace_id).toBeUndefined();
  });
});
