import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { headers as natsHeaders } from '@nats-io/transport-node';
import {
  connectNats,
  createLogger,
  createPool,
  enqueueEvent,
  ensureStream,
  runMigrations,
  startConsumer,
  withTransaction,
  type Nats,
  type RunningConsumer,
  type StreamSpec,
} from '../src';
import { createTestDatabase } from '../../../e2e/support/db';

const logger = createLogger('outbox-test', 'silent');
const EVENTS = 600;

function startRelayProcess(dbUrl: string): Promise<ChildProcess> {
  const child = fork(path.join(__dirname, 'relay-child.js'), [], {
    env: { ...process.env, DB_URL: dbUrl, NATS_URL: process.env.TEST_NATS_URL },
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`relay exited early (${code})`)));
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('transactional outbox and idempotent inbox', () => {
  let pool: pg.Pool;
  let dbUrl: string;
  let nats: Nats;
  let consumer: RunningConsumer | undefined;
  const relays: ChildProcess[] = [];
  const suffix = Date.now().toString(36);
  const stream: StreamSpec = { name: `KITTEST_${suffix}`, subjects: [`kittest${suffix}.>`] };
  const subject = `kittest${suffix}.widget.created`;

  beforeAll(async () => {
    dbUrl = await createTestDatabase('kit_outbox');
    const migrations = path.join(__dirname, 'migrations');
    await runMigrations(dbUrl, migrations, logger);
    pool = createPool(dbUrl, 4);
    nats = await connectNats(process.env.TEST_NATS_URL!, 'outbox-test');
    await ensureStream(nats.jsm, stream);
  });

  afterAll(async () => {
    for (const r of relays) r.kill('SIGKILL');
    await consumer?.stop();
    await nats?.nc.drain();
    await pool?.end();
  });

  it('delivers every committed event exactly once through a relay killed mid-way, and ignores redeliveries', async () => {
    // Changes and their events in the same transactions; one rolled-back change must never be published.
    for (let i = 0; i < EVENTS; i++) {
      await withTransaction(pool, async (tx) => {
        await tx.query('INSERT INTO widgets (id) VALUES ($1)', [i]);
        await enqueueEvent(tx, subject, Buffer.from(String(i)));
      });
    }
    await expect(
      withTransaction(pool, async (tx) => {
        await enqueueEvent(tx, subject, Buffer.from('rolled-back'));
        throw new Error('abort the change');
      }),
    ).rejects.toThrow('abort the change');

    let handled = 0;
    consumer = await startConsumer(
      { js: nats.js, jsm: nats.jsm, pool, logger },
      {
        durable: `kit-test-${suffix}`,
        subject,
        decode: (bytes) => Buffer.from(bytes).toString(),
        handle: async (id, tx) => {
          handled++;
          await tx.query('INSERT INTO received (widget_id, times) VALUES ($1, 1) ON CONFLICT (widget_id) DO UPDATE SET times = received.times + 1', [id]);
        },
      },
    );

    const published = async () => Number((await pool.query('SELECT count(*) FROM outbox WHERE published_at IS NOT NULL')).rows[0].count);
    const first = await startRelayProcess(dbUrl);
    relays.push(first);
    await waitFor('the relay to publish part of the outbox', async () => (await published()) > 0);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const afterKill = await published();
    expect(afterKill).toBeGreaterThan(0);
    expect(afterKill).toBeLessThan(EVENTS);

    relays.push(await startRelayProcess(dbUrl));
    await waitFor('all events published', async () => (await published()) === EVENTS);
    const received = async () => Number((await pool.query('SELECT count(*) FROM received')).rows[0].count);
    await waitFor('all events consumed', async () => (await received()) === EVENTS);

    const { rows } = await pool.query('SELECT min(times)::int AS min, max(times)::int AS max FROM received');
    expect(rows[0]).toEqual({ min: 1, max: 1 });
    expect((await pool.query(`SELECT count(*)::int AS n FROM received WHERE widget_id = 'rolled-back'`)).rows[0].n).toBe(0);
    // Rows published just before the kill were sent again by the second relay: JetStream's
    // de-duplication on Nats-Msg-Id dropped them, so the stream holds each event once.
    const info = await nats.jsm.streams.info(stream.name);
    expect(info.state.messages).toBe(EVENTS);

    // Redelivery: the same Nats-Msg-Id arrives again after the duplicate window (as after a relay
    // retry much later). JetStream stores it; the inbox makes it a no-op.
    const { rows: firstRow } = await pool.query<{ id: string }>('SELECT id FROM outbox ORDER BY seq LIMIT 1');
    const current = await nats.jsm.streams.info(stream.name);
    await nats.jsm.streams.update(stream.name, { ...current.config, duplicate_window: 100_000_000 });
    await new Promise((r) => setTimeout(r, 400));
    const h = natsHeaders();
    h.set('Nats-Msg-Id', firstRow[0].id);
    const ack = await nats.js.publish(subject, Buffer.from('0'), { headers: h });
    expect(ack.duplicate).toBe(false);
    const handledBefore = handled;
    await waitFor('the redelivered message to be seen', async () => {
      const { rows: inbox } = await pool.query('SELECT count(*)::int AS n FROM inbox');
      const ci = await nats.jsm.consumers.info(stream.name, `kit-test-${suffix}`);
      return inbox[0].n === EVENTS && ci.num_ack_pending === 0 && ci.num_pending === 0;
    });
    expect(handled).toBe(handledBefore);
    expect((await pool.query('SELECT max(times)::int AS max FROM received')).rows[0].max).toBe(1);
  }, 60_000);

  it('handles up to `concurrency` messages at once when asked, each still exactly once, and one at a time by default', async () => {
    async function peakWhileConsuming(durable: string, subjectOf: string, count: number, concurrency?: number): Promise<number> {
      let active = 0;
      let peak = 0;
      let done = 0;
      const running = await startConsumer(
        { js: nats.js, jsm: nats.jsm, pool, logger },
        {
          durable,
          subject: subjectOf,
          concurrency,
          decode: (bytes) => Buffer.from(bytes).toString(),
          handle: async (id, tx) => {
            active++;
            peak = Math.max(peak, active);
            await new Promise((r) => setTimeout(r, 15));
            await tx.query('INSERT INTO received (widget_id, times) VALUES ($1, 1) ON CONFLICT (widget_id) DO UPDATE SET times = received.times + 1', [id]);
            active--;
            done++;
          },
        },
      );
      try {
        for (let i = 0; i < count; i++) await nats.js.publish(subjectOf, Buffer.from(`${durable}-${i}`));
        await waitFor(`${durable} to handle every message`, async () => done === count);
      } finally {
        await running.stop();
      }
      const { rows } = await pool.query(`SELECT count(*)::int AS n, max(times)::int AS max FROM received WHERE widget_id LIKE $1`, [`${durable}-%`]);
      expect(rows[0]).toEqual({ n: count, max: 1 });
      return peak;
    }
    expect(await peakWhileConsuming(`kit-par-${suffix}`, `kittest${suffix}.widget.parallel`, 40, 4)).toBeGreaterThan(1);
    expect(await peakWhileConsuming(`kit-seq-${suffix}`, `kittest${suffix}.widget.sequential`, 12)).toBe(1);
  }, 60_000);

  it('handles waiting messages in batches, one transaction each, and isolates a bad message by handling its batch one by one', async () => {
    const durable = `kit-batch-${suffix}`;
    const subjectOf = `kittest${suffix}.widget.batched`;
    const transactions = new Set<string>();
    let done = 0;
    // What the consumer logs, to see it say which message came again and how many times.
    const lines: Record<string, unknown>[] = [];
    const capturing = createLogger('outbox-test', 'info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const running = await startConsumer(
      { js: nats.js, jsm: nats.jsm, pool, logger: capturing },
      {
        durable,
        subject: subjectOf,
        batchSize: 25,
        maxDeliver: 2,
        decode: (bytes) => Buffer.from(bytes).toString(),
        handle: async (id, tx) => {
          if (id.endsWith('-poison')) throw new Error('cannot store this one');
          const { rows } = await tx.query<{ txid: string }>('SELECT txid_current()::text AS txid');
          transactions.add(rows[0].txid);
          await tx.query('INSERT INTO received (widget_id, times) VALUES ($1, 1) ON CONFLICT (widget_id) DO UPDATE SET times = received.times + 1', [id]);
          done++;
        },
      },
    );
    try {
      // Published while the consumer waits: they arrive together and are handled in batches.
      await Promise.all(Array.from({ length: 100 }, (_, i) => nats.js.publish(subjectOf, Buffer.from(i === 40 ? `${durable}-poison` : `${durable}-${i}`))));
      // `done` also counts handlings rolled back with the poisoned batch; the table holds what committed.
      await waitFor('every good message stored', async () => {
        const { rows } = await pool.query(`SELECT count(*)::int AS n FROM received WHERE widget_id LIKE $1`, [`${durable}-%`]);
        return rows[0].n === 99 && done >= 99;
      });
      await waitFor('the bad one dead-lettered', async () => {
        const { rows } = await pool.query('SELECT count(*)::int AS n FROM dead_letters WHERE consumer = $1', [durable]);
        return rows[0].n === 1;
      });
    } finally {
      await running.stop();
    }
    const { rows } = await pool.query(`SELECT count(*)::int AS n, max(times)::int AS max FROM received WHERE widget_id LIKE $1`, [`${durable}-%`]);
    expect(rows[0]).toEqual({ n: 99, max: 1 });
    // Fewer transactions than messages: batches were used (the poison's batch went one by one).
    expect(transactions.size).toBeLessThan(99);
    // The poison's second delivery (after its nak) is said in the log, with its count.
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'event delivered again', subject: subjectOf, deliveries: 2 }));
  }, 60_000);

  it('starts a new durable at `since` (older messages never reach it) and keeps an existing durable where it was', async () => {
    const subjectOf = `kittest${suffix}.widget.since`;
    const seen: string[] = [];
    const start = (durable: string, since?: Date) =>
      startConsumer(
        { js: nats.js, jsm: nats.jsm, pool, logger, since },
        { durable, subject: subjectOf, decode: (bytes) => Buffer.from(bytes).toString(), handle: async (id) => void seen.push(`${durable}:${id}`) },
      );
    await nats.js.publish(subjectOf, Buffer.from('old'));
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date();
    await new Promise((r) => setTimeout(r, 20));
    await nats.js.publish(subjectOf, Buffer.from('new'));
    const fromSince = `kit-since-${suffix}`;
    const fromStart = `kit-all-${suffix}`;
    let running = [await start(fromSince, since), await start(fromStart)];
    await waitFor('both consumers caught up', async () => seen.length === 3);
    expect(seen.sort()).toEqual([`${fromStart}:new`, `${fromStart}:old`, `${fromSince}:new`]);
    await Promise.all(running.map((c) => c.stop()));
    // Restarted with another `since` (or none): JetStream would refuse a changed start; each keeps its own.
    running = [await start(fromSince), await start(fromStart, new Date())];
    await nats.js.publish(subjectOf, Buffer.from('later'));
    await waitFor('the later message handled by both', async () => seen.length === 5);
    await Promise.all(running.map((c) => c.stop()));
    expect((await nats.jsm.consumers.info(stream.name, fromSince)).config.deliver_policy).toBe('by_start_time');
    expect((await nats.jsm.consumers.info(stream.name, fromStart)).config.deliver_policy).toBe('all');
  }, 30_000);
});
