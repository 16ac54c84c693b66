import { Agent } from 'node:http';
import { connect } from 'node:net';
import { SellingPartner } from 'amazon-sp-api';
import { AMAZON_ITALY_MARKETPLACE, AMAZON_SANDBOX_APP, amazonAuthorizeAs, amazonSandboxControl, startAmazonSandbox, type AmazonSandbox, type AmazonSandboxControl } from './index';

/*
 * The Amazon sandbox over real HTTP, through the published client `amazon-sp-api` with only the
 * host changed (its proxy-agent option sends every connection to the sandbox): the consent page and
 * the LWA code exchange and refresh (JSON, as the client sends them; a form works too), Orders
 * v2026-01-01 searchOrders pages and getOrder, v0 shipmentConfirmation (204), the withheld
 * recipient, usage plans with 429 QuotaExceeded, expired and revoked tokens, the control endpoints.
 */

const SELLER = { sellerId: 'A2TESTBOTTEGA', storeName: 'Bottega Test', email: 'venditore@bottega-test.it', password: 'Venditore1!' };
const REDIRECT = 'http://127.0.0.1:9/marketplace/callback';
const ORDERS = 45;

let amazon: AmazonSandbox;
let control: AmazonSandboxControl;

beforeAll(async () => {
  // Fast usage plans: the tests read answers; the real plans are the last test's.
  amazon = await startAmazonSandbox({ port: 0, sellers: [{ ...SELLER, orders: ORDERS, seed: 3 }, { storeName: 'Altro Negozio', sellerId: 'A2ALTRONEGOZIO', orders: 2 }], usagePlans: { searchOrders: { rate: 50, burst: 50 }, getOrder: { rate: 50, burst: 50 } } });
  control = amazonSandboxControl(amazon.url);
});
afterAll(async () => {
  await amazon?.close();
});
afterEach(async () => {
  await control.clearFaults();
  await control.setRestrictedRole(AMAZON_SANDBOX_APP.applicationId, true);
});

const consentUrl = (state = 'stato-123', extra: Record<string, string> = {}) =>
  `${amazon.url}/apps/authorize/consent?${new URLSearchParams({ application_id: AMAZON_SANDBOX_APP.applicationId, state, version: 'beta', redirect_uri: REDIRECT, ...extra })}`;

async function consent(state = 'stato-123'): Promise<URLSearchParams> {
  return new URL(await amazonAuthorizeAs(consentUrl(state), SELLER)).searchParams;
}

/** Every connection the client opens (to api.amazon.com or sellingpartnerapi-eu.amazon.com) goes to the sandbox instead. */
function toSandbox(): Agent {
  const { hostname, port } = new URL(amazon.url);
  const agent = new Agent({ keepAlive: false });
  // The client builds https requests; the agent stands in for the TLS one and speaks plain HTTP to the sandbox.
  (agent as unknown as { protocol: string }).protocol = 'https:';
  agent.createConnection = () => connect(Number(port), hostname);
  return agent;
}

function client(refreshToken = 'none', options: Record<string, unknown> = {}): SellingPartner {
  return new SellingPartner({
    region: 'eu',
    refresh_token: refreshToken,
    credentials: { SELLING_PARTNER_APP_CLIENT_ID: AMAZON_SANDBOX_APP.clientId, SELLING_PARTNER_APP_CLIENT_SECRET: AMAZON_SANDBOX_APP.clientSecret },
    options: { https_proxy_agent: toSandbox(), auto_request_throttled: false, retry_remote_timeout: false, ...options },
  } as ConstructorParameters<typeof SellingPartner>[0]);
}

async function refreshToken(): Promise<string> {
  const code = (await consent()).get('spapi_oauth_code')!;
  return (await client().exchange(code)).refresh_token;
}

/** A call through the client, with the operation's version and parameters (the typings lag behind 2026-01-01). */
const call = (sp: SellingPartner, params: Record<string, unknown>) => sp.callAPI(params as never) as Promise<any>;

