/**
 * Orders over real HTTP (spec §7 "Orders", §2 orders screen, §8 'Nessun tracking da aggiornare'):
 * gateway → orders over gRPC → PostgreSQL, with orders imported as real `marketplaces.order.imported`
 * events on the app's NATS, and carrier integrations from the real carriers service. Bad query
 * parameters are each a clear Italian 400 or the documented clamp; ids that are malformed, unknown
 * or another merchant's are the same 404; hostile bodies are 400s.
 */
import { randomUUID } from 'node:crypto';
import { carrierMessages, messages, orderMessages as m, pageMetaSchema, type OrderJson, type OrderPageJson } from '@smista/contracts';
import { marketplacesEvents } from '@smista/proto';
import { connectNats, ensureStream, type Nats } from '@smista/service-kit';
import { startApp, type TestApp } from '../../e2e/support/app';
import { sharedInfra } from '../../e2e/support/env';
import { importedOrder } from '../../services/orders/test/support/events';
import { eventually, join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';
import { conformingFetch } from './support/api-conformance';

let app: TestApp;
let nats: Nats;
let admin: Member;
let shop: { id: string; name: string };
let rival: Member;
let rivalShop: { id: string; name: string };
const INTEGRATION = 7_300_000 + Math.floor(Math.random() * 100_000);
const OTHER_INTEGRATION = INTEGRATION + 1;
const ORDERS = 24;

async function publish(merchantId: string, integrationId: number, n: number, patch: Parameters<typeof importedOrder>[1] = {}): Promise<void> {
  const event = marketplacesEvents.MarketplaceOrderImported.fromPartial({ merchantId, integrationId, jobId: 1, syncedAt: new Date().toISOString(), order: importedOrder(n, patch) });
  await nats.js.publish('marketplaces.order.imported', marketplacesEvents.MarketplaceOrderImported.encode(event).finish(), { msgID: randomUUID() });
}

async function list(who: Member, query = ''): Promise<OrderPageJson> {
  const res = await who.b.get(`/api/orders${query ? `?${query}` : ''}`);
  expect(res.status).toBe(200);
  return res.body;
}

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
  nats = await connectNats(sharedInfra().natsUrl, 'gateway-orders-test');
  // The marketplaces service of the app declares it too; the same spec either way.
  await ensureStream(nats.jsm, { name: 'MARKETPLACES', subjects: ['marketplaces.>'] });
  admin = await registered(app.baseUrl);
  shop = await ownMerchant(admin);
  rival = await registered(app.baseUrl);
  rivalShop = await ownMerchant(rival);
  const statuses = ['da_spedire', 'spedito', 'consegnato', 'annullato', 'in_transito', 'da_spedire'];
  for (let n = 0; n < ORDERS; n++) {
    // Two of the orders to ship are not paid: they wait in 'Da pagare' (issue 19).
    const paymentStatus = n === 5 ? 'in_attesa' : n === 11 ? 'fallito' : 'pagato';
    await publish(shop.id, n < 16 ? INTEGRATION : OTHER_INTEGRATION, n, { externalId: `GW-${n}`, status: statuses[n % statuses.length], paymentStatus });
  }
  await publish(rivalShop.id, INTEGRATION + 2, 99, { externalId: 'RIVALE-1', buyerName: 'Giulia Rossi' });
  const arrived = await eventually(async () => (await list(admin)).meta.totalItems === ORDERS && (await list(rival)).meta.totalItems === 1, 30_000);
  expect(arrived).toBe(true);
}, 120_000);

afterAll(async () => {
  await nats?.nc.drain();
  await app?.stop();
});

