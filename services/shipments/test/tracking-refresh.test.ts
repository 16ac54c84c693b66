/**
 * Tracking that keeps itself current (issue 26), against the real carriers service and the GLS
 * sandbox: two refreshers over one database (two replicas) read every due shipment once, never the
 * same one at once, within one shared call budget per carrier, oldest due first; what the carrier
 * says is kept (events, delivered, held), the alerts go out with `tracking_updated`, a parcel that
 * has not moved for 3 working days turns stalled, a failed call is retried sooner, and a final
 * status is never read again.
 */
import { createLogger, createPool, type Pool } from '@smista/service-kit';
import { shipmentsEvents } from '@smista/proto';
import { glsSandboxControl, HELD_NAME, IMMEDIATE_DELIVERY_NAME, STALLED_NAME } from '@smista/sandboxes';
import { italianOrders, outboxEvents, startShipmentsStack, type ShipmentsStack, type TestMerchant } from './support/harness';
import { TrackingRefresher, type TrackingRefresherDeps } from '../src/app';
import { scaledPolicy } from '../src/domain';
import { createCarrierGateway } from '../src/grpc';
import { callBudgetWindows } from '../src/store';

let stack: ShipmentsStack;
let shop: TestMerchant;
/** A second replica's own connection pool and carriers client. */
let otherPool: Pool;
let otherCarriers: ReturnType<typeof createCarrierGateway>;
let ids: number[];
let numbers: Map<number, string>;
const refreshers: TrackingRefresher[] = [];

/** Recipients by the GLS sandbox's paths: delivered within the span, stopped in transit, delivered at once, held. */
const NORMAL = [0, 1, 2];
const STALLED = [3, 4];
const IMMEDIATE = [5, 6];
const HELD = 7;
const DELIVERED = [...NORMAL, ...IMMEDIATE];

function refresher(replica: 'a' | 'b', overrides: Partial<TrackingRefresherDeps> = {}): TrackingRefresher {
  const r = new TrackingRefresher({
    pool: replica === 'a' ? stack.pool : otherPool,
    logger: createLogger('tracking-refresher', 'silent'),
    carriers: replica === 'a' ? createCarrierGateway({ address: stack.env.CARRIERS_GRPC_ADDR!, callerSecret: stack.config.CALLER_TOKEN_SECRET, logger: createLogger('carriers-client', 'silent') }) : otherCarriers,
    now: () => new Date(),
    policy: scaledPolicy(1),
    callsPerMinute: { gls: 600 },
    concurrency: 3,
    batchSize: 4,
    claimMs: 60_000,
    idleMs: 60_000,
    ...overrides,
  });
  refreshers.push(r);
  return r;
}

/** Rounds on every refresher at once until none finds anything due; answers how many were read. */
async function roundsUntilIdle(...rs: TrackingRefresher[]): Promise<number> {
  let total = 0;
  for (;;) {
    const rounds = await Promise.all(rs.map((r) => r.runRound()));
    const read = rounds.reduce((n, r) => n + r.refreshed + r.failed, 0);
    if (read === 0) return total;
    total += read;
  }
}

/** GLS tracking requests per shipment number, from the sandbox's request log. */
function trackingCalls(): Map<string, number> {
  const calls = new Map<string, number>();
  for (const r of stack.gls.requests()) {
    if (r.path !== '/XML/get_xml_track.php') continue;
    const n = (r.query.NumSped ?? r.query.numsped ?? '').replace(/^0+/, '');
    calls.set(n, (calls.get(n) ?? 0) + 1);
  }
  return calls;
}

const callsSince = (before: Map<string, number>) => {
  const after = trackingCalls();
  return new Map([...after].map(([n, c]) => [n, c - (before.get(n) ?? 0)] as const).filter(([, c]) => c > 0));
};

async function makeDue(where = 'true', params: unknown[] = []): Promise<void> {
  await stack.pool.query(
    `UPDATE tracking_schedule t SET next_at = now() - interval '1 second' * t.shipment_id FROM shipments s
      WHERE s.id = t.shipment_id AND s.merchant_id = $1 AND s.status = 'shipped' AND ${where}`,
    [shop.merchantId, ...params],
  );
}

