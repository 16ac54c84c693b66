import { createHash, randomBytes } from 'node:crypto';
import { Etsy, type ISecurityDataStorage, type Tokens } from 'etsy-ts';
import { ETSY_SANDBOX_APP, etsyAuthorizeAs, etsySandboxControl, startEtsySandbox, type EtsySandbox, type EtsySandboxControl } from './index';

/*
 * The Etsy sandbox over real HTTP, through the published client `etsy-ts` with only the host
 * changed (its `baseURL`): the consent page with PKCE S256 and the code exchange and refresh (form,
 * as Etsy documents it), getMe, getShopByOwnerUserId, getShopReceipts in offset pages by
 * `min_created` / `min_last_modified`, Money as amount/divisor, createReceiptShipment (the client
 * sends JSON; the form Etsy documents works too), the two 403s of the x-api-key, the quota headers
 * and 429 with `retry-after`, expired and revoked tokens, the control endpoints.
 */

const SELLER = { userId: 55501234, shopId: 33300123, shopName: 'CeramicheTest', email: 'venditore@ceramiche-test.it', password: 'Artigiano1!' };
const REDIRECT = 'http://127.0.0.1:9/marketplace/callback';
const RECEIPTS = 45;

let etsy: EtsySandbox;
let control: EtsySandboxControl;

beforeAll(async () => {
  etsy = await startEtsySandbox({ port: 0, sellers: [{ ...SELLER, receipts: RECEIPTS, seed: 5 }, { shopName: 'AltroNegozio', userId: 55509999, receipts: 2 }], quota: { perSecond: 1000, perDay: 100_000 } });
  control = etsySandboxControl(etsy.url);
});
afterAll(async () => {
  await etsy?.close();
});
afterEach(async () => {
  await control.clearFaults();
  await control.setQuota({ perSecond: 1000, perDay: 100_000, usedToday: 0 });
});

const verifierAndChallenge = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const consentUrl = (state: string, challenge: string, extra: Record<string, string> = {}) =>
  `${etsy.url}/oauth/connect?${new URLSearchParams({ response_type: 'code', client_id: ETSY_SANDBOX_APP.keystring, redirect_uri: REDIRECT, scope: 'transactions_r transactions_w', state, code_challenge: challenge, code_challenge_method: 'S256', ...extra })}`;

const token = (form: Record<string, string>) => fetch(`${etsy.url}/v3/public/oauth/token`, { method: 'POST', body: new URLSearchParams(form) });

async function connect(): Promise<{ access_token: string; refresh_token: string; expires_in: number; token_type: string }> {
  const { verifier, challenge } = verifierAndChallenge();
  const back = new URL(await etsyAuthorizeAs(consentUrl('stato-1', challenge), SELLER));
  const res = await token({ grant_type: 'authorization_code', client_id: ETSY_SANDBOX_APP.keystring, redirect_uri: REDIRECT, code: back.searchParams.get('code')!, code_verifier: verifier });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
}

/** The published client, pointed at the sandbox; its own refresher is off (it posts to api.etsy.com, whatever the base). */
function client(accessToken: string, sharedSecret = ETSY_SANDBOX_APP.sharedSecret): Etsy {
  const storage: ISecurityDataStorage = {
    storeAccessToken: async () => undefined,
    findAccessToken: async (): Promise<Tokens> => ({ accessToken, refreshToken: '', expiresIn: 3600, tokenType: 'Bearer' }),
  };
  return new Etsy({ apiKey: ETSY_SANDBOX_APP.keystring, sharedSecret, securityDataStorage: storage, enableTokenRefresh: false }, { baseURL: etsy.url });
}