describe('GET /api/orders', () => {
  it('answers {data, meta} with the §3 meta and the tabs’ counts; rows have items and address, no payload', async () => {
    const page = await list(admin);
    expect(page.meta).toEqual({
      page: 1,
      pageSize: 20,
      totalItems: ORDERS,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
      statusCounts: { all: ORDERS, TO_PAY: 2, TO_SHIP: 6, IN_TRANSIT: 4, SHIPPED: 4, DELIVERED: 4, CANCELLED: 4 },
    });
    // Besides the tabs' counts, the meta is the one list meta (common.v1.PageMeta → pageMetaSchema).
    const { statusCounts: _counts, ...listMeta } = page.meta;
    expect(pageMetaSchema.parse(listMeta)).toEqual(listMeta);
    expect(page.data).toHaveLength(20);
    const dates = page.data.map((o) => o.orderDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const order = page.data[0];
    expect(order).toEqual({
      id: expect.any(Number),
      merchantId: shop.id,
      integrationId: expect.any(Number),
      externalId: expect.stringMatching(/^GW-\d+$/),
      marketplace: 'ebay',
      buyerName: expect.any(String),
      buyerEmail: expect.stringContaining('@'),
      externalUsername: expect.any(String),
      shippingAddressId: expect.any(Number),
      total: expect.stringMatching(/^\d+\.\d{2}$/),
      currency: 'EUR',
      status: expect.any(String),
      paymentStatus: 'pagato',
      externalOrderStatus: 'NOT_STARTED',
      externalPaymentStatus: 'PAID',
      itemsCount: expect.any(Number),
      orderDate: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      shipByDate: expect.any(String),
      lastSyncedAt: expect.any(String),
      carrierIntegrationId: null,
      shippingAddressDetails: expect.objectContaining({ id: order.shippingAddressId, fullName: expect.any(String), countryCode: expect.stringMatching(/^[A-Z]{2}$/), country: expect.any(String) }),
      appliedRule: null,
      carrierSource: null,
      shippingService: expect.any(String),
      isExpress: expect.any(Boolean),
      weightKg: null,
      // eBay gives no weights and no product has one yet (issue 25): 'Peso mancante', no preset.
      weightMissing: true,
      package: null,
      items: expect.arrayContaining([expect.objectContaining({ orderId: order.id, productName: expect.any(String), unitPrice: expect.stringMatching(/^\d+\.\d{2}$/) })]),
      shipments: [],
    });
    expect(order.items.reduce((s, i) => s + i.quantity, 0)).toBe(order.itemsCount);
    expect('originalData' in order).toBe(false);
  });

  it('the dashboard tile: status=TO_SHIP&pageSize=1&_t=… → meta.totalItems is the count to ship', async () => {
    const page = await list(admin, `status=TO_SHIP&pageSize=1&_t=${Date.now()}`);
    expect(page.data).toHaveLength(1);
    expect(page.data[0].status).toBe('da_spedire');
    // The orders not paid are not to ship yet.
    expect(page.meta.totalItems).toBe(6);
  });

  it("every status has its tab: the counts add up to 'all' and each is what its own filter lists (issue 19)", async () => {
    for (const query of ['', `integration=${INTEGRATION}`, 'search=gw-1', 'startDate=2026-10-01T05:00:00.000Z']) {
      const { meta } = await list(admin, query);
      const { all, ...byStatus } = meta.statusCounts;
      expect(Object.keys(byStatus).sort()).toEqual(['CANCELLED', 'DELIVERED', 'IN_TRANSIT', 'SHIPPED', 'TO_PAY', 'TO_SHIP']);
      expect(Object.values(byStatus).reduce((a, b) => a + b, 0)).toBe(all);
      expect(all).toBe(meta.totalItems);
      for (const [status, count] of Object.entries(byStatus)) {
        const filtered = await list(admin, `${query}${query ? '&' : ''}status=${status}&pageSize=100`);
        expect({ query, status, count: filtered.meta.totalItems, rows: filtered.data.length }).toEqual({ query, status, count, rows: count });
        expect(filtered.meta.statusCounts).toEqual(meta.statusCounts);
      }
    }
    // 'Da pagare': the two orders to ship whose payment is not in, with their payment.
    const held = await list(admin, 'status=TO_PAY');
    expect(held.data.map((o) => [o.externalId, o.status, o.paymentStatus]).sort()).toEqual([
      ['GW-11', 'da_pagare', 'fallito'],
      ['GW-5', 'da_pagare', 'in_attesa'],
    ]);
    expect((await list(admin, 'status=da_pagare')).meta.totalItems).toBe(2);
  });

  it('filters, sorts, searches and pages through the query; unknown parameters are ignored', async () => {
    const delivered = await list(admin, 'status=DELIVERED&integration=3&foo=bar');
    expect(delivered.data.map((o) => o.status)).toEqual(Array(4).fill('consegnato'));
    const byTotal = await list(admin, 'sortBy=total&sortOrder=ASC&pageSize=100');
    const totals = byTotal.data.map((o) => Number(o.total));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const found = await list(admin, 'search=gw-1');
    expect(found.data.map((o) => o.externalId).sort()).toEqual(['GW-1', ...Array.from({ length: 10 }, (_, i) => `GW-1${i}`)].sort());
    const second = await list(admin, 'page=2&pageSize=20');
    expect(second.meta).toMatchObject({ page: 2, totalPages: 2, hasNextPage: false, hasPrevPage: true });
    expect(second.data).toHaveLength(ORDERS - 20);
    // The generator places order n at 2026-10-01 + n hours: both bounds are inclusive.
    const dated = await list(admin, 'startDate=2026-10-01T05:00:00.000Z&endDate=2026-10-01T09:00:00.000Z');
    expect(dated.data.map((o) => o.externalId).sort()).toEqual(['GW-5', 'GW-6', 'GW-7', 'GW-8', 'GW-9']);
    expect(dated.meta.totalItems).toBe(5);
    // A date-only end covers its whole day.
    expect((await list(admin, 'endDate=2026-10-01')).meta.totalItems).toBe(ORDERS);
    expect((await list(admin, 'startDate=2026-10-02')).meta.totalItems).toBe(0);
  });

  it('pageSize above 100 is clamped to 100 (documented)', async () => {
    expect((await list(admin, 'pageSize=10000')).meta.pageSize).toBe(100);
  });

  it.each([
    ['page=0', m.pageInvalid],
    ['page=abc', m.pageInvalid],
    ['page=-2', m.pageInvalid],
    ['page=1.5', m.pageInvalid],
    ['pageSize=0', m.pageSizeInvalid],
    ['pageSize=tanti', m.pageSizeInvalid],
    ['sortBy=price', m.sortByInvalid],
    ['sortOrder=up', m.sortOrderInvalid],
    ['status=LOST', m.statusInvalid],
    ['marketplace=wish', m.marketplaceInvalid],
    ['startDate=ieri', m.startDateInvalid],
    ['startDate=01/11/2026', m.startDateInvalid],
    ['endDate=2026-02-30', m.endDateInvalid],
    ['endDate=2026-13-01', m.endDateInvalid],
    ['startDate=2026-12-01&endDate=2026-11-01', m.dateRangeInvalid],
    [`search=${'x'.repeat(201)}`, m.searchTooLong],
  ])('%s → 400 with its Italian message', async (query, message) => {
    const res = await admin.b.get(`/api/orders?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('a repeated parameter or a NUL is a 400 in Italian, never a 500', async () => {
    const repeated = await admin.b.get('/api/orders?page=1&page=2');
    expect(repeated.status).toBe(400);
    expect(typeof repeated.body.message).toBe('string');
    const nul = await admin.b.get('/api/orders?search=a%00b');
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe(messages.validation.invalidCharacters);
  });

  it('needs a session', async () => {
    expect((await conformingFetch(app.baseUrl, `/api/orders`)).status).toBe(401);
  });

  it("another merchant's orders are not in the list", async () => {
    const page = await list(admin, 'search=RIVALE');
    expect(page.data).toEqual([]);
    expect((await list(rival)).data.map((o) => o.externalId)).toEqual(['RIVALE-1']);
  });
});

describe('GET /api/orders/integration/:integrationId', () => {
  it("only that integration's orders, with the same query", async () => {
    const page = await admin.b.get(`/api/orders/integration/${OTHER_INTEGRATION}?sortBy=externalId&sortOrder=asc`);
    expect(page.status).toBe(200);
    expect(page.body.data.map((o: OrderJson) => o.externalId)).toEqual(['GW-16', 'GW-17', 'GW-18', 'GW-19', 'GW-20', 'GW-21', 'GW-22', 'GW-23']);
    expect(page.body.meta).toMatchObject({ totalItems: 8, statusCounts: expect.objectContaining({ all: 8 }) });
    expect((await admin.b.get(`/api/orders/integration/${INTEGRATION}?page=0`)).status).toBe(400);
  });

  it("an unknown or another merchant's integration is an empty page; a malformed id is 404", async () => {
    for (const id of [999_999_999, INTEGRATION + 2]) {
      const res = await admin.b.get(`/api/orders/integration/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.totalItems).toBe(0);
    }
    for (const id of ['abc', '0', '-3', '1e3', '%E0']) {
      const res = await admin.b.get(`/api/orders/integration/${id}`);
      expect(res.status).toBe(404);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await admin.b.get('/api/orders/integration/abc')).body.message).toBe(m.integrationNotFound);
  });
});