const row = async (id: number) =>
  (
    await stack.pool.query(
      `SELECT s.status, s.tracking_status, s.tracking_alerts, t.next_at AS tracking_next_at, t.failures AS tracking_failures
         FROM shipments s LEFT JOIN tracking_schedule t ON t.shipment_id = s.id WHERE s.id = $1`,
      [id],
    )
  ).rows[0] as {
    status: string;
    tracking_status: string | null;
    tracking_alerts: string[];
    tracking_next_at: Date | null;
    tracking_failures: number;
  };

const updates = async () => (await outboxEvents(stack.pool, 'shipments.shipment.tracking_updated')).map((p) => shipmentsEvents.ShipmentTrackingUpdated.decode(p));

beforeAll(async () => {
  stack = await startShipmentsStack();
  otherPool = createPool(stack.config.DATABASE_URL, 4);
  otherCarriers = createCarrierGateway({ address: stack.env.CARRIERS_GRPC_ADDR!, callerSecret: stack.config.CALLER_TOKEN_SECRET, logger: createLogger('carriers-client', 'silent') });
  shop = await stack.newMerchant();
  const base = italianOrders(8);
  const marker = (i: number) => (i === HELD ? HELD_NAME : IMMEDIATE.includes(i) ? IMMEDIATE_DELIVERY_NAME : STALLED.includes(i) ? STALLED_NAME : '');
  const orders = base.map((order, i) => (marker(i) ? { ...order, shippingAddress: { ...order.shippingAddress!, fullName: `Marta ${marker(i)}` } } : order));
  const orderIds = await shop.importOrders(orders.map((order) => ({ order, carrierIntegrationId: shop.gls })));
  const created = await shop.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' });
  ids = created.outcomes.map((o) => o.shipmentId);
  expect(await shop.api.processShipments({ shipmentIds: ids, allPending: false })).toMatchObject({ success: 8, failed: 0 });
  numbers = new Map();
  for (const id of ids) numbers.set(id, (await shop.api.getShipment({ id })).shipment!.carrierShipmentNumber.replace(/^0+/, ''));
}, 180_000);

afterAll(async () => {
  for (const r of refreshers) await r.stop();
  otherCarriers?.close();
  await otherPool?.end();
  await stack?.stop();
}, 60_000);

