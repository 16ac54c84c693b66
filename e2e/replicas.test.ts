/**
 * Two replicas of marketplaces, orders and shipments side by side (issue 12): the built stack
 * (`deploy/local` startApp: identity, merchants, carriers, activity and the gateway once, each on its
 * fresh database) plus a second process of each of the three, started with the same variables (same
 * databases, same durable consumer names) on other ports, against an eBay sandbox and a GLS sandbox
 * of this suite (their latency makes a sync and a label run last long enough to kill a replica in the
 * middle). It proves, with short leases and a 5-second schedule:
 *
 * - a sync started on both marketplaces replicas at once runs once (one job, each order enqueued once);
 * - the replica working on it, killed (kill -9) mid-sync, leaves its job to the other, which resumes
 *   from the last committed page: every order of the seller once, none lost, none twice;
 * - the schedule keeps every slot of every integration, on time, while both replicas run, while one is
 *   dead and after its restart; a slot met by a running job starts right after it; never twice;
 * - every imported order exists once in orders, whose two replicas share the import consumer;
 * - a label run started on each shipments replica at once, one of them killed mid-run: the other
 *   takes the dead one's run over, and GLS made exactly one parcel per shipment (its tally per
 *   reference), asked once for each but those in flight at the kill;
 * - every event of the three services is stored once in JetStream (two outbox relays per database) and
 *   handled once by each consumer (inbox rows against the publishers' outboxes), with no dead letter.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DeliverPolicy } from '@nats-io/jetstream';
import { marketplaces, marketplacesEvents, orders, ordersEvents, shipments, shipmentsEvents } from '@smista/proto';
import type { ChannelCredentials, ClientOptions } from '@grpc/grpc-js';
import { connectNats, createGrpcClient, createPool, rpc, signCallerToken, type Nats, type Pool, type Rpc } from '@smista/service-kit';
import { consentAs, consentUrlOf, ebaySandboxControl, startEbaySandbox, startGlsSandbox, type EbaySandbox, type EbaySandboxControl, type GlsSandbox } from '@smista/sandboxes';
import { waitFor } from '../deploy/local/src/machine-load';
import { repoRoot, tmpDir } from '../deploy/local/src/paths';
import { getFreePort } from '../deploy/local/src/ports';
import { pidAlive } from '../deploy/local/src/proc';
import { startService, type ServiceHandle } from '../deploy/local/src/service';
import { startApp, type App } from '../deploy/local/src/stack';
import { nextSyncSlot } from '../services/marketplaces/src/domain/jobs';
import { GLS_ACCOUNT, PICKUP_ADDRESS } from './support/carriers';
import { consumersSince, sharedInfra } from './support/env';
import { weighAllProductsWith } from './support/catalogue';

/** SYNC_INTERVAL_SECONDS: each integration's scheduled sync every 5 s (replicas look every 0.5 s). */
const INTERVAL_S = 5;
/** SYNC_JOB_LEASE_SECONDS and RUN_LEASE_SECONDS: a dead replica's job or run is taken over after 2 s. */
const LEASE_S = 2;
/** How late a slot's job may start after its due time (or after the job that kept it waiting): ticks, a busy 2-core machine. */
const SLOT_SLACK_MS = 2_000;
const PAGE_SIZE = 50;
/** Generated over 120 days: about 1,200 in the first sync's 90 days. */
const BIG_ORDERS = 1_600;
const SMALL_ORDERS = 40;
const SHIPMENTS = 40;
const SELLER_PASSWORD = 'Repliche1!';

type Service = 'marketplaces' | 'orders' | 'shipments';
const SERVICES: readonly Service[] = ['marketplaces', 'orders', 'shipments'];

/** One process of a service: replica 1 is the stack's own (the gateway and the peers call it), replica 2 the extra one. */
interface Replica {
  service: Service;
  n: 1 | 2;
  env: Record<string, string>;
  port: number;
  metricsPort: number;
  /** Undefined while it is dead. */
  handle: ServiceHandle | undefined;
  /** Its log file of each life, the current one last. */
  logs: string[];
}

