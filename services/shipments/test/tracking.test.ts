/**
 * Issue 26, what the screens read of a parcel's tracking, against the real carriers service and the
 * GLS sandbox: 'Aggiorna tracking' after the workday close keeps every event the carrier reported,
 * and GetShipment answers them newest first with the shipment's alerts; the list answers the alerts
 * too; a parcel held at the depot is in the Errori tab with the carrier's words; and the list's
 * Errori predicate (store/list-sql.ts) and each row's reason (domain/rules.ts problemOf) agree on
 * every tracking state. Another merchant's shipment stays NOT_FOUND. The refresher is off, so every
 * read here is the one the test makes.
 */
import { status as grpcStatus } from '@grpc/grpc-js';
import { isTrackingStatus, shipmentMessages as m } from '@smista/contracts';
import type { shipments } from '@smista/proto';
import { workingDaysBetween } from '../src/domain';
import { trackingEventsOf } from '../src/store';
import { failure, italianOrders, startShipmentsStack, type ShipmentsStack, type TestMerchant } from './support/harness';

let stack: ShipmentsStack;
let shop: TestMerchant;
let rival: TestMerchant;
/** GLS delivers it at once after the close. */
let delivered: number;
/** GLS holds it at the depot, at once after the close. */
let held: number;
/** On its way: GLS's first two events at the close. */
let travelling: number;
/** Labelled, never closed: GLS knows nothing of it yet. */
let open: number;
let rivalShipped: number;

const NOT_FOUND = { code: grpcStatus.NOT_FOUND, details: m.shipmentNotFound };
const ALL = { page: 1, pageSize: 100, status: '', carrierIntegrationId: 0, search: '', orderId: 0 };

async function labelled(merchant: TestMerchant, names: string[]): Promise<number[]> {
  const orders = italianOrders(names.length, { patch: (i) => ({ shippingAddress: { ...italianOrders(1)[0]!.shippingAddress!, fullName: names[i]! } }) });
  const orderIds = await merchant.importOrders(orders.map((order) => ({ order, carrierIntegrationId: merchant.gls })));
  const created = await merchant.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' });
  const ids = created.outcomes.map((o) => o.shipmentId);
  expect(await merchant.api.processShipments({ shipmentIds: ids, allPending: false })).toMatchObject({ success: names.length, failed: 0 });
  return ids;
}

const details = (id: number, merchant = shop) => merchant.api.getShipment({ id });
const errori = async (): Promise<Map<number, string>> =>
  new Map((await shop.api.listShipments({ ...ALL, status: 'error' })).shipments.map((s) => [s.id, s.problem]));

beforeAll(async () => {
  stack = await startShipmentsStack({ env: { TRACKING_REFRESH_ENABLED: 'false' } });
  [shop, rival] = [await stack.newMerchant(), await stack.newMerchant()];
  [delivered, held, travelling, open] = await labelled(shop, ['Lucia CONSEGNA IMMEDIATA', 'Marco GIACENZA CONSEGNA IMMEDIATA', 'Anna Verdi', 'Paolo Neri']);
  [rivalShipped] = await labelled(rival, ['Rita CONSEGNA IMMEDIATA']);
  expect(await shop.api.closeWorkday({ shipmentIds: [delivered, held, travelling] })).toMatchObject({ processed: 3, failed: 0 });
  expect(await rival.api.closeWorkday({ shipmentIds: [rivalShipped] })).toMatchObject({ processed: 1, failed: 0 });
}, 180_000);
afterAll(() => stack?.stop(), 60_000);

