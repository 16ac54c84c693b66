import { createHmac, randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { MARKETPLACE_WEBHOOK_MAX_BYTES, marketplaceMessages, shopifyMessages } from '@smista/contracts';
import { SHOPIFY_SANDBOX_APP, shopifyInstallAs, shopifySandboxControl, startShopifySandbox, type ShopifySandbox } from '@smista/sandboxes';
import { marketplacesEvents } from '@smista/proto';
import { rpc } from '@smista/service-kit';
import { failure, importedOrders, startMarketplacesStack, waitFor, type MarketplacesStack } from './support/harness';

/*
 * ReceiveWebhook through the service, as the gateway's public route calls it (no caller token: the
 * signature is the proof): a delivery signed with the app's secret is recorded once, pending; the
 * same delivery id again is a duplicate and records nothing; a wrong signature, an oversized body
 * or a malformed delivery is refused with its Italian reason and writes nothing; a marketplace
 * without webhooks is not found. Then the queued work: an order delivery of a connected shop is
 * read again from Shopify and published as `marketplaces.order.imported`, like a sync's; one of a
 * shop nobody connected is ignored; a privacy webhook of a connected shop is passed on as
 * `marketplaces.privacy.requested` and its e-mail forgotten. The real service on a fresh database,
 * the Shopify sandbox.
 */

const SHOP = 'webhook-prova.myshopify.com';
const CONNECTED = 'webhook-collegato.myshopify.com';
const OWNER = { email: 'titolare@webhook-collegato.it', password: 'Webhook1!' };

let shopify: ShopifySandbox;
let stack: MarketplacesStack;

beforeAll(async () => {
  shopify = await startShopifySandbox({ port: 0, shops: [{ shop: CONNECTED, ...OWNER, orders: 5, seed: 22, plan: 'basic' }] });
  stack = await startMarketplacesStack({
    env: {
      SHOPIFY_CLIENT_ID: SHOPIFY_SANDBOX_APP.clientId,
      SHOPIFY_CLIENT_SECRET: SHOPIFY_SANDBOX_APP.clientSecret,
      SHOPIFY_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
      SHOPIFY_SHOP_URL: `${shopify.url}/store/{shop}`,
    },
    options: { pollMs: 200 },
  });
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await shopify?.close();
}, 30_000);

const api = () => rpc(stack.client, { deadlineMs: 10_000 });
const deliveries = async () => (await stack.pool.query('SELECT webhook_id, topic, seller, action, status FROM webhook_deliveries ORDER BY received_at')).rows;

function signed(topic: string, body: string, secret = SHOPIFY_SANDBOX_APP.clientSecret, webhookId = randomUUID(), shop = SHOP) {
  const raw = Buffer.from(body);
  return {
    marketplace: 'shopify',
    body: raw,
    headers: {
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(raw).digest('base64'),
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': shop,
      'x-shopify-webhook-id': webhookId,
      'x-shopify-api-version': '2026-10',
    },
  };
}

it('records a signed order delivery once; the same delivery id again is a duplicate and records nothing; a shop nobody connected is ignored', async () => {
  const before = (await deliveries()).length;
  const delivery = signed('orders/create', '{"id":820982911946154508,"name":"#1001"}');
  expect(await api().receiveWebhook(delivery)).toEqual({ duplicate: false, topic: 'orders/create' });
  expect(await api().receiveWebhook(delivery)).toEqual({ duplicate: true, topic: 'orders/create' });
  const rows = (await deliveries()).slice(before);
  expect(rows).toEqual([
    { webhook_id: delivery.headers['x-shopify-webhook-id'], topic: 'orders/create', seller: SHOP, action: { kind: 'import_order', externalOrderId: '820982911946154508' }, status: expect.any(String) },
  ]);
  await waitFor('the delivery of an unconnected shop ignored', async () => (await deliveries()).find((r) => r.webhook_id === delivery.headers['x-shopify-webhook-id'] && r.status === 'ignored'));
});

it('refuses a wrong signature (UNAUTHENTICATED), an oversized body and a malformed delivery (INVALID_ARGUMENT), writing nothing', async () => {
  const before = (await deliveries()).length;
  const forged = signed('orders/create', '{"id":1}', 'un-altro-segreto');
  expect(await failure(api().receiveWebhook(forged))).toEqual({ code: status.UNAUTHENTICATED, details: shopifyMessages.webhookSignatureInvalid });
  const tampered = signed('orders/create', '{"id":1}');
  expect(await failure(api().receiveWebhook({ ...tampered, body: Buffer.from('{"id":2}') }))).toMatchObject({ code: status.UNAUTHENTICATED });
  const huge = signed('orders/create', JSON.stringify({ id: 1, note: 'x'.repeat(MARKETPLACE_WEBHOOK_MAX_BYTES) }));
  expect(await failure(api().receiveWebhook(huge))).toEqual({ code: status.INVALID_ARGUMENT, details: shopifyMessages.webhookTooLarge(MARKETPLACE_WEBHOOK_MAX_BYTES) });
  const unknownTopic = signed('products/create', '{"id":1}');
  expect(await failure(api().receiveWebhook(unknownTopic))).toEqual({ code: status.INVALID_ARGUMENT, details: shopifyMessages.webhookTopicUnknown('products/create') });
  expect((await deliveries()).length).toBe(before);
});

it('records the privacy topics as they come; a marketplace without webhooks is not found', async () => {
  const redact = signed('customers/redact', JSON.stringify({ shop_domain: SHOP, customer: { id: 191167, email: 'giulia@example.it' }, orders_to_redact: [299938] }));
  expect(await api().receiveWebhook(redact)).toEqual({ duplicate: false, topic: 'customers/redact' });
  const row = (await deliveries()).find((r) => r.webhook_id === redact.headers['x-shopify-webhook-id']);
  expect(row).toMatchObject({ status: expect.any(String), action: { kind: 'redact_customer', customerId: '191167', externalOrderIds: ['299938'] } });
  // Nobody connected that shop: Smista holds nothing of it.
  await waitFor('the redact of an unconnected shop ignored', async () => (await deliveries()).find((r) => r.webhook_id === redact.headers['x-shopify-webhook-id'] && r.status === 'ignored'));
  for (const marketplace of ['ebay', 'amazon', 'zalando']) {
    expect(await failure(api().receiveWebhook({ ...signed('orders/create', '{"id":1}'), marketplace }))).toEqual({ code: status.NOT_FOUND, details: marketplaceMessages.marketplaceNotFound });
  }
});

it("imports the order a connected shop's webhook names, as a sync does (read again from Shopify, published once); passes its privacy webhooks on and forgets the e-mail", async () => {
  const merchant = await stack.newMerchant();
  const params = await merchant.api.getOAuthParams({ marketplace: 'shopify', account: CONNECTED });
  const callback = new URL(await shopifyInstallAs(params.consentUrl, OWNER));
  const query = Object.fromEntries(callback.searchParams);
  const { integration } = await merchant.api.completeOAuth({ merchantId: merchant.merchantId, marketplace: 'shopify', code: query.code ?? '', error: '', state: query.state ?? '', callback: query });
  const order = (await shopifySandboxControl(shopify.url).orders(CONNECTED))[0]!;
  const ofOrder = async () => (await importedOrders(stack.pool)).filter((e) => e.integrationId === integration!.id && e.order?.externalId === order.legacyResourceId);
  expect(await ofOrder()).toEqual([]);

  // Shopify's body carries the order in its REST shape; only its id is used.
  const delivery = signed('orders/updated', `{"id":${order.legacyResourceId},"admin_graphql_api_id":"${order.id}","name":"#1001"}`, undefined, randomUUID(), CONNECTED);
  expect(await api().receiveWebhook(delivery)).toEqual({ duplicate: false, topic: 'orders/updated' });
  const [event] = await waitFor('the order imported', async () => ((await ofOrder()).length > 0 ? ofOrder() : undefined));
  expect(event).toMatchObject({ merchantId: merchant.merchantId, integrationId: integration!.id, jobId: 0, order: { marketplace: 'shopify', externalId: order.legacyResourceId } });
  expect((await deliveries()).find((r) => r.webhook_id === delivery.headers['x-shopify-webhook-id'])).toMatchObject({ status: 'done' });
  // Shopify sending it again imports nothing more.
  expect(await api().receiveWebhook(delivery)).toEqual({ duplicate: true, topic: 'orders/updated' });
  expect(await ofOrder()).toHaveLength(1);

  // A privacy webhook of that shop: passed on to orders, shipments and activity; the e-mail is forgotten here.
  const redact = signed('customers/redact', JSON.stringify({ shop_domain: CONNECTED, customer: { id: 191167, email: 'giulia@example.it' }, orders_to_redact: [Number(order.legacyResourceId)] }), undefined, randomUUID(), CONNECTED);
  await api().receiveWebhook(redact);
  const request = signed('customers/data_request', JSON.stringify({ shop_domain: CONNECTED, customer: { id: 191167, email: 'giulia@example.it' }, orders_requested: [], data_request: { id: 9999 } }), undefined, randomUUID(), CONNECTED);
  await api().receiveWebhook(request);
  const privacy = async () =>
    (await stack.pool.query<{ payload: Buffer }>(`SELECT payload FROM outbox WHERE subject = 'marketplaces.privacy.requested' ORDER BY seq`)).rows
      .map((r) => marketplacesEvents.MarketplacePrivacyRequested.decode(r.payload))
      .filter((e) => e.integrationId === integration!.id);
  const events = await waitFor('both privacy requests passed on', async () => ((await privacy()).length === 2 ? privacy() : undefined));
  expect(events.map(({ requestedAt: _, ...e }) => e).sort((a, b) => a.request.localeCompare(b.request))).toEqual([
    { merchantId: merchant.merchantId, integrationId: integration!.id, provider: 'shopify', request: 'customer_data_request', externalOrderIds: [], customerId: '191167', customerEmail: 'giulia@example.it', dataRequestId: '9999', webhookId: request.headers['x-shopify-webhook-id'] },
    { merchantId: merchant.merchantId, integrationId: integration!.id, provider: 'shopify', request: 'redact_customer', externalOrderIds: [order.legacyResourceId], customerId: '191167', customerEmail: 'giulia@example.it', dataRequestId: '', webhookId: redact.headers['x-shopify-webhook-id'] },
  ]);
  const rows = (await deliveries()).filter((r) => [redact.headers['x-shopify-webhook-id'], request.headers['x-shopify-webhook-id']].includes(r.webhook_id));
  expect(rows.map((r) => r.status)).toEqual(['done', 'done']);
  expect(rows.every((r) => !('email' in r.action))).toBe(true);
});
