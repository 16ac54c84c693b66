import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { activityMessages as m, marketplaceMessages } from '@smista/contracts';
import { failure, startActivityStack, type ActivityApi, type ActivityStack } from './support/harness';

/*
 * The activity service against real PostgreSQL and NATS: each notification kind from its event (and
 * the periodic checks), read marks per user, tenancy, idempotency, the recent activity, and the
 * GLS workday reminder once per merchant and day with two replicas.
 */

let stack: ActivityStack;

/** A merchant with two members; ids of other services' rows start where the test says. */
interface Shop {
  merchantId: string;
  alice: ActivityApi;
  bruno: ActivityApi;
}
const newShop = (): Shop => {
  const merchantId = randomUUID();
  return { merchantId, alice: stack.as(randomUUID(), merchantId, 'admin'), bruno: stack.as(randomUUID(), merchantId, 'user') };
};

beforeAll(async () => {
  // 10:00 in Rome (summer time): before the workday reminder.
  stack = await startActivityStack({ now: '2026-06-01T08:00:00Z' });
}, 60_000);
afterAll(() => stack?.stop(), 30_000);

const notificationsOf = async (api: ActivityApi) => api.listNotifications({ limit: 0 });
const day = 86_400_000;

describe('notifications from events', () => {
  it("a failed sync: its reason and the integration's page, until a later sync of the integration succeeds; only new orders are imports", async () => {
    const shop = newShop();
    await stack.deliver('marketplaces.sync.finished', {
      jobId: 41,
      integrationId: 3,
      merchantId: shop.merchantId,
      provider: 'ebay',
      status: 'failed',
      ordersFound: 0,
      ordersSynced: 0,
      errorMessage: marketplaceMessages.syncUnavailable('eBay'),
      occurredAt: '2026-06-01T07:50:00.000Z',
    });
    const { notifications, unreadCount } = await notificationsOf(shop.alice);
    expect(unreadCount).toBe(1);
    expect(notifications).toEqual([
      {
        id: expect.any(Number),
        kind: 'sync_failed',
        title: 'Sincronizzazione non riuscita',
        text: `La sincronizzazione degli ordini eBay non è riuscita: ${marketplaceMessages.syncUnavailable('eBay')}`,
        link: '/dashboard/integration/3',
        createdAt: '2026-06-01T07:50:00.000Z',
        read: false,
      },
    ]);
    // Another integration's success answers nothing.
    await stack.deliver('marketplaces.sync.finished', { jobId: 42, integrationId: 4, merchantId: shop.merchantId, provider: 'ebay', status: 'completed', occurredAt: '2026-06-01T07:52:00.000Z' });
    expect((await notificationsOf(shop.alice)).unreadCount).toBe(1);
    await stack.deliver('marketplaces.sync.finished', {
      jobId: 43,
      integrationId: 3,
      merchantId: shop.merchantId,
      provider: 'ebay',
      status: 'completed',
      ordersFound: 12,
      ordersSynced: 12,
      ordersNew: 12,
      occurredAt: '2026-06-01T07:55:00.000Z',
    });
    // The sync succeeded: the failure resolved itself (gone from the list and the count).
    expect(await notificationsOf(shop.alice)).toEqual({ notifications: [], unreadCount: 0 });
    // After a tracking push, eBay changed 13 orders: two syncs read them again (their windows
    // overlap). Updates, not imports: the activity says '12 ordini importati' once.
    for (const jobId of [44, 45]) {
      await stack.deliver('marketplaces.sync.finished', {
        jobId,
        integrationId: 3,
        merchantId: shop.merchantId,
        provider: 'ebay',
        status: 'completed',
        ordersFound: 13,
        ordersSynced: 13,
        ordersNew: 0,
        occurredAt: `2026-06-01T07:5${jobId - 38}:00.000Z`,
      });
    }
    expect((await shop.alice.listActivity({ limit: 0 })).entries).toEqual([
      { id: expect.any(Number), kind: 'orders_imported', text: '12 ordini importati da eBay', count: 12, occurredAt: '2026-06-01T07:55:00.000Z' },
    ]);
  });

  it('a failed sync read after its integration was deleted (another consumer was first) comes resolved', async () => {
    const shop = newShop();
    await stack.deliver('marketplaces.integration.changed', { integrationId: 33, merchantId: shop.merchantId, provider: 'ebay', status: 'active', active: true, change: 'deleted', deleted: true, occurredAt: '2026-06-01T07:40:00.000Z' });
    await stack.deliver('marketplaces.sync.finished', { jobId: 90, integrationId: 33, merchantId: shop.merchantId, provider: 'ebay', status: 'failed', errorMessage: 'x', occurredAt: '2026-06-01T07:39:00.000Z' });
    expect(await notificationsOf(shop.alice)).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('a refused marketplace token notifies at once, once per refusal, and resolves itself when the seller connects again', async () => {
    const shop = newShop();
    const base = { integrationId: 5, merchantId: shop.merchantId, provider: 'ebay', active: true, refreshTokenExpiresAt: '2027-12-01T00:00:00.000Z' };
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'active', change: 'connected', occurredAt: '2026-06-01T07:00:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications).toEqual([]);
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'error', change: 'token_refused', occurredAt: '2026-06-01T07:10:00.000Z' });
    // Still in error (switched off and on): no second notification, and the first stands.
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'inactive', active: false, change: 'toggled', occurredAt: '2026-06-01T07:15:00.000Z' });
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'error', change: 'toggled', occurredAt: '2026-06-01T07:20:00.000Z' });
    const { notifications } = await notificationsOf(shop.alice);
    expect(notifications).toEqual([
      expect.objectContaining({ kind: 'token_refused', title: 'Autorizzazione rifiutata', text: marketplaceMessages.tokenRefused('eBay'), link: '/dashboard/integration/5' }),
    ]);
    // Connected again: the refusal is answered.
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'active', change: 'reconnected', occurredAt: '2026-06-01T07:30:00.000Z' });
    expect(await notificationsOf(shop.alice)).toEqual({ notifications: [], unreadCount: 0 });
    // Refused again: a new refusal.
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'error', change: 'token_refused', occurredAt: '2026-06-01T07:40:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications.map((n) => [n.kind, n.createdAt])).toEqual([['token_refused', '2026-06-01T07:40:00.000Z']]);
  });

  it('a token expiring within 30 days: at once when the event says so, from the hourly check when the date comes near; once per expiry', async () => {
    const shop = newShop();
    const now = stack.clock.now().getTime();
    const soon = new Date(now + 10 * day).toISOString();
    const later = new Date(now + 40 * day).toISOString();
    const event = { merchantId: shop.merchantId, provider: 'ebay', status: 'active', active: true };
    await stack.deliver('marketplaces.integration.changed', { ...event, integrationId: 6, refreshTokenExpiresAt: soon, occurredAt: '2026-06-01T07:00:00.000Z' });
    await stack.deliver('marketplaces.integration.changed', { ...event, integrationId: 7, refreshTokenExpiresAt: later, occurredAt: '2026-06-01T07:00:00.000Z' });
    // The same integration changed again (access token refreshed), same expiry: nothing new.
    await stack.deliver('marketplaces.integration.changed', { ...event, integrationId: 6, refreshTokenExpiresAt: soon, occurredAt: '2026-06-01T07:05:00.000Z' });
    expect(await stack.replicas[0]!.checks.checkTokens()).toBe(0);
    let { notifications } = await notificationsOf(shop.alice);
    expect(notifications).toEqual([
      expect.objectContaining({ kind: 'token_expiring', title: 'Autorizzazione in scadenza', text: marketplaceMessages.tokenExpiresSoon('eBay', '11/06/2026'), link: '/dashboard/integration/6' }),
    ]);

    // Eleven days on, the second one is 29 days away; the hourly check finds it (once, with two replicas checking).
    stack.clock.set(new Date(now + 11 * day).toISOString());
    try {
      const second = stack.replicas[1] ?? (await stack.addReplica());
      const raised = await Promise.all([stack.replicas[0]!.checks.checkTokens(), second.checks.checkTokens()]);
      // (the new replica's check at start may have been first: never more than one in all)
      expect(raised.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
      ({ notifications } = await notificationsOf(shop.alice));
      expect(notifications.map((n) => n.text).sort()).toEqual(
        [marketplaceMessages.tokenExpiresSoon('eBay', '11/07/2026'), marketplaceMessages.tokenExpiresSoon('eBay', '11/06/2026')].sort(),
      );
      // A deleted integration is not checked any more.
      await stack.deliver('marketplaces.integration.changed', { ...event, integrationId: 8, deleted: true, refreshTokenExpiresAt: soon, occurredAt: '2026-06-01T07:00:00.000Z' });
      await stack.replicas[0]!.checks.checkTokens();
      expect((await notificationsOf(shop.alice)).notifications).toHaveLength(2);
      // The first one connected again: a refresh token 18 months away. Its warning is answered; the other stands.
      await stack.deliver('marketplaces.integration.changed', {
        ...event,
        integrationId: 6,
        change: 'reconnected',
        refreshTokenExpiresAt: new Date(now + 540 * day).toISOString(),
        occurredAt: '2026-06-01T07:10:00.000Z',
      });
      await stack.replicas[0]!.checks.checkTokens();
      expect((await notificationsOf(shop.alice)).notifications.map((n) => [n.text, n.link])).toEqual([
        [marketplaceMessages.tokenExpiresSoon('eBay', '11/07/2026'), '/dashboard/integration/7'],
      ]);
    } finally {
      stack.clock.set('2026-06-01T08:00:00Z');
    }
  });

  it("tracking codes under 10: the pool's setup page; the same fall told again notifies once", async () => {
    const shop = newShop();
    const event = { integrationId: 9, merchantId: shop.merchantId, provider: 'posta_1', available: 4, threshold: 10, occurredAt: '2026-06-01T07:30:00.000Z' };
    const first = await stack.deliver('carriers.codes.low_stock', event);
    // A relay that published again with the same id (NATS keeps one), and a repeat under a new id.
    await stack.publish('carriers.codes.low_stock', event, first);
    await stack.deliver('carriers.codes.low_stock', event);
    expect((await notificationsOf(shop.alice)).notifications).toEqual([
      expect.objectContaining({
        kind: 'codes_low',
        title: 'Codici di tracciamento in esaurimento',
        text: 'Restano 4 codici di tracciamento Posta1: aggiungine altri prima che finiscano.',
        link: '/carriers/posta_1/setup?edit=9',
      }),
    ]);
  });

  it('a pool refilled answers its warning; a fall read after the refill (the other consumer was first) comes resolved; a deleted carrier none stands', async () => {
    const shop = newShop();
    const low = { merchantId: shop.merchantId, provider: 'posta_1', available: 4, threshold: 10 };
    await stack.deliver('carriers.codes.low_stock', { ...low, integrationId: 10, occurredAt: '2026-06-01T07:30:00.000Z' });
    await stack.deliver('carriers.codes.low_stock', { ...low, integrationId: 11, occurredAt: '2026-06-01T07:31:00.000Z' });
    expect((await notificationsOf(shop.alice)).unreadCount).toBe(2);
    await stack.deliver('carriers.codes.restocked', { ...low, integrationId: 10, available: 25, occurredAt: '2026-06-01T07:40:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications.map((n) => n.link)).toEqual(['/carriers/posta_1/setup?edit=11']);
    // Integration 12: refilled at 07:50 and its fall of 07:45 read only now.
    await stack.deliver('carriers.codes.restocked', { ...low, integrationId: 12, available: 30, occurredAt: '2026-06-01T07:50:00.000Z' });
    await stack.deliver('carriers.codes.low_stock', { ...low, integrationId: 12, occurredAt: '2026-06-01T07:45:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications.map((n) => n.link)).toEqual(['/carriers/posta_1/setup?edit=11']);
    // It falls again later: a new warning.
    await stack.deliver('carriers.codes.low_stock', { ...low, integrationId: 12, available: 9, occurredAt: '2026-06-01T07:55:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications.map((n) => n.link)).toEqual(['/carriers/posta_1/setup?edit=12', '/carriers/posta_1/setup?edit=11']);
    // Both carrier integrations deleted: nothing about them stands.
    for (const integrationId of [11, 12]) {
      await stack.deliver('carriers.integration.changed', { integrationId, merchantId: shop.merchantId, provider: 'posta_1', connectionName: 'Posta1', change: 'deleted', deleted: true, occurredAt: '2026-06-01T07:58:00.000Z' });
    }
    expect(await notificationsOf(shop.alice)).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('failed labels: one notification per processing run that counts them, to the Errori tab; a repeated failure is not counted twice', async () => {
    const shop = newShop();
    const run = randomUUID();
    const failed = (shipmentId: number, runId = run) => ({
      shipmentId,
      merchantId: shop.merchantId,
      orderId: shipmentId + 100,
      carrierProvider: 'gls',
      errorMessage: 'GLS: CAP non valido',
      runId,
      externalOrderId: `12-${shipmentId}-777`,
      occurredAt: '2026-06-01T07:45:00.000Z',
    });
    await stack.deliver('shipments.shipment.failed', failed(1));
    let { notifications } = await notificationsOf(shop.alice);
    expect(notifications).toEqual([
      expect.objectContaining({ kind: 'labels_failed', title: 'Etichette non create', text: '1 etichetta non creata: GLS: CAP non valido', link: '/dashboard/shipments?search=12-1-777' }),
    ]);
    await shop.alice.markNotificationRead({ id: notifications[0]!.id });
    for (const id of [2, 3, 2]) await stack.deliver('shipments.shipment.failed', failed(id));
    ({ notifications } = await notificationsOf(shop.alice));
    // It grew: unread again, with the count.
    expect(notifications).toEqual([expect.objectContaining({ text: '3 etichette non create: correggi le spedizioni in errore e processale di nuovo.', read: false })]);
    await stack.deliver('shipments.shipment.failed', failed(4, randomUUID()));
    expect((await notificationsOf(shop.alice)).notifications.map((n) => n.text)).toEqual([
      '1 etichetta non creata: GLS: CAP non valido',
      '3 etichette non create: correggi le spedizioni in errore e processale di nuovo.',
    ]);
  });

  it("'Etichette non create' says what is left as labels are made and cancelled, and resolves itself when none is left", async () => {
    const shop = newShop();
    const run = randomUUID();
    const failed = (shipmentId: number) => ({
      shipmentId,
      merchantId: shop.merchantId,
      orderId: shipmentId + 100,
      carrierProvider: 'gls',
      errorMessage: `GLS: CAP non valido (${shipmentId})`,
      runId: run,
      externalOrderId: `12-${shipmentId}-777`,
      occurredAt: '2026-06-01T07:45:00.000Z',
    });
    for (const id of [1, 2, 3]) await stack.deliver('shipments.shipment.failed', failed(id));
    const first = (await notificationsOf(shop.alice)).notifications;
    expect(first.map((n) => [n.text, n.link])).toEqual([['3 etichette non create: correggi le spedizioni in errore e processale di nuovo.', '/dashboard/shipments?status=error']]);
    await shop.alice.markNotificationRead({ id: first[0]!.id });

    // Shipment 1 labelled by a later run: two left (it says less: still read).
    await stack.deliver('shipments.shipment.labelled', { shipmentId: 1, merchantId: shop.merchantId, carrierProvider: 'posta_1', runId: randomUUID(), occurredAt: '2026-06-01T07:50:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications.map((n) => [n.text, n.read])).toEqual([['2 etichette non create: correggi le spedizioni in errore e processale di nuovo.', true]]);
    // Shipment 2 cancelled: one left, which says why and leads to its order's shipments.
    await stack.deliver('shipments.shipment.cancelled', { shipmentId: 2, merchantId: shop.merchantId, previousStatus: 'error', occurredAt: '2026-06-01T07:51:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications.map((n) => [n.text, n.link])).toEqual([['1 etichetta non creata: GLS: CAP non valido (3)', '/dashboard/shipments?search=12-3-777']]);
    // The last one labelled: the notification resolved itself, for every member.
    await stack.deliver('shipments.shipment.labelled', { shipmentId: 3, merchantId: shop.merchantId, carrierProvider: 'posta_1', runId: randomUUID(), occurredAt: '2026-06-01T07:52:00.000Z' });
    expect(await notificationsOf(shop.alice)).toEqual({ notifications: [], unreadCount: 0 });
    expect(await notificationsOf(shop.bruno)).toEqual({ notifications: [], unreadCount: 0 });
    // Redelivered failures of before the label (another message id) raise nothing again.
    await stack.deliver('shipments.shipment.failed', failed(3));
    expect((await notificationsOf(shop.alice)).notifications).toEqual([]);
    // A failure read after the label that followed it (the labels' consumer was first): not a problem.
    await stack.deliver('shipments.shipment.labelled', { shipmentId: 9, merchantId: shop.merchantId, carrierProvider: 'posta_1', runId: randomUUID(), occurredAt: '2026-06-01T07:55:00.000Z' });
    await stack.deliver('shipments.shipment.failed', { ...failed(9), runId: randomUUID(), occurredAt: '2026-06-01T07:54:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications).toEqual([]);
    // A shipment that fails again after its label (a new run): a new notification.
    await stack.deliver('shipments.shipment.failed', { ...failed(9), runId: randomUUID(), occurredAt: '2026-06-01T07:56:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications.map((n) => n.text)).toEqual(['1 etichetta non creata: GLS: CAP non valido (9)']);
  });
});

describe('parcels on their way (issue 26)', () => {
  const update = (merchantId: string, patch: Record<string, unknown>) => ({
    shipmentId: 41,
    merchantId,
    orderId: 9,
    trackingNumber: 'MI000000041',
    trackingStatus: 'in_transit',
    description: 'IN TRANSITO - BOLOGNA',
    delivered: false,
    status: 'shipped',
    occurredAt: '2026-06-01T07:00:00.000Z',
    externalOrderId: '12-00041-00001',
    carrierProvider: 'gls',
    carrierIntegrationId: 3,
    previousTrackingStatus: '',
    lastMovementAt: '2026-06-01T06:00:00.000Z',
    alerts: [] as string[],
    promisedDeliveryAt: '',
    ...patch,
  });

  it('held: one notification per cause, told again or redelivered; moving on resolves it; stalled, then delivered, none stands and the delivery is a line of activity', async () => {
    const shop = newShop();
    const held = update(shop.merchantId, { trackingStatus: 'held', description: 'IN GIACENZA: DESTINATARIO ASSENTE - ROMA', alerts: ['held'], lastMovementAt: '2026-06-01T06:30:00.000Z' });
    const first = await stack.deliver('shipments.shipment.tracking_updated', held);
    await stack.publish('shipments.shipment.tracking_updated', held, first);
    await stack.deliver('shipments.shipment.tracking_updated', { ...held, occurredAt: '2026-06-01T07:05:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications).toEqual([
      expect.objectContaining({
        kind: 'parcel_held',
        title: 'Pacco in giacenza',
        text: "Il pacco dell'ordine 12-00041-00001 (GLS MI000000041) è in giacenza: «IN GIACENZA: DESTINATARIO ASSENTE - ROMA»: contatta il destinatario o dai istruzioni al corriere prima che torni indietro.",
        link: '/dashboard/shipments?search=12-00041-00001',
      }),
    ]);
    // Out for delivery again: the giacenza is behind it.
    await stack.deliver('shipments.shipment.tracking_updated', update(shop.merchantId, { trackingStatus: 'out_for_delivery', occurredAt: '2026-06-01T07:10:00.000Z', lastMovementAt: '2026-06-01T07:09:00.000Z' }));
    expect(await notificationsOf(shop.alice)).toEqual({ notifications: [], unreadCount: 0 });
    await stack.deliver('shipments.shipment.tracking_updated', update(shop.merchantId, { alerts: ['stalled'], occurredAt: '2026-06-01T07:20:00.000Z', lastMovementAt: '2026-06-01T07:09:00.000Z' }));
    expect((await notificationsOf(shop.alice)).notifications.map((n) => [n.kind, n.title])).toEqual([['parcel_stalled', 'Pacco fermo']]);
    await stack.deliver(
      'shipments.shipment.tracking_updated',
      update(shop.merchantId, {
        trackingStatus: 'delivered',
        delivered: true,
        status: 'delivered',
        occurredAt: '2026-06-01T07:30:00.000Z',
        lastMovementAt: '2026-06-01T07:29:00.000Z',
        promisedDeliveryAt: '2026-05-31T21:59:59.000Z',
      }),
    );
    expect(await notificationsOf(shop.alice)).toEqual({ notifications: [], unreadCount: 0 });
    expect((await shop.alice.listActivity({ limit: 0 })).entries.map((a) => [a.kind, a.text])).toEqual([['shipment_delivered', 'Ordine 12-00041-00001 consegnato (spedizione #41), in ritardo: promessa entro il 31/05/2026']]);
  });

  it('an older update read late resolves nothing raised after it; returned and late each speak for themselves', async () => {
    const shop = newShop();
    await stack.deliver('shipments.shipment.tracking_updated', update(shop.merchantId, { shipmentId: 42, trackingStatus: 'returned', description: 'RESO AL MITTENTE', alerts: ['returned', 'late'], occurredAt: '2026-06-01T07:40:00.000Z', promisedDeliveryAt: '2026-05-30T21:59:59.000Z' }));
    await stack.deliver('shipments.shipment.tracking_updated', update(shop.merchantId, { shipmentId: 42, occurredAt: '2026-06-01T07:00:00.000Z' }));
    expect((await notificationsOf(shop.alice)).notifications.map((n) => [n.kind, n.title, n.text]).sort()).toEqual([
      ['delivery_late', 'Consegna in ritardo', "Il pacco dell'ordine 12-00041-00001 (GLS MI000000041) non è stato consegnato entro la data promessa all'acquirente (30/05/2026)."],
      ['parcel_exception', 'Pacco reso al mittente', "Il pacco dell'ordine 12-00041-00001 (GLS MI000000041) torna al mittente: «RESO AL MITTENTE»."],
    ]);
  });
});

describe('read marks, per user and per merchant', () => {
  let shop: Shop;
  let rival: Shop;
  let ids: number[];

  beforeAll(async () => {
    shop = newShop();
    rival = newShop();
    for (const [i, merchantId] of [shop.merchantId, shop.merchantId, rival.merchantId].entries()) {
      await stack.deliver('carriers.codes.low_stock', { integrationId: 20 + i, merchantId, provider: 'posta_rc', available: 2, threshold: 10, occurredAt: `2026-06-01T07:0${i}:00.000Z` });
    }
    ids = (await notificationsOf(shop.alice)).notifications.map((n) => n.id);
  });

  it("one member's read leaves the notification unread for the other", async () => {
    expect(ids).toHaveLength(2);
    expect(await shop.alice.markNotificationRead({ id: ids[0]! })).toEqual({ marked: 1, unreadCount: 1 });
    // Again: nothing changes.
    expect(await shop.alice.markNotificationRead({ id: ids[0]! })).toEqual({ marked: 0, unreadCount: 1 });
    expect((await notificationsOf(shop.alice)).notifications.map((n) => [n.id, n.read])).toEqual([
      [ids[0], true],
      [ids[1], false],
    ]);
    expect(await notificationsOf(shop.bruno)).toMatchObject({ unreadCount: 2, notifications: [{ read: false }, { read: false }] });
    expect(await shop.bruno.markAllNotificationsRead({})).toEqual({ marked: 2, unreadCount: 0 });
    expect((await notificationsOf(shop.alice)).unreadCount).toBe(1);
  });

  it("another merchant never sees them, and its ids answer like unknown ones", async () => {
    const theirs = await notificationsOf(rival.alice);
    expect(theirs.notifications).toHaveLength(1);
    expect(theirs.notifications[0]!.id).not.toBe(ids[0]);
    for (const id of [theirs.notifications[0]!.id, 999_999_999, 0, -4]) {
      expect(await failure(shop.alice.markNotificationRead({ id }))).toEqual({ code: status.NOT_FOUND, details: m.notificationNotFound });
    }
    // Mark-all reads only one's own merchant's.
    await shop.alice.markAllNotificationsRead({});
    expect((await notificationsOf(rival.alice)).unreadCount).toBe(1);
    expect((await notificationsOf(rival.bruno)).unreadCount).toBe(1);
  });

  it('answers nothing without a selected merchant', async () => {
    const outsider = stack.as(randomUUID(), undefined);
    expect((await failure(outsider.listNotifications({ limit: 0 }))).code).not.toBe(status.OK);
    expect((await failure(outsider.listActivity({ limit: 0 }))).code).not.toBe(status.OK);
  });

  it('the limit keeps the newest', async () => {
    const list = await shop.alice.listNotifications({ limit: 1 });
    expect(list.notifications.map((n) => n.id)).toEqual([ids[0]]);
    expect(list.unreadCount).toBe(0);
  });
});

describe('recent activity from events', () => {
  it('labels per run, deliveries, rules and carrier assignments, newest first, per merchant', async () => {
    const shop = newShop();
    const rival = newShop();
    const run = randomUUID();
    for (const shipmentId of [1, 2, 3]) {
      await stack.deliver('shipments.shipment.labelled', { shipmentId, merchantId: shop.merchantId, carrierProvider: 'posta_1', runId: run, occurredAt: `2026-06-01T07:0${shipmentId}:00.000Z` });
    }
    await stack.deliver('shipments.shipment.labelled', { shipmentId: 1, merchantId: rival.merchantId, carrierProvider: 'posta_1', runId: randomUUID(), occurredAt: '2026-06-01T07:04:00.000Z' });
    const delivered = { shipmentId: 2, merchantId: shop.merchantId, delivered: true, status: 'delivered', trackingStatus: 'delivered', occurredAt: '2026-06-01T07:10:00.000Z' };
    await stack.deliver('shipments.shipment.tracking_updated', delivered);
    // Told again by the carrier: still one line.
    await stack.deliver('shipments.shipment.tracking_updated', { ...delivered, occurredAt: '2026-06-01T07:11:00.000Z' });
    await stack.deliver('shipments.shipment.tracking_updated', { ...delivered, shipmentId: 3, delivered: false, status: 'shipped', occurredAt: '2026-06-01T07:12:00.000Z' });
    await stack.deliver('orders.rule.changed', { ruleId: 4, merchantId: shop.merchantId, name: 'Italia standard', change: 'updated', changedByUserId: randomUUID(), occurredAt: '2026-06-01T07:20:00.000Z' });
    await stack.deliver('orders.carriers.assigned', { merchantId: shop.merchantId, assigned: 3, total: 5, assignedByUserId: randomUUID(), occurredAt: '2026-06-01T07:30:00.000Z' });
    // Impostazioni > Team: single sign-on required of the members (issue 24).
    await stack.deliver('merchants.merchant.sso_required_changed', { merchantId: shop.merchantId, required: true, changedByUserId: randomUUID(), occurredAt: '2026-06-01T07:40:00.000Z' });
    expect((await shop.alice.listActivity({ limit: 0 })).entries.map((e) => [e.kind, e.text, e.count, e.occurredAt])).toEqual([
      ['sso_required_changed', 'Accesso con SSO reso obbligatorio per i membri del team', 1, '2026-06-01T07:40:00.000Z'],
      ['carriers_assigned', 'Assegna Corrieri: corriere assegnato a 3 ordini su 5', 3, '2026-06-01T07:30:00.000Z'],
      ['rule_changed', 'Regola di spedizione "Italia standard" aggiornata', 1, '2026-06-01T07:20:00.000Z'],
      ['shipment_delivered', 'Spedizione #2 consegnata', 1, '2026-06-01T07:11:00.000Z'],
      ['labels_created', '3 etichette create', 3, '2026-06-01T07:03:00.000Z'],
    ]);
    expect((await rival.alice.listActivity({ limit: 0 })).entries.map((e) => e.text)).toEqual(['1 etichetta creata']);
    expect((await shop.bruno.listActivity({ limit: 2 })).entries).toHaveLength(2);
  });

  it('every action a merchant looks for, once: the GLS close, a cancellation, tracking sent to eBay, carriers and marketplaces connected and disconnected', async () => {
    const shop = newShop();
    const run = randomUUID();
    const seller = { integrationId: 70, merchantId: shop.merchantId, provider: 'ebay', account: 'bottega_demo', status: 'active', active: true };
    await stack.deliver('marketplaces.integration.changed', { ...seller, change: 'connected', occurredAt: '2026-06-01T06:00:00.000Z' });
    // A token refresh and a settings change are no action of the merchant's to list.
    await stack.deliver('marketplaces.integration.changed', { ...seller, change: 'token_refreshed', occurredAt: '2026-06-01T06:01:00.000Z' });
    await stack.deliver('marketplaces.integration.changed', { ...seller, change: 'settings', occurredAt: '2026-06-01T06:02:00.000Z' });
    const gls = { integrationId: 71, merchantId: shop.merchantId, provider: 'gls', connectionName: 'GLS Milano', status: 'active', active: true };
    await stack.deliver('carriers.integration.changed', { ...gls, change: 'created', occurredAt: '2026-06-01T06:05:00.000Z' });
    await stack.deliver('carriers.integration.changed', { ...gls, change: 'status', occurredAt: '2026-06-01T06:05:01.000Z' });
    // Three labels of a run pushed to eBay; one push told twice (another message id), a retry and a skip say nothing.
    const pushed = (shipmentId: number, status = 'pushed') =>
      stack.deliver('marketplaces.tracking.attempted', { shipmentId, merchantId: shop.merchantId, orderId: shipmentId, integrationId: 70, marketplace: 'ebay', status, attempts: 1, runId: run, attemptedAt: `2026-06-01T06:1${shipmentId}:00.000Z` });
    for (const id of [1, 2, 3, 3]) await pushed(id);
    await pushed(4, 'retrying');
    await pushed(5, 'skipped');
    await stack.deliver('shipments.shipment.workday_closed', { merchantId: shop.merchantId, carrierIntegrationId: 71, carrierProvider: 'gls', shipmentIds: [1, 2, 3], manifestId: 8, occurredAt: '2026-06-01T06:30:00.000Z' });
    await stack.deliver('shipments.shipment.cancelled', { shipmentId: 6, merchantId: shop.merchantId, previousStatus: 'shipped', occurredAt: '2026-06-01T06:40:00.000Z' });
    await stack.deliver('carriers.integration.changed', { ...gls, active: false, change: 'toggled', occurredAt: '2026-06-01T06:50:00.000Z' });
    await stack.deliver('carriers.integration.changed', { ...gls, change: 'deleted', deleted: true, occurredAt: '2026-06-01T06:51:00.000Z' });
    await stack.deliver('marketplaces.integration.changed', { ...seller, change: 'deleted', deleted: true, occurredAt: '2026-06-01T06:55:00.000Z' });
    // The same deletion told again under another message id: still one line.
    await stack.deliver('marketplaces.integration.changed', { ...seller, change: 'deleted', deleted: true, occurredAt: '2026-06-01T06:55:00.000Z' });
    expect((await shop.alice.listActivity({ limit: 0 })).entries.map((e) => [e.kind, e.text])).toEqual([
      ['marketplace_disconnected', 'eBay scollegato: account «bottega_demo»'],
      ['carrier_disconnected', 'Corriere GLS scollegato: «GLS Milano»'],
      ['carrier_switched', 'Corriere GLS disattivato: «GLS Milano»'],
      ['shipment_cancelled', 'Spedizione #6 annullata'],
      ['workday_closed', 'Giornata GLS chiusa: 3 spedizioni confermate'],
      ['tracking_pushed', 'Tracking inviato a eBay per 3 spedizioni'],
      ['carrier_connected', 'Corriere GLS collegato: «GLS Milano»'],
      ['marketplace_connected', 'eBay collegato: account «bottega_demo»'],
    ]);
  });

  it("a marketplace's privacy request, each kind once per delivery, says what was asked and what was done; never the customer's e-mail", async () => {
    const shop = newShop();
    const request = { merchantId: shop.merchantId, integrationId: 80, provider: 'shopify', customerId: '191167', customerEmail: 'ornella.privata@example.it' };
    await stack.deliver('marketplaces.privacy.requested', { ...request, request: 'customer_data_request', externalOrderIds: ['5000000001'], dataRequestId: '9999', webhookId: 'w-1', requestedAt: '2026-06-01T06:00:00.000Z' });
    await stack.deliver('marketplaces.privacy.requested', { ...request, request: 'redact_customer', externalOrderIds: ['5000000001', '5000000002'], webhookId: 'w-2', requestedAt: '2026-06-01T06:10:00.000Z' });
    // The same delivery told again under another message id: still one line.
    await stack.deliver('marketplaces.privacy.requested', { ...request, request: 'redact_customer', externalOrderIds: ['5000000001', '5000000002'], webhookId: 'w-2', requestedAt: '2026-06-01T06:10:00.000Z' });
    await stack.deliver('marketplaces.privacy.requested', { ...request, customerId: '', customerEmail: '', request: 'redact_shop', webhookId: 'w-3', requestedAt: '2026-06-01T06:20:00.000Z' });
    const entries = (await shop.alice.listActivity({ limit: 0 })).entries;
    expect(entries.map((e) => [e.kind, e.text])).toEqual([
      ['privacy_requested', 'Richiesta privacy di Shopify eseguita: cancellati i dati personali dei clienti del negozio da tutti i suoi ordini e spedizioni'],
      ['privacy_requested', 'Richiesta privacy di Shopify eseguita: cancellati i dati personali di un cliente da ordini e spedizioni (ordini 5000000001, 5000000002 e quelli del suo indirizzo e-mail)'],
      ['privacy_requested', "Richiesta di Shopify dei dati di un cliente (n. 9999) registrata: i suoi dati in Smista sono nell'ordine 5000000001; nessun dato cancellato"],
    ]);
    expect(JSON.stringify(entries)).not.toContain('ornella');
    const { rows } = await stack.pool.query(`SELECT body FROM activity WHERE merchant_id = $1 AND body ILIKE '%ornella%'`, [shop.merchantId]);
    expect(rows).toEqual([]);
    // Without an integration id it is dead-lettered.
    const bad = await stack.deliver('marketplaces.privacy.requested', { ...request, integrationId: 0, request: 'redact_shop', webhookId: 'w-4' });
    expect((await stack.pool.query(`SELECT 1 FROM dead_letters WHERE message_id = $1`, [bad])).rows).toHaveLength(1);
  });

  it("Amazon's buyers' data erased after delivery: one line per round, each batch counted once, never a name", async () => {
    const shop = newShop();
    const batch = { merchantId: shop.merchantId, marketplace: 'amazon', reason: 'retention', retentionDays: 30, occurredAt: '2026-06-01T07:00:00.000Z' };
    await stack.deliver('orders.buyer.erased', { ...batch, roundId: 'round-1', orderIds: [10, 11] });
    await stack.deliver('orders.buyer.erased', { ...batch, roundId: 'round-1', orderIds: [12], occurredAt: '2026-06-01T07:00:01.000Z' });
    // The first batch told again under another message id (a relay that published twice): counted once.
    await stack.deliver('orders.buyer.erased', { ...batch, roundId: 'round-1', orderIds: [10, 11] });
    await stack.deliver('orders.buyer.erased', { ...batch, roundId: 'round-2', orderIds: [13], occurredAt: '2026-06-01T08:00:00.000Z' });
    expect((await shop.alice.listActivity({ limit: 0 })).entries.map((e) => [e.kind, e.text])).toEqual([
      ['buyer_data_erased', 'Dati personali di 1 ordine Amazon cancellati dopo 30 giorni dalla consegna (politica di protezione dei dati di Amazon)'],
      ['buyer_data_erased', 'Dati personali di 3 ordini Amazon cancellati dopo 30 giorni dalla consegna (politica di protezione dei dati di Amazon)'],
    ]);
    // Without a merchant uuid it is dead-lettered.
    const bad = await stack.deliver('orders.buyer.erased', { ...batch, merchantId: 'nessuno', roundId: 'round-3', orderIds: [14] });
    expect((await stack.pool.query(`SELECT 1 FROM dead_letters WHERE message_id = $1`, [bad])).rows).toHaveLength(1);
  });

  it('a CSV import of orders: one line per job with its file, the orders created and those already there', async () => {
    const shop = newShop();
    const job = { merchantId: shop.merchantId, fileName: 'ordini-negozio.csv', occurredAt: '2026-06-01T09:00:00.000Z' };
    await stack.deliver('orders.import.finished', { ...job, importId: 41, createdOrders: 50, skippedOrders: 0 });
    // The same job told again (a relay that published twice): still one line.
    await stack.deliver('orders.import.finished', { ...job, importId: 41, createdOrders: 50, skippedOrders: 0 });
    await stack.deliver('orders.import.finished', { ...job, importId: 42, createdOrders: 0, skippedOrders: 50, occurredAt: '2026-06-01T09:05:00.000Z' });
    expect((await shop.alice.listActivity({ limit: 0 })).entries.map((e) => [e.kind, e.text])).toEqual([
      ['orders_csv_imported', 'Importazione CSV «ordini-negozio.csv»: 0 ordini creati, 50 già presenti'],
      ['orders_csv_imported', 'Importazione CSV «ordini-negozio.csv»: 50 ordini creati'],
    ]);
    const bad = await stack.deliver('orders.import.finished', { ...job, merchantId: 'nessuno', importId: 43, createdOrders: 1 });
    expect((await stack.pool.query(`SELECT 1 FROM dead_letters WHERE message_id = $1`, [bad])).rows).toHaveLength(1);
  });

  it('a new merchant has none, and no notifications', async () => {
    const shop = newShop();
    expect(await shop.alice.listActivity({ limit: 0 })).toEqual({ entries: [] });
    expect(await notificationsOf(shop.alice)).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('an event without a merchant is dead-lettered, never shown', async () => {
    const id = await stack.deliver('carriers.codes.low_stock', { integrationId: 1, merchantId: 'not-a-uuid', provider: 'posta_1', available: 1 });
    const { rows } = await stack.pool.query(`SELECT 1 FROM dead_letters WHERE message_id = $1`, [id]);
    expect(rows).toHaveLength(1);
  }, 60_000);
});

describe('the GLS workday left open', () => {
  it('at the end of the afternoon (Europe/Rome), once per merchant and day with two replicas; closed and cancelled shipments and other carriers do not count', async () => {
    const open = newShop();
    const closed = newShop();
    const labelled = (merchantId: string, shipmentId: number, carrierProvider = 'gls', shippedAt = '2026-06-01T07:00:00.000Z') =>
      stack.deliver('shipments.shipment.labelled', { shipmentId, merchantId, carrierProvider, carrierIntegrationId: 5, runId: 'r', shippedAt, occurredAt: shippedAt });
    await labelled(open.merchantId, 1);
    await labelled(open.merchantId, 2);
    await labelled(open.merchantId, 3);
    await labelled(open.merchantId, 4, 'posta_1');
    // Labelled yesterday (late evening in Rome: still yesterday): not today's.
    await labelled(open.merchantId, 5, 'gls', '2026-05-31T21:30:00.000Z');
    await stack.deliver('shipments.shipment.cancelled', { shipmentId: 3, merchantId: open.merchantId, previousStatus: 'shipped', occurredAt: '2026-06-01T07:30:00.000Z' });
    // The other merchant closed its day (the close may even be read before the label).
    await stack.deliver('shipments.shipment.workday_closed', { merchantId: closed.merchantId, carrierIntegrationId: 1, shipmentIds: [1], manifestId: 1, occurredAt: '2026-06-01T08:00:00.000Z' });
    await labelled(closed.merchantId, 1);

    const second = stack.replicas[1] ?? (await stack.addReplica());
    const both = () => Promise.all([stack.replicas[0]!.checks.workdayReminder(), second.checks.workdayReminder()]);
    try {
      // 17:29 in Rome: not yet.
      stack.clock.set('2026-06-01T15:29:00Z');
      expect(await both()).toEqual([0, 0]);
      expect((await notificationsOf(open.alice)).notifications).toEqual([]);
      // 17:30: once, whichever replica comes first.
      stack.clock.set('2026-06-01T15:30:00Z');
      // (a replica's own minute timer may have been first: never more than one in all)
      expect((await both()).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
      stack.clock.set('2026-06-01T16:30:00Z');
      await both();
      expect((await notificationsOf(open.alice)).notifications).toEqual([
        expect.objectContaining({
          kind: 'workday_open',
          title: 'Giornata GLS non chiusa',
          text: '2 spedizioni GLS di oggi non sono ancora state chiuse: chiudi la giornata GLS prima del ritiro.',
          link: '/dashboard/shipments?status=shipped&carrier=5',
          createdAt: '2026-06-01T15:30:00.000Z',
        }),
      ]);
      expect((await notificationsOf(closed.alice)).notifications).toEqual([]);
      // The merchant closes the day: the reminder is answered at once.
      await stack.deliver('shipments.shipment.workday_closed', { merchantId: open.merchantId, carrierIntegrationId: 5, carrierProvider: 'gls', shipmentIds: [1, 2], manifestId: 2, occurredAt: '2026-06-01T16:31:00.000Z' });
      expect(await notificationsOf(open.alice)).toEqual({ notifications: [], unreadCount: 0 });
      await both();
      expect((await notificationsOf(open.alice)).notifications).toEqual([]);
      // One more GLS label after the close, left open: the reminder comes back, unread, saying so.
      await labelled(open.merchantId, 6, 'gls', '2026-06-01T16:40:00.000Z');
      stack.clock.set('2026-06-01T16:45:00Z');
      expect((await both()).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
      expect((await notificationsOf(open.alice)).notifications.map((n) => [n.text, n.read])).toEqual([
        ['1 spedizione GLS di oggi non è ancora stata chiusa: chiudi la giornata GLS prima del ritiro.', false],
      ]);
      // Cancelled: the day has nothing open again.
      await stack.deliver('shipments.shipment.cancelled', { shipmentId: 6, merchantId: open.merchantId, previousStatus: 'shipped', occurredAt: '2026-06-01T16:50:00.000Z' });
      expect((await notificationsOf(open.alice)).notifications).toEqual([]);
      // The next morning: nothing labelled that day, nothing said.
      stack.clock.set('2026-06-02T16:00:00Z');
      await both();
      expect((await notificationsOf(open.alice)).notifications).toHaveLength(0);
    } finally {
      stack.clock.set('2026-06-01T08:00:00Z');
    }
  });
});