describe('GetShipment: the tracking events and alerts (issue 26)', () => {
  it('before any carrier event: no events, no alerts', async () => {
    const d = await details(open);
    expect(d.shipment).toMatchObject({ status: 'shipped', trackingStatus: '', trackingAlerts: [] });
    expect(d.trackingEvents).toEqual([]);
    // GLS knows nothing before the close: the refusal keeps nothing.
    expect((await failure(shop.api.updateTracking({ id: open }))).code).toBe(grpcStatus.FAILED_PRECONDITION);
    expect((await details(open)).trackingEvents).toEqual([]);
  });

  it("'Aggiorna tracking' keeps every step GLS reported; the details answer them newest first, each with Smista's status, code, words and place", async () => {
    const answer = await shop.api.updateTracking({ id: delivered });
    expect(answer.shipment).toMatchObject({ status: 'delivered', trackingStatus: 'delivered', trackingAlerts: [] });
    const d = await details(delivered);
    const events = d.trackingEvents;
    // GLS's walk for a parcel delivered at once (all in the same minute, kept in GLS's order), newest
    // first: delivered, out for delivery, at the destination branch, left, data received (the
    // sandbox may add steps between, e.g. a hub).
    const walk = ['CONSEGNATA.', 'IN CONSEGNA', 'ARRIVATA NELLA SEDE GLS DI DESTINAZIONE', 'SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.', 'DATI SPEDIZIONE TRASMESSI A GLS'];
    const descriptions = events.map((e) => e.description);
    expect(descriptions[0]).toMatch(/^CONSEGNATA\./);
    expect(descriptions.at(-1)).toBe('DATI SPEDIZIONE TRASMESSI A GLS');
    const found = walk.map((w) => descriptions.findIndex((d) => d.startsWith(w)));
    expect(found.every((i) => i >= 0)).toBe(true);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    expect(events[0]).toMatchObject({ status: 'delivered' });
    expect(events.at(-1)).toMatchObject({ status: 'info' });
    for (const e of events) {
      expect(isTrackingStatus(e.status)).toBe(true);
      expect(e.location).not.toBe('');
      expect(new Date(e.at).toISOString()).toBe(e.at);
      // The carrier's own code as the carriers service answered it ('' from an adapter that gives none).
      expect(typeof e.code).toBe('string');
    }
    const times = events.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Exactly what is stored, newest first; the shipment's own last event is the first step.
    const stored = await trackingEventsOf(stack.pool, shop.merchantId, delivered);
    expect(events).toEqual(
      [...stored].reverse().map((e) => ({ at: e.at.toISOString(), status: e.status, code: e.code, description: e.description, location: e.location })),
    );
    expect(d.shipment!.trackingUpdatedAt).toBe(events[0]!.at);
    // Asked again, GLS answers the whole history again: nothing is kept twice.
    await shop.api.updateTracking({ id: delivered });
    expect((await details(delivered)).trackingEvents).toEqual(events);
  });

  it('a parcel held at the depot: its alert in the details and in the list, in the Errori tab with the carrier’s words', async () => {
    await shop.api.updateTracking({ id: held });
    const d = await details(held);
    expect(d.trackingEvents[0]!.description).toMatch(/^IN GIACENZA/);
    // GLS's event 68 is a 'giacenza': held, or a delivery problem for an adapter that does not tell them apart.
    const status = d.trackingEvents[0]!.status;
    expect(['held', 'exception']).toContain(status);
    expect(d.shipment).toMatchObject({ status: 'shipped', trackingStatus: status, trackingAlerts: [status] });
    const reason = (status === 'held' ? m.problemHeld : m.problemException)(d.shipment!.trackingDescription);
    expect(d.shipment!.problem).toBe(reason);
    expect(d.shipment!.trackingDescription).toContain('IN GIACENZA');
    const listed = (await shop.api.listShipments(ALL)).shipments.find((s) => s.id === held);
    expect(listed).toMatchObject({ trackingAlerts: [status], problem: reason });
    expect((await errori()).get(held)).toBe(reason);
  });

  it('a parcel on its way is no problem: its steps, no alert, not in Errori', async () => {
    await shop.api.updateTracking({ id: travelling });
    const d = await details(travelling);
    // GLS's first two events at the close, oldest last.
    expect(d.trackingEvents.slice(-2).map((e) => [e.description, e.status])).toEqual([
      ['SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.', 'in_transit'],
      ['DATI SPEDIZIONE TRASMESSI A GLS', 'info'],
    ]);
    expect(d.shipment).toMatchObject({ status: 'shipped', trackingStatus: 'in_transit', trackingAlerts: [], problem: '' });
    expect((await errori()).has(travelling)).toBe(false);
    const list = await shop.api.listShipments(ALL);
    expect(list.shipments.every((s) => Array.isArray(s.trackingAlerts))).toBe(true);
  });

  it("another merchant's shipment is NOT_FOUND, events and all; its events never reach this merchant", async () => {
    await rival.api.updateTracking({ id: rivalShipped });
    expect((await details(rivalShipped, rival)).trackingEvents.length).toBeGreaterThan(0);
    expect(await failure(details(rivalShipped))).toEqual(NOT_FOUND);
    expect(await trackingEventsOf(stack.pool, shop.merchantId, rivalShipped)).toEqual([]);
    expect(await failure(details(987_654_321))).toEqual(NOT_FOUND);
  });
});