let app: App;
let logDir: string;
let gls: GlsSandbox;
let ebay: EbaySandbox;
let control: EbaySandboxControl;
let nats: Nats;
const secret = crypto.randomBytes(32).toString('hex');
const replicas = new Map<string, Replica>();
/** Processes this file started besides the stack's own (stopped first). */
const ownHandles: ServiceHandle[] = [];
const pools: Partial<Record<Service | 'carriers', Pool>> = {};
const grpcClients: { close(): void }[] = [];

const replica = (service: Service, n: 1 | 2): Replica => replicas.get(`${service}-${n}`)!;
const db = (service: Service | 'carriers'): Pool => pools[service]!;

/** The merchant of the run, its admin, and the two eBay integrations. */
let cookie = '';
let userId = '';
let merchantId = '';
const big = { username: '', integrationId: 0, jobId: 0 };
const small = { username: '', integrationId: 0 };
let killedMarketplaces: Replica;
let marketplacesKilledAt = 0;
let marketplacesRestartedAt = 0;

beforeAll(async () => {
  const infra = sharedInfra();
  logDir = path.join(tmpDir, 'e2e-logs', `replicas-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`);
  // Their own sandboxes: GLS numbers parcels by the shipments database's sequence (another suite's
  // parcel with the same counter would be answered back), and both are slowed down on purpose.
  gls = await startGlsSandbox({ port: 0, latencyMs: 300 });
  ebay = await startEbaySandbox({ port: 0, latencyMs: 60, sellers: [] });
  control = ebaySandboxControl(ebay.url);
  nats = await connectNats(infra.natsUrl, 'replicas-test');
  app = await startApp({
    infra: { ...infra, sandboxes: { ...infra.sandboxes, gls: gls.url, ebay: ebay.url } },
    ports: 'free',
    databases: 'fresh',
    output: { mode: 'files', logDir },
    callerTokenSecret: secret,
    logLevel: 'info',
    detached: false,
    componentEnv: {
      marketplaces: { SYNC_INTERVAL_SECONDS: String(INTERVAL_S), SYNC_JOB_LEASE_SECONDS: String(LEASE_S), SYNC_PAGE_SIZE: String(PAGE_SIZE) },
      // The label deadline stays the service's own (20 s): a shorter one only hastened the takeover of
      // the labels in flight at the kill, and on a busy machine cut off CreateLabel calls that were
      // merely slow, counting them failed (seen: 'Deadline exceeded after 3.011s', 3 of 40).
      shipments: { RUN_LEASE_SECONDS: String(LEASE_S), PROCESS_CONCURRENCY: '2' },
      gateway: { RATE_LIMIT_ENABLED: 'false' },
    },
  });
  await Promise.all(
    SERVICES.map(async (service) => {
      const first: Replica = {
        service,
        n: 1,
        env: app.envs[service]!,
        port: app.ports[service]!,
        metricsPort: app.metricsPorts[service]!,
        handle: app.services.find((s) => s.name === service),
        logs: [path.join(logDir, `${service}.log`)],
      };
      const [port, metricsPort] = [await getFreePort(), await getFreePort()];
      const second: Replica = { service, n: 2, env: { ...first.env, GRPC_PORT: String(port), METRICS_PORT: String(metricsPort) }, port, metricsPort, handle: undefined, logs: [] };
      replicas.set(`${service}-1`, first);
      replicas.set(`${service}-2`, second);
      await startReplica(second);
      pools[service] = createPool(app.databases[service]!, 3);
    }),
  );
  pools.carriers = createPool(app.databases.carriers!, 2);
}, 150_000);

afterAll(async () => {
  for (const c of grpcClients) c.close();
  await Promise.all(ownHandles.map((h) => h.stop(5_000)));
  await app?.stop();
  await Promise.all(Object.values(pools).map((p) => p.end()));
  await nats?.nc.drain();
  await gls?.close();
  await ebay?.close();
}, 60_000);

// ------------------------------------------------------------------ helpers

async function startReplica(r: Replica, life = r.logs.length + 1): Promise<void> {
  const log = path.join(logDir, `${r.service}-${r.n}${life > 1 ? `-vita${life}` : ''}.log`);
  r.handle = await startService({
    name: `${r.service}-${r.n}`,
    cwd: path.join(repoRoot, 'services', r.service),
    env: r.env,
    health: { kind: 'grpc', address: `127.0.0.1:${r.port}` },
    output: { mode: 'file', path: log },
    detached: false,
    timeoutMs: 60_000,
  });
  r.logs.push(log);
  ownHandles.push(r.handle);
}

