import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsConnectOptions } from '@smista/service-kit';
import { startNats, suiteNatsUrl, type NatsHandle } from './nats';
import { profilePaths } from './paths';
import { getFreePort, isPortFree } from './ports';

const root = path.join(profilePaths('test').root, `unit-nats-${crypto.randomBytes(3).toString('hex')}`);
let server: NatsHandle | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

test('starts nats-server with JetStream: a stream stores, de-duplicates and returns messages', async () => {
  const port = await getFreePort();
  const monitorPort = await getFreePort();
  server = await startNats({ storeDir: path.join(root, 'store'), port, monitorPort, fresh: true });
  expect(server.url).toBe(`nats://127.0.0.1:${port}`);

  const health = await fetch(`${server.monitorUrl}/healthz`);
  expect(health.status).toBe(200);
  const jsz = (await (await fetch(`${server.monitorUrl}/jsz`)).json()) as { config?: { store_dir?: string } };
  expect(jsz.config?.store_dir).toContain(path.join(root, 'store'));

  const nc = await connect({ servers: server.url });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'PROBE', subjects: ['probe.>'] });
    const js = jetstream(nc);
    const first = await js.publish('probe.shipment.created', JSON.stringify({ id: 's-1' }), { msgID: 'outbox-1' });
    const dup = await js.publish('probe.shipment.created', JSON.stringify({ id: 's-1' }), { msgID: 'outbox-1' });
    expect(first.seq).toBe(1);
    expect(dup.duplicate).toBe(true);
    await js.publish('probe.shipment.labelled', JSON.stringify({ id: 's-1' }), { msgID: 'outbox-2' });

    const consumer = await js.consumers.get('PROBE');
    const received: { subject: string; body: unknown }[] = [];
    for (let i = 0; i < 2; i++) {
      const msg = await consumer.next({ expires: 2000 });
      if (!msg) break;
      received.push({ subject: msg.subject, body: msg.json() });
    }
    expect(received).toEqual([
      { subject: 'probe.shipment.created', body: { id: 's-1' } },
      { subject: 'probe.shipment.labelled', body: { id: 's-1' } },
    ]);
  } finally {
    await nc.drain();
  }

  await server.stop();
  server = undefined;
  expect(await isPortFree(port)).toBe(true);
});

test("two suites' accounts on one server: each its own JetStream, neither sees the other's streams nor the shared account's", async () => {
  const port = await getFreePort();
  const accounts = await startNats({ storeDir: path.join(root, 'accounts'), port, monitorPort: await getFreePort(), fresh: true, suiteAccounts: 2 });
  const open = (url: string) => connect({ ...natsConnectOptions(url), name: 'accounts-test' });
  const [one, two, shared] = await Promise.all([open(suiteNatsUrl(accounts.url, 1)), open(suiteNatsUrl(accounts.url, 2)), open(accounts.url)]);
  try {
    for (const [nc, n] of [[one, 1], [two, 2], [shared, 3]] as const) {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.add({ name: 'ORDERS', subjects: ['orders.>'] });
      for (let i = 0; i < n; i++) await jetstream(nc).publish('orders.order.upserted', `${n}-${i}`);
    }
    const messages = async (nc: typeof one) => (await (await jetstreamManager(nc)).streams.info('ORDERS')).state.messages;
    expect([await messages(one), await messages(two), await messages(shared)]).toEqual([1, 2, 3]);
    // A worker beyond the accounts shares one, never a missing account.
    expect(suiteNatsUrl(accounts.url, 3, 2)).toBe(suiteNatsUrl(accounts.url, 1, 2));
  } finally {
    await Promise.all([one, two, shared].map((nc) => nc.close()));
    await accounts.stop();
  }
});

test("the shared test NATS from globalSetup has JetStream, and this suite's URL names its worker's account", async () => {
  const url = process.env.TEST_NATS_URL!;
  expect(natsConnectOptions(url).user).toBe(`suite${Number(process.env.JEST_WORKER_ID ?? 1)}`);
  const nc = await connect({ ...natsConnectOptions(url) });
  try {
    const info = await (await jetstreamManager(nc)).getAccountInfo();
    expect(info.limits).toBeDefined();
  } finally {
    await nc.close();
  }
});
