/**
 * Marketplaces over real HTTP (spec §7 "Marketplaces and integrations", §5 marketplace connect, the
 * order-sync jobs of issue 9): gateway → marketplaces over gRPC → PostgreSQL and the eBay sandbox,
 * on the merchant selected in the session. eBay is connected the way a person does it: the OAuth
 * parameters, the sandbox's consent page, then the shell's callback post.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { MARKETPLACE_WEBHOOK_MAX_BYTES, marketplaceMessages as m, messages, shopifyMessages, type MarketplaceIntegrationJson } from '@smista/contracts';
import { ALIEXPRESS_SANDBOX_APP, ebaySandboxControl, SHOPIFY_SANDBOX_APP, shopifyInstallAs, shopifySandboxControl, type EbaySandboxControl } from '@smista/sandboxes';
import { sharedInfra } from '../../e2e/support/env';
import { createPool } from '@smista/service-kit';
import { startApp, type TestApp } from '../../e2e/support/app';
import { conformingFetch } from './support/api-conformance';
import { connectEbay, consent, finishedJob, newSeller as newSellerOn } from './support/marketplaces';
import { eventually, join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';

let app: TestApp;
let admin: Member;
let shop: { id: string; name: string };
let control: EbaySandboxControl;

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
  control = ebaySandboxControl(app.ebayUrl);
  admin = await registered(app.baseUrl);
  shop = await ownMerchant(admin);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const newSeller = (orders: number) => newSellerOn(app.ebayUrl, orders);
const connect = connectEbay;
const finished = finishedJob;

describe('the catalogue', () => {
  it('GET /api/marketplaces answers the five marketplaces; the logos are served', async () => {
    const res = await admin.b.get('/api/marketplaces');
    expect(res.status).toBe(200);
    expect(res.body.map((x: { identifier: string }) => x.identifier)).toEqual(['ebay', 'amazon', 'shopify', 'aliexpress', 'etsy']);
    expect(res.body[0]).toEqual({
      id: 1,
      name: 'eBay',
      identifier: 'ebay',
      description: expect.any(String),
      logoUrl: '/assets/marketplaces/ebay.svg',
      active: true,
      oauthUrl: `${app.ebayUrl}/oauth2/authorize`,
      apiDocUrl: expect.stringMatching(/^https:\/\//),
      requiredSettings: [],
      maxOrdersLimit: 0,
      supported: true,
    });
    // Shopify's install page is each shop's own: the address has {shop}, the screen asks for it.
    expect(res.body[2]).toMatchObject({ identifier: 'shopify', oauthUrl: expect.stringMatching(/\/store\/\{shop\}\/admin\/oauth\/authorize$/), supported: true, requiredSettings: [] });
    // Amazon: Seller Central's consent page (the Amazon sandbox's).
    expect(res.body[1]).toMatchObject({ identifier: 'amazon', oauthUrl: expect.stringMatching(/\/apps\/authorize\/consent$/), supported: true, requiredSettings: [] });
    // Etsy: www.etsy.com's consent page (the Etsy sandbox's); AliExpress: the IOP gateway's authorize page (the AliExpress sandbox's).
    expect(res.body[4]).toMatchObject({ identifier: 'etsy', oauthUrl: expect.stringMatching(/\/oauth\/connect$/), supported: true, requiredSettings: [] });
    expect(res.body[3]).toMatchObject({ identifier: 'aliexpress', oauthUrl: expect.stringMatching(/\/oauth\/authorize$/), supported: true, requiredSettings: [] });
    for (const marketplace of res.body) {
      const logo = await conformingFetch(app.baseUrl, marketplace.logoUrl);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toContain('image/svg+xml');
      expect(await logo.text()).toContain('<svg');
    }
  });

  it('needs a session', async () => {
    expect((await conformingFetch(app.baseUrl, `/api/marketplaces`)).status).toBe(401);
  });
});

describe('connecting eBay (spec §5 and §7)', () => {
  it('GET /api/marketplace/ebay/oauth-params answers clientId, redirectUri, the consent page and the scopes', async () => {
    const res = await admin.b.get('/api/marketplace/ebay/oauth-params');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      clientId: expect.any(String),
      redirectUri: expect.any(String),
      authorizeUrl: `${app.ebayUrl}/oauth2/authorize`,
      scopes: expect.any(Array),
      state: expect.stringMatching(/^ebay\.[A-Za-z0-9_-]{43}$/),
      consentUrl: expect.stringContaining(`${app.ebayUrl}/oauth2/authorize?`),
    });
    expect(res.body.scopes).toContain('https://api.ebay.com/oauth/api_scope/sell.fulfillment');
  });

  it("Shopify's oauth-params take the shop's domain: the install page of that shop; anything else 400 in Italian", async () => {
    const res = await admin.b.get('/api/marketplace/shopify/oauth-params?shop=Bottega');
    expect(res.status).toBe(200);
    expect(res.body.state).toMatch(/^shopify\.[A-Za-z0-9_-]{43}$/);
    const consent = new URL(res.body.consentUrl);
    expect(consent.pathname).toBe('/store/bottega.myshopify.com/admin/oauth/authorize');
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({ state: res.body.state, 'grant_options[]': '', scope: 'read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,write_fulfillments' });
    expect(await admin.b.get('/api/marketplace/shopify/oauth-params?shop=bottega.it')).toMatchObject({ status: 400, body: { message: shopifyMessages.shopDomainInvalid('bottega.it') } });
    expect(await admin.b.get('/api/marketplace/shopify/oauth-params')).toMatchObject({ status: 400, body: { message: shopifyMessages.shopDomainRequired } });
  });

  it('a marketplace outside the catalogue: 404 in Italian', async () => {
    expect(await admin.b.get('/api/marketplace/zalando/oauth-params')).toMatchObject({ status: 404, body: { message: m.marketplaceNotFound } });
  });

  it("GET /api/marketplace/aliexpress/oauth-params: the authorize page with Smista's app key, force_auth and the state; no secret", async () => {
    const res = await admin.b.get('/api/marketplace/aliexpress/oauth-params');
    expect(res.status).toBe(200);
    expect(res.body.state).toMatch(/^aliexpress\.[A-Za-z0-9_-]{43}$/);
    const consent = new URL(res.body.consentUrl);
    expect(consent.pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(consent.searchParams)).toEqual({ response_type: 'code', force_auth: 'true', redirect_uri: expect.stringMatching(/\/marketplace\/callback$/), client_id: ALIEXPRESS_SANDBOX_APP.appKey, state: res.body.state });
    expect(JSON.stringify(res.body)).not.toContain(ALIEXPRESS_SANDBOX_APP.appSecret);
  });

  it("GET /api/marketplace/etsy/oauth-params: Etsy's consent page with a PKCE S256 challenge; the verifier stays in the service", async () => {
    const res = await admin.b.get('/api/marketplace/etsy/oauth-params');
    expect(res.status).toBe(200);
    const consent = new URL(res.body.consentUrl);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({ response_type: 'code', state: res.body.state, code_challenge_method: 'S256', code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(JSON.stringify(res.body)).not.toMatch(/verifier/i);
  });

  it('the callback: 200 with redirectToDashboard and the integration, tokens only masked', async () => {
    const seller = await newSeller(0);
    const redirect = await consent(admin, seller);
    expect(redirect.pathname).toBe('/marketplace/callback');
    const res = await admin.b.post('/api/merchants/current/oauth/callback', { code: redirect.searchParams.get('code'), marketplace: 'ebay', merchantId: shop.id, state: redirect.searchParams.get('state') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: m.integrationCompleted, redirectToDashboard: true });
    const integration: MarketplaceIntegrationJson = res.body.integration;
    expect(integration).toMatchObject({
      merchantId: shop.id,
      type: 'marketplace',
      provider: 'ebay',
      status: 'active',
      statusMessage: null,
      active: true,
      username: seller,
      tokenWarning: null,
      currentJob: null,
      lastJob: null,
    });
    expect(integration.accessToken).toMatch(/^.{8}\.{6}.{8}$/);
    expect(integration.refreshToken).toMatch(/^.{8}\.{6}.{8}$/);
    expect(integration.refreshTokenPreview).toMatch(/^.{10}\.{6}.{4}$/);
    expect(JSON.parse(integration.config)).toEqual(expect.any(Object));

    const current = await admin.b.get('/api/merchants/current/integrations');
    const byMerchant = await admin.b.get(`/api/merchants/${shop.id}/integrations`);
    expect(current.status).toBe(200);
    expect(current.body.map((i: { id: number }) => i.id)).toContain(integration.id);
    expect(byMerchant.body).toEqual(current.body);
    const detail = await admin.b.get(`/api/merchants/${shop.id}/integrations/${integration.id}`);
    expect(detail.body).toMatchObject({ id: integration.id, accessToken: integration.accessToken });
  });

  it.each([
    ['no code', { marketplace: 'ebay', merchantId: '' }, 400, m.callbackParamsMissing],
    ['no marketplace', { code: 'v^1.1#i^1#abc' }, 400, m.callbackParamsMissing],
    ['the seller refused', { marketplace: 'ebay', error: 'access_denied' }, 400, m.authorizationDenied('access_denied')],
  ])('the callback with %s: 400 in Italian', async (_name, body, status, message) => {
    expect(await admin.b.post('/api/merchants/current/oauth/callback', body)).toMatchObject({ status, body: { message } });
  });

  it("OAuth CSRF: the code and state of another merchant's consent, posted by this merchant's admin, connect nothing (400 in Italian)", async () => {
    const attacker = await registered(app.baseUrl);
    const theirs = await ownMerchant(attacker, 'Bottega Attaccante');
    const attackerSeller = await newSeller(0);
    const redirect = await consent(attacker, attackerSeller);
    const planted = { code: redirect.searchParams.get('code'), marketplace: 'ebay', merchantId: shop.id, state: redirect.searchParams.get('state') };
    const before = (await admin.b.get('/api/merchants/current/integrations')).body.length;
    expect(await admin.b.post('/api/merchants/current/oauth/callback', planted)).toMatchObject({ status: 400, body: { message: m.oauthStateInvalid } });
    expect(await admin.b.post('/api/merchants/current/oauth/callback', { ...planted, state: 'ebay' })).toMatchObject({ status: 400, body: { message: m.oauthStateInvalid } });
    expect((await admin.b.get('/api/merchants/current/integrations')).body).toHaveLength(before);
    // The attacker's own callback still connects their store to their merchant.
    const own = await attacker.b.post('/api/merchants/current/oauth/callback', { ...planted, merchantId: theirs.id });
    expect(own.status).toBe(200);
    expect(own.body.integration).toMatchObject({ merchantId: theirs.id, username: attackerSeller });
  });

  it('refusing on the consent page comes back as error=access_denied, which the callback answers', async () => {
    const redirect = await consent(admin, await newSeller(0), false);
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    const res = await admin.b.post('/api/merchants/current/oauth/callback', { marketplace: 'ebay', state: redirect.searchParams.get('state'), error: redirect.searchParams.get('error') });
    expect(res).toMatchObject({ status: 400, body: { message: 'Autorizzazione negata: access_denied' } });
  });

  it('the connect dialog (POST /api/merchants/current/integrations): every marketplace is sent to its Connetti, an unknown one is not found; nothing stored', async () => {
    const before = (await admin.b.get('/api/merchants/current/integrations')).body.length;
    expect(
      await admin.b.post('/api/merchants/current/integrations', { type: 'marketplace', provider: 'aliexpress', merchantId: shop.id, config: { appKey: 'k', appSecret: 's' }, active: true }),
    ).toMatchObject({ status: 400, body: { message: m.connectWithOAuth('AliExpress') } });
    expect(await admin.b.post('/api/merchants/current/integrations', { type: 'marketplace', provider: 'zalando', merchantId: shop.id, config: {}, active: true })).toMatchObject({
      status: 404,
      body: { message: m.marketplaceNotFound },
    });
    expect(await admin.b.post('/api/merchants/current/integrations', { type: 'marketplace', provider: 'aliexpress', config: 'non json' })).toMatchObject({ status: 400, body: { message: m.configInvalid } });
    expect((await admin.b.get('/api/merchants/current/integrations')).body.length).toBe(before);
  });
});

describe('an integration', () => {
  let integration: MarketplaceIntegrationJson;
  let seller: string;

  beforeAll(async () => {
    seller = await newSeller(30);
    integration = await connect(admin, shop.id, seller);
  }, 60_000);

  it('syncs: 202 Sincronizzazione avviata, a second start joins it, progress readable, the job completes', async () => {
    // Both starts at once (a second one sent after the first answered could find the 30 orders
    // already synced): one starts the job, the other joins that same job.
    const answers = await Promise.all([admin.b.post(`/api/orders/sync/${integration.id}`), admin.b.post(`/api/orders/sync/${integration.id}`, { triggeredBy: 'auto' })]);
    const started = answers.find((a) => a.body?.joined === false)!;
    const again = answers.find((a) => a !== started)!;
    expect(started).toMatchObject({ status: 202, body: { message: m.syncStarted, joined: false, job: { integrationId: integration.id, provider: 'ebay', type: 'orders_sync' } } });
    expect(again).toMatchObject({ status: 202, body: { joined: true, message: m.syncJoined, job: { id: started.body.job.id } } });
    const job = await finished(admin, started.body.job.id);
    expect(job).toMatchObject({ status: 'completed', ordersFound: 30, ordersSynced: 30, errorMessage: null });
    const list = await admin.b.get(`/api/orders/sync/jobs?integrationId=${integration.id}`);
    expect(list.status).toBe(200);
    expect(list.body[0]).toEqual(job);
    const detail = await admin.b.get(`/api/merchants/current/integrations/${integration.id}`);
    expect(detail.body.lastJob).toEqual(job);
    expect(detail.body.lastSyncedAt).not.toBeNull();
  });

  it("'Aggiorna token' renews the access token", async () => {
    const res = await admin.b.post(`/api/integrations/${integration.id}/refresh-token`);
    expect(res.status).toBe(200);
    expect(res.body.accessToken).not.toBe(integration.accessToken);
    expect(res.body.refreshToken).toBe(integration.refreshToken);
  });

  it('switches through each path family; the answer carries active', async () => {
    const off = await admin.b.put(`/api/integrations/${integration.id}/toggle-active`, { active: false });
    expect(off).toMatchObject({ status: 200, body: { id: integration.id, active: false, status: 'inactive' } });
    expect(await admin.b.post(`/api/orders/sync/${integration.id}`)).toMatchObject({ status: 400, body: { message: m.integrationInactive } });
    expect((await admin.b.patch(`/api/merchants/${shop.id}/integrations/${integration.id}`, { active: true })).body).toMatchObject({ active: true, status: 'active' });
    expect((await admin.b.patch(`/api/merchants/current/integrations/${integration.id}/toggle`, { active: false })).body.active).toBe(false);
    expect((await admin.b.put(`/api/integrations/${integration.id}/toggle-active`, { active: true })).body.active).toBe(true);
    expect(await admin.b.put(`/api/integrations/${integration.id}/toggle-active`, { active: 'si' })).toMatchObject({ status: 400, body: { message: m.activeInvalid } });
  });

  it("switches the automatic tracking push (PATCH {autoUpdateTracking}), alone or with active; bad bodies are Italian 400s", async () => {
    const base = `/api/merchants/${shop.id}/integrations/${integration.id}`;
    expect(await admin.b.patch(base, { autoUpdateTracking: true })).toMatchObject({ status: 200, body: { id: integration.id, autoUpdateTracking: true } });
    expect((await admin.b.get(`/api/merchants/current/integrations/${integration.id}`)).body.autoUpdateTracking).toBe(true);
    expect(await admin.b.patch(base, { autoUpdateTracking: false, active: true })).toMatchObject({ status: 200, body: { autoUpdateTracking: false, active: true } });
    expect(await admin.b.patch(base, {})).toMatchObject({ status: 400, body: { message: m.nothingToChange } });
    expect(await admin.b.patch(base, { autoUpdateTracking: 'sì' })).toMatchObject({ status: 400, body: { message: m.autoUpdateTrackingInvalid } });
  });

  it('a plain member reads and syncs, and is refused the admin actions with 403', async () => {
    const member = await registered(app.baseUrl);
    await join(admin, shop, member, 'user');
    expect((await member.b.post('/api/merchants/select', { merchantId: shop.id })).status).toBe(200);
    expect((await member.b.get('/api/merchants/current/integrations')).body.map((i: { id: number }) => i.id)).toContain(integration.id);
    const started = await member.b.post(`/api/orders/sync/${integration.id}`);
    expect(started.status).toBe(202);
    await finished(member, started.body.job.id);
    const forbidden = { status: 403, body: { message: messages.errors.adminOnly } };
    expect(await member.b.get('/api/marketplace/ebay/oauth-params')).toMatchObject(forbidden);
    expect(await member.b.put(`/api/integrations/${integration.id}/toggle-active`, { active: false })).toMatchObject(forbidden);
    expect(await member.b.post(`/api/integrations/${integration.id}/refresh-token`)).toMatchObject(forbidden);
    expect(await member.b.delete(`/api/integrations/${integration.id}`)).toMatchObject(forbidden);
    expect(await member.b.patch(`/api/merchants/${shop.id}/integrations/${integration.id}`, { autoUpdateTracking: true })).toMatchObject(forbidden);
    expect(await member.b.post('/api/merchants/current/oauth/callback', { code: 'abc', marketplace: 'ebay' })).toMatchObject(forbidden);
  }, 60_000);

  it("ids: malformed, unknown and another merchant's all answer 404", async () => {
    const other = await registered(app.baseUrl);
    const otherShop = await ownMerchant(other);
    const theirs = await connect(other, otherShop.id, await newSeller(1));
    const theirJob = (await other.b.post(`/api/orders/sync/${theirs.id}`)).body.job.id as number;
    for (const path of [
      `/api/merchants/current/integrations/abc`,
      `/api/merchants/${shop.id}/integrations/999999999`,
      `/api/merchants/${shop.id}/integrations/${theirs.id}`,
      `/api/merchants/${otherShop.id}/integrations/${theirs.id}`,
      `/api/merchants/${otherShop.id}/integrations`,
      `/api/merchants/not-a-merchant/integrations`,
      `/api/orders/sync/jobs/${theirJob}`,
      `/api/orders/sync/jobs/abc`,
      `/api/orders/sync/jobs?integrationId=${theirs.id}`,
      `/api/orders/sync/jobs?integrationId=abc`,
    ]) {
      const res = await admin.b.get(path);
      expect({ path, status: res.status, message: typeof res.body?.message }).toEqual({ path, status: 404, message: 'string' });
    }
    for (const res of [
      await admin.b.post(`/api/orders/sync/${theirs.id}`),
      await admin.b.post(`/api/integrations/abc/refresh-token`),
      await admin.b.put(`/api/integrations/${theirs.id}/toggle-active`, { active: false }),
      await admin.b.delete(`/api/integrations/${theirs.id}`),
      await admin.b.delete(`/api/merchants/current/integrations/${theirs.id}`),
      await admin.b.patch(`/api/merchants/current/integrations/${theirs.id}`, { autoUpdateTracking: true }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await other.b.get(`/api/merchants/current/integrations/${theirs.id}`)).body.active).toBe(true);
    expect(await admin.b.get('/api/orders/sync/jobs?limit=0')).toMatchObject({ status: 400, body: { message: m.jobLimitInvalid } });
  }, 60_000);

  it('DELETE /api/integrations/:id removes it (and its jobs)', async () => {
    const res = await admin.b.delete(`/api/integrations/${integration.id}`);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await admin.b.get(`/api/merchants/current/integrations/${integration.id}`)).status).toBe(404);
    expect((await admin.b.get(`/api/orders/sync/jobs?integrationId=${integration.id}`)).status).toBe(404);
    const second = await connect(admin, shop.id, await newSeller(0));
    expect((await admin.b.delete(`/api/merchants/current/integrations/${second.id}`)).body).toEqual({ success: true });
  });
});

describe("Shopify's webhooks (issue 22): POST /api/webhooks/shopify, public, signed over the raw body", () => {
  const SHOP = 'gateway-webhook.myshopify.com';
  const deliveryRows = async () => {
    const pool = createPool(app.databases.marketplaces!, 1);
    try {
      return (await pool.query('SELECT webhook_id, topic, status FROM webhook_deliveries')).rows;
    } finally {
      await pool.end();
    }
  };
  /** A marketplace's call (not a Browser: raw bytes, its own headers), its answer checked against the API document all the same. */
  const deliver = (path: string, body: Buffer | string, headers: Record<string, string>) =>
    conformingFetch(app.baseUrl, path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const post = (body: Buffer | string, headers: Record<string, string>) => deliver('/api/webhooks/shopify', body, headers);
  const signedHeaders = (raw: Buffer | string, webhookId = randomUUID(), secret = SHOPIFY_SANDBOX_APP.clientSecret) => ({
    'x-shopify-hmac-sha256': createHmac('sha256', secret).update(raw).digest('base64'),
    'x-shopify-topic': 'orders/create',
    'x-shopify-shop-domain': SHOP,
    'x-shopify-webhook-id': webhookId,
  });

  it('answers a signed delivery 200 and records it once; the same delivery id again is 200, duplicate, nothing more written', async () => {
    // Spaces and key order as Shopify sent them: the signature covers these bytes, not a re-serialised JSON.
    const raw = '{ "id" : 820982911946154508,  "name": "#1001" }';
    const headers = signedHeaders(raw);
    const first = await post(raw, headers);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await post(raw, headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect((await deliveryRows()).filter((r) => r.webhook_id === headers['x-shopify-webhook-id'])).toEqual([
      { webhook_id: headers['x-shopify-webhook-id'], topic: 'orders/create', status: expect.any(String) },
    ]);
  });

  it('refuses a wrong signature 401, a body over the limit 413 and a malformed delivery 400, in Italian, writing nothing', async () => {
    const before = (await deliveryRows()).length;
    const forged = await post('{"id":1}', signedHeaders('{"id":1}', randomUUID(), 'un-altro-segreto'));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ message: shopifyMessages.webhookSignatureInvalid });
    const big = Buffer.from(JSON.stringify({ id: 1, note: 'x'.repeat(MARKETPLACE_WEBHOOK_MAX_BYTES) }));
    const tooLarge = await post(big, signedHeaders(big));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ message: messages.errors.bodyTooLarge });
    const noId = signedHeaders('{"id":1}');
    const incomplete = await post('{"id":1}', { ...noId, 'x-shopify-webhook-id': '' });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({ message: shopifyMessages.webhookIncomplete('x-shopify-webhook-id') });
    const ebay = await deliver('/api/webhooks/ebay', '{"id":1}', signedHeaders('{"id":1}'));
    expect(ebay.status).toBe(404);
    expect((await deliveryRows()).length).toBe(before);
  });

  it("a connected shop's order webhook, sent by the Shopify sandbox, makes the order visible in the orders list before any sync; sent again, it is one order", async () => {
    const shopifyUrl = sharedInfra().sandboxes.shopify!;
    const control = shopifySandboxControl(shopifyUrl);
    const domain = `gw-webhook-${randomUUID().slice(0, 8)}.myshopify.com`;
    const owner = { email: `titolare@${domain}`, password: 'Webhook1!' };
    await control.addShop({ shop: domain, ...owner, orders: 0, seed: 22 });
    const params = await admin.b.get(`/api/marketplace/shopify/oauth-params?shop=${domain}`);
    const redirect = new URL(await shopifyInstallAs(params.body.consentUrl, owner));
    const query = Object.fromEntries(redirect.searchParams);
    const connected = await admin.b.post('/api/merchants/current/oauth/callback', { code: query.code, marketplace: 'shopify', merchantId: shop.id, state: query.state, callback: query });
    expect(connected.status).toBe(200);
    const integrationId = connected.body.integration.id;

    // A new order on the shop: no sync has read it.
    const [order] = await control.addOrders(domain, 1);
    const listed = async () => (await admin.b.get(`/api/orders/integration/${integrationId}`)).body.data.map((o: { externalId: string }) => o.externalId);
    expect(await listed()).toEqual([]);
    // The sandbox delivers it as Shopify does (signed with the app's secret) to the gateway's route.
    const fired = await control.fireWebhook(domain, { topic: 'orders/create', orderId: order!.legacyResourceId, uri: `${app.baseUrl}/api/webhooks/shopify` });
    expect(fired.status).toBe(200);
    const until = Date.now() + 30_000;
    while (!(await listed()).includes(order!.legacyResourceId)) {
      if (Date.now() > until) throw new Error('the order never reached the list');
      await new Promise((r) => setTimeout(r, 100));
    }
    const resent = await control.fireWebhook(domain, { topic: 'orders/create', orderId: order!.legacyResourceId, uri: `${app.baseUrl}/api/webhooks/shopify`, webhookId: fired.webhookId });
    expect(resent.status).toBe(200);
    expect((await listed()).filter((id: string) => id === order!.legacyResourceId)).toHaveLength(1);

    // Shopify's customers/redact for that buyer: the order's buyer erased, the request in the activity.
    const buyerOf = async () => (await admin.b.get(`/api/orders/integration/${integrationId}`)).body.data.find((o: { externalId: string }) => o.externalId === order!.legacyResourceId) as { buyerName: string; buyerEmail: string | null };
    expect((await buyerOf()).buyerName).not.toBe('');
    const redact = await control.fireWebhook(domain, { topic: 'customers/redact', orderId: order!.legacyResourceId, uri: `${app.baseUrl}/api/webhooks/shopify` });
    expect(redact.status).toBe(200);
    const activityLine = async () => ((await admin.b.get('/api/activity')).body as { kind: string; text: string }[]).find((a) => a.kind === 'privacy_requested');
    expect(await eventually(async () => (await buyerOf()).buyerName === '' && (await activityLine()) !== undefined, 30_000)).toBe(true);
    expect((await buyerOf()).buyerEmail ?? '').toBe('');
    expect((await activityLine())!.text).toBe(
      `Richiesta privacy di Shopify eseguita: cancellati i dati personali di un cliente da ordini e spedizioni (ordine ${order!.legacyResourceId} e quelli del suo indirizzo e-mail)`,
    );
  });
});
