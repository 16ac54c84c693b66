/**
 * The consumer of `marketplaces.order.imported` and `marketplaces.integration.changed`, driven by
 * real protobuf events on the real NATS (the MARKETPLACES stream as marketplaces declares it), into
 * the real orders service and its PostgreSQL.
 */
import { marketplacesEvents, ordersEvents } from '@smista/proto';
import { createLogger, type PoolClient } from '@smista/service-kit';
import { handleOrderImported } from '../src/events/order-imported';
import { importedOrder, messageId, orderImported } from './support/events';
import { carrierIntegration, GLS_ACCOUNT, MARKETPLACES_STREAM, publishedEvents, startOrdersStack, waitFor, type OrdersStack, type TestMerchant } from './support/harness';

let stack: OrdersStack;
let shop: TestMerchant;
let integrationSeq = 1_000;
/** A marketplace integration id no other test uses (they are global in the marketplaces service). */
const newIntegration = () => ++integrationSeq + Math.floor(Math.random() * 1_000_000) * 1_000;

beforeAll(async () => {
  stack = await startOrdersStack();
  shop = await stack.newMerchant();
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

/** Everything stored for a merchant: orders, addresses and items, as plain rows. */
async function stored(merchantId: string) {
  const q = async (sql: string) => (await stack.pool.query(sql, [merchantId])).rows;
  return {
    orders: await q(`SELECT * FROM orders WHERE merchant_id = $1 ORDER BY id`),
    addresses: await q(`SELECT * FROM shipping_addresses WHERE merchant_id = $1 ORDER BY id`),
    items: await q(`SELECT * FROM order_items WHERE merchant_id = $1 ORDER BY id`),
  };
}

/** `orders.order.upserted` events published for a merchant (waits for the relay). */
async function upserted(merchantId: string): Promise<ordersEvents.OrderUpserted[]> {
  const events = await publishedEvents(stack.pool);
  return events
    .filter((e) => e.subject === 'orders.order.upserted')
    .map((e) => ordersEvents.OrderUpserted.decode(e.payload))
    .filter((e) => e.merchantId === merchantId);
}

/**
 * Events this merchant's orders wrote to the outbox. Only theirs: the stream is shared by the whole
 * run, and this stack also stores (and publishes for) other suites' orders of other merchants.
 */
async function outboxCount(): Promise<number> {
  return (await upserted(shop.merchantId)).length;
}

/** Waits until the durable has nothing pending and nothing unacknowledged. */
async function drained(durable: string): Promise<void> {
  await waitFor(
    `${durable} drained`,
    async () => {
      const info = await stack.nats.jsm.consumers.info(MARKETPLACES_STREAM.name, durable);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    },
    30_000,
  );
}

describe('a new order', () => {
  it('is stored with its address and items, and orders.order.upserted (created) is published', async () => {
    const integrationId = newIntegration();
    const order = importedOrder(1);
    await stack.handled([await stack.publishOrder(shop.merchantId, integrationId, order)]);

    const rows = await stored(shop.merchantId);
    const row = rows.orders.find((o) => o.external_id === order.externalId);
    expect(row).toMatchObject({
      integration_id: String(integrationId),
      marketplace: 'ebay',
      buyer_name: order.buyerName,
      buyer_email: order.buyerEmail,
      external_username: order.externalUsername,
      total: order.total,
      currency: 'EUR',
      status: 'da_spedire',
      payment_status: 'pagato',
      external_order_status: 'NOT_STARTED',
      external_payment_status: 'PAID',
      items_count: order.items.reduce((s, i) => s + i.quantity, 0),
      order_date: new Date(order.orderDate),
      external_last_modified_at: new Date(order.lastModifiedAt),
      carrier_integration_id: null,
      original_data: JSON.parse(order.rawJson),
    });
    expect(row.last_synced_at).toBeInstanceOf(Date);
    expect(rows.addresses.filter((a) => a.order_id === row.id)).toEqual([
      expect.objectContaining({ full_name: order.shippingAddress!.fullName, city: order.shippingAddress!.city, postal_code: order.shippingAddress!.postalCode, country_code: 'IT', country: 'Italia' }),
    ]);
    const items = rows.items.filter((i) => i.order_id === row.id);
    expect(items.map((i) => [i.position, i.external_item_id, i.sku, i.quantity, i.unit_price, i.total])).toEqual(
      order.items.map((i, n) => [n + 1, i.externalItemId, i.sku, i.quantity, i.unitPrice, i.total]),
    );

    const events = (await upserted(shop.merchantId)).filter((e) => e.externalId === order.externalId);
    expect(events).toEqual([
      expect.objectContaining({ orderId: Number(row.id), merchantId: shop.merchantId, integrationId, externalId: order.externalId, marketplace: 'ebay', status: 'da_spedire', paymentStatus: 'pagato', created: true }),
    ]);
  });

  it('unknown statuses become da_spedire / in_attesa (with a warning in the log): not paid, so held in da_pagare', async () => {
    const integrationId = newIntegration();
    const order = importedOrder(2, { status: 'FULFILLED_SOMEHOW', paymentStatus: 'PAID' });
    await stack.handled([await stack.publishOrder(shop.merchantId, integrationId, order)]);
    const { rows } = await stack.pool.query('SELECT status, marketplace_status, payment_status FROM orders WHERE external_id = $1 AND merchant_id = $2', [
      order.externalId,
      shop.merchantId,
    ]);
    expect(rows).toEqual([{ status: 'da_pagare', marketplace_status: 'da_spedire', payment_status: 'in_attesa' }]);
    expect(stack.logText()).toContain('imported order normalised');
  });
});

describe('versions', () => {
  const integrationId = newIntegration();
  const first = importedOrder(3, { lastModifiedAt: '2026-11-01T10:00:00.000Z' });
  let orderId: number;
  let carrierId: number;

  beforeAll(async () => {
    await stack.handled([await stack.publishOrder(shop.merchantId, integrationId, first)]);
    orderId = Number((await stack.pool.query('SELECT id FROM orders WHERE external_id = $1 AND merchant_id = $2', [first.externalId, shop.merchantId])).rows[0].id);
    // A carrier assigned here must survive the marketplace's updates.
    const gls = await carrierIntegration(shop, { provider: 'gls', connectionName: 'GLS', active: true, credentials: GLS_ACCOUNT });
    carrierId = gls.id;
    await shop.api.assignCarrier({ id: orderId, carrierIntegrationId: carrierId });
  }, 30_000);

  it('the same version again, or an older one, changes nothing at all: no write, no event', async () => {
    const before = await stored(shop.merchantId);
    const outbox = await outboxCount();
    await stack.handled([
      await stack.publishOrder(shop.merchantId, integrationId, { ...first, buyerName: 'Stesso Momento', status: 'spedito' }),
      await stack.publishOrder(shop.merchantId, integrationId, { ...first, buyerName: 'Più Vecchio', lastModifiedAt: '2026-10-01T00:00:00.000Z', items: [] }),
    ]);
    expect(await stored(shop.merchantId)).toEqual(before);
    expect(await outboxCount()).toBe(outbox);
  });

  it('a newer version updates the order, replaces the items and the address, keeps the carrier and what eBay stopped sending', async () => {
    const newer = importedOrder(3, {
      externalId: first.externalId,
      lastModifiedAt: '2026-11-02T10:00:00.000Z',
      status: 'spedito',
      externalOrderStatus: 'FULFILLED',
      buyerName: 'Giulia Bianchi Verdi',
      // eBay drops the e-mail after 14 days: the stored one stays.
      buyerEmail: '',
      total: '99.99',
      items: [{ ...first.items[0], externalItemId: 'NEW-LINE', quantity: 5, unitPrice: '10.00', total: '50.00' }],
      shippingAddress: { ...first.shippingAddress!, addressLine1: 'Corso Vittorio Emanuele 12', city: 'Milano', postalCode: '20122', phoneNumber: '' },
    });
    const before = (await stack.pool.query('SELECT * FROM orders WHERE id = $1', [orderId])).rows[0];
    await stack.handled([await stack.publishOrder(shop.merchantId, integrationId, newer)]);

    const after = (await stack.pool.query('SELECT * FROM orders WHERE id = $1', [orderId])).rows[0];
    expect(after).toMatchObject({
      status: 'spedito',
      external_order_status: 'FULFILLED',
      buyer_name: 'Giulia Bianchi Verdi',
      buyer_email: first.buyerEmail,
      total: '99.99',
      items_count: 5,
      external_last_modified_at: new Date('2026-11-02T10:00:00.000Z'),
      carrier_integration_id: String(carrierId),
      created_at: before.created_at,
    });
    expect(after.last_synced_at.getTime()).toBeGreaterThanOrEqual(before.last_synced_at.getTime());
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
    const items = (await stack.pool.query('SELECT external_item_id, quantity, total FROM order_items WHERE order_id = $1', [orderId])).rows;
    expect(items).toEqual([{ external_item_id: 'NEW-LINE', quantity: 5, total: '50.00' }]);
    const address = (await stack.pool.query('SELECT * FROM shipping_addresses WHERE order_id = $1', [orderId])).rows;
    expect(address).toHaveLength(1);
    expect(address[0]).toMatchObject({ address_line1: 'Corso Vittorio Emanuele 12', city: 'Milano', postal_code: '20122', phone_number: first.shippingAddress!.phoneNumber });

    const events = (await upserted(shop.merchantId)).filter((e) => e.orderId === orderId);
    expect(events.map((e) => [e.created, e.status])).toEqual([
      [true, 'da_spedire'],
      [false, 'spedito'],
    ]);
  });

  it('a version without an address keeps the stored address', async () => {
    const before = (await stack.pool.query('SELECT * FROM shipping_addresses WHERE order_id = $1', [orderId])).rows;
    await stack.handled([
      await stack.publishOrder(shop.merchantId, integrationId, { ...first, lastModifiedAt: '2026-11-03T10:00:00.000Z', shippingAddress: undefined, status: 'consegnato' }),
    ]);
    expect((await stack.pool.query('SELECT status FROM orders WHERE id = $1', [orderId])).rows[0].status).toBe('consegnato');
    expect((await stack.pool.query('SELECT * FROM shipping_addresses WHERE order_id = $1', [orderId])).rows).toEqual(before);
  });
});

describe('redelivery', () => {
  it('a message published twice with the same Nats-Msg-Id is dropped by JetStream; one delivered again is dropped by the inbox', async () => {
    const integrationId = newIntegration();
    const order = importedOrder(4);
    const id = await stack.publishOrder(shop.merchantId, integrationId, order);
    await stack.publishOrder(shop.merchantId, integrationId, { ...order, lastModifiedAt: '2030-01-01T00:00:00.000Z' }, { msgId: id });
    await stack.handled([id]);
    await drained(stack.durables.orderImported);
    const before = await stored(shop.merchantId);
    const outbox = await outboxCount();
    expect(before.orders.find((o) => o.external_id === order.externalId).external_last_modified_at).toEqual(new Date(order.lastModifiedAt));

    // A new durable consumer gets every message of the stream again, as after a lost ack.
    await stack.restartOrders(() => stack.nats.jsm.consumers.delete(MARKETPLACES_STREAM.name, stack.durables.orderImported).then(() => undefined));
    await drained(stack.durables.orderImported);
    expect(await stored(shop.merchantId)).toEqual(before);
    expect(await outboxCount()).toBe(outbox);
    expect(stack.logText()).toContain('duplicate delivery ignored');
  }, 60_000);
});

describe('a payload that cannot be stored', () => {
  it('does not hold up the others and is dead-lettered after the retries', async () => {
    const integrationId = newIntegration();
    const garbage = await stack.publishRaw('marketplaces.order.imported', Buffer.from('non è protobuf'));
    const noExternalId = await stack.publishOrder(shop.merchantId, integrationId, importedOrder(5, { externalId: '' }));
    const good = importedOrder(6);
    const goodId = await stack.publishOrder(shop.merchantId, integrationId, good);
    const started = Date.now();
    await stack.handled([goodId], 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    await stack.handled([garbage, noExternalId], 40_000);
    const { rows } = await stack.pool.query('SELECT message_id, deliveries, error FROM dead_letters WHERE message_id = ANY($1) ORDER BY message_id', [[garbage, noExternalId]]);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.deliveries).toBe(5);
    expect(rows.find((r) => r.message_id === noExternalId).error).toContain('external_id');
  }, 60_000);
});

describe('a deleted marketplace integration', () => {
  it("takes its orders (items and addresses) with it, leaves the others, and later imports of it are dropped", async () => {
    const doomed = newIntegration();
    const kept = newIntegration();
    const other = await stack.newMerchant();
    const ids = [];
    for (let n = 10; n < 15; n++) ids.push(await stack.publishOrder(shop.merchantId, doomed, importedOrder(n)));
    ids.push(await stack.publishOrder(shop.merchantId, kept, importedOrder(20)));
    // Another merchant with the same integration id (a forged or mistaken event): not touched.
    ids.push(await stack.publishOrder(other.merchantId, doomed, importedOrder(21)));
    await stack.handled(ids);
    const count = async (merchantId: string, integrationId: number) =>
      (await stack.pool.query<{ o: number; i: number; a: number }>(
        `SELECT (SELECT count(*) FROM orders WHERE merchant_id = $1 AND integration_id = $2)::int AS o,
                (SELECT count(*) FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.merchant_id = $1 AND o.integration_id = $2)::int AS i,
                (SELECT count(*) FROM shipping_addresses a JOIN orders o ON o.id = a.order_id WHERE o.merchant_id = $1 AND o.integration_id = $2)::int AS a`,
        [merchantId, integrationId],
      )).rows[0];
    expect((await count(shop.merchantId, doomed)).o).toBe(5);
    // The shop's own lines: other suites' imports (the NATS server is shared) reach this orders service meanwhile.
    const shopItems = async () => (await stack.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM order_items WHERE merchant_id = $1', [shop.merchantId])).rows[0].n;
    const itemsBefore = await shopItems();

    // Toggled off: nothing happens to the orders.
    await stack.handled([await stack.publishIntegrationChanged({ integrationId: doomed, merchantId: shop.merchantId, active: false })]);
    expect((await count(shop.merchantId, doomed)).o).toBe(5);

    await stack.handled([await stack.publishIntegrationChanged({ integrationId: doomed, merchantId: shop.merchantId, deleted: true, active: false })]);
    expect(await count(shop.merchantId, doomed)).toEqual({ o: 0, i: 0, a: 0 });
    expect(await shopItems()).toBeLessThan(itemsBefore);
    expect((await count(shop.merchantId, kept)).o).toBe(1);
    expect((await count(other.merchantId, doomed)).o).toBe(1);

    // An import of the deleted integration still in the stream: dropped.
    await stack.handled([await stack.publishOrder(shop.merchantId, doomed, importedOrder(16))]);
    expect((await count(shop.merchantId, doomed)).o).toBe(0);
    // The counters follow: the merchant's list counts no order of it.
    const { meta } = await shop.api.listOrders({ merchantId: '', integrationId: doomed, page: 1, pageSize: 20, sortBy: '', sortOrder: '', search: '', status: '', marketplace: '', startDate: '', endDate: '', includeCounts: true, knownVersion: '' });
    expect(meta?.totalItems).toBe(0);
  });
});

describe("a marketplace's privacy request (marketplaces.privacy.requested, issue 22)", () => {
  it("redact_customer erases the buyer's data of the named orders and of the buyer's e-mail; redact_shop of every order; a data request and other integrations untouched", async () => {
    const integration = newIntegration();
    const other = newIntegration();
    const orders = [30, 31, 32, 33].map((n) => importedOrder(n));
    const ids = orders.map((o) => stack.publishOrder(shop.merchantId, integration, o));
    ids.push(stack.publishOrder(shop.merchantId, other, importedOrder(34, { buyerEmail: orders[1]!.buyerEmail })));
    await stack.handled(await Promise.all(ids));
    const privacy = (event: Partial<marketplacesEvents.MarketplacePrivacyRequested>) =>
      stack.publishRaw(
        'marketplaces.privacy.requested',
        marketplacesEvents.MarketplacePrivacyRequested.encode(
          marketplacesEvents.MarketplacePrivacyRequested.fromPartial({ merchantId: shop.merchantId, provider: 'shopify', requestedAt: new Date().toISOString(), ...event }),
        ).finish(),
      );
    const rows = async (integrationId: number) =>
      (
        await stack.pool.query(
          `SELECT o.external_id, o.buyer_name, o.buyer_email, o.original_data IS NULL AS no_payload, a.full_name, a.address_line1, a.phone_number, a.city
             FROM orders o LEFT JOIN shipping_addresses a ON a.order_id = o.id
            WHERE o.merchant_id = $1 AND o.integration_id = $2 ORDER BY o.external_id`,
          [shop.merchantId, integrationId],
        )
      ).rows;
    const erased = (r: Record<string, unknown>) => r.buyer_name === '' && r.buyer_email === null && r.no_payload === true && r.full_name === '' && r.address_line1 === '' && r.phone_number === null;

    // Asks nothing of orders.
    await stack.handled([await privacy({ integrationId: integration, request: 'customer_data_request', externalOrderIds: [orders[0]!.externalId], customerEmail: orders[0]!.buyerEmail })]);
    expect((await rows(integration)).filter(erased)).toEqual([]);

    await stack.handled([await privacy({ integrationId: integration, request: 'redact_customer', externalOrderIds: [orders[0]!.externalId], customerEmail: orders[1]!.buyerEmail })]);
    const after = await rows(integration);
    expect(after.filter(erased).map((r) => r.external_id).sort()).toEqual([orders[0]!.externalId, orders[1]!.externalId].sort());
    // The city stays (no person is named by it); the search no longer finds the buyer.
    expect(after.find((r) => r.external_id === orders[0]!.externalId)!.city).not.toBe('');
    expect((await rows(other)).filter(erased)).toEqual([]);

    await stack.handled([await privacy({ integrationId: integration, request: 'redact_shop' })]);
    expect((await rows(integration)).every(erased)).toBe(true);
    expect((await rows(other)).filter(erased)).toEqual([]);
  });
});

describe('1,000 imports', () => {
  it('are all stored once, with their items and addresses, and each published once', async () => {
    const merchant = await stack.newMerchant();
    const integrationId = newIntegration();
    const orders = Array.from({ length: 1_000 }, (_, n) => importedOrder(10_000 + n, { externalId: `BULK-${n}` }));
    const started = Date.now();
    const ids = await Promise.all(orders.map((o) => stack.publishOrder(merchant.merchantId, integrationId, o)));
    await stack.handled(ids, 60_000);
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`orders: 1,000 imports stored in ${seconds.toFixed(2)} s (${Math.round(1_000 / seconds)} events/s)\n`);

    const counts = (
      await stack.pool.query<{ o: number; d: number; a: number; i: number; q: number }>(
        `SELECT count(*)::int AS o, count(DISTINCT external_id)::int AS d,
                (SELECT count(*) FROM shipping_addresses WHERE merchant_id = $1)::int AS a,
                (SELECT count(*) FROM order_items WHERE merchant_id = $1)::int AS i,
                sum(items_count)::int AS q
           FROM orders WHERE merchant_id = $1`,
        [merchant.merchantId],
      )
    ).rows[0];
    expect(counts).toEqual({
      o: 1_000,
      d: 1_000,
      a: 1_000,
      i: orders.reduce((s, o) => s + o.items.length, 0),
      q: orders.reduce((s, o) => s + o.items.reduce((t, i) => t + i.quantity, 0), 0),
    });
    const events = await upserted(merchant.merchantId);
    expect(events).toHaveLength(1_000);
    expect(new Set(events.map((e) => e.orderId)).size).toBe(1_000);
    expect(events.every((e) => e.created)).toBe(true);
    const { meta } = await merchant.api.listOrders({ merchantId: '', integrationId: 0, page: 1, pageSize: 20, sortBy: '', sortOrder: '', search: '', status: '', marketplace: '', startDate: '', endDate: '', includeCounts: true, knownVersion: '' });
    expect(meta?.totalItems).toBe(1_000);
  }, 90_000);
});

/**
 * Handles `events` as the kit's consumer handles one batch: the same transaction and state, and
 * what they leave for the commit run before it. Returns each statement sent, through the real
 * connection.
 */
async function handleAsOneBatch(events: ReturnType<typeof orderImported>[]): Promise<string[]> {
  const handle = handleOrderImported(createLogger('imports-test', 'silent'));
  const client = await stack.pool.connect();
  const statements: string[] = [];
  const noting = new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') {
        return (query: string | { text: string }, values?: unknown[]) => {
          statements.push(typeof query === 'string' ? query : query.text);
          return target.query(query as never, values as never);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as PoolClient;
  const transactionState = new Map<string, unknown>();
  const atCommit: (() => Promise<unknown>)[] = [];
  const beforeCommit = (write: () => Promise<unknown>) => void atCommit.push(write);
  try {
    await client.query('BEGIN');
    for (const event of events) await handle(event, noting, { messageId: messageId(), subject: 'marketplaces.order.imported', transactionState, beforeCommit });
    for (const write of atCommit) await write();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
  return statements;
}

describe('a batch of imports in one transaction', () => {
  it('takes the integration lock, the generic plans and the rules once, stores every order in one statement and writes their events in one', async () => {
    const integrationId = newIntegration();
    const externalIds = Array.from({ length: 5 }, (_, n) => importedOrder(7_000 + n).externalId);
    const statements = await handleAsOneBatch(Array.from({ length: 5 }, (_, n) => orderImported(shop.merchantId, integrationId, importedOrder(7_000 + n))));
    const sent = (pattern: RegExp) => statements.filter((s) => pattern.test(s)).length;
    expect(sent(/pg_advisory_xact_lock_shared/)).toBe(1);
    expect(sent(/plan_cache_mode/)).toBe(1);
    expect(sent(/FROM shipping_rules/)).toBe(1);
    expect(sent(/INSERT INTO orders/)).toBe(1);
    expect(sent(/INSERT INTO outbox/)).toBe(1);
    const { rows } = await stack.pool.query(
      `SELECT o.external_id, o.id, (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
              (SELECT count(*)::int FROM shipping_addresses a WHERE a.order_id = o.id) AS addresses
         FROM orders o WHERE o.merchant_id = $1 AND o.integration_id = $2 ORDER BY o.id`,
      [shop.merchantId, integrationId],
    );
    // Ids in the batch's order, each order with its own items and address.
    expect(rows.map((r) => [r.external_id, r.items, r.addresses])).toEqual(externalIds.map((id, n) => [id, importedOrder(7_000 + n).items.length, 1]));
    const items = await stack.pool.query(
      `SELECT o.external_id, i.external_item_id FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.merchant_id = $1 AND o.integration_id = $2 ORDER BY o.id, i.position`,
      [shop.merchantId, integrationId],
    );
    expect(items.rows.map((r) => [r.external_id, r.external_item_id])).toEqual(
      externalIds.flatMap((id, n) => importedOrder(7_000 + n).items.map((item) => [id, item.externalItemId])),
    );
    // One orders.order.upserted (created) per order, in the order they were handled.
    const events = (await upserted(shop.merchantId)).filter((e) => e.integrationId === integrationId);
    expect(events.map((e) => [e.externalId, e.created])).toEqual(externalIds.map((id) => [id, true]));
  });

  it("stores each order's raw payload as sent, whatever it holds: quotes, backslashes, accents, JSON null, or none", async () => {
    const merchant = await stack.newMerchant();
    const integrationId = newIntegration();
    const payloads = [JSON.stringify({ note: 'il "primo" \\ C:\\percorso\\', città: 'Forlì', emoji: '📦' }), 'null', '', JSON.stringify([1, { a: null }])];
    const orders = payloads.map((rawJson, n) => importedOrder(7_200 + n, { rawJson }));
    await handleAsOneBatch(orders.map((o) => orderImported(merchant.merchantId, integrationId, o)));
    const { rows } = await stack.pool.query(
      `SELECT original_data, original_data IS NULL AS none FROM orders WHERE merchant_id = $1 ORDER BY id`,
      [merchant.merchantId],
    );
    expect(rows).toEqual([
      { original_data: JSON.parse(payloads[0]), none: false },
      { original_data: null, none: false },
      { original_data: null, none: true },
      { original_data: [1, { a: null }], none: false },
    ]);
  });

  it('two versions of one order in a batch end as one message at a time would: the newer wins, an older is ignored, a paid one leaves da_pagare', async () => {
    const merchant = await stack.newMerchant();
    const integrationId = newIntegration();
    const held = importedOrder(7_100, { paymentStatus: 'in_attesa', lastModifiedAt: '2026-11-01T10:00:00.000Z' });
    const paid = { ...held, paymentStatus: 'pagato', buyerName: 'Pagato Dopo', lastModifiedAt: '2026-11-02T10:00:00.000Z' };
    const newer = importedOrder(7_101, { buyerName: 'Più Nuovo', lastModifiedAt: '2026-11-05T10:00:00.000Z' });
    const older = { ...newer, buyerName: 'Più Vecchio', lastModifiedAt: '2026-11-03T10:00:00.000Z', items: [] };
    const alone = importedOrder(7_102);
    const statements = await handleAsOneBatch([held, newer, paid, older, alone].map((o) => orderImported(merchant.merchantId, integrationId, o)));
    // The second versions go into a second upsert, after the first versions' follow-up.
    expect(statements.filter((s) => /INSERT INTO orders/.test(s))).toHaveLength(2);

    const { rows } = await stack.pool.query(
      `SELECT external_id, buyer_name, status, payment_status, rules_pending, items_count FROM orders WHERE merchant_id = $1 ORDER BY id`,
      [merchant.merchantId],
    );
    expect(rows).toEqual([
      { external_id: held.externalId, buyer_name: 'Pagato Dopo', status: 'da_spedire', payment_status: 'pagato', rules_pending: false, items_count: held.items.reduce((s, i) => s + i.quantity, 0) },
      { external_id: newer.externalId, buyer_name: 'Più Nuovo', status: 'da_spedire', payment_status: 'pagato', rules_pending: false, items_count: newer.items.reduce((s, i) => s + i.quantity, 0) },
      { external_id: alone.externalId, buyer_name: alone.buyerName, status: 'da_spedire', payment_status: 'pagato', rules_pending: false, items_count: alone.items.reduce((s, i) => s + i.quantity, 0) },
    ]);
    const items = await stack.pool.query('SELECT count(*)::int AS n FROM order_items WHERE merchant_id = $1', [merchant.merchantId]);
    expect(items.rows[0].n).toBe(held.items.length + newer.items.length + alone.items.length);
    // The counters and the list agree with the rows.
    const { meta } = await merchant.api.listOrders({ merchantId: '', integrationId: 0, page: 1, pageSize: 20, sortBy: '', sortOrder: '', search: '', status: '', marketplace: '', startDate: '', endDate: '', includeCounts: true, knownVersion: '' });
    expect(meta?.totalItems).toBe(3);
    const counts = await stack.pool.query(`SELECT status, sum(n)::int AS n FROM order_counts WHERE merchant_id = $1 GROUP BY status HAVING sum(n) <> 0`, [merchant.merchantId]);
    expect(counts.rows).toEqual([{ status: 'da_spedire', n: 3 }]);
    // Each order's events in its own order: the held one created, then updated once paid; the older version none.
    const events = await upserted(merchant.merchantId);
    const of = (externalId: string) => events.filter((e) => e.externalId === externalId).map((e) => [e.status, e.created]);
    expect(of(held.externalId)).toEqual([['da_pagare', true], ['da_spedire', false]]);
    expect(of(newer.externalId)).toEqual([['da_spedire', true]]);
    expect(of(alone.externalId)).toEqual([['da_spedire', true]]);
  });
});
