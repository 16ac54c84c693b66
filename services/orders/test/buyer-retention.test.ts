/**
 * Amazon's buyers' personal data erased AMAZON_PII_RETENTION_DAYS (default 30) after delivery
 * (issue 22): the real orders service, its PostgreSQL and the SHIPMENTS stream; the round is run
 * with a clock the test sets, so no one waits 30 days. Deliveries are dated years ahead of the
 * machine's clock, so the round the service runs by itself at start never takes them.
 */
import { ordersEvents } from '@smista/proto';
import { importedOrder } from './support/events';
import { publishedEvents, startOrdersStack, type OrdersStack, type TestMerchant } from './support/harness';

const DAY = 86_400_000;
const TODAY = Date.parse('2031-03-01T09:00:00.000Z');
const daysAgo = (days: number) => new Date(TODAY - days * DAY).toISOString();

let stack: OrdersStack;
let shop: TestMerchant;
let rival: TestMerchant;
const integrationId = 8_000_000 + Math.floor(Math.random() * 1_000_000);
let nextShipment = 6_000_000 + Math.floor(Math.random() * 1_000_000);
/** The test's orders by name: Amazon delivered 31 and 29 days ago, eBay 31 days ago, Amazon shipped but never delivered, the rival's Amazon 40 days ago. */
const ids: Record<'amazon31' | 'amazon29' | 'ebay31' | 'amazonShipped' | 'rival40', number> = { amazon31: 0, amazon29: 0, ebay31: 0, amazonShipped: 0, rival40: 0 };
const seeds = { amazon31: 41, amazon29: 42, ebay31: 43, amazonShipped: 44, rival40: 45 } as const;

const orderOf = (name: keyof typeof seeds) => importedOrder(seeds[name], { marketplace: name === 'ebay31' ? 'ebay' : 'amazon', externalId: `40${seeds[name]}-1234567-${integrationId}` });

/** A shipment labelled two days before its delivery, then delivered (or only labelled). */
async function ship(merchant: TestMerchant, orderId: number, deliveredDaysAgo: number | null, shippedDaysAgo = 33): Promise<void> {
  const shipmentId = nextShipment++;
  const common = { merchantId: merchant.merchantId, shipmentId, orderId };
  const msgIds = [
    await stack.publishShipment('labelled', {
      ...common,
      marketplaceIntegrationId: integrationId,
      carrierIntegrationId: 31,
      carrierProvider: 'gls',
      trackingNumber: `MI${shipmentId}`,
      shippedAt: daysAgo(shippedDaysAgo),
      occurredAt: daysAgo(shippedDaysAgo),
    }),
  ];
  if (deliveredDaysAgo !== null) {
    msgIds.push(
      await stack.publishShipment('tracking_updated', {
        ...common,
        trackingNumber: `MI${shipmentId}`,
        trackingStatus: 'delivered',
        delivered: true,
        status: 'delivered',
        occurredAt: daysAgo(deliveredDaysAgo),
      }),
    );
  }
  await stack.handled(msgIds);
}

const orderRow = async (id: number) =>
  (
    await stack.pool.query(
      `SELECT o.status, o.buyer_name, o.buyer_email, o.external_username, o.original_data, o.search_text, o.delivered_at, o.buyer_erased_at,
              a.full_name, a.company_name, a.address_line1, a.address_line2, a.phone_number, a.email, a.city, a.postal_code, a.country_code
         FROM orders o JOIN shipping_addresses a ON a.order_id = o.id WHERE o.id = $1`,
      [id],
    )
  ).rows[0];

const erasedEvents = async () =>
  (await publishedEvents(stack.pool)).filter((e) => e.subject === 'orders.buyer.erased').map((e) => ordersEvents.BuyerDataErased.decode(e.payload));

beforeAll(async () => {
  stack = await startOrdersStack();
  [shop, rival] = [await stack.newMerchant(), await stack.newMerchant()];
  const names = Object.keys(seeds) as (keyof typeof seeds)[];
  await stack.handled(await Promise.all(names.map((name) => stack.publishOrder(name === 'rival40' ? rival.merchantId : shop.merchantId, integrationId, orderOf(name)))));
  const { rows } = await stack.pool.query('SELECT id, external_id FROM orders WHERE merchant_id = ANY($1)', [[shop.merchantId, rival.merchantId]]);
  for (const name of names) ids[name] = Number(rows.find((r) => r.external_id === orderOf(name).externalId)!.id);
  await ship(shop, ids.amazon31, 31);
  await ship(shop, ids.amazon29, 29);
  await ship(shop, ids.ebay31, 31);
  await ship(shop, ids.amazonShipped, null, 60);
  await ship(rival, ids.rival40, 40, 42);
}, 120_000);
afterAll(() => stack?.stop(), 30_000);

