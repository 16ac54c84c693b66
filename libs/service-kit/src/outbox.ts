import type pg from 'pg';
import type { JetStreamClient } from '@nats-io/jetstream';
import { headers as natsHeaders, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from './logger';
import { eventMetrics, registerOutboxSource } from './metrics';
import { contextFromHeaders, currentTraceHeaders, inSpan, objectGetter, propagation, context, SpanKind, type TextMapSetter } from './tracing';

const NOTIFY_CHANNEL = 'smista_outbox';

/**
 * Wakes the relay at commit, in the statement that writes the rows. The payload is the same for
 * every event, so PostgreSQL folds a transaction's notifications into one (identical notifications
 * of one transaction are delivered once): one wake-up per transaction, and no round trip of its own.
 */
const NOTIFY_RELAY = `pg_notify('${NOTIFY_CHANNEL}', '')`;

/**
 * Writes an event to the outbox inside the caller's transaction, so the event exists if and only
 * if the change it describes was committed. The relay publishes it with `Nats-Msg-Id` = its id.
 * The trace context of the request that wrote it (`traceparent`) is stored with the row, so the
 * publish and every consumer's handling join that request's trace.
 */
export async function enqueueEvent(tx: pg.PoolClient, subject: string, payload: Uint8Array): Promise<string> {
  // Named: parsed and planned once per connection (imports write one per order).
  const { rows } = await tx.query<{ id: string }>({
    name: 'service-kit-outbox-enqueue',
    text: `WITH written AS (INSERT INTO outbox (subject, payload, headers) VALUES ($1, $2, $3) RETURNING id)
           SELECT id, ${NOTIFY_RELAY} FROM written`,
    values: [subject, Buffer.from(payload), currentTraceHeaders()],
  });
  return rows[0].id;
}

/**
 * Several events in one statement, in the given order (a sync page's orders): what
 * {@link enqueueEvent} does for each, with one INSERT.
 */
export async function enqueueEvents(tx: pg.PoolClient, events: readonly { subject: string; payload: Uint8Array }[]): Promise<string[]> {
  if (events.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `WITH written AS (
       INSERT INTO outbox (subject, payload, headers)
         SELECT e.subject, e.payload, $3 FROM unnest($1::text[], $2::bytea[]) WITH ORDINALITY AS e(subject, payload, n)
         ORDER BY e.n
       RETURNING id, seq)
     SELECT id, ${NOTIFY_RELAY} FROM written ORDER BY seq`,
    [events.map((e) => e.subject), events.map((e) => Buffer.from(e.payload)), currentTraceHeaders()],
  );
  return rows.map((r) => r.id);
}

const natsHeaderSetter: TextMapSetter<MsgHdrs> = { set: (h, key, value) => h.set(key, value) };

/** An outbox row as it is published: its id is the JetStream message id (de-duplication). */
export interface OutboxRow {
  id: string;
  subject: string;
  payload: Uint8Array;
  headers: Record<string, unknown> | null;
}

/**
 * One outbox row to JetStream, as a PRODUCER span in the trace of the request that wrote it, with
 * `Nats-Msg-Id` = the row's id: the relay and an urgent publish of the same row are one message.
 */
export function publishOutboxRow(js: JetStreamClient, row: OutboxRow, timeoutMs?: number): Promise<unknown> {
  return inSpan(
    `publish ${row.subject}`,
    {
      kind: SpanKind.PRODUCER,
      parent: contextFromHeaders(row.headers ?? {}, objectGetter),
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'publish',
        'messaging.destination.name': row.subject,
        'messaging.message.id': row.id,
      },
    },
    () => {
      const headers = natsHeaders();
      propagation.inject(context.active(), headers, natsHeaderSetter);
      return js.publish(row.subject, row.payload, { msgID: row.id, headers, ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }) });
    },
  );
}

function backoffMs(attempts: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, attempts - 1), 60_000);
}

/** While NATS is away, how often the relay repeats that the backlog is waiting. */
const AWAY_REMINDER_MS = 60_000;

