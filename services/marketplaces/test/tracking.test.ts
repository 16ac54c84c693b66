import { status } from '@grpc/grpc-js';
import { ebayMessages, marketplaceMessages as m } from '@smista/contracts';
import type { EbaySandboxOrderSummary } from '@smista/sandboxes';
import { trackingPushMessages as alreadyFulfilledMessages } from '@smista/contracts';
import { failure, startMarketplacesStack, type MarketplacesStack, type TestMerchant } from './support/harness';

/* PushTracking without a shipment id (nothing recorded): createShippingFulfillment on the sandbox; refusals as data. */

let stack: MarketplacesStack;
let shop: TestMerchant;
let seller: string;
let integrationId: number;
let open: EbaySandboxOrderSummary[];

beforeAll(async () => {
  stack = await startMarketplacesStack();
  shop = await stack.newMerchant();
  seller = await stack.newSeller(60, 'spedisce');
  integrationId = (await shop.connectEbay(seller)).id;
  open = (await stack.control.orders(seller)).filter((o) => o.orderFulfillmentStatus === 'NOT_STARTED' && o.cancelState === 'NONE_REQUESTED');
  expect(open.length).toBeGreaterThan(5);
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

const push = (order: EbaySandboxOrderSummary, patch: Record<string, unknown> = {}) =>
  shop.api.pushTracking({
    merchantId: shop.merchantId,
    integrationId,
    externalOrderId: order.orderId,
    lineItems: order.lineItemIds.map((lineItemId) => ({ lineItemId, quantity: 1 })),
    carrierCode: 'GLS',
    trackingNumber: 'MI123456789',
    shippedDate: new Date().toISOString(),
    shipmentId: 0,
    orderId: 0,
    ...patch,
  });

it('tells eBay the items shipped: ok with the fulfillment id from the Location header', async () => {
  const order = open[0]!;
  const answer = await push(order);
  expect(answer).toMatchObject({ ok: true, errorCode: '', errorMessage: '' });
  const fulfillments = await stack.control.fulfillments(seller);
  expect(fulfillments.map((f) => f.fulfillmentId)).toContain(answer.fulfillmentId);
  expect(fulfillments.find((f) => f.fulfillmentId === answer.fulfillmentId)).toMatchObject({ orderId: order.orderId, shippingCarrierCode: 'GLS', trackingNumber: 'MI123456789' });
});

it("eBay's refusals come back as data with eBay's code and an Italian message", async () => {
  const unknownLine = await push(open[1]!, { lineItems: [{ lineItemId: '999999999999', quantity: 1 }] });
  expect(unknownLine).toMatchObject({ ok: false, errorCode: '32200', fulfillmentId: '' });
  expect(unknownLine.errorMessage).toBe(ebayMessages.fulfillmentRefused(ebayMessages.withCode("articolo non trovato nell'ordine eBay", '32200')));
  const unknownOrder = await push({ ...open[1]!, orderId: '99-99999-99999' });
  expect(unknownOrder).toMatchObject({ ok: false, errorCode: '32100' });
});

it('already shipped: with our tracking number it was ours (already pushed, nothing made); with another, a refusal naming it', async () => {
  const [first] = (await stack.control.fulfillments(seller)).filter((f) => f.orderId === open[0]!.orderId);
  const again = await push(open[0]!, { trackingNumber: 'MI 123 456 789' });
  expect(again).toMatchObject({ ok: true, alreadyPushed: true, fulfillmentId: first!.fulfillmentId, errorCode: '' });
  const other = await push(open[0]!, { trackingNumber: 'MI999' });
  expect(other).toMatchObject({
    ok: false,
    alreadyPushed: false,
    errorCode: '32700',
    errorMessage: alreadyFulfilledMessages.shippedWithOtherTracking('eBay', open[0]!.lineItemIds.length, ['MI123456789'], '32700'),
  });
  expect((await stack.control.fulfillments(seller)).filter((f) => f.orderId === open[0]!.orderId)).toHaveLength(1);
});

it('input refused before sending is data too', async () => {
  expect(await push(open[2]!, { trackingNumber: 'MI-123/456' })).toMatchObject({ ok: false, errorCode: 'INVALID_INPUT', errorMessage: ebayMessages.trackingInvalid('MI-123/456') });
  expect(await push(open[2]!, { shippedDate: 'ieri' })).toMatchObject({ ok: false, errorCode: 'INVALID_INPUT', errorMessage: m.shippedDateInvalid });
});

it('a 401 refreshes the token once and pushes again', async () => {
  await stack.control.expireAccessTokens(seller);
  expect((await push(open[3]!)).ok).toBe(true);
});

it('a switched-off integration refuses as data; another merchant’s integration is NOT_FOUND', async () => {
  await shop.api.toggleIntegration({ merchantId: '', id: integrationId, active: false });
  expect(await push(open[4]!)).toMatchObject({ ok: false, errorCode: 'INTEGRATION_INACTIVE', errorMessage: m.trackingIntegrationInactive });
  await shop.api.toggleIntegration({ merchantId: '', id: integrationId, active: true });
  const other = await stack.newMerchant();
  const call = other.api.pushTracking({ merchantId: '', integrationId, externalOrderId: open[4]!.orderId, lineItems: [], carrierCode: 'GLS', trackingNumber: 'A1', shippedDate: '', shipmentId: 0, orderId: 0 });
  expect((await failure(call)).code).toBe(status.NOT_FOUND);
  expect(await stack.control.fulfillments(seller)).toHaveLength(2);
});
