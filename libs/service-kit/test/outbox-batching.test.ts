import path from 'node:path';
import pg from 'pg';
import type { JetStreamClient } from '@nats-io/jetstream';
import { connectNats, createLogger, createPool, enqueueEvent, enqueueEvents, ensureStream, oncePerTransaction, OutboxRelay, runMigrations, startConsumer, withTransaction, type Nats, type StreamSpec } from '../src';
import { createTestDatabase } from '../../../e2e/support/db';

// What an import pays per event in the outbox (issue 21): the relay's wake-up once per transaction,
// and a relay pass sending its rows together instead of awaiting each acknowledgement.
const logger = createLogger('outbox-batching-test', 'silent');

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The real JetStream client, counting the publishes awaiting their acknowledgement. */
function countingInFlight(js: JetStreamClient): { js: JetStreamClient; maxInFlight: () => number } {
  let inFlight = 0;
  let max = 0;
  const counted = new Proxy(js, {
    get(target, prop, receiver) {
      if (prop !== 'publish') return Reflect.get(target, prop, receiver);
      return async (...args: Parameters<JetStreamClient['publish']>) => {
        max = Math.max(max, ++inFlight);
        try {
          return await target.publish(...args);
        } finally {
          inFlight--;
        }
      };
    },
  });
  return { js: counted, maxInFlight: () => max };
}

