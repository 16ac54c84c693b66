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
  it('a failed sync: its reason and the marketplaces page; the orders a completed sync imported are one line of activity', async () => {
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
    await stack.deliver('marketplaces.sync.finished', {
      jobId: 42,
      integrationId: 3,
      merchantId: shop.merchantId,
      provider: 'ebay',
      status: 'completed',
      ordersFound: 12,
      ordersSynced: 12,
      occurredAt: '2026-06-01T07:55:00.000Z',
    });
    const { notifications, unreadCount } = await notificationsOf(shop.alice);
    expect(unreadCount).toBe(1);
    expect(notifications).toEqual([
      {
        id: expect.any(Number),
        kind: 'sync_failed',
        title: 'Sincronizzazione non riuscita',
        text: `La sincronizzazione degli ordini eBay non è riuscita: ${marketplaceMessages.syncUnavailable('eBay')}`,
        link: '/dashboard/marketplaces',
        createdAt: '2026-06-01T07:50:00.000Z',
        read: false,
      },
    ]);
    expect((await shop.alice.listActivity({ limit: 0 })).entries).toEqual([
      { id: expect.any(Number), kind: 'orders_imported', text: '12 ordini importati da eBay', count: 12, occurredAt: '2026-06-01T07:55:00.000Z' },
    ]);
  });

  it('a refused marketplace token notifies at once, once per refusal', async () => {
    const shop = newShop();
    const base = { integrationId: 5, merchantId: shop.merchantId, provider: 'ebay', active: true, refreshTokenExpiresAt: '2027-12-01T00:00:00.000Z' };
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'active', occurredAt: '2026-06-01T07:00:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications).toEqual([]);
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'error', occurredAt: '2026-06-01T07:10:00.000Z' });
    // Still in error (switched off and on): no second notification.
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'error', occurredAt: '2026-06-01T07:20:00.000Z' });
    const { notifications } = await notificationsOf(shop.alice);
    expect(notifications).toEqual([
      expect.objectContaining({ kind: 'token_refused', title: 'Autorizzazione rifiutata', text: marketplaceMessages.tokenRefused('eBay'), link: '/dashboard/marketplaces' }),
    ]);
    // Connected again, refused again: a new refusal.
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'active', occurredAt: '2026-06-01T07:30:00.000Z' });
    await stack.deliver('marketplaces.integration.changed', { ...base, status: 'error', occurredAt: '2026-06-01T07:40:00.000Z' });
    expect((await notificationsOf(shop.alice)).notifications.map((n) => n.kind)).toEqual(['token_refused', 'token_refused']);
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
      expect.objectContaining({ kind: 'token_expiring', title: 'Autorizzazione in scadenza', text: marketplaceMessages.tokenExpiresSoon('eBay', '11/06/2026'), link: '/dashboard/marketplaces' }),
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
      occurredAt: '2026-06-01T07:45:00.000Z',
    });
    await stack.deliver('shipments.shipment.failed', failed(1));
    let { notifications } = await notificationsOf(shop.alice);
    expect(notifications).toEqual([
      expect.objectContaining({ kind: 'labels_failed', title: 'Etichette non create', text: '1 etichetta non creata: GLS: CAP non valido', link: '/dashboard/shipments?status=error' }),
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
    expect((await shop.alice.listActivity({ limit: 0 })).entries.map((e) => [e.kind, e.text, e.count, e.occurredAt])).toEqual([
      ['carriers_assigned', 'Assegna Corrieri: corriere assegnato a 3 ordini su 5', 3, '2026-06-01T07:30:00.000Z'],
      ['rule_changed', 'Regola di spedizione "Italia standard" aggiornata', 1, '2026-06-01T07:20:00.000Z'],
      ['shipment_delivered', 'Spedizione #2 consegnata', 1, '2026-06-01T07:11:00.000Z'],
      ['labels_created', '3 etichette create', 3, '2026-06-01T07:03:00.000Z'],
    ]);
    expect((await rival.alice.listActivity({ limit: 0 })).entries.map((e) => e.text)).toEqual(['1 etichetta creata']);
    expect((await shop.bruno.listActivity({ limit: 2 })).entries).toHaveLength(2);
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
      stack.deliver('shipments.shipment.labelled', { shipmentId, merchantId, carrierProvider, runId: 'r', shippedAt, occurredAt: shippedAt });
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
          link: '/dashboard/shipments',
          createdAt: '2026-06-01T15:30:00.000Z',
        }),
      ]);
      expect((await notificationsOf(closed.alice)).notifications).toEqual([]);
      // The next morning: nothing labelled that day, nothing said.
      stack.clock.set('2026-06-02T16:00:00Z');
      await both();
      expect((await notificationsOf(open.alice)).notifications).toHaveLength(1);
    } finally {
      stack.clock.set('2026-06-01T08:00:00Z');
    }
  });
});
