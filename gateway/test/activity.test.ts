/**
 * Notifications and recent activity over real HTTP (issue 11): gateway → activity over gRPC, the
 * notifications raised from real events on the shared NATS (as carriers and shipments publish
 * them). Read marks are per user; another merchant's ids are the same 404 as unknown ones; bad ids
 * and limits are Italian 4xx, never a 500.
 */
import { randomUUID } from 'node:crypto';
import { activityMessages as m, type ActivityJson, type NotificationsJson } from '@smista/contracts';
import { carriersEvents, shipmentsEvents } from '@smista/proto';
import { connectNats, ensureStream, type Nats } from '@smista/service-kit';
import { startApp, type TestApp } from '../../e2e/support/app';
import { sharedInfra } from '../../e2e/support/env';
import { Client, eventually, join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';

let app: TestApp;
let nats: Nats;
let admin: Member;
let user: Member;
let rival: Member;
let shop: { id: string; name: string };
let rivalShop: { id: string; name: string };

async function lowStock(merchantId: string, integrationId: number, available: number): Promise<void> {
  const event = carriersEvents.TrackingCodesLowStock.fromPartial({ integrationId, merchantId, provider: 'posta_1', available, threshold: 10, occurredAt: new Date().toISOString() });
  await nats.js.publish('carriers.codes.low_stock', carriersEvents.TrackingCodesLowStock.encode(event).finish(), { msgID: randomUUID() });
}

async function notifications(who: Member, query = ''): Promise<NotificationsJson> {
  const res = await who.b.get(`/api/notifications${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
  nats = await connectNats(sharedInfra().natsUrl, 'gateway-activity-test');
  await ensureStream(nats.jsm, { name: 'CARRIERS', subjects: ['carriers.>'] });
  await ensureStream(nats.jsm, { name: 'SHIPMENTS', subjects: ['shipments.>'] });
  admin = await registered(app.baseUrl);
  shop = await ownMerchant(admin);
  user = await registered(app.baseUrl);
  await join(admin, shop, user, 'user');
  expect((await user.b.post('/api/merchants/select', { merchantId: shop.id })).status).toBe(200);
  rival = await registered(app.baseUrl);
  rivalShop = await ownMerchant(rival);
}, 180_000);

afterAll(async () => {
  await nats?.nc.drain();
  await app?.stop();
}, 60_000);

describe('a new merchant', () => {
  it('has no notifications and no activity: nothing invented', async () => {
    expect(await notifications(admin)).toEqual({ notifications: [], unreadCount: 0 });
    const activity = await admin.b.get('/api/activity');
    expect(activity).toMatchObject({ status: 200, body: [] });
  });
});

describe('GET /api/notifications and the read marks', () => {
  let mine: number[] = [];
  let theirs = 0;

  beforeAll(async () => {
    await lowStock(shop.id, 7, 4);
    await lowStock(shop.id, 8, 1);
    await lowStock(rivalShop.id, 9, 2);
    expect(await eventually(async () => (await notifications(admin)).notifications.length === 2 && (await notifications(rival)).notifications.length === 1, 20_000)).toBe(true);
    mine = (await notifications(admin)).notifications.map((n) => n.id);
    theirs = (await notifications(rival)).notifications[0]!.id;
  }, 30_000);

  it('answers the newest first with their links, unread for every member', async () => {
    const list = await notifications(user);
    expect(list.unreadCount).toBe(2);
    expect(list.notifications.map((n) => n.text).sort()).toEqual(
      ['Resta 1 codice di tracciamento Posta1: aggiungine altri prima che finiscano.', 'Restano 4 codici di tracciamento Posta1: aggiungine altri prima che finiscano.'].sort(),
    );
    expect(list.notifications[0]).toEqual({
      id: expect.any(Number),
      kind: 'codes_low',
      title: 'Codici di tracciamento in esaurimento',
      text: expect.any(String),
      link: expect.stringMatching(/^\/carriers\/posta_1\/setup\?edit=[78]$/),
      createdAt: expect.any(String),
      read: false,
    });
    expect((await notifications(user, '?limit=1')).notifications).toHaveLength(1);
  });

  it('POST /api/notifications/{id}/read marks it for the caller only', async () => {
    expect(await admin.b.post(`/api/notifications/${mine[0]}/read`)).toMatchObject({ status: 200, body: { success: true, marked: 1, unreadCount: 1 } });
    expect(await admin.b.post(`/api/notifications/${mine[0]}/read`)).toMatchObject({ status: 200, body: { success: true, marked: 0, unreadCount: 1 } });
    expect((await notifications(admin)).notifications.find((n) => n.id === mine[0])?.read).toBe(true);
    expect((await notifications(user)).unreadCount).toBe(2);
  });

  it('POST /api/notifications/read-all marks the rest, of this merchant only', async () => {
    expect(await user.b.post('/api/notifications/read-all')).toMatchObject({ status: 200, body: { success: true, marked: 2, unreadCount: 0 } });
    expect((await notifications(user)).notifications.every((n) => n.read)).toBe(true);
    expect((await notifications(admin)).unreadCount).toBe(1);
    expect((await notifications(rival)).unreadCount).toBe(1);
  });

  it("another merchant's notification, an unknown one and malformed ids are the same 404, never a 500", async () => {
    for (const id of [String(theirs), '999999999', '0', '-1', 'abc', '1e3', '12.5', '9'.repeat(40)]) {
      const res = await admin.b.post(`/api/notifications/${id}/read`);
      expect({ id, status: res.status, message: res.body?.message }).toEqual({ id, status: 404, message: m.notificationNotFound });
    }
    // A NUL character is refused before any service is asked, like everywhere.
    expect(await admin.b.post('/api/notifications/%00/read')).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    // Nothing of the rival's was touched.
    expect((await notifications(rival)).notifications[0]!.read).toBe(false);
  });

  it('a bad limit is a 400 in Italian', async () => {
    for (const limit of ['0', '101', 'abc', '-1', '2.5']) {
      const res = await admin.b.get(`/api/notifications?limit=${limit}`);
      expect({ limit, status: res.status, message: res.body?.message }).toEqual({ limit, status: 400, message: m.limitInvalid });
    }
    expect((await admin.b.get('/api/activity?limit=1000')).status).toBe(400);
  });

  it('needs a session, and a selected merchant', async () => {
    const anonymous = new Client(app.baseUrl);
    expect((await anonymous.get('/api/notifications')).status).toBe(401);
    expect((await anonymous.post('/api/notifications/read-all')).status).toBe(401);
    expect((await anonymous.get('/api/activity')).status).toBe(401);
    const loner = await registered(app.baseUrl);
    const res = await loner.b.get('/api/notifications');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('GET /api/activity', () => {
  it("answers the merchant's lines with their counts, newest first", async () => {
    const run = randomUUID();
    for (const shipmentId of [1, 2]) {
      const event = shipmentsEvents.ShipmentLabelled.fromPartial({ shipmentId, merchantId: shop.id, carrierProvider: 'posta_1', runId: run, occurredAt: new Date().toISOString() });
      await nats.js.publish('shipments.shipment.labelled', shipmentsEvents.ShipmentLabelled.encode(event).finish(), { msgID: randomUUID() });
    }
    expect(await eventually(async () => ((await admin.b.get('/api/activity')).body as ActivityJson[])[0]?.count === 2, 20_000)).toBe(true);
    const res = await user.b.get('/api/activity?limit=5');
    expect(res.body).toEqual([{ id: expect.any(Number), kind: 'labels_created', text: '2 etichette create', count: 2, occurredAt: expect.any(String) }]);
    expect((await rival.b.get('/api/activity')).body).toEqual([]);
  }, 30_000);
});

describe('notifications that resolve themselves, and the actions a merchant looks for', () => {
  it('a pool refilled: its notification leaves the list and the unread count of every member; the refill and the carrier are in the activity', async () => {
    const at = Date.now();
    await lowStock(shop.id, 17, 3);
    expect(await eventually(async () => (await notifications(user)).notifications.some((n) => n.link.endsWith('edit=17')), 20_000)).toBe(true);
    const unreadBefore = (await notifications(user)).unreadCount;
    const restocked = carriersEvents.TrackingCodesRestocked.fromPartial({ integrationId: 17, merchantId: shop.id, provider: 'posta_1', available: 30, threshold: 10, occurredAt: new Date(at + 1_000).toISOString() });
    await nats.js.publish('carriers.codes.restocked', carriersEvents.TrackingCodesRestocked.encode(restocked).finish(), { msgID: randomUUID() });
    expect(await eventually(async () => !(await notifications(user)).notifications.some((n) => n.link.endsWith('edit=17')), 20_000)).toBe(true);
    expect((await notifications(user)).unreadCount).toBe(unreadBefore - 1);
    expect((await notifications(admin)).notifications.some((n) => n.link.endsWith('edit=17'))).toBe(false);

    const connected = carriersEvents.CarrierIntegrationChanged.fromPartial({ integrationId: 17, merchantId: shop.id, provider: 'posta_1', connectionName: 'Posta1 sede', status: 'active', active: true, change: 'created', occurredAt: new Date(at + 2_000).toISOString() });
    await nats.js.publish('carriers.integration.changed', carriersEvents.CarrierIntegrationChanged.encode(connected).finish(), { msgID: randomUUID() });
    const cancelled = shipmentsEvents.ShipmentCancelled.fromPartial({ shipmentId: 41, merchantId: shop.id, previousStatus: 'shipped', occurredAt: new Date(at + 3_000).toISOString() });
    await nats.js.publish('shipments.shipment.cancelled', shipmentsEvents.ShipmentCancelled.encode(cancelled).finish(), { msgID: randomUUID() });
    expect(await eventually(async () => ((await admin.b.get('/api/activity')).body as ActivityJson[]).length >= 3, 20_000)).toBe(true);
    const lines = ((await user.b.get('/api/activity')).body as ActivityJson[]).map((a) => [a.kind, a.text]);
    expect(lines.slice(0, 2)).toEqual([
      ['shipment_cancelled', 'Spedizione #41 annullata'],
      ['carrier_connected', 'Corriere Posta1 collegato: «Posta1 sede»'],
    ]);
    expect(((await rival.b.get('/api/activity')).body as ActivityJson[]).map((a) => a.kind)).not.toContain('carrier_connected');
  }, 60_000);
});
