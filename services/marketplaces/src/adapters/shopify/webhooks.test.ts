import { createHmac } from 'node:crypto';
import { shopifyMessages } from '@smista/contracts';
import type { WebhookVerdict } from '../adapter';
import { verifyWebhook, webhookSignature } from './webhooks';

/*
 * A Shopify delivery checked as Shopify documents it: HMAC-SHA256 of the raw bytes, base64, with
 * the app's secret, compared before anything is parsed; a body over the limit, a header missing, an
 * unknown topic or shop refused with an Italian reason; what each of the six topics asks.
 */

const SECRET = 'shpss_segreto-di-prova';
const LIMIT = 4096;

function delivery(topic: string, body: unknown, extra: Record<string, string> = {}) {
  const raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const headers: Record<string, string> = {
    'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(raw).digest('base64'),
    'x-shopify-topic': topic,
    'x-shopify-shop-domain': 'bottega.myshopify.com',
    'x-shopify-webhook-id': 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
    'x-shopify-api-version': '2026-10',
    ...extra,
  };
  return { headers, raw };
}

function refusal(verdict: WebhookVerdict) {
  if (verdict.ok) throw new Error('expected a refusal');
  return verdict.refusal;
}

function accepted(verdict: WebhookVerdict) {
  if (!verdict.ok) throw new Error(`expected acceptance, got ${verdict.refusal.message}`);
  return verdict.webhook;
}

describe('verifyWebhook', () => {
  it('signs as Shopify does: base64 HMAC-SHA256 of the raw bytes', () => {
    const raw = Buffer.from('{"id":1}');
    expect(webhookSignature(raw, SECRET)).toBe(createHmac('sha256', SECRET).update(raw).digest('base64'));
  });

  it('accepts an order delivery and reads only the order id (the order is read again by the adapter)', () => {
    // Shopify's ids pass 2^53: the digits are kept as sent, not rounded by JSON.parse.
    const { headers, raw } = delivery('orders/create', '{"id":820982911946154508,"name":"#1001","email":"giulia@example.it"}');
    expect(accepted(verifyWebhook(headers, raw, SECRET, LIMIT))).toEqual({
      topic: 'orders/create',
      seller: 'bottega.myshopify.com',
      webhookId: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043',
      action: { kind: 'import_order', externalOrderId: '820982911946154508' },
    });
    for (const topic of ['orders/updated', 'orders/cancelled']) {
      const d = delivery(topic, { id: 450789469 });
      expect(accepted(verifyWebhook(d.headers, d.raw, SECRET, LIMIT)).action).toEqual({ kind: 'import_order', externalOrderId: '450789469' });
    }
  });

  it('refuses a wrong signature before parsing: even a body that is not JSON gets the signature refusal', () => {
    const { headers } = delivery('orders/create', { id: 1 });
    const tampered = Buffer.from('{"id":2}');
    expect(refusal(verifyWebhook(headers, tampered, SECRET, LIMIT))).toEqual({ reason: 'signature', message: shopifyMessages.webhookSignatureInvalid });
    expect(refusal(verifyWebhook(headers, Buffer.from('non json'), SECRET, LIMIT)).reason).toBe('signature');
    const other = delivery('orders/create', { id: 1 });
    expect(refusal(verifyWebhook(other.headers, other.raw, 'un-altro-segreto', LIMIT)).reason).toBe('signature');
  });

  it('refuses a missing or malformed signature, and everything while no secret is configured', () => {
    const { headers, raw } = delivery('orders/create', { id: 1 });
    expect(refusal(verifyWebhook({ ...headers, 'x-shopify-hmac-sha256': '' }, raw, SECRET, LIMIT)).reason).toBe('signature');
    expect(refusal(verifyWebhook({ ...headers, 'x-shopify-hmac-sha256': 'abc' }, raw, SECRET, LIMIT)).reason).toBe('signature');
    const hex = createHmac('sha256', SECRET).update(raw).digest('hex');
    expect(refusal(verifyWebhook({ ...headers, 'x-shopify-hmac-sha256': hex }, raw, SECRET, LIMIT)).reason).toBe('signature');
    expect(refusal(verifyWebhook(headers, raw, '', LIMIT)).reason).toBe('signature');
  });

  it('refuses a body over the limit before computing anything', () => {
    const { headers, raw } = delivery('orders/create', { id: 1, note: 'x'.repeat(LIMIT) });
    expect(refusal(verifyWebhook(headers, raw, SECRET, LIMIT))).toEqual({ reason: 'too_large', message: shopifyMessages.webhookTooLarge(LIMIT) });
  });

  it('refuses a signed delivery without its id, topic or shop, with an unknown topic or a foreign shop', () => {
    const d = delivery('orders/create', { id: 1 });
    expect(refusal(verifyWebhook({ ...d.headers, 'x-shopify-webhook-id': '' }, d.raw, SECRET, LIMIT))).toEqual({
      reason: 'incomplete',
      message: shopifyMessages.webhookIncomplete('x-shopify-webhook-id'),
    });
    expect(refusal(verifyWebhook({ ...d.headers, 'x-shopify-topic': 'products/create' }, d.raw, SECRET, LIMIT)).message).toBe(
      shopifyMessages.webhookTopicUnknown('products/create'),
    );
    expect(refusal(verifyWebhook({ ...d.headers, 'x-shopify-shop-domain': 'bottega.example.com' }, d.raw, SECRET, LIMIT)).reason).toBe('seller');
  });

  it('refuses a signed body that is not a JSON object, or an order without its id', () => {
    for (const body of ['non json', '[1,2]', '{"name":"#1001"}']) {
      const d = delivery('orders/updated', body);
      expect(refusal(verifyWebhook(d.headers, d.raw, SECRET, LIMIT))).toEqual({ reason: 'body', message: shopifyMessages.webhookBodyInvalid });
    }
  });

  it('reads the privacy topics: the customer, the orders, the request', () => {
    const redact = delivery('customers/redact', {
      shop_id: 954889,
      shop_domain: 'bottega.myshopify.com',
      customer: { id: 191167, email: 'john@example.com', phone: '555-625-1199' },
      orders_to_redact: [299938, 280263, 220458],
    });
    expect(accepted(verifyWebhook(redact.headers, redact.raw, SECRET, LIMIT)).action).toEqual({
      kind: 'redact_customer',
      customerId: '191167',
      email: 'john@example.com',
      externalOrderIds: ['299938', '280263', '220458'],
    });
    const request = delivery('customers/data_request', {
      shop_id: 954889,
      shop_domain: 'bottega.myshopify.com',
      orders_requested: [299938],
      customer: { id: 191167, email: 'john@example.com' },
      data_request: { id: 9999 },
    });
    expect(accepted(verifyWebhook(request.headers, request.raw, SECRET, LIMIT)).action).toEqual({
      kind: 'customer_data_request',
      customerId: '191167',
      email: 'john@example.com',
      externalOrderIds: ['299938'],
      dataRequestId: '9999',
    });
    const shop = delivery('shop/redact', { shop_id: 954889, shop_domain: 'bottega.myshopify.com' });
    expect(accepted(verifyWebhook(shop.headers, shop.raw, SECRET, LIMIT)).action).toEqual({ kind: 'redact_shop' });
  });
});