describe("Amazon buyers' personal data after delivery", () => {
  it('the delivery time is the delivering event, and 30 days is the default', async () => {
    expect(stack.config.AMAZON_PII_RETENTION_DAYS).toBe(30);
    expect(await orderRow(ids.amazon31)).toMatchObject({ status: 'consegnato', delivered_at: new Date(daysAgo(31)), buyer_erased_at: null });
    expect(await orderRow(ids.amazonShipped)).toMatchObject({ status: 'spedito', delivered_at: null });
  });

  it('a round erases the Amazon orders delivered 31 and 40 days ago, with one event per merchant; 29 days, eBay and undelivered ones are untouched', async () => {
    const before = Object.fromEntries(await Promise.all((['amazon29', 'ebay31', 'amazonShipped'] as const).map(async (n) => [n, await orderRow(ids[n])])));
    stack.clock.set(new Date(TODAY).toISOString());
    const round = await stack.retentionRound();
    expect(round).not.toBeNull();
    expect(Object.fromEntries(round!.erased)).toEqual({ [shop.merchantId]: 1, [rival.merchantId]: 1 });

    const erased = await orderRow(ids.amazon31);
    expect(erased).toMatchObject({
      buyer_name: '',
      buyer_email: null,
      external_username: null,
      original_data: null,
      full_name: '',
      company_name: null,
      address_line1: '',
      address_line2: null,
      phone_number: null,
      email: null,
      // What names no one stays: the rules and the counts read them.
      city: orderOf('amazon31').shippingAddress!.city,
      country_code: orderOf('amazon31').shippingAddress!.countryCode,
      postal_code: orderOf('amazon31').shippingAddress!.postalCode,
      status: 'consegnato',
    });
    expect(erased.buyer_erased_at).toBeInstanceOf(Date);
    expect(erased.search_text).not.toContain(orderOf('amazon31').buyerName.toLowerCase().split(' ')[1]);
    expect((await orderRow(ids.rival40)).buyer_name).toBe('');
    for (const [name, row] of Object.entries(before)) expect(await orderRow(ids[name as keyof typeof ids])).toEqual(row);

    const events = (await erasedEvents()).filter((e) => e.roundId === round!.roundId);
    expect(events.map((e) => ({ ...e, occurredAt: undefined })).sort((a, b) => a.orderIds[0]! - b.orderIds[0]!)).toEqual(
      [
        { merchantId: shop.merchantId, orderIds: [ids.amazon31], marketplace: 'amazon', reason: 'retention', retentionDays: 30, roundId: round!.roundId, occurredAt: undefined },
        { merchantId: rival.merchantId, orderIds: [ids.rival40], marketplace: 'amazon', reason: 'retention', retentionDays: 30, roundId: round!.roundId, occurredAt: undefined },
      ].sort((a, b) => a.orderIds[0]! - b.orderIds[0]!),
    );
    // Never a name or an e-mail in what the service logs.
    expect(stack.logText()).not.toContain(orderOf('amazon31').buyerEmail);
  });

  it('a second round changes nothing and publishes nothing', async () => {
    const rows = await orderRow(ids.amazon31);
    const events = (await erasedEvents()).length;
    const round = await stack.retentionRound();
    expect(round!.erased.size).toBe(0);
    expect(await orderRow(ids.amazon31)).toEqual(rows);
    expect((await erasedEvents()).length).toBe(events);
  });

  it('a newer version of an erased order from Amazon never brings the buyer back', async () => {
    const order = orderOf('amazon31');
    await stack.handled([await stack.publishOrder(shop.merchantId, integrationId, { ...order, lastModifiedAt: daysAgo(1), externalOrderStatus: 'SHIPPED' })]);
    expect(await orderRow(ids.amazon31)).toMatchObject({ buyer_name: '', buyer_email: null, external_username: null, original_data: null, full_name: '', address_line1: '', phone_number: null });
    const found = await shop.api.listOrders({ merchantId: '', integrationId: 0, page: 1, pageSize: 10, sortBy: '', sortOrder: '', search: order.buyerName, status: '', marketplace: '', startDate: '', endDate: '', includeCounts: false, knownVersion: '' });
    expect(found.orders.map((o) => o.id)).not.toContain(ids.amazon31);
  });

  it('two days later the order delivered 29 days ago is due, and only it', async () => {
    stack.clock.set(new Date(TODAY + 2 * DAY).toISOString());
    const round = await stack.retentionRound();
    expect(Object.fromEntries(round!.erased)).toEqual({ [shop.merchantId]: 1 });
    expect((await orderRow(ids.amazon29)).buyer_name).toBe('');
    expect((await orderRow(ids.ebay31)).buyer_name).not.toBe('');
    expect((await orderRow(ids.amazonShipped)).buyer_name).not.toBe('');
  });
});
