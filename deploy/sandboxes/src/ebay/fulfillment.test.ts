import { ebaySandboxControl, ebaySellerTokens, startEbaySandbox, type EbaySandbox, type EbaySandboxControl } from './index';

/*
 * createShippingFulfillment over real HTTP: the 201 with its Location, what it does to the order,
 * and each refusal (32100–32600, 409).
 */

const SELLER = { username: 'ship_seller', password: 'Spedisci1!' };
const NOW = Date.parse('2026-03-05T09:00:00.000Z');

let clock = NOW;
let ebay: EbaySandbox;
let control: EbaySandboxControl;
let token: string;

beforeAll(async () => {
  ebay = await startEbaySandbox({ now: () => new Date(clock), sellers: [{ ...SELLER, orders: 300, seed: 'spedizioni' }] });
  control = ebaySandboxControl(ebay.url);
  token = (await ebaySellerTokens(ebay.url, SELLER)).access_token;
});
afterAll(async () => {
  await ebay.close();
});

type Json = Record<string, any>;

async function ship(orderId: string, body: unknown, bearer = token): Promise<{ status: number; location: string | null; body: Json | undefined }> {
  const res = await fetch(`${ebay.url}/sell/fulfillment/v1/order/${orderId}/shipping_fulfillment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, location: res.headers.get('location'), body: text ? (JSON.parse(text) as Json) : undefined };
}

async function get(url: string): Promise<Json> {
  const res = await fetch(url.startsWith('http') ? url : `${ebay.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

const used = new Set<string>();

/** An order not yet shipped nor cancelled, with at least `lines` line items (made so through the control edit). */
async function openOrder(lines = 1): Promise<{ orderId: string; lineItemIds: string[] }> {
  const found = (await control.orders(SELLER.username)).find((o) => o.lineItemIds.length >= lines && !used.has(o.orderId))!;
  used.add(found.orderId);
  await control.editOrder(SELLER.username, found.orderId, { orderFulfillmentStatus: 'NOT_STARTED', cancelState: 'NONE_REQUESTED', orderPaymentStatus: 'PAID' });
  return { orderId: found.orderId, lineItemIds: found.lineItemIds };
}

const line = async (orderId: string, lineItemId: string) => ((await get(`/sell/fulfillment/v1/order/${orderId}`)).lineItems as Json[]).find((l) => l.lineItemId === lineItemId)!;

describe('createShippingFulfillment', () => {
  it('answers 201 with the Location of the new fulfillment, moving the order to IN_PROGRESS then FULFILLED', async () => {
    const { orderId, lineItemIds } = await openOrder(2);
    const [firstId, ...restIds] = lineItemIds;
    const first = await line(orderId, firstId!);

    clock = NOW + 60_000;
    const res = await ship(orderId, { lineItems: [{ lineItemId: firstId, quantity: first.quantity }], shippedDate: '2026-03-05T08:30:00.000Z', shippingCarrierCode: 'GLS', trackingNumber: 'MI123456789' });
    expect(res.status).toBe(201);
    expect(res.body).toBeUndefined();
    expect(res.location).toMatch(new RegExp(`^${ebay.url}/sell/fulfillment/v1/order/${orderId}/shipping_fulfillment/\\d{19}$`));

    let order = await get(`/sell/fulfillment/v1/order/${orderId}`);
    expect(order.orderFulfillmentStatus).toBe('IN_PROGRESS');
    expect(order.lastModifiedDate).toBe(new Date(NOW + 60_000).toISOString());
    expect(order.lineItems.map((l: Json) => l.lineItemFulfillmentStatus)).toEqual(['FULFILLED', ...restIds.map(() => 'NOT_STARTED')]);
    expect(order.fulfillmentHrefs).toContain(res.location);

    const fulfillment = await get(res.location!);
    expect(fulfillment).toEqual({
      fulfillmentId: res.location!.split('/').pop(),
      lineItems: [{ lineItemId: firstId, quantity: first.quantity }],
      shippedDate: '2026-03-05T08:30:00.000Z',
      shippingCarrierCode: 'GLS',
      shipmentTrackingNumber: 'MI123456789',
    });

    clock = NOW + 120_000;
    const rest = await Promise.all(restIds.map((id) => line(orderId, id)));
    const second = await ship(orderId, { lineItems: rest.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })), shippingCarrierCode: 'BRT', trackingNumber: '084000123456' });
    expect(second.status).toBe(201);
    order = await get(`/sell/fulfillment/v1/order/${orderId}`);
    expect(order.orderFulfillmentStatus).toBe('FULFILLED');
    expect(order.lastModifiedDate).toBe(new Date(NOW + 120_000).toISOString());

    const list = await get(`/sell/fulfillment/v1/order/${orderId}/shipping_fulfillment`);
    expect(list.total).toBe(2);
    // Without shippedDate eBay takes the time of the call.
    expect(list.fulfillments[1].shippedDate).toBe(new Date(NOW + 120_000).toISOString());

    const recorded = (await control.fulfillments(SELLER.username)).filter((f) => f.orderId === orderId);
    expect(recorded.map((f) => [f.shippingCarrierCode, f.trackingNumber, f.source])).toEqual([
      ['GLS', 'MI123456789', 'api'],
      ['BRT', '084000123456', 'api'],
    ]);
    clock = NOW;
  });

  it('answers 409 for line items already shipped, and for a cancelled order', async () => {
    const { orderId, lineItemIds } = await openOrder();
    const l = await line(orderId, lineItemIds[0]!);
    const body = { lineItems: [{ lineItemId: l.lineItemId, quantity: l.quantity }], shippingCarrierCode: 'SDA', trackingNumber: '8V12345678901' };
    expect((await ship(orderId, body)).status).toBe(201);
    const again = await ship(orderId, body);
    expect(again.status).toBe(409);
    expect(again.body!.errors[0]).toMatchObject({ domain: 'API_FULFILLMENT', category: 'REQUEST' });

    const cancelled = await openOrder();
    await control.editOrder(SELLER.username, cancelled.orderId, { cancelState: 'CANCELED' });
    const c = await line(cancelled.orderId, cancelled.lineItemIds[0]!);
    const refused = await ship(cancelled.orderId, { lineItems: [{ lineItemId: c.lineItemId, quantity: c.quantity }], shippingCarrierCode: 'SDA', trackingNumber: '8V12345678902' });
    expect(refused.status).toBe(409);
  });

  describe('refusals', () => {
    let orderId: string;
    let lineItemId: string;
    let quantity: number;
    beforeAll(async () => {
      const open = await openOrder();
      orderId = open.orderId;
      lineItemId = open.lineItemIds[0]!;
      quantity = (await line(orderId, lineItemId)).quantity;
    });
    const good = () => ({ lineItems: [{ lineItemId, quantity }], shippedDate: '2026-03-05T08:00:00.000Z', shippingCarrierCode: 'POSTE_ITALIANE', trackingNumber: '3UW1234567890' });

    const cases: [string, () => [string, unknown], number][] = [
      ['an unknown order', () => ['99-99999-99999', good()], 32100],
      ['an unknown line item', () => [orderId, { ...good(), lineItems: [{ lineItemId: '10000000000000', quantity: 1 }] }], 32200],
      ['the same line item twice', () => [orderId, { ...good(), lineItems: [{ lineItemId, quantity }, { lineItemId, quantity }] }], 32210],
      ['a tracking number with spaces and dashes', () => [orderId, { ...good(), trackingNumber: '3UW 1234-567890' }], 32300],
      ['a tracking number without carrier', () => [orderId, { ...good(), shippingCarrierCode: '' }], 32300],
      ['a carrier without tracking number', () => [orderId, { ...good(), trackingNumber: undefined }], 32300],
      ['quantity 0', () => [orderId, { ...good(), lineItems: [{ lineItemId, quantity: 0 }] }], 32400],
      ['more than was bought', () => [orderId, { ...good(), lineItems: [{ lineItemId, quantity: quantity + 1 }] }], 32400],
      ['a quantity in a string', () => [orderId, { ...good(), lineItems: [{ lineItemId, quantity: String(quantity) }] }], 32400],
      ['a shipped date not in ISO form', () => [orderId, { ...good(), shippedDate: '05/03/2026' }], 32500],
      ['a shipped date tomorrow', () => [orderId, { ...good(), shippedDate: '2026-03-06T09:00:00.000Z' }], 32500],
      ['no line items', () => [orderId, { ...good(), lineItems: [] }], 32600],
      ['a line item without id', () => [orderId, { ...good(), lineItems: [{ quantity: 1 }] }], 32600],
      ['a line item without quantity', () => [orderId, { ...good(), lineItems: [{ lineItemId }] }], 32600],
      ['a body that is not JSON', () => [orderId, '{"lineItems": ['], 32600],
      ['a JSON array', () => [orderId, []], 32600],
    ];
    it.each(cases)('answers 400 for %s', async (_case, input, errorId) => {
      const [id, body] = input();
      const res = await ship(id, body);
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
      expect(res.body).toEqual({ errors: [expect.objectContaining({ errorId, domain: 'API_FULFILLMENT', category: 'REQUEST', message: expect.any(String) })] });
    });

    it('records nothing after a refusal, and the good request still succeeds afterwards', async () => {
      expect((await control.fulfillments(SELLER.username)).some((f) => f.orderId === orderId)).toBe(false);
      expect((await get(`/sell/fulfillment/v1/order/${orderId}`)).orderFulfillmentStatus).toBe('NOT_STARTED');
      expect((await ship(orderId, good())).status).toBe(201);
    });

    it('needs the sell.fulfillment scope (read-only is not enough)', async () => {
      const readonly = await ebaySellerTokens(ebay.url, { ...SELLER, scopes: ['https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly'] });
      const res = await ship(orderId, good(), readonly.access_token);
      expect(res.status).toBe(403);
      expect(res.body!.errors[0].errorId).toBe(1100);
    });
  });

  it('lists the generated fulfillments of orders shipped before the sandbox started only when asked', async () => {
    const all = await control.fulfillments(SELLER.username, true);
    const api = await control.fulfillments(SELLER.username);
    expect(all.filter((f) => f.source === 'seed').length).toBeGreaterThan(50);
    expect(api.every((f) => f.source === 'api')).toBe(true);
    const seeded = all.find((f) => f.source === 'seed')!;
    const order = await get(`/sell/fulfillment/v1/order/${seeded.orderId}`);
    expect(order.fulfillmentHrefs).toContain(`${ebay.url}/sell/fulfillment/v1/order/${seeded.orderId}/shipping_fulfillment/${seeded.fulfillmentId}`);
  });
});
