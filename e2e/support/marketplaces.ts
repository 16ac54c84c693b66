import type { BrowserContext } from 'playwright-core';
import { api } from './api';
import { GLS_ACCOUNT, PICKUP_ADDRESS } from './carriers';
import { eventually } from './ui';
import { weighAllProducts } from './catalogue';

/*
 * Steps the marketplace suites share (etsy.test.ts, aliexpress.test.ts): a marketplace connected
 * without its screen, a sync of one integration through the API until the orders list has every
 * order, and a GLS label of one of its orders.
 */

/**
 * Connects a marketplace to the merchant the way the shell's callback page does it, without the
 * screens (the suites of each marketplace drive those): its OAuth parameters (`shop` for Shopify),
 * the sandbox's consent page signed and allowed by `consent` (the sandbox's `…AuthorizeAs` /
 * `shopifyInstallAs`, answering where it redirects), then `POST /api/merchants/current/oauth/callback`
 * with what came back (Amazon names its code `spapi_oauth_code`; a signed query, Shopify's and
 * Amazon's, goes whole as `callback`, as the shell sends it). Answers the callback's body.
 *
 * @example await connectThroughApi(browser.context, app.baseUrl, merchantId, 'etsy', (url) => etsyAuthorizeAs(url, owner));
 */
export async function connectThroughApi(context: BrowserContext, baseUrl: string, merchantId: string, marketplace: string, consent: (consentUrl: string) => Promise<string>, shop?: string): Promise<any> {
  const params = await api(context, baseUrl, 'GET', `/api/marketplace/${marketplace}/oauth-params${shop ? `?shop=${encodeURIComponent(shop)}` : ''}`);
  expect(params.status).toBe(200);
  const query = new URL(await consent(params.body.consentUrl)).searchParams;
  const signed = query.has('hmac') || query.has('selling_partner_id') ? Object.fromEntries([...query.entries()].slice(0, 20)) : {};
  const answer = await api(context, baseUrl, 'POST', '/api/merchants/current/oauth/callback', { code: query.get('code') ?? query.get('spapi_oauth_code'), marketplace, merchantId, state: query.get('state'), callback: signed });
  expect(answer.status).toBe(200);
  return answer.body;
}

/**
 * Starts a sync of the integration (`POST /api/orders/sync/{id}`), waits for its job to complete
 * and for `GET /api/orders?marketplace=` to list `expected` orders (rows and total agreeing: during
 * an import one read may be ahead of the other). Answers the job and the list.
 *
 * @example const { job, listed } = await syncedOrders(browser.context, app.baseUrl, integrationId, 'etsy', 14);
 */
export async function syncedOrders(context: BrowserContext, baseUrl: string, integrationId: number, marketplace: string, expected?: number): Promise<{ job: any; listed: any }> {
  const started = await api(context, baseUrl, 'POST', `/api/orders/sync/${integrationId}`, {});
  expect(started.status).toBe(202);
  const job = await eventually(async () => {
    const res = await api(context, baseUrl, 'GET', `/api/orders/sync/jobs/${started.body.job.id}`);
    expect(res.body.status).toBe('completed');
    return res.body;
  }, 60_000);
  const listed = await eventually(async () => {
    const res = await api(context, baseUrl, 'GET', `/api/orders?marketplace=${marketplace}&pageSize=50`);
    expect(res.body.meta.totalItems).toBe(expected ?? job.ordersSynced);
    expect(res.body.data).toHaveLength(res.body.meta.totalItems);
    return res.body;
  }, 30_000);
  return { job, listed };
}

/** Whether GLS's label service takes the order's address as it is (Italy, its field lengths). */
export function fitsGlsLabel(order: any): boolean {
  const a = order.shippingAddressDetails;
  return Boolean(a) && a.countryCode === 'IT' && a.addressLine1.length <= 35 && a.fullName.length <= 35 && a.city.length <= 30;
}

/** The merchant's GLS account 'GLS Milano' (the GLS sandbox's), made the first time; answers its id. */
export async function glsAccount(context: BrowserContext, baseUrl: string, merchantId: string): Promise<number> {
  const carriers = (await api(context, baseUrl, 'GET', `/api/merchants/${merchantId}/carrier-integrations`)).body as any[];
  const existing = (Array.isArray(carriers) ? carriers : []).find((c) => c.provider === 'gls' && c.connectionName === 'GLS Milano');
  if (existing) return existing.id as number;
  const gls = await api(context, baseUrl, 'POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS_ACCOUNT });
  expect(gls.status).toBe(201);
  return gls.body.id as number;
}

/**
 * A GLS label of one order, through the API as the screens do it: the merchant's GLS account
 * ('GLS Milano', made once) and a pickup address (if none yet), the carrier assigned, the shipment
 * created and processed. Answers the shipment's id; its tracking number comes from GLS.
 */
export async function labelWithGls(context: BrowserContext, baseUrl: string, merchantId: string, orderId: number): Promise<number> {
  const call = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => api(context, baseUrl, method, path, body);
  const glsId = await glsAccount(context, baseUrl, merchantId);
  if (((await call('GET', '/api/merchant-addresses')).body as any[]).length === 0) expect((await call('POST', '/api/merchant-addresses', PICKUP_ADDRESS)).status).toBe(201);
  expect((await call('PATCH', `/api/orders/${orderId}/carrier`, { carrierIntegrationId: glsId })).status).toBe(200);
  await weighAllProducts(context, baseUrl);
  const created = await call('POST', '/api/shipments/bulk-create', { orderIds: [orderId] });
  expect(created.body?.created).toBe(1);
  const shipmentId = created.body.outcomes[0].shipmentId as number;
  const processed = await call('POST', '/api/shipments/process-selected', { shipmentIds: [shipmentId] });
  expect({ status: processed.status, success: processed.body?.success }).toEqual({ status: 200, success: 1 });
  return shipmentId;
}
