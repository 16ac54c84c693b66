import { createHash } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { aliexpressMessages, ebayMessages, marketplaceMessages as m, messages } from '@smista/contracts';
import { createGrpcClient, createLogger, parseConfig, rpc, signCallerToken } from '@smista/service-kit';
import { marketplaces } from '@smista/proto';
import { consentAs } from '@smista/sandboxes';
import { buildAuthorizeUrl, EBAY_SCOPES } from '../src/adapters';
import { configSchema } from '../src/config';
import { startMarketplaces } from '../src/main';
import { createTestDatabase } from '../../../e2e/support/db';
import { SECRET } from '../../merchants/test/support/harness';
import { failure, integrationEvents, SELLER_PASSWORD, startMarketplacesStack, type MarketplacesStack, type TestMerchant } from './support/harness';

let stack: MarketplacesStack;
let shop: TestMerchant;

beforeAll(async () => {
  stack = await startMarketplacesStack();
  shop = await stack.newMerchant();
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

async function integrationCount(): Promise<number> {
  const { rows } = await stack.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM integrations`);
  return rows[0]!.n;
}

describe('the catalogue', () => {
  it('lists the five marketplaces of spec §1 with logo and Italian description; all five have an adapter and connect through OAuth, none from settings', async () => {
    const { marketplaces: all } = await rpc(stack.client).listMarketplaces({});
    expect(all.map((x) => x.identifier)).toEqual(['ebay', 'amazon', 'shopify', 'aliexpress', 'etsy']);
    for (const x of all) {
      expect(x.logoUrl).toBe(`/assets/marketplaces/${x.identifier}.svg`);
      expect(x.description).toMatch(/ordini/);
      expect(x.maxOrdersLimit).toBe(0);
      expect(x.active).toBe(true);
      expect(x.apiDocUrl).toMatch(/^https:\/\//);
    }
    const ebay = all[0]!;
    expect(ebay).toMatchObject({ name: 'eBay', supported: true, requiredSettings: [], oauthUrl: `${stack.ebay.url}/oauth2/authorize` });
    expect(all.filter((x) => x.supported).map((x) => x.identifier)).toEqual(['ebay', 'amazon', 'shopify', 'aliexpress', 'etsy']);
    expect(all.filter((x) => x.oauthUrl).map((x) => x.identifier)).toEqual(['ebay', 'amazon', 'shopify', 'aliexpress', 'etsy']);
    for (const x of all) expect(x.requiredSettings).toEqual([]);
    // Each shop has its own host: the install page is the template's.
    expect(all.find((x) => x.identifier === 'shopify')).toMatchObject({ requiredSettings: [], oauthUrl: 'https://{shop}/admin/oauth/authorize' });
    // Amazon's consent page is Seller Central's (the default: the stack does not configure Amazon).
    expect(all.find((x) => x.identifier === 'amazon')).toMatchObject({ requiredSettings: [], oauthUrl: 'https://sellercentral.amazon.it/apps/authorize/consent' });
    // Etsy's consent page is www.etsy.com's (the default: the stack does not configure Etsy).
    expect(all.find((x) => x.identifier === 'etsy')).toMatchObject({ requiredSettings: [], oauthUrl: 'https://www.etsy.com/oauth/connect' });
    // AliExpress's authorize page is the IOP gateway's (the default: the stack does not configure AliExpress).
    expect(all.find((x) => x.identifier === 'aliexpress')).toMatchObject({ requiredSettings: [], oauthUrl: 'https://api-sg.aliexpress.com/oauth/authorize' });
    // App credentials never leave configuration.
    expect(JSON.stringify(all)).not.toContain(stack.config.EBAY_CLIENT_SECRET);
  });
});

describe('OAuth params (GET /api/marketplace/ebay/oauth-params)', () => {
  it("answers the app's client id, the RuName as redirect_uri, the consent page and the spec's scopes", async () => {
    const params = await shop.api.getOAuthParams({ marketplace: 'ebay', account: '' });
    expect(params).toEqual({
      clientId: stack.config.EBAY_CLIENT_ID,
      redirectUri: stack.config.EBAY_RU_NAME,
      authorizeUrl: `${stack.ebay.url}/oauth2/authorize`,
      scopes: [...EBAY_SCOPES],
      state: expect.stringMatching(/^ebay\.[A-Za-z0-9_-]{43}$/),
      consentUrl: expect.stringContaining(`${stack.ebay.url}/oauth2/authorize?`),
    });
    expect(new URL(params.consentUrl).searchParams.get('state')).toBe(params.state);
    expect(JSON.stringify(params)).not.toContain(stack.config.EBAY_CLIENT_SECRET);
    // A new state each time, kept only as its hash.
    const again = await shop.api.getOAuthParams({ marketplace: 'ebay', account: '' });
    expect(again.state).not.toBe(params.state);
    const { rows } = await stack.pool.query<{ hash: string; ttl: number }>(
      `SELECT encode(state_hash, 'hex') AS hash, extract(epoch FROM expires_at - created_at)::int AS ttl FROM oauth_states WHERE merchant_id = $1 AND user_id = $2`,
      [shop.merchantId, shop.admin.id],
    );
    expect(rows.map((r) => r.hash)).toEqual(expect.arrayContaining([createHash('sha256').update(params.state).digest('hex')]));
    expect(rows.every((r) => r.ttl === 15 * 60)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(params.state.slice(5));
  });

  it.each([
    ['aliexpress (its app not configured in this stack)', status.FAILED_PRECONDITION, aliexpressMessages.appKeyMissing],
    ['zalando', status.NOT_FOUND, m.marketplaceNotFound],
  ])('%s: refused in Italian', async (name, code, message) => {
    expect(await failure(shop.api.getOAuthParams({ marketplace: name.split(' ')[0]!, account: '' }))).toEqual({ code, details: message });
  });

  it("an app without client id: FAILED_PRECONDITION 'Parametri OAuth incompleti: client_id mancante'", async () => {
    const config = parseConfig(configSchema, { ...stack.env, GRPC_PORT: '0', DATABASE_URL: await createTestDatabase('marketplaces_noapp'), EBAY_CLIENT_ID: '' });
    const running = await startMarketplaces(config, createLogger('marketplaces-noapp', 'silent'));
    const client = createGrpcClient(marketplaces.MarketplacesServiceClient, `127.0.0.1:${running.port}`);
    try {
      const api = rpc(client, { callerToken: await signCallerToken({ userId: shop.admin.id, merchantId: shop.merchantId, role: 'admin' }, SECRET) });
      expect(await failure(api.getOAuthParams({ marketplace: 'ebay', account: '' }))).toEqual({ code: status.FAILED_PRECONDITION, details: m.clientIdMissing });
      expect(await failure(api.completeOAuth({ callback: {}, marketplace: 'ebay', code: 'v^1.1#i^1#r^1', merchantId: '', error: '', state: '' }))).toEqual({
        code: status.FAILED_PRECONDITION,
        details: m.clientIdMissing,
      });
      // The catalogue still shows eBay's consent page: the message comes when connecting.
      const { marketplaces: all } = await rpc(client).listMarketplaces({});
      expect(all[0]!.oauthUrl).toBe(`${stack.ebay.url}/oauth2/authorize`);
    } finally {
      client.close();
      for (const [, step] of running.shutdownSteps) await step();
    }
  });
});

describe('connect eBay through the consent page (CompleteOAuth)', () => {
  it('exchanges the code, reads the identity and stores the integration active, tokens sealed and only masked in answers', async () => {
    const seller = await stack.newSeller(0, 'bottega');
    const integration = await shop.connectEbay(seller);
    expect(integration).toMatchObject({
      merchantId: shop.merchantId,
      type: 'marketplace',
      provider: 'ebay',
      marketplaceName: 'eBay',
      logoUrl: '/assets/marketplaces/ebay.svg',
      status: 'active',
      statusMessage: '',
      active: true,
      username: seller,
      accountType: 'BUSINESS',
      tokenWarning: '',
      lastSyncedAt: '',
    });
    expect(integration.externalUserId).not.toBe('');
    expect(integration.connectedAt).not.toBe('');
    expect(integration.accessTokenMasked).toMatch(/^.{8}\.{6}.{8}$/);
    expect(integration.refreshTokenMasked).toMatch(/^.{8}\.{6}.{8}$/);
    expect(integration.refreshTokenPreview).toMatch(/^.{10}\.{6}.{4}$/);
    // eBay's lifetimes: 2 hours and 18 months.
    expect(Date.parse(integration.accessTokenExpiresAt) - Date.now()).toBeGreaterThan(7000_000);
    expect(Date.parse(integration.refreshTokenExpiresAt) - Date.now()).toBeGreaterThan(500 * 86_400_000);

    const { rows } = await stack.pool.query(`SELECT access_token, refresh_token FROM integrations WHERE id = $1`, [integration.id]);
    expect(rows[0].access_token).toMatch(/^v1:test1:/);
    expect(rows[0].refresh_token).toMatch(/^v1:test1:/);
    // The masks are the ends of the real tokens, which appear nowhere in clear.
    const tokens = await stack.openTokens(integration.id);
    expect(integration.accessTokenMasked).toBe(`${tokens.accessToken!.slice(0, 8)}......${tokens.accessToken!.slice(-8)}`);
    expect(integration.refreshTokenPreview).toBe(`${tokens.refreshToken!.slice(0, 10)}......${tokens.refreshToken!.slice(-4)}`);
    expect(JSON.stringify(rows[0])).not.toContain(tokens.accessToken!.slice(-30));
    expect(JSON.stringify(integration)).not.toContain(tokens.refreshToken!.slice(-30));

    const events = await integrationEvents(stack.pool, integration.id);
    expect(events.map((e) => [e.status, e.active, e.deleted, e.changedByUserId, e.change, e.account])).toEqual([['active', true, false, shop.admin.id, 'connected', seller]]);
    const listed = await shop.api.listIntegrations({ merchantId: shop.merchantId });
    expect(listed.integrations.map((i) => i.id)).toContain(integration.id);
  });

  it('the same seller connected again renews the same integration instead of adding a second', async () => {
    const seller = await stack.newSeller(0, 'rinnovo');
    const first = await shop.connectEbay(seller);
    const before = await integrationCount();
    const again = await shop.connectEbay(seller);
    expect(again.id).toBe(first.id);
    expect(again.accessTokenMasked).not.toBe(first.accessTokenMasked);
    expect(await integrationCount()).toBe(before);
    // Activity tells 'eBay ricollegato', not a second connection.
    expect((await integrationEvents(stack.pool, first.id)).map((e) => e.change)).toEqual(['connected', 'reconnected']);
    // Another merchant connecting the same seller gets its own integration.
    const other = await stack.newMerchant();
    expect((await other.connectEbay(seller)).id).not.toBe(first.id);
  });

  it("the seller refuses on the consent page: 'Autorizzazione negata: access_denied', nothing stored", async () => {
    const seller = await stack.newSeller(0, 'rifiuto');
    const params = await shop.api.getOAuthParams({ marketplace: 'ebay', account: '' });
    const location = new URL(await consentAs(buildAuthorizeUrl(params, params.state), { username: seller, password: SELLER_PASSWORD, accept: false }));
    expect(location.searchParams.get('error')).toBe('access_denied');
    const before = await integrationCount();
    const refused = await failure(
      shop.api.completeOAuth({ callback: {}, merchantId: shop.merchantId, marketplace: 'ebay', code: '', error: location.searchParams.get('error') ?? '', state: location.searchParams.get('state') ?? '' }),
    );
    expect(refused).toEqual({ code: status.FAILED_PRECONDITION, details: 'Autorizzazione negata: access_denied' });
    expect(await integrationCount()).toBe(before);
  });

  /** A consent accepted by `seller`, started by `by`: the code and state the marketplace sent back. */
  async function consented(by: TestMerchant, seller: string): Promise<{ code: string; state: string }> {
    const params = await by.api.getOAuthParams({ marketplace: 'ebay', account: '' });
    const location = new URL(await consentAs(buildAuthorizeUrl(params, params.state), { username: seller, password: SELLER_PASSWORD, accept: true }));
    expect(location.searchParams.get('state')).toBe(params.state);
    return { code: location.searchParams.get('code')!, state: location.searchParams.get('state')! };
  }
  const callback = (by: TestMerchant, { code, state }: { code: string; state: string }) =>
    by.api.completeOAuth({ callback: {}, merchantId: by.merchantId, marketplace: 'ebay', code, error: '', state });
  const stateRefused = { code: status.FAILED_PRECONDITION, details: m.oauthStateInvalid };

  it("OAuth CSRF: an attacker's code and state opened by another merchant's admin connect nothing; the attacker's own consent still works", async () => {
    const attacker = await stack.newMerchant();
    const attackerSeller = await stack.newSeller(0, 'attaccante');
    const planted = await consented(attacker, attackerSeller);
    const before = await integrationCount();
    expect(await failure(callback(shop, planted))).toEqual(stateRefused);
    // The bare marketplace as state (the links of before), and no state at all: the same.
    expect(await failure(callback(shop, { code: planted.code, state: 'ebay' }))).toEqual(stateRefused);
    expect(await failure(callback(shop, { code: planted.code, state: '' }))).toEqual(stateRefused);
    expect(await integrationCount()).toBe(before);
    expect((await shop.api.listIntegrations({ merchantId: '' })).integrations.map((i) => i.username)).not.toContain(attackerSeller);
    // Nothing of the attacker's was used up by the refusals.
    expect((await callback(attacker, planted)).integration!.username).toBe(attackerSeller);
  });

  it("a state is the user's own: a colleague admin of the same merchant cannot finish it", async () => {
    const seller = await stack.newSeller(0, 'collega');
    const started = await consented(shop, seller);
    // Another admin of the same merchant (the caller token carries the role).
    const asAdmin = await stack.as((await shop.member()).user.id, shop.merchantId, 'admin');
    expect(await failure(asAdmin.completeOAuth({ callback: {}, merchantId: shop.merchantId, marketplace: 'ebay', code: started.code, error: '', state: started.state }))).toEqual(stateRefused);
    expect((await callback(shop, started)).integration!.username).toBe(seller);
  });

  it('a state is used once and runs out: a replay or a late callback connects nothing', async () => {
    const seller = await stack.newSeller(0, 'replay');
    const first = await consented(shop, seller);
    await callback(shop, first);
    const second = await consented(shop, seller);
    expect(await failure(callback(shop, { code: second.code, state: first.state }))).toEqual(stateRefused);
    // A consent left longer than OAUTH_STATE_TTL_SECONDS (its expiry moved into the past).
    await stack.pool.query(`UPDATE oauth_states SET expires_at = now() - interval '1 second' WHERE state_hash = $1`, [createHash('sha256').update(second.state).digest()]);
    expect(await failure(callback(shop, second))).toEqual(stateRefused);
  });

  it.each([
    ['no code', { marketplace: 'ebay', code: '' }, status.INVALID_ARGUMENT, m.callbackParamsMissing],
    ['no marketplace', { marketplace: '', code: 'v^1.1#i^1#abc' }, status.INVALID_ARGUMENT, m.callbackParamsMissing],
    ['AliExpress while its app is not configured', { marketplace: 'aliexpress', code: 'abc' }, status.FAILED_PRECONDITION, aliexpressMessages.appKeyMissing],
    ['an unknown marketplace', { marketplace: 'zalando', code: 'abc' }, status.NOT_FOUND, m.marketplaceNotFound],
    ['a code eBay refuses', { marketplace: 'ebay', code: 'v^1.1#i^1#not-a-code' }, status.FAILED_PRECONDITION, ebayMessages.codeRefused],
  ])('callback with %s: refused in Italian, nothing stored', async (_name, request, code, details) => {
    const before = await integrationCount();
    const { state } = await shop.api.getOAuthParams({ marketplace: 'ebay', account: '' });
    expect(await failure(shop.api.completeOAuth({ callback: {}, merchantId: '', error: '', state, ...request }))).toEqual({ code, details });
    expect(await integrationCount()).toBe(before);
  });

  it('a code is single-use: the second exchange is refused', async () => {
    const seller = await stack.newSeller(0, 'monouso');
    const { code } = await consented(shop, seller);
    await callback(shop, { code, state: (await shop.api.getOAuthParams({ marketplace: 'ebay', account: '' })).state });
    // With a fresh state of the user's: eBay itself refuses the spent code.
    expect(await failure(callback(shop, { code, state: (await shop.api.getOAuthParams({ marketplace: 'ebay', account: '' })).state }))).toEqual({
      code: status.FAILED_PRECONDITION,
      details: ebayMessages.codeRefused,
    });
  });
});

describe('connect from required settings (CreateIntegration)', () => {
  it.each([
    // Every marketplace of the catalogue connects through OAuth: the dialog's settings are sent to Connetti.
    ['AliExpress (it connects through OAuth)', { provider: 'aliexpress', configJson: '{"appKey":"k","appSecret":"s"}' }, status.FAILED_PRECONDITION, m.connectWithOAuth('AliExpress')],
    ['eBay (it connects through OAuth)', { provider: 'ebay', configJson: '{}' }, status.FAILED_PRECONDITION, m.connectWithOAuth('eBay')],
    ['an unknown marketplace', { provider: 'zalando', configJson: '{}' }, status.NOT_FOUND, m.marketplaceNotFound],
    ['config that is not JSON', { provider: 'aliexpress', configJson: '{' }, status.INVALID_ARGUMENT, m.configInvalid],
    ['another type', { type: 'carrier', provider: 'aliexpress', configJson: '{}' }, status.INVALID_ARGUMENT, m.typeInvalid],
  ])('%s: refused in Italian, nothing stored', async (_name, request, code, details) => {
    const before = await integrationCount();
    expect(await failure(shop.api.createIntegration({ merchantId: shop.merchantId, type: 'marketplace', ...request }))).toEqual({ code, details });
    expect(await integrationCount()).toBe(before);
  });
});

describe('roles', () => {
  it('a plain member reads but may not connect, create, switch, delete or refresh', async () => {
    const seller = await stack.newSeller(0, 'ruoli');
    const integration = await shop.connectEbay(seller);
    const { api } = await shop.member();
    expect((await api.listIntegrations({ merchantId: '' })).integrations.map((i) => i.id)).toContain(integration.id);
    expect((await api.getIntegration({ merchantId: shop.merchantId, id: integration.id })).id).toBe(integration.id);
    const denied = { code: status.PERMISSION_DENIED, details: messages.errors.adminOnly };
    expect(await failure(api.getOAuthParams({ marketplace: 'ebay', account: '' }))).toEqual(denied);
    expect(await failure(api.completeOAuth({ callback: {}, merchantId: '', marketplace: 'ebay', code: 'abc', error: '', state: '' }))).toEqual(denied);
    expect(await failure(api.createIntegration({ merchantId: '', type: 'marketplace', provider: 'aliexpress', configJson: '{}' }))).toEqual(denied);
    expect(await failure(api.toggleIntegration({ merchantId: '', id: integration.id, active: false }))).toEqual(denied);
    expect(await failure(api.deleteIntegration({ merchantId: '', id: integration.id }))).toEqual(denied);
    expect(await failure(api.refreshToken({ merchantId: '', id: integration.id }))).toEqual(denied);
    expect((await shop.api.getIntegration({ merchantId: '', id: integration.id })).active).toBe(true);
  });

  it('without a selected merchant: refused', async () => {
    const api = await stack.as(shop.admin.id, undefined);
    expect((await failure(api.listIntegrations({ merchantId: '' }))).details).toBe(messages.errors.noMerchantSelected);
  });
});

describe('toggle and delete', () => {
  it("switching off shows 'inactive'; on again shows its status; each change is an event", async () => {
    const seller = await stack.newSeller(0, 'interruttore');
    const integration = await shop.connectEbay(seller);
    const off = await shop.api.toggleIntegration({ merchantId: shop.merchantId, id: integration.id, active: false });
    expect(off).toMatchObject({ active: false, status: 'inactive' });
    // The same value again changes nothing and says nothing.
    await shop.api.toggleIntegration({ merchantId: shop.merchantId, id: integration.id, active: false });
    const on = await shop.api.toggleIntegration({ merchantId: shop.merchantId, id: integration.id, active: true });
    expect(on).toMatchObject({ active: true, status: 'active' });
    const events = await integrationEvents(stack.pool, integration.id);
    expect(events.map((e) => [e.status, e.active, e.change])).toEqual([
      ['active', true, 'connected'],
      ['inactive', false, 'toggled'],
      ['active', true, 'toggled'],
    ]);
  });

  it('delete removes the integration and its jobs; the event says deleted so that orders removes its orders', async () => {
    const seller = await stack.newSeller(3, 'elimina');
    const integration = await shop.connectEbay(seller);
    await shop.api.startSync({ merchantId: '', integrationId: integration.id, triggeredBy: '' });
    await shop.api.deleteIntegration({ merchantId: shop.merchantId, id: integration.id });
    expect((await failure(shop.api.getIntegration({ merchantId: '', id: integration.id }))).code).toBe(status.NOT_FOUND);
    const { rows } = await stack.pool.query(`SELECT count(*)::int AS n FROM jobs WHERE integration_id = $1`, [integration.id]);
    expect(rows[0].n).toBe(0);
    const last = (await integrationEvents(stack.pool, integration.id)).at(-1)!;
    expect(last).toMatchObject({ integrationId: integration.id, merchantId: shop.merchantId, provider: 'ebay', deleted: true, changedByUserId: shop.admin.id });
    expect((await failure(shop.api.deleteIntegration({ merchantId: '', id: integration.id }))).code).toBe(status.NOT_FOUND);
  });
});

describe('secrets', () => {
  it('no token or app secret ever reaches a log line or an event', async () => {
    const { rows } = await stack.pool.query<{ id: string }>(`SELECT id FROM integrations`);
    const secrets = [stack.config.EBAY_CLIENT_SECRET];
    for (const { id } of rows) {
      const tokens = await stack.openTokens(Number(id));
      secrets.push(tokens.accessToken!, tokens.refreshToken!);
    }
    expect(secrets.length).toBeGreaterThan(5);
    const events = (await stack.pool.query(`SELECT payload FROM outbox`)).rows.map((r: { payload: Buffer }) => r.payload.toString('latin1')).join('');
    const logs = stack.logText();
    expect(logs).toContain('marketplace connected');
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      expect(events).not.toContain(secret);
      // Not even the part after eBay's fixed prefix.
      expect(logs).not.toContain(secret.slice(-24));
    }
  });
});
