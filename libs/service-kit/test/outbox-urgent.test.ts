import path from 'node:path';
import type { Subscription } from '@nats-io/transport-node';
import {
  connectNats,
  createLogger,
  enqueueEvent,
  enqueueUrgentEvent,
  publishUrgentEvents,
  startServiceInfra,
  withTransaction,
  type ServiceInfra,
  type StreamSpec,
} from '../src';
import { createTestDatabase } from '../../../e2e/support/db';

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const stream: StreamSpec = { name: `URGENT_${suffix}`, subjects: [`urgent${suffix}.>`] };
const urgentSubject = `urgent${suffix}.session.invalidated`;
const plainSubject = `urgent${suffix}.widget.created`;
const logger = createLogger('urgent-test', 'silent');

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('urgent outbox events', () => {
  let infra: ServiceInfra;
  let sub: Subscription;
  /** What a plain subscriber (a gateway) hears, by payload. */
  const heard: string[] = [];

  beforeAll(async () => {
    infra = await startServiceInfra({
      name: 'urgent-test',
      databaseUrl: await createTestDatabase('kit_urgent'),
      natsUrl: process.env.TEST_NATS_URL!,
      migrationsDir: path.join(__dirname, 'migrations'),
      stream,
      subscriptions: [],
      logger,
    });
    sub = infra.nats.nc.subscribe(`urgent${suffix}.>`, { callback: (_err, msg) => void heard.push(Buffer.from(msg.data).toString()) });
    await infra.nats.nc.flush();
  }, 60_000);

  afterAll(async () => {
    sub?.unsubscribe();
    for (const [, step] of [...(infra?.drainSteps ?? []), ...(infra?.closeSteps ?? [])]) await step();
  });

  const published = async (id: string) =>
    (await infra.pool.query<{ published_at: Date | null }>('SELECT published_at FROM outbox WHERE id = $1', [id])).rows[0]?.published_at !== null;
  const inStream = async (id: string) => {
    try {
      return (await infra.nats.jsm.streams.getMessage(stream.name, { last_by_subj: urgentSubject })).header.get('Nats-Msg-Id') === id;
    } catch {
      return false;
    }
  };

  it('is published by the request right after commit, once, and left alone by the relay meanwhile', async () => {
    const urgent = await withTransaction(infra.pool, async (tx) => {
      const e = await enqueueUrgentEvent(tx, urgentSubject, Buffer.from('logout-1'));
      await enqueueEvent(tx, plainSubject, Buffer.from('widget-1'));
      return e;
    });
    // The relay, woken at commit, publishes the plain event and not the urgent one.
    await waitFor('the plain event', () => heard.includes('widget-1'));
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).not.toContain('logout-1');
    expect(await published(urgent.id)).toBe(false);

    expect(await publishUrgentEvents({ pool: infra.pool, js: infra.nats.js, logger }, [urgent])).toBe(true);
    expect(await published(urgent.id)).toBe(true);
    expect(await inStream(urgent.id)).toBe(true);
    await waitFor('the urgent event heard', () => heard.includes('logout-1'), 2_000);
    // Well past its fallback: the relay never publishes it again.
    await new Promise((r) => setTimeout(r, 3_500));
    expect(heard.filter((h) => h === 'logout-1')).toHaveLength(1);
  }, 20_000);

  it('is published by the relay at its fallback time when the request could not (it died, or NATS refused)', async () => {
    const urgent = await withTransaction(infra.pool, (tx) => enqueueUrgentEvent(tx, urgentSubject, Buffer.from('logout-2'), 500));
    const ms = await waitFor('the relay to publish it', () => heard.includes('logout-2'), 5_000);
    expect(ms).toBeGreaterThanOrEqual(300);
    // The relay marks the row after NATS acknowledges it, so the mark may follow what a subscriber hears.
    await waitFor('the relay to mark it published', () => published(urgent.id), 5_000);
    expect(await inStream(urgent.id)).toBe(true);
  }, 20_000);

  it('never throws: with NATS unreachable it answers false and leaves the row to the relay', async () => {
    const urgent = await withTransaction(infra.pool, (tx) => enqueueUrgentEvent(tx, urgentSubject, Buffer.from('logout-3'), 60_000));
    const closed = await connectNats(process.env.TEST_NATS_URL!, 'urgent-test-closed');
    await closed.nc.close();
    const started = Date.now();
    expect(await publishUrgentEvents({ pool: infra.pool, js: closed.js, logger }, [urgent], 500)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await published(urgent.id)).toBe(false);
  });
});
