import { createHmac, randomUUID } from 'node:crypto';
import { gid, type ShopifyOrder } from './orders';
import { ShopifyControlError, type ShopifySandboxApp, type ShopifyStore } from './store';

/*
 * Shopify's webhook deliveries as the sandbox sends them (shopify.dev, "Delivery structure" and
 * "Verify webhook deliveries"): a POST of the topic's JSON to the app's configured URI, signed with
 * `X-Shopify-Hmac-Sha256` (base64 HMAC-SHA256 of the raw body with the app's client secret), with
 * the topic, the shop, the API version and a delivery id that stays the same when a delivery is sent
 * again. The app's topics are its configuration (like `shopify.app.toml`): the six Smista serves.
 */

export const SANDBOX_WEBHOOK_TOPICS = ['orders/create', 'orders/updated', 'orders/cancelled', 'customers/data_request', 'customers/redact', 'shop/redact'] as const;
export type SandboxWebhookTopic = (typeof SANDBOX_WEBHOOK_TOPICS)[number];

export interface FireWebhookRequest {
  topic: string;
  /** Order topics: the order's numeric id (default: the shop's newest order); privacy: the orders named. */
  orderId?: string;
  /** The same id again is Shopify re-sending the delivery. Default: a new one. */
  webhookId?: string;
  /** Where to send it; default the app's `webhookUri`. */
  uri?: string;
  /** The app whose secret signs it; default an app installed on the shop (else the first registered: Smista's). */
  clientId?: string;
}

export interface FiredWebhook {
  webhookId: string;
  topic: string;
  uri: string;
  /** The receiver's HTTP status. */
  status: number;
}

/** An order in the REST shape Shopify's order webhooks carry (the fields Smista may read; ids as JSON numbers). */
function orderBody(shopDomain: string, order: ShopifyOrder): string {
  const a = order.shippingAddress;
  const body = {
    id: '__ID__',
    admin_graphql_api_id: gid('Order', order.id),
    name: order.name,
    email: order.email,
    phone: order.phone,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    currency: order.currencyCode,
    financial_status: order.financialStatus.toLowerCase(),
    shipping_address: a ? { first_name: a.firstName, last_name: a.lastName, address1: a.address1, city: a.city, zip: a.zip, country_code: a.countryCodeV2 } : null,
    line_items: order.lineItems.map((l) => ({ id: l.id, sku: l.sku, title: l.title, quantity: l.quantity, price: l.unitPrice, grams: l.grams })),
    shop_domain: shopDomain,
  };
  // The id as a bare number, as Shopify sends it (JSON.stringify would quote our placeholder).
  return JSON.stringify(body).replace('"__ID__"', String(order.id));
}

function privacyBody(topic: SandboxWebhookTopic, shopDomain: string, order: ShopifyOrder | undefined): string {
  const shopId = 954889;
  const orders = order ? [order.id] : [];
  const customer = { id: 191167, email: order?.email ?? 'cliente@example.it', phone: order?.phone ?? null };
  switch (topic) {
    case 'customers/redact':
      return JSON.stringify({ shop_id: shopId, shop_domain: shopDomain, customer, orders_to_redact: orders });
    case 'customers/data_request':
      return JSON.stringify({ shop_id: shopId, shop_domain: shopDomain, orders_requested: orders, customer, data_request: { id: 9999 } });
    default:
      return JSON.stringify({ shop_id: shopId, shop_domain: shopDomain });
  }
}

/**
 * The app a delivery is for: the one named, else one installed on the shop (the shared sandbox holds
 * other stacks' apps, never this shop's), else the first registered (Smista's).
 */
function appFor(store: ShopifyStore, shopDomain: string, clientId: string | undefined): ShopifySandboxApp {
  const app = clientId ? store.apps.get(clientId) : (store.installedApps(shopDomain)[0] ?? [...store.apps.values()][0]);
  if (!app) throw new ShopifyControlError(404, `app sconosciuta: ${clientId ?? '(nessuna registrata)'}`);
  return app;
}