const searchOrders = (sp: SellingPartner, query: Record<string, unknown>) => call(sp, { operation: 'searchOrders', endpoint: 'orders', query, options: { version: '2026-01-01' } });

async function raw(path: string, token: string, init: RequestInit = {}) {
  const res = await fetch(`${amazon.url}${path}`, { ...init, headers: { 'x-amz-access-token': token, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as any) : undefined };
}

async function accessToken(): Promise<string> {
  const sp = client(await refreshToken());
  await sp.refreshAccessToken();
  return sp.access_token;
}

const since = () => new Date(Date.now() - 400 * 86_400_000).toISOString();

describe('the website authorization flow and Login with Amazon', () => {
  it('shows an Italian consent page and redirects with spapi_oauth_code, selling_partner_id and state', async () => {
    const page = await fetch(consentUrl());
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('lang="it"');
    expect(html).toContain('Conferma');
    expect(html).toContain('Smista');
    const callback = await consent('stato-abc');
    expect([...callback.keys()].sort()).toEqual(['selling_partner_id', 'spapi_oauth_code', 'state']);
    expect(callback.get('state')).toBe('stato-abc');
    expect(callback.get('selling_partner_id')).toBe(SELLER.sellerId);
  });

  it('refuses a wrong password on the page, an unknown app or a missing state with an error page; Annulla redirects nowhere', async () => {
    await expect(amazonAuthorizeAs(consentUrl(), { ...SELLER, password: 'sbagliata' })).rejects.toThrow(/E-mail o password non corretti/);
    const badApp = await fetch(consentUrl('s', { application_id: 'sconosciuta' }));
    expect(badApp.status).toBe(400);
    expect(await badApp.text()).toContain('application_id sconosciuto');
    expect((await fetch(consentUrl('s', { state: '' }))).status).toBe(400);
    await expect(amazonAuthorizeAs(consentUrl(), { ...SELLER, confirm: false })).rejects.toThrow(/Autorizzazione annullata/);
  });

  it('exchanges a code once through the client (JSON) for a refresh token; a form body works too; a used code is invalid_grant', async () => {
    const code = (await consent()).get('spapi_oauth_code')!;
    const tokens = await client().exchange(code);
    expect(tokens).toEqual({ access_token: expect.stringMatching(/^Atza\|/), refresh_token: expect.stringMatching(/^Atzr\|/), token_type: 'bearer', expires_in: 3600 });
    await expect(client().exchange(code)).rejects.toMatchObject({ code: 'invalid_grant' });

    const form = await fetch(`${amazon.url}/auth/o2/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: AMAZON_SANDBOX_APP.clientId, client_secret: AMAZON_SANDBOX_APP.clientSecret }) });
    expect(form.status).toBe(200);
    expect(await form.json()).toMatchObject({ access_token: expect.stringMatching(/^Atza\|/), refresh_token: tokens.refresh_token, expires_in: 3600 });
    const wrongSecret = await fetch(`${amazon.url}/auth/o2/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: AMAZON_SANDBOX_APP.clientId, client_secret: 'no' }) });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('Orders v2026-01-01 and v0 shipmentConfirmation through amazon-sp-api', () => {
  let sp: SellingPartner;
  beforeAll(async () => {
    sp = client(await refreshToken());
  });

  it('pages searchOrders by lastUpdatedAfter for merchant-fulfilled orders with paginationToken, each order once, with the included data', async () => {
    const merchant = (await control.orders(SELLER.sellerId)).filter((o) => o.fulfilledBy === 'MERCHANT');
    const seen: string[] = [];
    let paginationToken: string | undefined;
    let pages = 0;
    do {
      const answer = await searchOrders(sp, {
        ...(paginationToken ? { paginationToken } : { lastUpdatedAfter: since(), fulfilledBy: 'MERCHANT', marketplaceIds: [AMAZON_ITALY_MARKETPLACE.marketplaceId] }),
        maxResultsPerPage: 20,
        includedData: ['BUYER', 'RECIPIENT', 'FULFILLMENT', 'PACKAGES', 'PROCEEDS'],
      });
      pages++;
      expect(answer.lastUpdatedBefore).toEqual(expect.any(String));
      for (const order of answer.orders) {
        seen.push(order.orderId);
        expect(order.orderId).toMatch(/^\d{3}-\d{7}-\d{7}$/);
        expect(order.salesChannel.marketplaceId).toBe('APJ6JRA9NG5V4');
        expect(order.fulfillment.fulfilledBy).toBe('MERCHANT');
        expect(order.fulfillment.fulfillmentServiceLevel).toEqual(expect.any(String));
        expect(order.proceeds.grandTotal).toEqual({ amount: expect.stringMatching(/^\d+\.\d{2}$/), currencyCode: 'EUR' });
        expect(order.orderItems[0]).toMatchObject({ orderItemId: expect.any(String), quantityOrdered: expect.any(Number), product: { sellerSku: expect.any(String), title: expect.any(String), price: { unitPrice: { amount: expect.any(String), currencyCode: 'EUR' } } } });
        if (order.fulfillment.fulfillmentStatus !== 'PENDING') expect(order.recipient.deliveryAddress).toMatchObject({ name: expect.any(String), addressLine1: expect.any(String), postalCode: expect.stringMatching(/^\d{5}$/), city: expect.any(String), countryCode: 'IT' });
        expect(Array.isArray(order.packages)).toBe(true);
      }
      paginationToken = answer.pagination?.nextToken;
    } while (paginationToken);
    expect(pages).toBe(Math.ceil(merchant.length / 20));
    expect(new Set(seen)).toEqual(new Set(merchant.map((o) => o.orderId)));
    expect(seen).toHaveLength(merchant.length);
  });

  it('reads one order with getOrder (items always), confirms a shipment with 204 and sees the package; a second confirmation is refused', async () => {
    const open = (await control.orders(SELLER.sellerId)).find((o) => o.fulfilledBy === 'MERCHANT' && o.fulfillmentStatus === 'UNSHIPPED')!;
    const read = await call(sp, { operation: 'getOrder', endpoint: 'orders', path: { orderId: open.orderId }, query: { includedData: ['PACKAGES', 'FULFILLMENT'] }, options: { version: '2026-01-01' } });
    expect(read.order.orderId).toBe(open.orderId);
    expect(read.order.orderItems).toHaveLength(open.items.length);
    expect(read.order.packages).toEqual([]);
    const body = {
      marketplaceId: AMAZON_ITALY_MARKETPLACE.marketplaceId,
      packageDetail: { packageReferenceId: '1', carrierCode: 'GLS', trackingNumber: 'MI100200300', shipDate: new Date().toISOString(), orderItems: open.items.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantityOrdered })) },
    };
    expect(await call(sp, { operation: 'confirmShipment', endpoint: 'orders', path: { orderId: open.orderId }, body })).toEqual({ success: true });
    const after = await call(sp, { operation: 'getOrder', endpoint: 'orders', path: { orderId: open.orderId }, query: { includedData: ['PACKAGES', 'FULFILLMENT'] }, options: { version: '2026-01-01' } });
    expect(after.order.fulfillment.fulfillmentStatus).toBe('SHIPPED');
    expect(after.order.packages).toEqual([expect.objectContaining({ packageReferenceId: '1', carrier: 'GLS', trackingNumber: 'MI100200300', packageItems: body.packageDetail.orderItems })]);
    await expect(call(sp, { operation: 'confirmShipment', endpoint: 'orders', path: { orderId: open.orderId }, body: { ...body, packageDetail: { ...body.packageDetail, packageReferenceId: '2' } } })).rejects.toMatchObject({ code: 'InvalidInput', message: 'The order item has already been shipped' });
    // Other carriers: `Other` needs carrierName.
    const another = (await control.orders(SELLER.sellerId)).find((o) => o.fulfilledBy === 'MERCHANT' && o.fulfillmentStatus === 'UNSHIPPED')!;
    const other = { marketplaceId: AMAZON_ITALY_MARKETPLACE.marketplaceId, packageDetail: { packageReferenceId: '7', carrierCode: 'Other', trackingNumber: 'X1', shipDate: new Date().toISOString(), orderItems: [{ orderItemId: another.items[0]!.orderItemId, quantity: 1 }] } };
    await expect(call(sp, { operation: 'confirmShipment', endpoint: 'orders', path: { orderId: another.orderId }, body: other })).rejects.toMatchObject({ code: 'InvalidInput', message: 'carrierName is required when carrierCode is Other' });
  });

  it('withholds the recipient and the buyer e-mail when the app lacks the restricted role', async () => {
    await control.setRestrictedRole(AMAZON_SANDBOX_APP.applicationId, false);
    const answer = await searchOrders(sp, { createdAfter: since(), fulfilledBy: 'MERCHANT', fulfillmentStatuses: ['UNSHIPPED'], includedData: ['RECIPIENT', 'BUYER'], maxResultsPerPage: 5 });
    expect(answer.orders.length).toBeGreaterThan(0);
    for (const order of answer.orders) {
      expect(order.recipient.deliveryAddress).not.toHaveProperty('name');
      expect(order.recipient.deliveryAddress).not.toHaveProperty('addressLine1');
      expect(order.recipient.deliveryAddress).not.toHaveProperty('postalCode');
      expect(order.recipient.deliveryAddress).toMatchObject({ city: expect.any(String), countryCode: 'IT' });
      expect(order.buyer).not.toHaveProperty('buyerEmail');
    }
  });

  it('answers 429 QuotaExceeded in the error envelope with x-amzn-RateLimit-Limit, which the client waits out and retries', async () => {
    const limitedBefore = (await control.stats()).limited;
    await control.injectFault({ kind: 'quota', count: 1, rateLimit: 20, operation: 'searchOrders' });
    const patient = client(await refreshToken(), { auto_request_throttled: true });
    const answer = await searchOrders(patient, { createdAfter: since(), maxResultsPerPage: 1 });
    expect(answer.orders).toHaveLength(1);
    const statuses = amazon.requests().filter((r) => r.operation === 'searchOrders').slice(-2).map((r) => [r.status, r.code]);
    expect(statuses).toEqual([[429, 'QuotaExceeded'], [200, '']]);

    await control.injectFault({ kind: 'quota', count: 1, rateLimit: 0.0111 });
    const refused = await raw(`/orders/2026-01-01/orders?createdAfter=${since()}`, await accessToken());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-amzn-ratelimit-limit')).toBe('0.0111');
    expect(refused.headers.get('x-amzn-requestid')).toBeTruthy();
    expect(refused.body).toEqual({ errors: [{ code: 'QuotaExceeded', message: expect.any(String), details: '' }] });
    // Injected refusals are faults, not the plan's: not counted as limited.
    expect((await control.stats()).limited).toBe(limitedBefore);
    await expect(searchOrders(sp, { createdAfter: since() }).then(() => control.injectFault({ kind: 'unavailable', count: 1 })).then(() => searchOrders(sp, { createdAfter: since() }))).rejects.toMatchObject({ code: 'ServiceUnavailable' });
  });

  it('refuses invalid searches in the error envelope: both filters, a page over 100, a Before within 2 minutes, an expired paginationToken', async () => {
    const token = await accessToken();
    const q = (params: Record<string, string>) => raw(`/orders/2026-01-01/orders?${new URLSearchParams(params)}`, token);
    expect(await q({ createdAfter: since(), lastUpdatedAfter: since() })).toMatchObject({ status: 400, body: { errors: [{ code: 'InvalidInput' }] } });
    expect(await q({})).toMatchObject({ status: 400, body: { errors: [{ code: 'InvalidInput' }] } });
    expect(await q({ createdAfter: since(), maxResultsPerPage: '101' })).toMatchObject({ status: 400, body: { errors: [{ code: 'InvalidInput', message: 'maxResultsPerPage must be between 1 and 100' }] } });
    expect(await q({ createdAfter: since(), createdBefore: new Date(Date.now() - 60_000).toISOString() })).toMatchObject({ status: 400 });
    const first = await q({ createdAfter: since(), maxResultsPerPage: '5' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-amzn-ratelimit-limit')).toBe('50');
    await control.expirePaginationTokens();
    expect(await q({ paginationToken: first.body.pagination.nextToken })).toMatchObject({ status: 400, body: { errors: [{ code: 'InvalidInput', message: expect.stringContaining('expired') }] } });
    expect(await raw('/orders/2026-01-01/orders/999-9999999-9999999', token)).toMatchObject({ status: 404, body: { errors: [{ code: 'NotFound' }] } });
  });

  it('answers an expired access token with 403 Unauthorized, which the client refreshes; a revoked consent refuses the refresh as invalid_grant', async () => {
    const own = client(await refreshToken());
    await searchOrders(own, { createdAfter: since(), maxResultsPerPage: 1 });
    const before = own.access_token;
    await control.expireAccessTokens(SELLER.sellerId);
    expect(await raw(`/orders/2026-01-01/orders?createdAfter=${since()}`, before)).toMatchObject({ status: 403, body: { errors: [{ code: 'Unauthorized', details: 'The access token you provided has expired.' }] } });
    expect((await searchOrders(own, { createdAfter: since(), maxResultsPerPage: 1 })).orders).toHaveLength(1);
    expect(own.access_token).not.toBe(before);
    await control.revokeConsent(SELLER.sellerId);
    await expect(searchOrders(own, { createdAfter: since(), maxResultsPerPage: 1 })).rejects.toMatchObject({ code: 'Unauthorized' });
    await expect(own.refreshAccessToken()).rejects.toMatchObject({ code: 'invalid_grant' });
    sp = client(await refreshToken());
  });
});

describe("Amazon's usage plans, the control endpoints and latency", () => {
  it('holds searchOrders to its documented plan (burst 20, then 429 with the 0.0056 rate) and answers after the configured latency', async () => {
    const real = await startAmazonSandbox({ port: 0, latencyMs: 100, sellers: [{ storeName: 'Piano Reale', sellerId: 'A2PIANOREALE', orders: 3 }] });
    try {
      const c = amazonSandboxControl(real.url);
      expect(await c.addSeller({ storeName: 'Nuovo', sellerId: 'A2NUOVO', orders: 3 })).toMatchObject({ sellerId: 'A2NUOVO', orders: 3, email: 'venditore@nuovo.it' });
      expect(await c.addOrders('A2NUOVO', 2)).toHaveLength(2);
      expect(await c.orders('A2NUOVO')).toHaveLength(5);
      const callback = new URL(await amazonAuthorizeAs(`${real.url}/apps/authorize/consent?${new URLSearchParams({ application_id: AMAZON_SANDBOX_APP.applicationId, state: 's', redirect_uri: REDIRECT })}`, { email: 'venditore@nuovo.it', password: 'Venditore1!' }));
      const tokens = (await (await fetch(`${real.url}/auth/o2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'authorization_code', code: callback.searchParams.get('spapi_oauth_code'), client_id: AMAZON_SANDBOX_APP.clientId, client_secret: AMAZON_SANDBOX_APP.clientSecret }) })).json()) as { access_token: string };
      const statuses: number[] = [];
      const started = Date.now();
      for (let i = 0; i < 21; i++) {
        const res = await fetch(`${real.url}/orders/2026-01-01/orders?createdAfter=${since()}`, { headers: { 'x-amz-access-token': tokens.access_token } });
        expect(res.headers.get('x-amzn-ratelimit-limit')).toBe('0.0056');
        statuses.push(res.status);
      }
      expect(Date.now() - started).toBeGreaterThanOrEqual(21 * 95);
      expect(statuses).toEqual([...Array(20).fill(200), 429]);
      // The plan's own refusal counts as limited (what benches read: the pacing never met one).
      expect(await c.stats()).toMatchObject({ limited: 1 });
    } finally {
      await real.close();
    }
  });
});