const statusOf = async (promise: Promise<unknown>): Promise<{ status: number; data: unknown; headers: Record<string, string> }> => {
  try {
    await promise;
  } catch (err) {
    const response = (err as { response?: { status: number; data: unknown; headers: Record<string, string> } }).response;
    if (response) return response;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('consent with PKCE and tokens', () => {
  it('refuses an authorize request without PKCE S256, in Italian, and shows the Italian consent page otherwise', async () => {
    const { challenge } = verifierAndChallenge();
    const noPkce = await fetch(consentUrl('s', challenge, { code_challenge: '' }));
    expect(noPkce.status).toBe(400);
    expect(await noPkce.text()).toContain('PKCE obbligatorio');
    const plain = await fetch(consentUrl('s', challenge, { code_challenge_method: 'plain' }));
    expect(plain.status).toBe(400);
    const page = await fetch(consentUrl('s', challenge));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="it">');
    expect(html).toContain("Consenti l'accesso");
    expect(html).toContain('segnarli come spediti');
  });

  it('sends the seller back with access_denied when they do not allow', async () => {
    const { challenge } = verifierAndChallenge();
    const back = new URL(await etsyAuthorizeAs(consentUrl('stato-no', challenge), { ...SELLER, allow: false }));
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'access_denied', state: 'stato-no' });
    expect(back.searchParams.get('code')).toBeNull();
  });

  it("exchanges a code once, only with the verifier of its challenge: tokens of an hour prefixed by the user's id", async () => {
    const { verifier, challenge } = verifierAndChallenge();
    const back = new URL(await etsyAuthorizeAs(consentUrl('stato-2', challenge), SELLER));
    expect(back.searchParams.get('state')).toBe('stato-2');
    const code = back.searchParams.get('code')!;
    const base = { grant_type: 'authorization_code', client_id: ETSY_SANDBOX_APP.keystring, redirect_uri: REDIRECT, code };
    const wrong = await token({ ...base, code_verifier: verifierAndChallenge().verifier });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const ok = await token({ ...base, code_verifier: verifier });
    const tokens = (await ok.json()) as Record<string, unknown>;
    expect(ok.status).toBe(200);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(String(tokens.access_token)).toMatch(new RegExp(`^${SELLER.userId}\\.`));
    const again = await token({ ...base, code_verifier: verifier });
    expect(await again.json()).toMatchObject({ error: 'invalid_grant', error_description: 'code has already been used' });
  });

  it('refreshes an expired access token; a revoked consent or a refresh token past its 90 days is invalid_grant', async () => {
    const tokens = await connect();
    await control.expireAccessTokens(SELLER.userId);
    expect((await statusOf(client(tokens.access_token).User.getMe())).status).toBe(401);
    const refreshed = await token({ grant_type: 'refresh_token', client_id: ETSY_SANDBOX_APP.keystring, refresh_token: tokens.refresh_token });
    const fresh = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect((await client(fresh.access_token).User.getMe()).data).toEqual({ user_id: SELLER.userId, shop_id: SELLER.shopId });
    await control.expireRefreshTokens(SELLER.userId);
    expect(await (await token({ grant_type: 'refresh_token', client_id: ETSY_SANDBOX_APP.keystring, refresh_token: fresh.refresh_token })).json()).toMatchObject({ error: 'invalid_grant' });
    const other = await connect();
    await control.revokeConsent(SELLER.userId);
    expect((await statusOf(client(other.access_token).User.getMe())).status).toBe(401);
    expect(await (await token({ grant_type: 'refresh_token', client_id: ETSY_SANDBOX_APP.keystring, refresh_token: other.refresh_token })).json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('the Open API v3 through etsy-ts', () => {
  let accessToken: string;
  beforeAll(async () => {
    accessToken = (await connect()).access_token;
  });

  it("answers the two documented 403s of the x-api-key: a bare keystring, a wrong secret", async () => {
    const bare = await fetch(`${etsy.url}/v3/application/users/me`, { headers: { 'x-api-key': ETSY_SANDBOX_APP.keystring, authorization: `Bearer ${accessToken}` } });
    expect(bare.status).toBe(403);
    expect(await bare.json()).toEqual({ error: 'Shared secret is required in x-api-key header.' });
    const wrong = await statusOf(client(accessToken, 'segreto-sbagliato').User.getMe());
    expect(wrong.status).toBe(403);
    expect(wrong.data).toEqual({ error: "Invalid API key: should be in the format 'keystring:shared_secret'." });
  });

  it("reads the user and their shop, with Etsy's quota headers", async () => {
    const etsyClient = client(accessToken);
    const me = await etsyClient.User.getMe();
    expect(me.data).toEqual({ user_id: SELLER.userId, shop_id: SELLER.shopId });
    expect(me.headers['x-limit-per-second']).toBe('1000');
    expect(Number(me.headers['x-remaining-today'])).toBeLessThan(100_000);
    const shop = await etsyClient.Shop.getShopByOwnerUserId(SELLER.userId);
    expect(shop.data).toMatchObject({ shop_id: SELLER.shopId, shop_name: SELLER.shopName, currency_code: 'EUR' });
  });

  it('pages receipts by offset (limit 1-100) and filters by min_created / min_last_modified; Money is amount/divisor', async () => {
    const etsyClient = client(accessToken);
    const seen: number[] = [];
    for (let offset = 0; ; offset += 20) {
      const page = await etsyClient.ShopReceipt.getShopReceipts({ shopId: SELLER.shopId, min_created: 1_000_000_000, limit: 20, offset, sort_on: 'created', sort_order: 'asc' });
      expect(page.data.count).toBe(RECEIPTS);
      seen.push(...(page.data.results ?? []).map((r) => r.receipt_id!));
      if (offset + 20 >= page.data.count!) break;
    }
    expect(new Set(seen).size).toBe(RECEIPTS);
    const tooMany = await statusOf(etsyClient.ShopReceipt.getShopReceipts({ shopId: SELLER.shopId, limit: 101 }));
    expect(tooMany.status).toBe(400);
    const [receipt] = (await etsyClient.ShopReceipt.getShopReceipts({ shopId: SELLER.shopId, limit: 1 })).data.results!;
    expect(receipt!.grandtotal).toMatchObject({ divisor: 100, currency_code: 'EUR' });
    expect(Number.isInteger(receipt!.grandtotal!.amount)).toBe(true);
    expect(receipt).not.toHaveProperty('phone');
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await etsyClient.ShopReceipt.getShopReceipts({ shopId: SELLER.shopId, min_last_modified: future })).data).toEqual({ count: 0, results: [] });
    const notMine = await statusOf(etsyClient.ShopReceipt.getShopReceipts({ shopId: 999 }));
    expect(notMine.status).toBe(403);
  });

  it('creates a receipt shipment, as JSON (the client) and form-encoded (Etsy documents it); an unknown carrier is refused', async () => {
    const etsyClient = client(accessToken);
    const open = (await control.receipts(SELLER.userId)).filter((r) => !r.isShipped && r.status === 'paid');
    const shipped = await etsyClient.ShopReceipt.createReceiptShipment({ shopId: SELLER.shopId, receiptId: open[0]!.receiptId }, { tracking_code: 'MI123456789', carrier_name: 'GLS' });
    expect(shipped.data).toMatchObject({ is_shipped: true, shipments: [{ carrier_name: 'GLS', tracking_code: 'MI123456789' }] });
    const form = await fetch(`${etsy.url}/v3/application/shops/${SELLER.shopId}/receipts/${open[1]!.receiptId}/tracking`, {
      method: 'POST',
      headers: { 'x-api-key': `${ETSY_SANDBOX_APP.keystring}:${ETSY_SANDBOX_APP.sharedSecret}`, authorization: `Bearer ${accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tracking_code: 'PD123456789IT', carrier_name: 'Poste Italiane' }),
    });
    expect(form.status).toBe(200);
    expect((await control.receipts(SELLER.userId)).find((r) => r.receiptId === open[1]!.receiptId)!.shipments).toEqual([expect.objectContaining({ carrierName: 'Poste Italiane', trackingCode: 'PD123456789IT' })]);
    const unknown = await statusOf(etsyClient.ShopReceipt.createReceiptShipment({ shopId: SELLER.shopId, receiptId: open[2]!.receiptId }, { tracking_code: 'X1234', carrier_name: 'Corriere Fantasma' }));
    expect(unknown.status).toBe(400);
    const carriers = await etsyClient.ShopShippingProfile.getShippingCarriers({ origin_country_iso: 'IT' });
    expect(carriers.data.results!.map((c) => c.name)).toEqual(expect.arrayContaining(['GLS', 'Poste Italiane']));
  });

  it('answers 429 with retry-after: an injected fault, the per-second quota, a day spent', async () => {
    const etsyClient = client(accessToken);
    const limitedBefore = (await control.stats()).limited;
    await control.injectFault({ kind: 'quota', count: 1, retryAfterSeconds: 90 });
    const fault = await statusOf(etsyClient.User.getMe());
    expect(fault.status).toBe(429);
    expect(fault.headers['retry-after']).toBe('90');
    expect((await control.stats()).limited).toBe(limitedBefore);
    await control.setQuota({ perSecond: 1000, perDay: 50, usedToday: 45 });
    const low = await etsyClient.User.getMe();
    expect(low.headers['x-remaining-today']).toBe('4');
    await control.setQuota({ perDay: 50, usedToday: 50 });
    const spent = await statusOf(etsyClient.User.getMe());
    expect(spent.status).toBe(429);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    // The day's quota refusing is Etsy's own limit: counted.
    expect((await control.stats()).limited).toBe(limitedBefore + 1);
    await control.injectFault({ kind: 'unavailable', count: 1 });
    await control.setQuota({ perDay: 100_000, usedToday: 0 });
    expect((await statusOf(etsyClient.User.getMe())).status).toBe(503);
  });

  it('never records a token, secret or verifier', () => {
    const recorded = JSON.stringify(etsy.requests());
    expect(recorded).not.toContain(accessToken);
    expect(recorded).not.toContain(ETSY_SANDBOX_APP.sharedSecret);
  });
});