/** kill -9: no drain, no lease released, no consumer stopped. */
async function kill(r: Replica): Promise<void> {
  const pid = r.handle!.pid;
  process.kill(pid, 'SIGKILL');
  r.handle = undefined;
  await until(`${r.service}-${r.n} gone`, async () => !pidAlive(pid), 5_000);
}

/** JSON log lines of every life of a replica. */
function logOf(r: Replica): Record<string, unknown>[] {
  return r.logs.flatMap((file) =>
    (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '').split('\n').flatMap((line) => {
      try {
        return line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : [];
      } catch {
        return [];
      }
    }),
  );
}

const until = <T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> => waitFor(what, check, timeoutMs, 100);

/** A gateway call with the admin's session; throws on an error status. */
async function gateway(method: string, url: string, body?: unknown): Promise<any> {
  const res = await fetch(`${app.baseUrl}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A gRPC client of one replica, as the admin (a fresh caller token per call, as the gateway signs them). */
function client<C extends marketplaces.MarketplacesServiceClient | orders.OrdersServiceClient | shipments.ShipmentsServiceClient>(
  Ctor: new (address: string, credentials: ChannelCredentials, options?: ClientOptions) => C,
  r: Replica,
): Rpc<C> {
  const c = createGrpcClient(Ctor, `127.0.0.1:${r.port}`);
  grpcClients.push(c);
  return new Proxy({} as Rpc<C>, {
    get: (_target, method) =>
      typeof method !== 'string' || method === 'then'
        ? undefined
        : async (request: unknown) => {
            const api = rpc(c, { callerToken: await signCallerToken({ userId, merchantId, role: 'admin' }, secret), deadlineMs: 120_000 });
            return (api as unknown as Record<string, (r: unknown) => Promise<unknown>>)[method]!(request);
          },
  });
}

/**
 * A sandbox seller with `count` orders spread over the last 120 days: the first sync reads those of
 * the last 90, and the schedule's later syncs (orders modified in the last minutes) find few or none.
 */
async function newSeller(prefix: string, count: number): Promise<string> {
  const username = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  await control.addSeller({ username, password: SELLER_PASSWORD, orders: count });
  return username;
}

/** The seller's orders the sandbox holds inside a job's window (its first sync reads exactly these). */
async function sandboxOrdersIn(username: string, window: { from: Date; to: Date }): Promise<string[]> {
  return (await control.orders(username)).filter((o) => new Date(o.creationDate) >= window.from && new Date(o.creationDate) <= window.to).map((o) => o.orderId);
}

async function windowOf(jobId: number): Promise<{ from: Date; to: Date }> {
  const { rows } = await db('marketplaces').query<{ from: string; to: string }>(`SELECT metadata->>'windowFrom' AS from, metadata->>'windowTo' AS to FROM jobs WHERE id = $1`, [jobId]);
  return { from: new Date(rows[0]!.from), to: new Date(rows[0]!.to) };
}

/** Connects a sandbox seller as the integrations screen does: consent page, then the callback route. */
async function connectSeller(username: string): Promise<number> {
  const params = await gateway('GET', '/api/marketplace/ebay/oauth-params');
  const back = new URL(await consentAs(consentUrlOf(params), { username, password: SELLER_PASSWORD, accept: true }));
  const answer = await gateway('POST', '/api/merchants/current/oauth/callback', { code: back.searchParams.get('code'), marketplace: 'ebay', merchantId, state: back.searchParams.get('state') });
  return Number(answer.integration.id);
}

interface JobRow {
  id: number;
  integration_id: number;
  triggered_by: string;
  status: string;
  created_at: Date;
  completed_at: Date | null;
  orders_found: number;
  orders_synced: number;
  lease_owner: string | null;
  next_offset: number | null;
}

async function jobsOf(integrationId: number): Promise<JobRow[]> {
  const { rows } = await db('marketplaces').query<JobRow>(
    `SELECT id::int, integration_id::int, triggered_by, status, created_at, completed_at, orders_found, orders_synced, lease_owner,
            (metadata->>'nextOffset')::int AS next_offset
       FROM jobs WHERE integration_id = $1 ORDER BY created_at, id`,
    [integrationId],
  );
  return rows;
}

/** The ids of a database's outbox rows of a subject, with their payloads. */
async function outbox(service: Service | 'carriers', subject: string): Promise<{ id: string; payload: Buffer; published: boolean }[]> {
  const { rows } = await db(service).query<{ id: string; payload: Buffer; published: boolean }>(
    'SELECT id::text, payload, published_at IS NOT NULL AS published FROM outbox WHERE subject = $1 ORDER BY seq',
    [subject],
  );
  return rows;
}

/** `nats_consumer_messages_total` of one replica by consumer and outcome (read from its METRICS_PORT). */
async function consumed(r: Replica, consumer: string): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${r.metricsPort}/metrics`)).text();
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('nats_consumer_messages_total{') || !line.includes(`consumer="${consumer}"`)) continue;
    const outcome = /outcome="([^"]+)"/.exec(line)?.[1] ?? '';
    out[outcome] = (out[outcome] ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return out;
}