describe('outbox: one wake-up per transaction, a relay pass in one round trip', () => {
  let pool: pg.Pool;
  let nats: Nats;
  const suffix = Date.now().toString(36);
  const stream: StreamSpec = { name: `BATCHTEST_${suffix}`, subjects: [`batchtest${suffix}.>`] };
  const subject = `batchtest${suffix}.widget.created`;

  beforeAll(async () => {
    const dbUrl = await createTestDatabase('kit_outbox_batching');
    await runMigrations(dbUrl, path.join(__dirname, 'migrations'), logger);
    pool = createPool(dbUrl, 4);
    nats = await connectNats(process.env.TEST_NATS_URL!, 'outbox-batching-test');
    await ensureStream(nats.jsm, stream);
  });

  afterAll(async () => {
    await nats?.nc.drain();
    await pool?.end();
  });

  it('compresses payloads with lz4 (pglz cost PostgreSQL a few per cent of an import)', async () => {
    const { rows } = await pool.query(`SELECT attcompression FROM pg_attribute WHERE attrelid = 'outbox'::regclass AND attname = 'payload'`);
    expect(rows[0].attcompression).toBe('l');
  });

  it('wakes the relay once per transaction, however many events it writes', async () => {
    const listener = await pool.connect();
    const notifications: string[] = [];
    listener.on('notification', (n) => notifications.push(n.channel));
    await listener.query('LISTEN smista_outbox');
    try {
      // Five events one by one and a page of three: one notification at commit.
      await withTransaction(pool, async (tx) => {
        for (let i = 0; i < 5; i++) await enqueueEvent(tx, subject, Buffer.from(`single-${i}`));
        await enqueueEvents(tx, ['a', 'b', 'c'].map((p) => ({ subject, payload: Buffer.from(`page-${p}`) })));
      });
      // A second transaction's notification comes after the first's: once it is here, all of the first's are too.
      await withTransaction(pool, (tx) => enqueueEvent(tx, subject, Buffer.from('marker')));
      await waitFor('the second transaction to notify', () => notifications.length >= 2);
      expect(notifications).toEqual(['smista_outbox', 'smista_outbox']);
    } finally {
      await listener.query('UNLISTEN smista_outbox');
      listener.release();
    }
    // The rows are all there, in the order written.
    const { rows } = await pool.query<{ payload: Buffer }>('SELECT payload FROM outbox ORDER BY seq');
    expect(rows.map((r) => r.payload.toString())).toEqual(['single-0', 'single-1', 'single-2', 'single-3', 'single-4', 'page-a', 'page-b', 'page-c', 'marker']);
  });

  it('sends a pass’s rows without awaiting each acknowledgement, in order, and marks only the acknowledged ones', async () => {
    await pool.query('UPDATE outbox SET published_at = now() WHERE published_at IS NULL');
    const before = (await nats.jsm.streams.info(stream.name)).state.last_seq;
    // 40 events, the 21st on a subject no stream takes: JetStream refuses that one alone.
    const refused = `nostream${suffix}.widget.created`;
    const ids = await withTransaction(pool, (tx) =>
      enqueueEvents(
        tx,
        Array.from({ length: 40 }, (_, i) => ({ subject: i === 20 ? refused : subject, payload: Buffer.from(`w${i}`) })),
      ),
    );
    const counting = countingInFlight(nats.js);
    const relay = new OutboxRelay({ pool, js: counting.js, logger, batchSize: 100 });
    expect(await relay.flushOnce()).toBe(39);
    // All forty were out at once; before, one at a time.
    expect(counting.maxInFlight()).toBe(40);

    const { rows } = await pool.query<{ id: string; published: boolean; attempts: number; due_later: boolean }>(
      `SELECT id, published_at IS NOT NULL AS published, attempts, next_attempt_at > now() AS due_later FROM outbox WHERE id = ANY($1::uuid[]) ORDER BY seq`,
      [ids],
    );
    expect(rows.filter((r) => r.published).map((r) => r.id)).toEqual(ids.filter((_, i) => i !== 20));
    expect(rows[20]).toMatchObject({ id: ids[20], published: false, attempts: 1, due_later: true });

    // The stream holds the 39 in the order they were written, each with its row id.
    const seen: string[] = [];
    for (let seq = before + 1; seq <= before + 39; seq++) {
      const m = await nats.jsm.streams.getMessage(stream.name, { seq });
      seen.push(`${Buffer.from(m!.data).toString()} ${m!.header.get('Nats-Msg-Id')}`);
    }
    expect(seen).toEqual(ids.map((id, i) => `w${i} ${id}`).filter((_, i) => i !== 20));
  });

  it('lets the messages of one batch share their transaction’s state: oncePerTransaction runs once per transaction, beforeCommit after its messages', async () => {
    const batchSubject = `batchtest${suffix}.widget.batched`;
    const published = await withTransaction(pool, (tx) =>
      enqueueEvents(tx, Array.from({ length: 30 }, (_, i) => ({ subject: batchSubject, payload: Buffer.from(`b${i}`) }))),
    );
    await new OutboxRelay({ pool, js: nats.js, logger }).flushOnce();
    const seen: { txid: string; loadedIn: string }[] = [];
    const loads: string[] = [];
    const committedBy: { txid: string; messages: number }[] = [];
    const consumer = await startConsumer(
      { js: nats.js, jsm: nats.jsm, pool, logger },
      {
        durable: `batchtest-${suffix}`,
        subject: batchSubject,
        decode: (bytes) => Buffer.from(bytes).toString(),
        batchSize: 10,
        handle: async (_payload, tx, meta) => {
          const { rows } = await tx.query<{ txid: string }>('SELECT txid_current()::text AS txid');
          const loadedIn = await oncePerTransaction(meta, 'txid', async () => {
            loads.push(rows[0].txid);
            meta.beforeCommit(async () => {
              const { rows: now } = await tx.query<{ txid: string }>('SELECT txid_current()::text AS txid');
              committedBy.push({ txid: now[0].txid, messages: seen.filter((s) => s.txid === now[0].txid).length });
            });
            return rows[0].txid;
          });
          seen.push({ txid: rows[0].txid, loadedIn });
        },
      },
    );
    try {
      await waitFor('the 30 messages', () => seen.length === published.length);
    } finally {
      await consumer.stop();
    }
    // Loaded once in each transaction, and that answer given to every message of it.
    const transactions = new Set(seen.map((s) => s.txid));
    expect(loads.sort()).toEqual([...transactions].sort());
    expect(seen.every((s) => s.loadedIn === s.txid)).toBe(true);
    // Some transactions were batches of several messages.
    expect(transactions.size).toBeLessThan(seen.length);
    // What a transaction left for its commit ran once, in it, after all its messages.
    expect(committedBy.map((c) => c.txid).sort()).toEqual([...transactions].sort());
    expect(committedBy.reduce((n, c) => n + c.messages, 0)).toBe(seen.length);
  });
});