describe('the tracking refresher', () => {
  it('labelled shipments are due at once; before the GLS close the carrier knows nothing, and nothing changes', async () => {
    const before = trackingCalls();
    const read = await roundsUntilIdle(refresher('a'), refresher('b'));
    expect(read).toBe(8);
    expect([...callsSince(before).values()]).toEqual(Array(8).fill(1));
    for (const id of ids) expect(await row(id)).toMatchObject({ status: 'shipped', tracking_status: null, tracking_alerts: [], tracking_failures: 0 });
    expect(await updates()).toEqual([]);
  });

  it('after the close and an hour of the carrier, two replicas read each shipment exactly once: delivered ones are done, the held one is an alert', async () => {
    expect(await shop.api.closeWorkday({ shipmentIds: ids })).toMatchObject({ processed: 8, failed: 0 });
    // An hour later at GLS (its sandbox delivers 300 s after the close; held and stalled parcels never).
    await glsSandboxControl(stack.glsUrl).advanceClock(3_600);
    await makeDue();
    const before = trackingCalls();
    const read = await roundsUntilIdle(refresher('a'), refresher('b'));
    expect(read).toBe(8);
    const calls = callsSince(before);
    expect(new Set(calls.keys())).toEqual(new Set(numbers.values()));
    expect([...calls.values()]).toEqual(Array(8).fill(1));

    for (const i of DELIVERED) expect(await row(ids[i]!)).toMatchObject({ status: 'delivered', tracking_status: 'delivered', tracking_alerts: [], tracking_next_at: null });
    expect(await row(ids[HELD]!)).toMatchObject({ status: 'shipped', tracking_status: 'held', tracking_alerts: ['held'] });
    expect((await row(ids[HELD]!)).tracking_next_at!.getTime()).toBeGreaterThan(Date.now());
    for (const i of STALLED) expect(await row(ids[i]!)).toMatchObject({ status: 'shipped', tracking_status: 'in_transit', tracking_alerts: [] });

    // Every step kept, in Smista's words with the carrier's code: the normal path's whole walk.
    const events = (await stack.pool.query(`SELECT shipment_id, status, code FROM tracking_events WHERE merchant_id = $1 ORDER BY at, id`, [shop.merchantId])).rows;
    const walk = events.filter((e) => Number(e.shipment_id) === ids[NORMAL[0]!]);
    expect(walk.map((e) => e.status)).toEqual(expect.arrayContaining(['info', 'in_transit', 'out_for_delivery', 'delivered']));
    expect(walk.at(-1)).toMatchObject({ status: 'delivered', code: '906' });
    const held = events.filter((e) => Number(e.shipment_id) === ids[HELD]);
    expect(held.map((e) => e.status)).toEqual(expect.arrayContaining(['exception', 'held']));
    expect(held.at(-1)).toMatchObject({ status: 'held' });
    const published = await updates();
    expect(published.filter((u) => u.shipmentId === ids[HELD])).toEqual([
      expect.objectContaining({ trackingStatus: 'held', alerts: ['held'], carrierProvider: 'gls', externalOrderId: expect.any(String), previousTrackingStatus: '' }),
    ]);
    expect(published.filter((u) => u.delivered).map((u) => u.shipmentId).sort()).toEqual(DELIVERED.map((i) => ids[i]).sort());

    // Read again, the same answer changes nothing and publishes nothing.
    await makeDue();
    const count = published.length;
    await roundsUntilIdle(refresher('a'));
    expect(await updates()).toHaveLength(count);
  });

  it("one budget per carrier for every replica, oldest due first", async () => {
    await stack.pool.query('DELETE FROM tracking_call_budget');
    await makeDue();
    const due = (
      await stack.pool.query(`SELECT t.shipment_id AS id FROM tracking_schedule t JOIN shipments s ON s.id = t.shipment_id WHERE s.merchant_id = $1 AND t.next_at <= now() ORDER BY t.next_at`, [shop.merchantId])
    ).rows.map((r) => Number(r.id));
    expect(due).toHaveLength(3);
    const before = trackingCalls();
    const startedAt = new Date();
    const limited = { callsPerMinute: { gls: 2 }, batchSize: 1 };
    await Promise.all([refresher('a', limited).runRound(), refresher('b', limited).runRound()]);
    await Promise.all([refreshers.at(-2)!.runRound(), refreshers.at(-1)!.runRound()]);
    const windows = (await callBudgetWindows(stack.pool)).filter((w) => w.provider === 'gls');
    // Each minute's window holds at most 2 calls; the calls made are those counted (a round may cross a minute).
    expect(windows.every((w) => w.calls <= 2)).toBe(true);
    const made = [...callsSince(before).values()].reduce((a, b) => a + b, 0);
    expect(made).toBe(windows.reduce((n, w) => n + w.calls, 0));
    expect(made).toBeGreaterThanOrEqual(2);
    const read = (
      await stack.pool.query(`SELECT t.shipment_id AS id FROM tracking_schedule t JOIN shipments s ON s.id = t.shipment_id WHERE s.merchant_id = $1 AND t.checked_at >= $2`, [shop.merchantId, startedAt])
    ).rows.map((r) => Number(r.id));
    expect(read.sort()).toEqual(due.slice(0, made).sort());
  });

  it('a parcel that has not moved for 3 working days turns stalled; a failed call is retried sooner, counted', async () => {
    await stack.pool.query('DELETE FROM tracking_call_budget');
    await makeDue();
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    await roundsUntilIdle(refresher('a', { now: () => inAWeek }));
    for (const i of STALLED) expect(await row(ids[i]!)).toMatchObject({ status: 'shipped', tracking_alerts: ['stalled'] });
    // A held parcel is held, not also stalled; a delivered one is never read again.
    expect(await row(ids[HELD]!)).toMatchObject({ tracking_alerts: ['held'] });
    expect((await updates()).filter((u) => u.alerts.includes('stalled')).map((u) => u.shipmentId).sort()).toEqual(STALLED.map((i) => ids[i]).sort());

    await makeDue();
    const unreachable = createCarrierGateway({ address: '127.0.0.1:1', callerSecret: stack.config.CALLER_TOKEN_SECRET, logger: createLogger('carriers-client', 'silent'), deadlineMs: 2_000 });
    try {
      const round = await refresher('a', { carriers: unreachable }).runRound();
      expect(round).toMatchObject({ refreshed: 0, failed: 3 });
    } finally {
      unreachable.close();
    }
    for (const i of [...STALLED, HELD]) {
      const r = await row(ids[i]!);
      expect(r.tracking_failures).toBe(1);
      // Ten minutes (the first retry), not the two hours of a fresh parcel.
      expect(r.tracking_next_at!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    }
    for (const i of DELIVERED) expect((await row(ids[i]!)).tracking_next_at).toBeNull();
  });
});