/**
 * Publishes committed outbox rows to JetStream in order. Rows are claimed with SKIP LOCKED so
 * several replicas can run relays; a failed publish is retried with backoff, never dropped.
 *
 * While the NATS connection is down (the client reconnects forever) the relay does not try: each
 * publish would wait for its timeout and push the row's next attempt further away. Changes keep
 * committing, their events wait in the table, and when the connection is back the backlog goes at
 * once, whatever retry time its rows had reached.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private listener?: pg.PoolClient;
  private unregisterMetrics?: () => void;
  /** When the NATS connection went down; undefined while it is up. */
  private awaySince?: number;

  constructor(
    private readonly opts: {
      pool: pg.Pool;
      js: JetStreamClient;
      /** The connection under `js`, watched for disconnects (default: the one `js` was made from). */
      nc?: NatsConnection;
      logger: Logger;
      batchSize?: number;
      pollMs?: number;
      /** Published rows older than this are deleted. */
      retentionHours?: number;
    },
  ) {}

  /** True while the NATS connection is down. */
  get natsAway(): boolean {
    return this.awaySince !== undefined;
  }

  async start(): Promise<void> {
    this.running = true;
    this.unregisterMetrics = registerOutboxSource(async () => {
      const { rows } = await this.opts.pool.query<{ backlog: string; age: number | null }>(
        `SELECT count(*) AS backlog, extract(epoch FROM now() - min(created_at))::float8 AS age
           FROM outbox WHERE published_at IS NULL`,
      );
      return { backlog: Number(rows[0]?.backlog ?? 0), oldestAgeSeconds: rows[0]?.age ?? 0 };
    });
    this.listener = await this.opts.pool.connect();
    this.listener.on('notification', () => this.wake?.());
    await this.listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
    const nc = this.opts.nc ?? (this.opts.js as unknown as { nc?: NatsConnection }).nc;
    if (nc) void this.watch(nc);
    this.loop = this.run();
  }

  /** Follows the connection's status: pause on disconnect, publish the backlog on reconnect. */
  private async watch(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (!this.running) break;
      if (status.type === 'disconnect' && this.awaySince === undefined) {
        this.awaySince = Date.now();
        this.opts.logger.warn({ backlog: await this.backlog() }, 'NATS unreachable: outbox events wait in the database');
      } else if (status.type === 'reconnect' && this.awaySince !== undefined) {
        const awaySeconds = Math.round((Date.now() - this.awaySince) / 1000);
        this.awaySince = undefined;
        // Rows whose publish failed while the connection went down carry a retry time; the
        // connection is back, so they are due now. (Urgent rows not yet tried keep their wait.)
        await this.opts.pool
          .query('UPDATE outbox SET next_attempt_at = now() WHERE published_at IS NULL AND attempts > 0 AND next_attempt_at > now()')
          .catch((err) => this.opts.logger.warn({ err }, 'could not make the outbox backlog due'));
        this.opts.logger.info({ backlog: await this.backlog(), awaySeconds }, 'NATS reachable again: publishing the outbox backlog');
        this.wake?.();
      }
    }
  }

  /** Unpublished rows, for the logs (undefined when the database does not answer either). */
  private async backlog(): Promise<number | undefined> {
    try {
      const { rows } = await this.opts.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
      return rows[0]?.n;
    } catch {
      return undefined;
    }
  }

  private async run(): Promise<void> {
    let lastCleanup = 0;
    let lastReminder = 0;
    while (this.running) {
      if (this.awaySince !== undefined) {
        if (Date.now() - Math.max(this.awaySince, lastReminder) >= AWAY_REMINDER_MS) {
          lastReminder = Date.now();
          this.opts.logger.warn(
            { backlog: await this.backlog(), awaySeconds: Math.round((Date.now() - this.awaySince) / 1000) },
            'NATS still unreachable: outbox events wait in the database',
          );
        }
        await this.sleep(this.opts.pollMs ?? 1_000);
        continue;
      }
      let published = 0;
      try {
        published = await this.flushOnce();
        if (Date.now() - lastCleanup > 3_600_000) {
          lastCleanup = Date.now();
          await this.opts.pool.query(
            `DELETE FROM outbox WHERE published_at < now() - make_interval(hours => $1)`,
            [this.opts.retentionHours ?? 72],
          );
        }
      } catch (err) {
        this.opts.logger.error({ err }, 'outbox relay pass failed');
      }
      if (published === 0 && this.running) await this.sleep(this.opts.pollMs ?? 1_000);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /** One pass: publish what is due, in order. Returns how many rows were published. */
  async flushOnce(): Promise<number> {
    const client = await this.opts.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ id: string; subject: string; payload: Buffer; attempts: number; headers: Record<string, unknown> | null }>(
        `SELECT id, subject, payload, attempts, headers FROM outbox
          WHERE published_at IS NULL AND next_attempt_at <= now()
          ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.opts.batchSize ?? 100],
      );
      // Every row is sent at once, in order, on the one connection (the client writes them in a few
      // socket writes and JetStream stores them in that order), then the acknowledgements are
      // awaited together: one round trip per pass instead of one per row. A row is marked only once
      // acknowledged; a failed one is retried with backoff, and the rows after it are not held back
      // (as before, a retried row reaches the stream after the rows that followed it).
      const outcomes = await Promise.allSettled(rows.map((row) => publishOutboxRow(this.opts.js, row)));
      const done: string[] = [];
      const failed: { id: string; attempts: number; error: string }[] = [];
      let firstFailure: { row: (typeof rows)[number]; err: unknown } | undefined;
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'fulfilled') {
          done.push(rows[i].id);
          continue;
        }
        firstFailure ??= { row: rows[i], err: outcome.reason };
        failed.push({ id: rows[i].id, attempts: rows[i].attempts + 1, error: String(outcome.reason) });
      }
      eventMetrics.published.inc(done.length);
      if (firstFailure) {
        eventMetrics.publishFailures.inc(failed.length);
        const { row, err } = firstFailure;
        this.opts.logger.warn({ err, outboxId: row.id, subject: row.subject, attempts: row.attempts + 1, failed: failed.length }, 'outbox publish failed');
        await client.query(
          `UPDATE outbox o SET attempts = f.attempts, last_error = f.error, next_attempt_at = now() + make_interval(secs => f.delay)
             FROM unnest($1::uuid[], $2::int[], $3::text[], $4::float8[]) AS f(id, attempts, error, delay)
            WHERE o.id = f.id`,
          [failed.map((f) => f.id), failed.map((f) => f.attempts), failed.map((f) => f.error), failed.map((f) => backoffMs(f.attempts) / 1000)],
        );
      }
      if (done.length) await client.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[])', [done]);
      await client.query('COMMIT');
      return done.length;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** Stops the loop after one last pass, so committed events are not left waiting. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    await this.loop;
    if (this.awaySince !== undefined) {
      this.opts.logger.warn({ backlog: await this.backlog() }, 'NATS unreachable at shutdown: outbox events stay for the next start');
    } else {
      await this.flushOnce().catch((err) => this.opts.logger.warn({ err }, 'final outbox flush failed'));
    }
    this.unregisterMetrics?.();
    if (this.listener) {
      await this.listener.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => undefined);
      this.listener.release();
    }
  }
}
