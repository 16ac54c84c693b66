/**
 * AssignCarrier against the real carriers service (its integrations created through it, GLS
 * credentials checked by the GLS sandbox) and tenancy: another merchant's ids answer like unknown ones.
 */
import { status as grpcStatus } from '@grpc/grpc-js';
import { messages, orderMessages as m } from '@smista/contracts';
import { orders, ordersEvents } from '@smista/proto';
import { createGrpcClient, createLogger, rpc, signCallerToken } from '@smista/service-kit';
import { startOrders } from '../src/main';
import { SECRET } from '../../merchants/test/support/harness';
import { importedOrder } from './support/events';
import { carrierIntegration, failure, GLS_ACCOUNT, publishedEvents, startOrdersStack, type OrdersStack, type TestMerchant } from './support/harness';

let stack: OrdersStack;
let shop: TestMerchant;
let rival: TestMerchant;
let orderId: number;
let rivalOrderId: number;
let gls: number;
let letter: number;

beforeAll(async () => {
  stack = await startOrdersStack();
  [shop, rival] = [await stack.newMerchant(), await stack.newMerchant()];
  await stack.handled([
    await stack.publishOrder(shop.merchantId, 9_100_001, importedOrder(1)),
    await stack.publishOrder(rival.merchantId, 9_100_002, importedOrder(2)),
  ]);
  const ids = async (merchantId: string) => Number((await stack.pool.query('SELECT id FROM orders WHERE merchant_id = $1', [merchantId])).rows[0].id);
  orderId = await ids(shop.merchantId);
  rivalOrderId = await ids(rival.merchantId);
  const glsIntegration = await carrierIntegration(shop, { provider: 'gls', connectionName: 'GLS Milano', active: true, credentials: GLS_ACCOUNT });
  expect(glsIntegration.status).toBe('active');
  gls = glsIntegration.id;
  letter = (await carrierIntegration(shop, { provider: 'posta_1', connectionName: 'Posta1', active: true, credentials: {} })).id;
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

async function assignedEvents(): Promise<ordersEvents.OrderCarrierAssigned[]> {
  return (await publishedEvents(stack.pool)).filter((e) => e.subject === 'orders.carrier.assigned').map((e) => ordersEvents.OrderCarrierAssigned.decode(e.payload));
}
const carrierOf = async (id: number) => (await stack.pool.query('SELECT carrier_integration_id FROM orders WHERE id = $1', [id])).rows[0].carrier_integration_id;

describe('AssignCarrier', () => {
  it('an active GLS integration: stored, answered with the order, orders.carrier.assigned published', async () => {
    const order = await shop.api.assignCarrier({ id: orderId, carrierIntegrationId: gls });
    expect(order).toMatchObject({ id: orderId, carrierIntegrationId: gls, merchantId: shop.merchantId });
    expect(order.items.length).toBeGreaterThan(0);
    expect(order.shippingAddress).toBeDefined();
    expect(Number(await carrierOf(orderId))).toBe(gls);
    expect((await assignedEvents()).at(-1)).toMatchObject({ orderId, merchantId: shop.merchantId, carrierIntegrationId: gls, assignedByUserId: shop.admin.id });
    expect((await shop.api.getOrder({ merchantId: '', id: orderId })).carrierIntegrationId).toBe(gls);
  });

  it('any member may assign (a letter service, active once saved), and 0 removes it', async () => {
    const { user, api } = await shop.member();
    expect((await api.assignCarrier({ id: orderId, carrierIntegrationId: letter })).carrierIntegrationId).toBe(letter);
    expect((await assignedEvents()).at(-1)).toMatchObject({ orderId, carrierIntegrationId: letter, assignedByUserId: user.id });
    expect((await api.assignCarrier({ id: orderId, carrierIntegrationId: 0 })).carrierIntegrationId).toBe(0);
    expect(await carrierOf(orderId)).toBeNull();
    expect((await assignedEvents()).at(-1)).toMatchObject({ orderId, carrierIntegrationId: 0 });
  });

  it('assigning the carrier the order already has changes nothing and publishes nothing', async () => {
    await shop.api.assignCarrier({ id: orderId, carrierIntegrationId: gls });
    const before = (await assignedEvents()).length;
    const { rows } = await stack.pool.query('SELECT updated_at FROM orders WHERE id = $1', [orderId]);
    expect((await shop.api.assignCarrier({ id: orderId, carrierIntegrationId: gls })).carrierIntegrationId).toBe(gls);
    expect((await assignedEvents()).length).toBe(before);
    expect((await stack.pool.query('SELECT updated_at FROM orders WHERE id = $1', [orderId])).rows).toEqual(rows);
  });

  it('a switched-off integration, or one whose credentials the carrier refused: FAILED_PRECONDITION, nothing changes', async () => {
    const off = await carrierIntegration(shop, { provider: 'posta_rc', connectionName: 'Raccomandata', active: true, credentials: {} });
    await shop.carriers.toggleIntegration({ merchantId: shop.merchantId, id: off.id, active: false });
    const refused = await carrierIntegration(shop, { provider: 'gls', connectionName: 'GLS sbagliato', active: true, credentials: { ...GLS_ACCOUNT, passwordCliente: 'Sbagliata1' } });
    expect(refused.status).toBe('pending');
    const before = await carrierOf(orderId);
    for (const id of [off.id, refused.id]) {
      expect(await failure(shop.api.assignCarrier({ id: orderId, carrierIntegrationId: id }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.carrierIntegrationInactive });
    }
    expect(await carrierOf(orderId)).toBe(before);
  });

  it("an unknown carrier integration, or another merchant's: NOT_FOUND, nothing changes", async () => {
    const theirs = await carrierIntegration(rival, { provider: 'posta_1', connectionName: 'Loro', active: true, credentials: {} });
    const before = await carrierOf(orderId);
    for (const id of [theirs.id, 987_654_321, -5]) {
      expect(await failure(shop.api.assignCarrier({ id: orderId, carrierIntegrationId: id }))).toEqual({ code: grpcStatus.NOT_FOUND, details: m.carrierIntegrationNotFound });
    }
    expect(await carrierOf(orderId)).toBe(before);
  });
});

describe('tenancy', () => {
  it("another merchant's order id answers exactly like an unknown one, and changes nothing", async () => {
    const notFound = { code: grpcStatus.NOT_FOUND, details: m.orderNotFound };
    const before = await carrierOf(rivalOrderId);
    for (const id of [rivalOrderId, 987_654_321, 0]) {
      expect(await failure(shop.api.getOrder({ merchantId: '', id }))).toEqual(notFound);
      expect(await failure(shop.api.assignCarrier({ id, carrierIntegrationId: gls }))).toEqual(notFound);
    }
    expect(await carrierOf(rivalOrderId)).toBe(before);
    const listed = await shop.api.listOrders({ merchantId: '', integrationId: 0, page: 1, pageSize: 100, sortBy: '', sortOrder: '', search: importedOrder(2).buyerName, status: '', marketplace: '', startDate: '', endDate: '', includeCounts: true, knownVersion: '' });
    expect(listed.orders.map((o) => o.id)).not.toContain(rivalOrderId);
    expect(listed.orders.every((o) => o.merchantId === shop.merchantId)).toBe(true);
  });

  it('carriers unreachable: UNAVAILABLE with the Italian text, nothing changes', async () => {
    // Same orders database, carriers address pointing nowhere.
    const running = await startOrders({ ...stack.config, GRPC_PORT: 0, CARRIERS_GRPC_ADDR: '127.0.0.1:1', NATS_CONSUMER_SUFFIX: `${stack.config.NATS_CONSUMER_SUFFIX}-b` }, createLogger('orders-b', 'silent'));
    const client = createGrpcClient(orders.OrdersServiceClient, `127.0.0.1:${running.port}`);
    try {
      const api = rpc(client, { callerToken: await signCallerToken({ userId: shop.admin.id, merchantId: shop.merchantId, role: 'user' }, SECRET) });
      const before = await carrierOf(orderId);
      expect(await failure(api.assignCarrier({ id: orderId, carrierIntegrationId: letter }))).toEqual({ code: grpcStatus.UNAVAILABLE, details: messages.errors.unavailable });
      expect(await carrierOf(orderId)).toBe(before);
    } finally {
      client.close();
      for (const [, step] of running.shutdownSteps) await step();
      for (const durable of ['orders-order-imported', 'orders-integration-changed']) {
        await stack.nats.jsm.consumers.delete('MARKETPLACES', `${durable}${stack.config.NATS_CONSUMER_SUFFIX}-b`).catch(() => undefined);
      }
      for (const durable of stack.shipmentDurables) await stack.nats.jsm.consumers.delete('SHIPMENTS', `${durable}-b`).catch(() => undefined);
    }
  });
});