/**
 * POSTs one delivery as Shopify does, signed with the app's secret, and records it; answers the
 * receiver's status (0 when it could not be reached: Shopify would try again later).
 */
async function deliver(
  store: ShopifyStore,
  delivery: { app: ShopifySandboxApp; uri: string; shop: string; topic: SandboxWebhookTopic; body: string; webhookId: string; orderId: string },
  apiVersion: string,
): Promise<FiredWebhook> {
  const { app, uri, shop, topic, body, webhookId } = delivery;
  let status = 0;
  try {
    const res = await fetch(uri, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': createHmac('sha256', app.clientSecret).update(body).digest('base64'),
        'x-shopify-shop-domain': shop,
        'x-shopify-api-version': apiVersion,
        'x-shopify-webhook-id': webhookId,
        'x-shopify-triggered-at': new Date().toISOString(),
      },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    await res.arrayBuffer();
    status = res.status;
  } catch {
    // Unreachable (the receiver is down): recorded with status 0.
  }
  store.recordWebhook({ webhookId, topic, shop, orderId: delivery.orderId, clientId: app.clientId, uri, status, sentAt: new Date().toISOString() });
  return { webhookId, topic, uri, status };
}

/** Sends one delivery of `topic` for the shop, signed as Shopify signs it; answers the receiver's status. */
export async function fireWebhook(store: ShopifyStore, shopDomain: string, request: FireWebhookRequest, apiVersion = '2026-10'): Promise<FiredWebhook> {
  const topic = request.topic as SandboxWebhookTopic;
  if (!SANDBOX_WEBHOOK_TOPICS.includes(topic)) throw new ShopifyControlError(400, `topic non gestito: ${request.topic} (${SANDBOX_WEBHOOK_TOPICS.join(', ')})`);
  const shop = store.shop(shopDomain);
  const app = appFor(store, shop.domain, request.clientId);
  const uri = request.uri ?? app.webhookUri;
  if (!uri) throw new ShopifyControlError(400, "uri mancante: l'app non ha un indirizzo per i webhook (webhookUri)");
  const order = request.orderId ? shop.orders.find((o) => String(o.id) === request.orderId) : shop.orders[shop.orders.length - 1];
  if (request.orderId && !order) throw new ShopifyControlError(404, `ordine sconosciuto: ${request.orderId}`);
  const isOrderTopic = topic.startsWith('orders/');
  if (isOrderTopic && !order) throw new ShopifyControlError(400, 'il negozio non ha ordini');
  const body = isOrderTopic ? orderBody(shop.domain, order!) : privacyBody(topic, shop.domain, order);
  return deliver(store, { app, uri, shop: shop.domain, topic, body, webhookId: request.webhookId ?? randomUUID(), orderId: isOrderTopic ? String(order!.id) : '' }, apiVersion);
}

/**
 * What Shopify does by itself when a shop's orders change: one delivery of `topic` per order to
 * every app installed on the shop that has a webhook address (none installed: nothing sent). Waits
 * for the receivers' answers; a receiver down is recorded, never an error of the change.
 */
export async function deliverOrderChanges(store: ShopifyStore, shopDomain: string, topic: 'orders/create' | 'orders/updated' | 'orders/cancelled', orders: readonly ShopifyOrder[], apiVersion = '2026-10'): Promise<FiredWebhook[]> {
  const shop = store.shop(shopDomain);
  const apps = store.installedWebhookApps(shop.domain);
  const sent: FiredWebhook[] = [];
  for (const order of orders) {
    const body = orderBody(shop.domain, order);
    for (const app of apps) sent.push(await deliver(store, { app, uri: app.webhookUri!, shop: shop.domain, topic, body, webhookId: randomUUID(), orderId: String(order.id) }, apiVersion));
  }
  return sent;
}