// ------------------------------------------------------------------ the scenario

it('connects two eBay sellers; a sync started on both marketplaces replicas at once runs once', async () => {
  const id = crypto.randomBytes(4).toString('hex');
  const form = { firstName: 'Rita', lastName: 'Repliche', email: `repliche.${id}@example.it`, username: `repliche_${id}`, password: 'Repliche1', confirmPassword: 'Repliche1', terms: true };
  const res = await fetch(`${app.baseUrl}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) });
  expect(res.status).toBe(201);
  cookie = res.headers.getSetCookie().find((c) => c.startsWith('smista_session='))!.split(';')[0]!;
  userId = ((await res.json()) as { id: string }).id;
  merchantId = (await gateway('POST', '/api/merchants', { name: `Repliche ${id}` })).id;
  await gateway('POST', '/api/merchants/select', { merchantId });

  big.username = await newSeller('repliche_grande', BIG_ORDERS);
  small.username = await newSeller('repliche_piccolo', SMALL_ORDERS);
  big.integrationId = await connectSeller(big.username);
  // At once on both replicas: one starts the job, the other joins it (the unique open job per integration).
  const [a, b] = await Promise.all(
    ([1, 2] as const).map((n) => client(marketplaces.MarketplacesServiceClient, replica('marketplaces', n)).startSync({ merchantId: '', integrationId: big.integrationId, triggeredBy: '' })),
  );
  expect(a!.id).toBe(b!.id);
  expect([a!.joined, b!.joined].sort()).toEqual([false, true]);
  big.jobId = a!.id;
  small.integrationId = await connectSeller(small.username);
}, 60_000);

it('kill -9 of the replica working on the sync: the other takes the job over from its last committed page, every order once', async () => {
  const job = async () => (await jobsOf(big.integrationId)).find((j) => j.id === big.jobId)!;
  await until('a few committed pages', async () => {
    const j = await job();
    if (j.status === 'completed') throw new Error('the sync ended before a replica could be killed in the middle of it');
    return j.orders_synced >= 3 * PAGE_SIZE;
  });
  const claimed = (r: Replica, resumed?: boolean) =>
    logOf(r).some((l) => l.msg === 'sync job claimed' && l.jobId === big.jobId && (resumed === undefined || l.resumed === resumed));
  killedMarketplaces = await until('the replica that claimed the job (its log)', async () => [1, 2].map((n) => replica('marketplaces', n as 1 | 2)).find((r) => claimed(r)), 10_000);
  const survivor = replica('marketplaces', killedMarketplaces.n === 1 ? 2 : 1);
  await kill(killedMarketplaces);
  marketplacesKilledAt = Date.now();

  const stuck = await job();
  expect(stuck).toMatchObject({ status: 'running' });
  expect(stuck.lease_owner).not.toBeNull();
  expect(stuck.orders_synced).toBeLessThan(stuck.orders_found);
  expect(stuck.next_offset).toBe(stuck.orders_synced);

  const done = await until('the job finished by the other replica', async () => {
    const j = await job();
    return j.status === 'completed' || j.status === 'failed' ? j : null;
  }, 60_000);
  const expected = await sandboxOrdersIn(big.username, await windowOf(big.jobId));
  expect(expected.length).toBeGreaterThan(10 * PAGE_SIZE);
  expect(done).toMatchObject({ status: 'completed', orders_found: expected.length, orders_synced: expected.length });
  // Taken over (resumed) by the survivor, never started twice.
  expect(claimed(survivor, true)).toBe(true);
  expect((await jobsOf(big.integrationId)).filter((j) => j.triggered_by === 'user')).toHaveLength(1);

  // Each order of the seller enqueued once by this job: the page in flight at the kill was never committed.
  const imported = (await outbox('marketplaces', 'marketplaces.order.imported'))
    .map((r) => marketplacesEvents.MarketplaceOrderImported.decode(r.payload))
    .filter((e) => e.jobId === big.jobId);
  expect(imported).toHaveLength(expected.length);
  expect(new Set(imported.map((e) => e.order!.externalId))).toEqual(new Set(expected));
}, 90_000);

it('the schedule keeps every slot of every integration, on time, with one replica dead and both up again: each slot once', async () => {
  const scheduledSince = async (integrationId: number, since: number) => (await jobsOf(integrationId)).filter((j) => j.triggered_by === 'schedule' && j.created_at.getTime() > since).length;
  // Slots while one replica is dead, then after its restart.
  await until('two scheduled syncs of the small seller with one replica dead', async () => (await scheduledSince(small.integrationId, marketplacesKilledAt)) >= 2, 30_000);
  await startReplica(killedMarketplaces);
  marketplacesRestartedAt = Date.now();
  await until('two scheduled syncs after the restart', async () => (await scheduledSince(small.integrationId, marketplacesRestartedAt)) >= 2, 30_000);
  await until('no sync running', async () => (await Promise.all([small, big].map((i) => jobsOf(i.integrationId)))).flat().every((j) => j.status === 'completed'), 30_000);

  const { rows } = await db('marketplaces').query<{ id: number; connected_at: Date; next_sync_at: Date; now: Date }>(
    `SELECT id::int, connected_at, next_sync_at, now() AS now FROM integrations WHERE id = ANY($1)`,
    [[small.integrationId, big.integrationId]],
  );
  for (const integration of [small, big]) {
    const row = rows.find((r) => r.id === integration.integrationId)!;
    const jobs = await jobsOf(integration.integrationId);
    // The first slot: an interval after the integration's first job (the sync started by hand), or its connection.
    let due = new Date((jobs.find((j) => j.triggered_by !== 'schedule')?.created_at ?? row.connected_at).getTime() + INTERVAL_S * 1000);
    let lastEnded = 0;
    const report: string[] = [];
    for (const j of jobs) {
      if (j.triggered_by === 'schedule') {
        // Each scheduled job belongs to the slot due: no earlier than it, and no later than the slack
        // after it (or after the end of the job that was still open then). A second job for the same
        // slot would be before the next one's due time; a skipped slot would leave a job late.
        const latest = Math.max(due.getTime(), lastEnded) + SLOT_SLACK_MS;
        report.push(`slot ${due.toISOString()} → job ${j.id} at ${j.created_at.toISOString()}`);
        expect({ job: j.id, early: j.created_at.getTime() < due.getTime() - 50, late: j.created_at.getTime() > latest, report }).toEqual({ job: j.id, early: false, late: false, report });
        due = nextSyncSlot(due, j.created_at, INTERVAL_S * 1000);
      }
      lastEnded = Math.max(lastEnded, j.completed_at?.getTime() ?? 0);
    }
    // The slot after the last job is the one the database holds, and it is not overdue.
    expect(Math.abs(row.next_sync_at.getTime() - due.getTime())).toBeLessThan(5);
    expect(due.getTime()).toBeGreaterThan(row.now.getTime() - SLOT_SLACK_MS);
  }
  // Slots fell in each period: before the kill or while the sync by hand ran, with one replica, with both again.
  const smallJobs = (await jobsOf(small.integrationId)).filter((j) => j.triggered_by === 'schedule');
  expect(smallJobs.filter((j) => j.created_at.getTime() > marketplacesKilledAt && j.created_at.getTime() < marketplacesRestartedAt).length).toBeGreaterThanOrEqual(2);
  expect(smallJobs.filter((j) => j.created_at.getTime() > marketplacesRestartedAt).length).toBeGreaterThanOrEqual(2);
  // The big seller's first slot came while its sync by hand still ran: it started right after it.
  const bigJobs = await jobsOf(big.integrationId);
  expect(bigJobs.filter((j) => j.triggered_by === 'schedule').length).toBeGreaterThanOrEqual(1);
}, 90_000);

it('every imported order exists once in orders, whose two replicas shared the import', async () => {
  // What marketplaces imported (each seller's first window, and what the schedule's syncs found modified since):
  // the sandbox's own orders, all of each first window.
  const importedEvents = (await outbox('marketplaces', 'marketplaces.order.imported')).map((r) => marketplacesEvents.MarketplaceOrderImported.decode(r.payload));
  const expected = new Set(importedEvents.map((e) => `${e.integrationId}:${e.order!.externalId}`)).size;
  for (const seller of [{ ...big, firstJob: big.jobId }, { ...small, firstJob: (await jobsOf(small.integrationId))[0]!.id }]) {
    const mine = new Set(importedEvents.filter((e) => e.integrationId === seller.integrationId).map((e) => e.order!.externalId));
    const atSandbox = new Set((await control.orders(seller.username)).map((o) => o.orderId));
    expect([...mine].filter((id) => !atSandbox.has(id))).toEqual([]);
    expect((await sandboxOrdersIn(seller.username, await windowOf(seller.firstJob))).filter((id) => !mine.has(id))).toEqual([]);
  }
  const count = async () =>
    (await db('orders').query<{ n: number; distinct: number }>(`SELECT count(*)::int AS n, count(DISTINCT (integration_id, external_id))::int AS distinct FROM orders WHERE merchant_id = $1`, [merchantId])).rows[0]!;
  await until(`${expected} orders`, async () => (await count()).n >= expected, 60_000);
  expect(await count()).toEqual({ n: expected, distinct: expected });
  // Each created once: one upserted event with `created` per order.
  const created = (await outbox('orders', 'orders.order.upserted')).map((r) => ordersEvents.OrderUpserted.decode(r.payload)).filter((e) => e.merchantId === merchantId && e.created);
  expect(created).toHaveLength(expected);
  expect(new Set(created.map((e) => e.orderId)).size).toBe(expected);

  // Both replicas handled imports (one durable consumer, shared), and none twice.
  const durable = `orders-order-imported${app.consumerSuffix}`;
  const byReplica = await Promise.all([1, 2].map((n) => consumed(replica('orders', n as 1 | 2), durable)));
  for (const counts of byReplica) expect(counts.processed ?? 0).toBeGreaterThan(0);
  const ours = (await outbox('marketplaces', 'marketplaces.order.imported')).map((r) => r.id);
  await until('every import in the orders inbox', async () => (await db('orders').query<{ n: number }>('SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND message_id = ANY($2)', [durable, ours])).rows[0]!.n === ours.length, 30_000);
}, 90_000);

it('a label run on each shipments replica at once, one killed mid-run: the other finishes both, one parcel per shipment at GLS', async () => {
  await gateway('POST', '/api/merchant-addresses', PICKUP_ADDRESS);
  const glsIntegration = await gateway('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Repliche', active: true, ...GLS_ACCOUNT });
  expect(glsIntegration.status).toBe('active');
  const { rows } = await db('orders').query<{ id: number }>(
    `SELECT id::int FROM orders WHERE merchant_id = $1 AND integration_id = $2 AND status = 'da_spedire' ORDER BY id LIMIT $3`,
    [merchantId, big.integrationId, SHIPMENTS],
  );
  const orderIds = rows.map((r) => r.id);
  expect(orderIds).toHaveLength(SHIPMENTS);
  const ordersApi = [1, 2].map((n) => client(orders.OrdersServiceClient, replica('orders', n as 1 | 2)));
  for (let i = 0; i < orderIds.length; i += 8) {
    await Promise.all(orderIds.slice(i, i + 8).map((id, k) => ordersApi[k % 2]!.assignCarrier({ id, carrierIntegrationId: glsIntegration.id })));
  }

  // The catalogue the sync filled, weighed (eBay gives no weights; a shipment without one gets no label).
  await weighAllProductsWith(async (method, path, body) => ({ status: 200, body: await gateway(method, path, body) }));

  const [sA, sB] = [replica('shipments', 1), replica('shipments', 2)];
  const [apiA, apiB] = [client(shipments.ShipmentsServiceClient, sA), client(shipments.ShipmentsServiceClient, sB)];
  // The same bulk create on both at once: one live shipment per order.
  const [createdA, createdB] = await Promise.all([apiA.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' }), apiB.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' })]);
  expect(createdA.created + createdB.created).toBe(SHIPMENTS);
  const ids = createdA.outcomes.map((o) => o.shipmentId);
  expect(new Set(ids).size).toBe(SHIPMENTS);
  expect(createdB.outcomes.map((o) => o.shipmentId).sort()).toEqual([...ids].sort());

  const statuses = async () =>
    (await db('shipments').query<{ id: number; status: string }>('SELECT id::int, status FROM shipments WHERE merchant_id = $1', [merchantId])).rows;
  const runA = apiA.processShipments({ shipmentIds: ids, allPending: false }).catch((err: unknown) => err);
  const runB = apiB.processShipments({ shipmentIds: ids, allPending: false });
  await until('some labels stored', async () => (await statuses()).filter((s) => s.status === 'shipped').length >= 10, 60_000);
  await kill(sA);
  const atKill = await statuses();
  expect(atKill.filter((s) => s.status === 'shipped').length).toBeLessThan(SHIPMENTS);
  const claimedAtKill = new Set(atKill.filter((s) => s.status === 'processing').map((s) => s.id));
  expect(await runA).toMatchObject({ code: expect.any(Number) });

  const answerB = await runB;
  expect(answerB.failed).toBe(0);
  expect(answerB.success + answerB.skipped).toBe(SHIPMENTS);
  // The dead replica's run was taken over by the other and finished.
  await until('both runs finished', async () => {
    const { rows: runs } = await db('shipments').query<{ status: string }>('SELECT status FROM process_runs WHERE merchant_id = $1', [merchantId]);
    return runs.length === 2 && runs.every((r) => r.status === 'finished');
  }, 60_000);
  expect(logOf(sB).some((l) => l.msg === 'processing run taken over')).toBe(true);
  const { rows: runs } = await db('shipments').query<{ total: number; done: number; succeeded: number; failed: number }>(
    'SELECT total, done, succeeded, failed FROM process_runs WHERE merchant_id = $1',
    [merchantId],
  );
  expect(runs.every((r) => r.total === SHIPMENTS && r.done === SHIPMENTS && r.failed === 0)).toBe(true);
  expect(runs.reduce((n, r) => n + r.succeeded, 0)).toBe(SHIPMENTS);
  expect((await statuses()).every((s) => s.status === 'shipped')).toBe(true);

  // GLS: exactly one parcel per shipment; asked once, but for the labels in flight at the kill.
  const tally = gls.referenceTally();
  for (const id of ids) {
    const t = tally[`SHP-${id}`] ?? { requested: 0, created: 0 };
    expect({ id, created: t.created }).toEqual({ id, created: 1 });
    if (!claimedAtKill.has(id)) expect({ id, requested: t.requested }).toEqual({ id, requested: 1 });
  }
  const labelled = (await outbox('shipments', 'shipments.shipment.labelled')).map((r) => shipmentsEvents.ShipmentLabelled.decode(r.payload).shipmentId);
  expect(labelled.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
}, 120_000);

it('every event of the three services is stored once in JetStream and handled once by each consumer; no dead letter', async () => {
  for (const service of [...SERVICES, 'carriers'] as const) {
    await until(`the ${service} outbox relayed`, async () => (await db(service).query('SELECT 1 FROM outbox WHERE published_at IS NULL LIMIT 1')).rows.length === 0, 30_000);
  }
  const ids = async (service: Service | 'carriers', subject: string) => (await outbox(service, subject)).map((r) => r.id);
  const sfx = app.consumerSuffix;
  // Each consumer's inbox against the outbox of the publisher (rows of other suites on the shared NATS left out).
  const consumers: [Service, string, string[]][] = [
    ['orders', `orders-order-imported${sfx}`, await ids('marketplaces', 'marketplaces.order.imported')],
    ['orders', `orders-integration-changed${sfx}`, await ids('marketplaces', 'marketplaces.integration.changed')],
    ['orders', `orders-carrier-changed${sfx}`, await ids('carriers', 'carriers.integration.changed')],
    ['orders', `orders-shipment-created${sfx}`, await ids('shipments', 'shipments.shipment.created')],
    ['orders', `orders-shipment-labelled${sfx}`, await ids('shipments', 'shipments.shipment.labelled')],
    ['marketplaces', `marketplaces-shipment-labelled${sfx}`, await ids('shipments', 'shipments.shipment.labelled')],
    ['shipments', `shipments-tracking-attempted${sfx}`, await ids('marketplaces', 'marketplaces.tracking.attempted')],
    // Issue 19: the order's payment on its shipments (a refunded order's live shipment is a problem).
    ['shipments', `shipments-order-upserted${sfx}`, await ids('orders', 'orders.order.upserted')],
  ];
  for (const [service, durable, source] of consumers) {
    expect({ durable, events: source.length > 0 }).toEqual({ durable, events: true });
    // A message the killed replica held comes back after the consumer's ack wait (30 s).
    await until(`${durable}: every event in the inbox`, async () => (await db(service).query<{ n: number }>('SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND message_id = ANY($2)', [durable, source])).rows[0]!.n === source.length, 45_000);
    const dead = await db(service).query('SELECT message_id FROM dead_letters WHERE message_id = ANY($1)', [source]);
    expect({ durable, dead: dead.rows }).toEqual({ durable, dead: [] });
  }
  // One push per labelled shipment recorded at marketplaces (automatic tracking off: skipped, told to shipments).
  const { rows: pushes } = await db('marketplaces').query<{ n: number; shipments: number }>('SELECT count(*)::int AS n, count(DISTINCT shipment_id)::int AS shipments FROM tracking_pushes WHERE merchant_id = $1', [merchantId]);
  expect(pushes[0]).toEqual({ n: SHIPMENTS, shipments: SHIPMENTS });

  // JetStream holds each outbox row once, though two relays per database published (and one was
  // killed mid-publish): the relays' Nats-Msg-Id is the outbox id, within the stream's duplicate window.
  // The rows published so far first (the schedule goes on meanwhile), then the streams up to their end.
  const subjects = [
    ['marketplaces', 'marketplaces.order.imported'],
    ['marketplaces', 'marketplaces.sync.finished'],
    ['marketplaces', 'marketplaces.tracking.attempted'],
    ['orders', 'orders.order.upserted'],
    ['orders', 'orders.carrier.assigned'],
    ['shipments', 'shipments.shipment.created'],
    ['shipments', 'shipments.shipment.labelled'],
  ] as const;
  const published = await Promise.all(subjects.map(async ([service, subject]) => ({ subject, ids: (await outbox(service, subject)).filter((r) => r.published).map((r) => r.id) })));
  const stored = new Map<string, number>();
  for (const stream of ['MARKETPLACES', 'ORDERS', 'SHIPMENTS']) {
    const reader = await nats.js.consumers.get(stream, { deliver_policy: DeliverPolicy.StartTime, opt_start_time: consumersSince(), headers_only: true });
    // Up to the stream's last message (a fetch may come back short).
    const last = (await nats.jsm.streams.info(stream)).state.last_seq;
    for (let seen = 0, deadline = Date.now() + 30_000; seen < last && Date.now() < deadline; ) {
      for await (const m of await reader.fetch({ max_messages: 1_000, expires: 1_000 })) {
        seen = Math.max(seen, m.info.streamSequence);
        const id = m.headers?.get('Nats-Msg-Id');
        if (id) stored.set(id, (stored.get(id) ?? 0) + 1);
      }
    }
    await reader.delete().catch(() => undefined);
  }
  for (const { subject, ids: rows } of published) {
    const notOnce = rows.filter((id) => stored.get(id) !== 1).map((id) => `${id}: ${stored.get(id) ?? 0}`);
    expect({ subject, rows: rows.length > 0, notOnce }).toEqual({ subject, rows: true, notOnce: [] });
  }
}, 120_000);