describe('GET /api/orders/:id', () => {
  it('the order with its items, address and the marketplace payload', async () => {
    const [first] = (await list(admin)).data;
    const res = await admin.b.get(`/api/orders/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...first, updatedAt: expect.any(String) });
    expect(res.body.originalData).toMatchObject({ orderId: first.externalId });
  });

  it("malformed, unknown and another merchant's ids: 404 'Ordine non trovato'", async () => {
    const theirs = (await list(rival)).data[0].id;
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', String(theirs), '%E0%A4%A']) {
      const res = await admin.b.get(`/api/orders/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(id.startsWith('%') ? messages.errors.notFound : m.orderNotFound);
    }
  });
});

describe('PATCH /api/orders/:id/carrier', () => {
  let orderId: number;
  let letter: number;

  beforeAll(async () => {
    orderId = (await list(admin)).data[0].id;
    const created = await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations`, { provider: 'posta_1', connectionName: 'Posta1', active: true });
    expect(created.status).toBe(201);
    letter = created.body.id;
  });

  it('assigns an active carrier integration and answers the order; null removes it', async () => {
    const res = await admin.b.patch(`/api/orders/${orderId}/carrier`, { carrierIntegrationId: letter });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: orderId, carrierIntegrationId: letter, items: expect.any(Array) });
    expect((await admin.b.get(`/api/orders/${orderId}`)).body.carrierIntegrationId).toBe(letter);
    const removed = await admin.b.patch(`/api/orders/${orderId}/carrier`, { carrierIntegrationId: null });
    expect(removed.status).toBe(200);
    expect(removed.body.carrierIntegrationId).toBeNull();
  });

  it('the list page the gateway keeps shows the change at the very next read, for every member', async () => {
    const member = await registered(app.baseUrl);
    await join(admin, shop, member, 'user');
    await member.b.post('/api/merchants/select', { merchantId: shop.id });
    const carrierIn = async (who: Member) => (await list(who)).data.find((o) => o.id === orderId)?.carrierIntegrationId;
    // Both read the page twice: the second read is the kept JSON, the same as the first.
    const first = await list(admin);
    expect(await list(admin)).toEqual(first);
    expect(await list(member)).toEqual(first);
    expect(await carrierIn(admin)).toBeNull();
    expect((await admin.b.patch(`/api/orders/${orderId}/carrier`, { carrierIntegrationId: letter })).status).toBe(200);
    expect(await carrierIn(admin)).toBe(letter);
    expect(await carrierIn(member)).toBe(letter);
    expect((await member.b.patch(`/api/orders/${orderId}/carrier`, { carrierIntegrationId: null })).status).toBe(200);
    expect(await carrierIn(admin)).toBeNull();
    expect(await carrierIn(member)).toBeNull();
    // The rival's page of the same query is its own.
    expect((await list(rival)).data.map((o) => o.externalId)).toEqual(['RIVALE-1']);
  });

  it('any member may assign', async () => {
    const member = await registered(app.baseUrl);
    await join(admin, shop, member, 'user');
    await member.b.post('/api/merchants/select', { merchantId: shop.id });
    const res = await member.b.patch(`/api/orders/${orderId}/carrier`, { carrierIntegrationId: letter });
    expect(res.status).toBe(200);
    expect(res.body.carrierIntegrationId).toBe(letter);
  });

  it('a switched-off integration: 409 with the reason; nothing changes', async () => {
    const off = await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations`, { provider: 'posta_rc', connectionName: 'Spenta', active: true });
    await admin.b.patch(`/api/merchants/${shop.id}/carrier-integrations/${off.body.id}/toggle`, { active: false });
    const before = (await admin.b.get(`/api/orders/${orderId}`)).body.carrierIntegrationId;
    const res = await admin.b.patch(`/api/orders/${orderId}/carrier`, { carrierIntegrationId: off.body.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.carrierIntegrationInactive);
    expect((await admin.b.get(`/api/orders/${orderId}`)).body.carrierIntegrationId).toBe(before);
  });

  it("an unknown or another merchant's carrier integration: 404", async () => {
    const theirs = await rival.b.post(`/api/merchants/${rivalShop.id}/carrier-integrations`, { provider: 'posta_1', connectionName: 'Loro', active: true });
    for (const id of [theirs.body.id, 999_999]) {
      const res = await admin.b.patch(`/api/orders/${orderId}/carrier`, { carrierIntegrationId: id });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.carrierIntegrationNotFound);
    }
    expect(carrierMessages.integrationNotFound).toBe(m.carrierIntegrationNotFound);
  });

  it.each([
    ['no field', {}, m.carrierIntegrationRequired],
    ['a string', { carrierIntegrationId: '5' }, m.carrierIntegrationInvalid],
    ['a fraction', { carrierIntegrationId: 1.5 }, m.carrierIntegrationInvalid],
    ['a negative', { carrierIntegrationId: -1 }, m.carrierIntegrationInvalid],
    ['zero', { carrierIntegrationId: 0 }, m.carrierIntegrationInvalid],
    ['an unsafe integer', { carrierIntegrationId: 2 ** 60 }, m.carrierIntegrationInvalid],
    ['an object', { carrierIntegrationId: { id: 1 } }, m.carrierIntegrationInvalid],
  ])('hostile body (%s) → 400 with its Italian message', async (_what, body, message) => {
    const res = await admin.b.patch(`/api/orders/${orderId}/carrier`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('not JSON, an array, a NUL: 400s in Italian', async () => {
    const bad = await admin.b.patch(`/api/orders/${orderId}/carrier`, '{"carrierIntegrationId": ');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.errors.invalidJson);
    const array = await admin.b.patch(`/api/orders/${orderId}/carrier`, [1, 2]);
    expect(array.status).toBe(400);
    const nul = await admin.b.patch(`/api/orders/${orderId}/carrier`, { carrierIntegrationId: letter, note: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe(messages.validation.invalidCharacters);
  });

  it("an unknown, malformed or another merchant's order: 404 'Ordine non trovato'", async () => {
    const theirs = (await list(rival)).data[0].id;
    for (const id of ['abc', '0', '99999999', String(theirs)]) {
      const res = await admin.b.patch(`/api/orders/${id}/carrier`, { carrierIntegrationId: letter });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.orderNotFound);
    }
    expect((await rival.b.get(`/api/orders/${theirs}`)).body.carrierIntegrationId).toBeNull();
  });
});

describe('POST /api/orders/:id/update-tracking', () => {
  it("an order without a shipment's tracking number (no shipments yet): 409 'Nessun tracking da aggiornare'", async () => {
    const [first] = (await list(admin)).data;
    const res = await admin.b.post(`/api/orders/${first.id}/update-tracking`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(m.noTrackingToUpdate);
  });

  it("an unknown or another merchant's order: 404", async () => {
    const theirs = (await list(rival)).data[0].id;
    for (const id of ['abc', '99999999', String(theirs)]) {
      const res = await admin.b.post(`/api/orders/${id}/update-tracking`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(m.orderNotFound);
    }
  });
});