describe('the Errori tab: the list’s predicate and the row’s reason are one rule (issue 26)', () => {
  const DAY_MS = 86_400_000;

  /** Sets the travelling shipment's tracking state as a tracking read would have left it. */
  async function state(s: { status?: string; trackingStatus: string | null; description?: string; alerts: string[]; lastMovementDaysAgo: number }): Promise<Date> {
    const at = new Date(Date.now() - s.lastMovementDaysAgo * DAY_MS);
    await stack.pool.query(
      `UPDATE shipments SET status = $2, tracking_status = $3, tracking_description = $4, tracking_updated_at = $5, tracking_alerts = $6 WHERE id = $1`,
      [travelling, s.status ?? 'shipped', s.trackingStatus, s.description ?? 'IN TRANSITO - MILANO', at, s.alerts],
    );
    return at;
  }

  afterAll(() => state({ trackingStatus: 'in_transit', alerts: [], lastMovementDaysAgo: 0 }));

  it.each<[string, Parameters<typeof state>[0], (lastMovement: Date) => string | null]>([
    ['in transit, moved today', { trackingStatus: 'in_transit', alerts: [], lastMovementDaysAgo: 0 }, () => null],
    ['only old, without the stored alert (no calendar-day rule)', { trackingStatus: 'in_transit', alerts: [], lastMovementDaysAgo: 20 }, () => null],
    ['stalled', { trackingStatus: 'in_transit', alerts: ['stalled'], lastMovementDaysAgo: 10 }, (at) => m.problemStalled(workingDaysBetween(at, new Date()))],
    ['late', { trackingStatus: 'out_for_delivery', alerts: ['late'], lastMovementDaysAgo: 0 }, () => m.problemLate],
    ['held', { trackingStatus: 'held', description: 'IN GIACENZA - MILANO', alerts: ['held'], lastMovementDaysAgo: 1 }, () => m.problemHeld('IN GIACENZA - MILANO')],
    ['returned and late', { trackingStatus: 'returned', description: 'RESO AL MITTENTE', alerts: ['returned', 'late'], lastMovementDaysAgo: 1 }, () => `${m.problemReturned('RESO AL MITTENTE')} · ${m.problemLate}`],
    ['a delivery problem, no alert stored yet', { trackingStatus: 'exception', description: 'DESTINATARIO ASSENTE', alerts: [], lastMovementDaysAgo: 0 }, () => m.problemException('DESTINATARIO ASSENTE')],
    ['delivered, whatever its alerts', { status: 'delivered', trackingStatus: 'delivered', alerts: ['late'], lastMovementDaysAgo: 0 }, () => null],
  ])('%s', async (_name, s, expected) => {
    const at = await state(s);
    const want = expected(at);
    const row: shipments.Shipment = (await details(travelling)).shipment!;
    expect(row.problem).toBe(want ?? '');
    expect((await errori()).get(travelling) ?? null).toBe(want);
    const tabs = (await shop.api.listShipments({ ...ALL, search: row.orderExternalId })).statusCounts;
    expect(tabs.find((c) => c.status === 'error')?.count).toBe(want ? 1 : 0);
  });
});
