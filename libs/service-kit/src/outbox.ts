import type pg from 'pg';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Logger } from './logger';

const NOTIFY_CHANNEL = 'smista_outbox';

/**
 * Writes an event to the outbox inside the caller's transaction, so the event exists if and only
 * if the change it describes was committed. The relay publishes it with `Nats-Msg-Id` = its id.
 */
export async function enqueueEvent(tx: pg.PoolClient, subject: string, payload: Uint8Array): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO outbox (subject, payload) VALUES ($1, $2) RETURNING id',
    [subject, Buffer.from(payload)],
  );
  // Delivered to the relay at commit, so it wakes without waiting for its poll.
  await tx.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, rows[0].id]);
  return rows[0].id;
}

function backoffMs(attempts: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, attempts - 1), 60_000);
}

/**
 * Publishes committed outbox rows to JetStream in order. Rows are claimed with SKIP LOCKED so
 * several replicas can run relays; a failed publish is retried with backoff, never dropped.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private listener?: pg.PoolClient;

  constructor(
    private readonly opts: {
      pool: pg.Pool;
      js: JetStreamClient;
      logger: Logger;
      batchSize?: number;
      pollMs?: number;
      /** Published rows older than this are deleted. */
      retentionHours?: number;
    },
  ) {}

  async start(): Promise<void> {
    this.running = true;
    this.listener = await this.opts.pool.connect();
    this.listener.on('notification', () => this.wake?.());
    await this.listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    let lastCleanup = 0;
    while (this.running) {
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
      const { rows } = await client.query<{ id: string; subject: string; payload: Buffer; attempts: number }>(
        `SELECT id, subject, payload, attempts FROM outbox
          WHERE published_at IS NULL AND next_attempt_at <= now()
          ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.opts.batchSize ?? 100],
      );
      const done: string[] = [];
      for (const row of rows) {
        try {
          await this.opts.js.publish(row.subject, row.payload, { msgID: row.id });
          done.push(row.id);
        } catch (err) {
          const attempts = row.attempts + 1;
          this.opts.logger.warn({ err, outboxId: row.id, subject: row.subject, attempts }, 'outbox publish failed');
          await client.query(
            `UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4)
              WHERE id = $1`,
            [row.id, attempts, String(err), backoffMs(attempts) / 1000],
          );
          // Keep per-subject order: stop at the first failure, later rows wait for the retry.
          break;
        }
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
    await this.flushOnce().catch((err) => this.opts.logger.warn({ err }, 'final outbox flush failed'));
    if (this.listener) {
      await this.listener.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => undefined);
      this.listener.release();
    }
  }
}
