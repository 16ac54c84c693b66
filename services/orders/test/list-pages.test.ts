/**
 * ListOrders on condition (app/list-orders.ts): given the version of the page the caller holds, the
 * answer is `unchanged` only while the merchant's list version has not moved. Every kind of write
 * moves it in its own transaction, so the next read gets the new page; another merchant's writes
 * leave it alone.
 */
import { orders } from '@smista/proto';
import { listVersion } from '../src/store';
import { importedOrder } from './support/events';
import { startOrdersStack, type OrdersStack, type TestMerchant } from './support/harness';

let stack: OrdersStack;
let shop: TestMerchant;
let rival: TestMerchant;
const INTEGRATION = 8_300_001;
const RIVAL_INTEGRATION = 8_300_002;

const list = (request: Partial<orders.ListOrdersRequest> = {}, m = shop) => m.api.listOrders(orders.ListOrdersRequest.fromPartial({ includeCounts: true, ...request }));

/** The page read again as the gateway does, with the version of the page it holds: unchanged means `held`. */
async function reread(held: orders.ListOrdersResponse, m = shop): Promise<orders.ListOrdersResponse> {
  const answer = await list({ knownVersion: held.version }, m);
  if (!answer.unchanged) return answer;
  // Unchanged carries nothing but the version.
  expect(answer.orders).toEqual([]);
  expect(answer.statusCounts).toEqual([]);
  expect(answer.version).toBe(held.version);
  return held;
}
const buyers = (page: orders.ListOrdersResponse) => page.orders.map((o) => o.buyerName);
const orderIdOf = async (externalId: string) => Number((await stack.pool.query('SELECT id FROM orders WHERE external_id = $1', [externalId])).rows[0].id);

beforeAll(async () => {
  stack = await startOrdersStack();
  shop = await stack.newMerchant();
  rival = await stack.newMerchant();
  const ids: string[] = [];
  for (let n = 0; n < 5; n++) ids.push(await stack.publishOrder(shop.merchantId, INTEGRATION, importedOrder(n, { externalId: `shop-${n}` })));
  ids.push(await stack.publishOrder(rival.merchantId, RIVAL_INTEGRATION, importedOrder(50, { externalId: 'rival-0', buyerName: 'Rivale Unico' })));
  await stack.handled(ids);
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

describe('ListOrders on condition', () => {
  it('answers with the version it read; the same version again is only `unchanged`, an empty or old one a page', async () => {
    const first = await list();
    expect(first.version).toBe(await listVersion(stack.pool, shop.merchantId));
    expect(first.unchanged).toBe(false);
    expect(first.orders).toHaveLength(5);
    const again = await list({ knownVersion: first.version });
    expect(again).toMatchObject({ unchanged: true, version: first.version, orders: [], statusCounts: [] });
    expect(again.meta).toBeUndefined();
    const old = await list({ knownVersion: String(BigInt(first.version) - 1n) });
    expect(old).toEqual(first);
  });

  it('stays unchanged while the version stands: a write that raised none is not read', async () => {
    const held = await list();
    // Only a write that bypasses the version (its trigger off) can show that the page is not read again.
    await stack.pool.query('ALTER TABLE orders DISABLE TRIGGER orders_list_version_update');
    try {
      await stack.pool.query(`UPDATE orders SET buyer_name = 'Mai Visto' WHERE external_id = 'shop-4'`);
      expect((await list({ knownVersion: held.version })).unchanged).toBe(true);
    } finally {
      await stack.pool.query('ALTER TABLE orders ENABLE TRIGGER orders_list_version_update');
    }
    // The next write that raises the version brings the page up to date, both changes in it.
    await stack.pool.query(`UPDATE orders SET buyer_name = 'Di Nuovo' WHERE external_id = 'shop-3'`);
    const now = buyers(await reread(held));
    expect(now).toContain('Mai Visto');
    expect(now).toContain('Di Nuovo');
  });

  it('a new import is in the next page and its counts', async () => {
    const held = await list();
    await stack.handled([await stack.publishOrder(shop.merchantId, INTEGRATION, importedOrder(9, { externalId: 'shop-new', buyerName: 'Nuova Cliente', orderDate: new Date().toISOString() }))]);
    const after = await reread(held);
    expect(after.meta?.totalItems).toBe((held.meta?.totalItems ?? 0) + 1);
    expect(buyers(after)[0]).toBe('Nuova Cliente');
    expect(after.statusCounts.reduce((sum, c) => sum + c.count, 0)).toBe(after.meta?.totalItems);
  });

  it('a newer version of an order (its address and items) is in the next page', async () => {
    const held = await list();
    const order = importedOrder(1, { externalId: 'shop-1' });
    const newer = importedOrder(1, {
      externalId: 'shop-1',
      lastModifiedAt: new Date(Date.parse(order.lastModifiedAt) + 3_600_000).toISOString(),
      shippingAddress: { ...order.shippingAddress!, city: 'Cittanova' },
      items: [{ ...order.items[0], title: 'Titolo cambiato' }],
    });
    await stack.handled([await stack.publishOrder(shop.merchantId, INTEGRATION, newer)]);
    const seen = (await reread(held)).orders.find((o) => o.externalId === 'shop-1')!;
    expect(seen.shippingAddress?.address?.city).toBe('Cittanova');
    expect(seen.items.map((i) => i.title)).toEqual(['Titolo cambiato']);
  });

  it("a shipment's tracking (a change to order_shipments alone) is in the next page", async () => {
    const orderId = await orderIdOf('shop-2');
    const occurredAt = new Date().toISOString();
    await stack.handled([await stack.publishShipment('created', { merchantId: shop.merchantId, shipmentId: 7_700_001, orderId, carrierIntegrationId: 31, carrierProvider: 'gls', occurredAt })]);
    const held = await list();
    expect(held.orders.find((o) => o.id === orderId)!.shipments.map((s) => s.trackingNumber)).toEqual(['']);
    await stack.pool.query(`UPDATE order_shipments SET tracking_number = 'MI000111222' WHERE shipment_id = 7700001`);
    expect((await reread(held)).orders.find((o) => o.id === orderId)!.shipments.map((s) => s.trackingNumber)).toEqual(['MI000111222']);
  });

  it('a carrier assigned and an order deleted are in the next page', async () => {
    const orderId = await orderIdOf('shop-0');
    const held = await list();
    await stack.pool.query('UPDATE orders SET carrier_integration_id = 4242 WHERE id = $1', [orderId]);
    const assigned = await reread(held);
    expect(assigned.orders.find((o) => o.id === orderId)!.carrierIntegrationId).toBe(4242);
    await stack.pool.query('DELETE FROM orders WHERE id = $1', [orderId]);
    expect((await reread(assigned)).orders.map((o) => o.id)).not.toContain(orderId);
  });

  it("another merchant's writes leave the version alone; its own version answers for its own page", async () => {
    const held = await list();
    const rivalHeld = await list({}, rival);
    expect(buyers(rivalHeld)).toEqual(['Rivale Unico']);
    await stack.pool.query(`UPDATE orders SET buyer_name = 'Rivale Cambiato' WHERE external_id = 'rival-0'`);
    expect((await list({ knownVersion: held.version })).unchanged).toBe(true);
    expect(buyers(await reread(rivalHeld, rival))).toEqual(['Rivale Cambiato']);
  });
});
