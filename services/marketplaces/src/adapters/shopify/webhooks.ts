import { createHmac, timingSafeEqual } from 'node:crypto';
import { shopifyMessages } from '@smista/contracts';
import type { WebhookAction, WebhookHeaders, WebhookRefusal, WebhookVerdict } from '../adapter';
import { SHOP_DOMAIN } from './shop-domain';

/*
 * Shopify's webhook deliveries (issue 22; shopify.dev "Verify webhook deliveries"): the signature
 * checked over the raw body before anything is parsed, then what the delivery asks of Smista. Pure:
 * the gateway's route hands the raw bytes and headers, the service records and acts.
 */

/** The order topics: each asks for one order to be imported again (the sync's import path). */
export const SHOPIFY_ORDER_TOPICS = ['orders/create', 'orders/updated', 'orders/cancelled'] as const;
/** The privacy topics every public Shopify app must serve. */
export const SHOPIFY_PRIVACY_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;
export type ShopifyWebhookTopic = (typeof SHOPIFY_ORDER_TOPICS)[number] | (typeof SHOPIFY_PRIVACY_TOPICS)[number];
const KNOWN_TOPICS: ReadonlySet<string> = new Set([...SHOPIFY_ORDER_TOPICS, ...SHOPIFY_PRIVACY_TOPICS]);

/** The headers a delivery is read from (lower case, as Node gives them). */
export const WEBHOOK_HEADERS = {
  hmac: 'x-shopify-hmac-sha256',
  topic: 'x-shopify-topic',
  shop: 'x-shopify-shop-domain',
  webhookId: 'x-shopify-webhook-id',
  apiVersion: 'x-shopify-api-version',
} as const;

/**
 * Shopify's signature of a body: HMAC-SHA256 of the raw bytes with the app's client secret, base64.
 *
 * @example webhookSignature(Buffer.from('{}'), 'segreto') // base64 string, 44 characters
 */
export function webhookSignature(rawBody: Buffer, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(rawBody).digest('base64');
}

function header(headers: WebhookHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** Constant time over the decoded digests; a header of another length is simply not equal. */
function signatureMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'base64');
  const b = Buffer.from(expected, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}

const refuse = (reason: WebhookRefusal['reason'], message: string): WebhookVerdict => ({ ok: false, refusal: { reason, message } });

/**
 * Checks a delivery and reads what it asks. In this order, so that nothing of an unsigned body is
 * ever read: the size, the signature (constant time, over the raw bytes), then the headers, then
 * the JSON.
 *
 * @example verifyWebhook(req.headers, rawBody, settings.clientSecret, 1048576) // { ok: true, webhook: { topic: 'orders/create', … } }
 */
export function verifyWebhook(headers: WebhookHeaders, rawBody: Buffer, clientSecret: string, maxBytes: number): WebhookVerdict {
  if (rawBody.length > maxBytes) return refuse('too_large', shopifyMessages.webhookTooLarge(maxBytes));
  const hmac = header(headers, WEBHOOK_HEADERS.hmac);
  if (!hmac || !clientSecret || !signatureMatches(hmac, webhookSignature(rawBody, clientSecret))) {
    return refuse('signature', shopifyMessages.webhookSignatureInvalid);
  }
  for (const name of [WEBHOOK_HEADERS.topic, WEBHOOK_HEADERS.shop, WEBHOOK_HEADERS.webhookId]) {
    if (!header(headers, name)) return refuse('incomplete', shopifyMessages.webhookIncomplete(name));
  }
  const topic = header(headers, WEBHOOK_HEADERS.topic).toLowerCase();
  if (!KNOWN_TOPICS.has(topic)) return refuse('topic', shopifyMessages.webhookTopicUnknown(topic));
  const shop = header(headers, WEBHOOK_HEADERS.shop).toLowerCase();
  if (!SHOP_DOMAIN.test(shop)) return refuse('seller', shopifyMessages.webhookShopInvalid);
  let body: unknown;
  try {
    body = parseKeepingIntegers(rawBody.toString('utf8'));
  } catch {
    return refuse('body', shopifyMessages.webhookBodyInvalid);
  }
  const action = actionOf(topic as ShopifyWebhookTopic, body);
  if (!action) return refuse('body', shopifyMessages.webhookBodyInvalid);
  return { ok: true, webhook: { topic, seller: shop, webhookId: header(headers, WEBHOOK_HEADERS.webhookId), action } };
}

/**
 * JSON with every integer kept as its digits: Shopify's ids pass 2^53 (820982911946154508), which
 * a plain JSON.parse rounds to another order's id. Uses the reviver's source text (Node ≥ 21).
 */
function parseKeepingIntegers(text: string): unknown {
  const reviver = (_key: string, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' && context?.source !== undefined && /^-?\d+$/.test(context.source) ? context.source : value;
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
}

/** A Shopify numeric id (its digits, as parseKeepingIntegers keeps them) as our string; '' when absent or not one. */
function idOf(value: unknown): string {
  if (typeof value === 'string' && /^[1-9]\d*$/.test(value)) return value;
  return '';
}

function idsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(idOf).filter((id) => id !== '') : [];
}

/**
 * What the topic's body asks. Order topics carry the order (REST shape): only its id is used, the
 * order itself is read again through the adapter, so a webhook imports exactly what a sync would.
 * Privacy bodies: `customer {id, email}`, `orders_to_redact` / `orders_requested`, `data_request {id}`.
 */
function actionOf(topic: ShopifyWebhookTopic, body: unknown): WebhookAction | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  const customer = (typeof b.customer === 'object' && b.customer !== null ? b.customer : {}) as Record<string, unknown>;
  const customerId = idOf(customer.id);
  const email = typeof customer.email === 'string' ? customer.email.trim() : '';
  switch (topic) {
    case 'orders/create':
    case 'orders/updated':
    case 'orders/cancelled': {
      const externalOrderId = idOf(b.id);
      return externalOrderId ? { kind: 'import_order', externalOrderId } : undefined;
    }
    case 'customers/redact':
      return { kind: 'redact_customer', customerId, email, externalOrderIds: idsOf(b.orders_to_redact) };
    case 'customers/data_request': {
      const request = (typeof b.data_request === 'object' && b.data_request !== null ? b.data_request : {}) as Record<string, unknown>;
      return { kind: 'customer_data_request', customerId, email, externalOrderIds: idsOf(b.orders_requested), dataRequestId: idOf(request.id) };
    }
    case 'shop/redact':
      return { kind: 'redact_shop' };
  }
}
