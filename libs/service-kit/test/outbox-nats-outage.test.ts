import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createLogger, enqueueEvent, startServiceInfra, withTransaction, type ServiceInfra, type StreamSpec } from '../src';
import { startNats, type NatsHandle } from '../../../deploy/local/src/nats';
import { getFreePort } from '../../../deploy/local/src/ports';
import { tmpDir } from '../../../deploy/local/src/paths';
import { createTestDatabase } from '../../../e2e/support/db';

// A NATS server of this suite alone: stopping the run's shared one would break every other suite.
const storeDir = path.join(tmpDir, `nats-outage-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`, 'nats');
const suffix = Date.now().toString(36);
const stream: StreamSpec = { name: `OUTAGE_${suffix}`, subjects: [`outage${suffix}.>`] };
const subject = `outage${suffix}.widget.created`;
const BEFORE = 20;
const DURING = 200;

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('outbox relay while NATS is away', () => {
  let nats: NatsHandle;
  let natsPorts: { port: number; monitorPort: number };
  let infra: ServiceInfra;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    natsPorts = { port: await getFreePort(), monitorPort: await getFreePort() };
    nats = await startNats({ storeDir, ...natsPorts, fresh: true });
    const logger = createLogger('outage-test', 'info', { write: (line: string) => void logLines.push(JSON.parse(line)) });
    infra = await startServiceInfra({
      name: 'outage-test',
      databaseUrl: await createTestDatabase('kit_outage'),
      natsUrl: nats.url,
      migrationsDir: path.join(__dirname, 'migrations'),
      stream,
      subscriptions: [
        {
          durable: `outage-${suffix}`,
          subject,
          decode: (bytes: Uint8Array) => Buffer.from(bytes).toString(),
          handle: async (id: string, tx) => {
            await tx.query('INSERT INTO received (widget_id, times) VALUES ($1, 1) ON CONFLICT (widget_id) DO UPDATE SET times = received.times + 1', [id]);
          },
        },
      ],
      logger,
    });
  }, 60_000);

  afterAll(async () => {
    // Bounded: after a failure NATS may still be down, and a drain would wait for it forever.
    const bounded = (p: Promise<unknown>) => Promise.race([p.catch(() => undefined), new Promise((r) => setTimeout(r, 5_000).unref())]);
    for (const [, step] of infra?.drainSteps ?? []) await bounded(step());
    await bounded(infra?.relay.stop() ?? Promise.resolve());
    await infra?.nats.nc.close();
    await infra?.pool.end();
    await nats?.stop();
    fs.rmSync(path.dirname(storeDir), { recursive: true, force: true });
  });

  const commit = (id: string) =>
    withTransaction(infra.pool, async (tx) => {
      await tx.query('INSERT INTO widgets (id) VALUES ($1)', [id]);
      await enqueueEvent(tx, subject, Buffer.from(id));
    });
  const count = async (sql: string) => Number((await infra.pool.query(sql)).rows[0].n);
  const unpublished = () => count('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
  const received = () => count('SELECT count(*)::int AS n FROM received');

  it('keeps committing while NATS is down, and drains the backlog once (and promptly) when it is back', async () => {
    for (let i = 0; i < BEFORE; i++) await commit(`before-${i}`);
    await waitFor('the first events consumed', async () => (await received()) === BEFORE);

    await nats.stop();
    // Changes commit at their usual pace: the outbox, not NATS, is on their path.
    const started = Date.now();
    for (let i = 0; i < DURING; i++) await commit(`during-${i}`);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await count('SELECT count(*)::int AS n FROM widgets')).toBe(BEFORE + DURING);

    // Longer than a publish timeout (5 s) and its first retry: a relay that kept trying would have
    // failed twice by now.
    await new Promise((r) => setTimeout(r, 7_000));
    expect(await unpublished()).toBe(DURING);
    // The relay said why it waits, once, instead of failing row after row (at most the publish
    // under way when the connection dropped fails).
    expect(logLines.filter((l) => l.msg === 'NATS unreachable: outbox events wait in the database')).toHaveLength(1);
    expect(logLines.filter((l) => l.msg === 'outbox publish failed').length).toBeLessThanOrEqual(1);
    expect(await count('SELECT coalesce(max(attempts), 0)::int AS n FROM outbox')).toBeLessThanOrEqual(1);
    // Rows as a long outage can leave them all the same (the one in flight when it began, or rows
    // of a relay from before this change): a retry a minute away must not hold the backlog back.
    await infra.pool.query(`UPDATE outbox SET attempts = 7, next_attempt_at = now() + interval '60 seconds' WHERE published_at IS NULL`);

    nats = await startNats({ storeDir, ...natsPorts });
    const drainMs = await waitFor('the backlog published', async () => (await unpublished()) === 0, 30_000);
    // The client reconnects within ~1 s; the backlog goes right after, not at a row's next retry.
    expect(drainMs).toBeLessThan(5_000);
    await waitFor('every event consumed', async () => (await received()) === BEFORE + DURING, 30_000);
    expect(logLines.some((l) => l.msg === 'NATS reachable again: publishing the outbox backlog')).toBe(true);

    // Each event once: in the stream (a row published just before the stop and again later is
    // dropped by Nats-Msg-Id) and in the consumer's table.
    const info = await infra.nats.jsm.streams.info(stream.name);
    expect(info.state.messages).toBe(BEFORE + DURING);
    const { rows } = await infra.pool.query('SELECT min(times)::int AS min, max(times)::int AS max FROM received');
    expect(rows[0]).toEqual({ min: 1, max: 1 });
  }, 90_000);
});
