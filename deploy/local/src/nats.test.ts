import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { startNats, type NatsHandle } from './nats';
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

test('the shared test NATS from globalSetup has JetStream', async () => {
  const nc = await connect({ servers: process.env.TEST_NATS_URL! });
  try {
    const info = await (await jetstreamManager(nc)).getAccountInfo();
    expect(info.limits).toBeDefined();
  } finally {
    await nc.close();
  }
});
