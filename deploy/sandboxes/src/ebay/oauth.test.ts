import { consentAs, EBAY_SANDBOX_APP, EBAY_SMISTA_SCOPES, ebayAuthorizeUrl, ebaySandboxControl, ebaySellerTokens, startEbaySandbox, type EbaySandbox } from './index';

/*
 * eBay's user-consent flow over real HTTP: the authorize page, the consent form, the redirect with
 * code or refusal, the token endpoint's grants and every failure form it answers.
 */

const SELLER = { username: 'oauth_seller', password: 'Segreto1!' };
const OTHER_APP = {
  clientId: 'AltroSvi-AltraApp-SBX-1a2b3c4d5-6e7f8a9b',
  clientSecret: 'SBX-1a2b3c4d5e6f-7a8b-9c0d-1e2f-3a4b',
  ruName: 'Altro_Svil-AltroSvi-AltraA-abcdefgh',
  acceptUrl: 'http://127.0.0.1:9999/accetta',
  declineUrl: 'http://127.0.0.1:9999/rifiuta',
  name: 'Altra App',
};
const API = 'https://api.ebay.com/oauth/api_scope';

let clock = Date.parse('2026-03-05T09:00:00.000Z');
let ebay: EbaySandbox;

beforeAll(async () => {
  ebay = await startEbaySandbox({ now: () => new Date(clock), sellers: [{ ...SELLER, orders: 5 }, { username: 'other_seller', password: 'Altro1!', orders: 1 }] });
  await ebaySandboxControl(ebay.url).registerApp(OTHER_APP);
});
afterAll(async () => {
  await ebay.close();
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function token(form: Record<string, string>, authorization: string | null = basic(EBAY_SANDBOX_APP.clientId, EBAY_SANDBOX_APP.clientSecret), contentType = 'application/x-www-form-urlencoded') {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (authorization) headers.authorization = authorization;
  const res = await fetch(`${ebay.url}/identity/v1/oauth2/token`, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
  return { status: res.status, body: (await res.json()) as Record<string, any>, headers: res.headers };
}

async function consentCode(options: { app?: typeof OTHER_APP | typeof EBAY_SANDBOX_APP; scopes?: readonly string[]; state?: string } = {}): Promise<string> {
  const location = await consentAs(ebayAuthorizeUrl(ebay.url, { app: options.app ?? EBAY_SANDBOX_APP, scopes: options.scopes ?? EBAY_SMISTA_SCOPES, state: options.state ?? 'ebay' }), {
    ...SELLER,
    accept: true,
  });
  return new URL(location).searchParams.get('code')!;
}

const exchange = (code: string, redirectUri: string = EBAY_SANDBOX_APP.ruName) => token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });

describe('authorize page', () => {
  it('shows a sign-in and consent form with the app, every requested scope and both buttons, the query kept in hidden fields', async () => {
    const url = ebayAuthorizeUrl(ebay.url, { state: 'ebay', prompt: 'login' });
    const res = await fetch(url);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('<label for="userid">');
    expect(html).toContain('id="userid" name="username"');
    expect(html).toContain('<label for="pass">Password</label>');
    expect(html).toContain('id="pass" name="password" type="password"');
    expect(html).toMatch(/<button type="submit" id="accept" name="decision" value="accept">Accetta<\/button>/);
    expect(html).toMatch(/<button type="submit" id="decline" name="decision" value="decline" formnovalidate>Non accetto<\/button>/);
    expect(html).toContain('<strong id="app-name">Smista</strong>');
    for (const scope of EBAY_SMISTA_SCOPES) expect(html).toContain(`data-scope="${scope}"`);
    expect(html).toContain(`<input type="hidden" name="client_id" value="${EBAY_SANDBOX_APP.clientId}">`);
    expect(html).toContain('<input type="hidden" name="state" value="ebay">');
    expect(html).toContain('<input type="hidden" name="prompt" value="login">');
  });

  it.each([
    ['no client_id', (u: URL) => u.searchParams.delete('client_id'), 'invalid_request'],
    ['an unknown client_id', (u: URL) => u.searchParams.set('client_id', 'Nessuno-Nessuna-SBX-000000000-00000000'), 'invalid_client'],
    ['a redirect_uri that is not the RuName', (u: URL) => u.searchParams.set('redirect_uri', 'http://localhost:8080/marketplace/callback'), 'invalid_request'],
    ['another app’s RuName', (u: URL) => u.searchParams.set('redirect_uri', OTHER_APP.ruName), 'invalid_request'],
    ['response_type=token', (u: URL) => u.searchParams.set('response_type', 'token'), 'unsupported_response_type'],
    ['no scope', (u: URL) => u.searchParams.delete('scope'), 'invalid_scope'],
    ['an unknown scope', (u: URL) => u.searchParams.set('scope', `${API} ${API}/sell.finances`), 'invalid_scope'],
  ])('answers an eBay-like error page (400) for %s, with no redirect', async (_case, change, error) => {
    const url = new URL(ebayAuthorizeUrl(ebay.url, { state: 'ebay' }));
    change(url);
    const res = await fetch(url, { redirect: 'manual' });
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(html).toContain(`<dd id="error-code">${error}</dd>`);
    expect(html).toContain('Impossibile completare la richiesta');
  });

  it('accepts the .readonly variants of every scope', async () => {
    const scopes = [`${API}/sell.inventory.readonly`, `${API}/sell.marketing.readonly`, `${API}/sell.account.readonly`, `${API}/sell.fulfillment.readonly`, `${API}/commerce.identity.readonly`];
    const res = await fetch(ebayAuthorizeUrl(ebay.url, { scopes }));
    expect(res.status).toBe(200);
  });

  it('redirects to the accept URL with state, a long url-encoded code and expires_in=299 when the seller accepts', async () => {
    const location = await consentAs(ebayAuthorizeUrl(ebay.url, { state: 'ebay' }), { ...SELLER, accept: true });
    expect(location.startsWith(`${EBAY_SANDBOX_APP.acceptUrl}?state=ebay&code=`)).toBe(true);
    expect(location).toMatch(/&expires_in=299$/);
    const raw = /[?&]code=([^&]*)/.exec(location)![1]!;
    expect(raw).toMatch(/^v%5E1\.1%23i%5E1%23/);
    const code = new URL(location).searchParams.get('code')!;
    expect(code.startsWith('v^1.1#i^1#')).toBe(true);
    expect(code.length).toBeGreaterThan(200);
    expect(decodeURIComponent(raw)).toBe(code);
  });

  it('redirects with error=access_denied when the seller refuses (to the decline URL when the app has one)', async () => {
    const location = await consentAs(ebayAuthorizeUrl(ebay.url, { state: 'ebay' }), { username: '', password: '', accept: false });
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(EBAY_SANDBOX_APP.acceptUrl);
    expect(url.searchParams.get('state')).toBe('ebay');
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('error_description')).toBeTruthy();
    expect(url.searchParams.get('code')).toBeNull();

    const other = new URL(await consentAs(ebayAuthorizeUrl(ebay.url, { app: OTHER_APP, state: 'x' }), { ...SELLER, accept: false }));
    expect(`${other.origin}${other.pathname}`).toBe(OTHER_APP.declineUrl);
  });

  it('shows the page again with an error, keeping the username, after a wrong password or an unknown seller', async () => {
    const url = ebayAuthorizeUrl(ebay.url, { state: 'ebay' });
    await expect(consentAs(url, { username: SELLER.username, password: 'sbagliata', accept: true })).rejects.toThrow('Nome utente o password non corretti');
    await expect(consentAs(url, { username: 'nessuno', password: 'x', accept: true })).rejects.toThrow('Nome utente o password non corretti');

    const page = new URL(url);
    const form = new URLSearchParams(page.search);
    form.set('username', SELLER.username);
    form.set('password', 'sbagliata');
    form.set('decision', 'accept');
    const res = await fetch(`${ebay.url}/oauth2/authorize`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('role="alert" id="consent-error"');
    expect(html).toContain(`value="${SELLER.username}"`);
  });

  it('signs in with the username in any case, as eBay does', async () => {
    const location = await consentAs(ebayAuthorizeUrl(ebay.url), { username: SELLER.username.toUpperCase(), password: SELLER.password, accept: true });
    expect(new URL(location).searchParams.get('code')).toBeTruthy();
  });

  it('re-checks the posted hidden fields (a tampered redirect_uri gets the error page)', async () => {
    const form = new URLSearchParams(new URL(ebayAuthorizeUrl(ebay.url)).search);
    form.set('redirect_uri', 'http://evil.example/steal');
    form.set('username', SELLER.username);
    form.set('password', SELLER.password);
    form.set('decision', 'accept');
    const res = await fetch(`${ebay.url}/oauth2/authorize`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('authorization_code grant', () => {
  it('exchanges a code for eBay’s token answer, and the tokens read the identity of the seller who consented', async () => {
    const res = await exchange(await consentCode());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'refresh_token_expires_in', 'token_type']);
    expect(res.body).toMatchObject({ expires_in: 7200, refresh_token_expires_in: 47_304_000, token_type: 'User Access Token' });
    expect(res.body.access_token).toMatch(/^v\^1\.1#i\^1#/);
    expect(res.body.access_token.length).toBeGreaterThan(1000);
    expect(res.body.refresh_token).toMatch(/^v\^1\.1#i\^1#/);

    const identity = await fetch(`${ebay.url}/commerce/identity/v1/user/`, { headers: { authorization: `Bearer ${res.body.access_token}` } });
    const body = (await identity.json()) as Record<string, unknown>;
    expect(identity.status).toBe(200);
    expect(body).toEqual({ userId: expect.stringMatching(/^[A-Za-z0-9]{11}$/), username: SELLER.username, accountType: 'BUSINESS', registrationMarketplaceId: 'EBAY_IT', status: 'CONFIRMED' });
    const withoutSlash = await fetch(`${ebay.url}/commerce/identity/v1/user`, { headers: { authorization: `Bearer ${res.body.access_token}` } });
    expect(await withoutSlash.json()).toEqual(body);
  });

  it('takes a code once only', async () => {
    const code = await consentCode();
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
  });

  it('refuses a code sent double-encoded', async () => {
    const code = await consentCode();
    const res = await exchange(encodeURIComponent(code));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
    expect((await exchange(code)).status).toBe(200);
  });

  it('refuses a code after its 299 seconds', async () => {
    const code = await consentCode();
    clock += 300_000;
    try {
      const res = await exchange(code);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
    } finally {
      clock -= 300_000;
    }
  });

  it('refuses a code issued to another app, and a redirect_uri that is not the app’s RuName', async () => {
    const foreign = await consentCode({ app: OTHER_APP });
    expect((await exchange(foreign)).body.error).toBe('invalid_grant');
    const code = await consentCode();
    const mismatch = await exchange(code, OTHER_APP.ruName);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('invalid_grant');
  });

  it('answers 401 invalid_client for a wrong secret, an unknown client or no Basic credentials', async () => {
    const code = await consentCode();
    for (const authorization of [basic(EBAY_SANDBOX_APP.clientId, 'sbagliato'), basic('Nessuno-App', EBAY_SANDBOX_APP.clientSecret), null, `Bearer ${code}`]) {
      const res = await token({ grant_type: 'authorization_code', code, redirect_uri: EBAY_SANDBOX_APP.ruName }, authorization);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'invalid_client', error_description: 'client authentication failed' });
    }
    // The failed attempts did not spend the code.
    expect((await exchange(code)).status).toBe(200);
  });

  it('answers invalid_request for a missing code, redirect_uri or grant_type, or a JSON body', async () => {
    expect((await token({ grant_type: 'authorization_code', redirect_uri: EBAY_SANDBOX_APP.ruName })).body.error).toBe('invalid_request');
    expect((await token({ grant_type: 'authorization_code', code: 'v^1.1#x' })).body.error).toBe('invalid_request');
    expect((await token({ code: 'v^1.1#x' })).body.error).toBe('invalid_request');
    const json = await token({ grant_type: 'authorization_code' }, undefined, 'application/json');
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
  });

  it('answers unsupported_grant_type for a grant eBay does not know', async () => {
    const res = await token({ grant_type: 'password', username: 'a', password: 'b' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unsupported_grant_type');
  });
});

describe('refresh_token grant', () => {
  it('answers a new access token without a new refresh token, for the consented scopes or a subset', async () => {
    const tokens = await ebaySellerTokens(ebay.url, SELLER);
    const res = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, scope: EBAY_SMISTA_SCOPES.join(' ') });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(res.body).toMatchObject({ expires_in: 7200, token_type: 'User Access Token' });
    expect(res.body.access_token).not.toBe(tokens.access_token);

    const noScope = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(noScope.status).toBe(200);

    const subset = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, scope: `${API}/sell.fulfillment` });
    expect(subset.status).toBe(200);
    const orders = await fetch(`${ebay.url}/sell/fulfillment/v1/order`, { headers: { authorization: `Bearer ${subset.body.access_token}` } });
    expect(orders.status).toBe(200);
    const identity = await fetch(`${ebay.url}/commerce/identity/v1/user/`, { headers: { authorization: `Bearer ${subset.body.access_token}` } });
    expect(identity.status).toBe(403);
    expect(((await identity.json()) as any).errors[0]).toMatchObject({ errorId: 1100, domain: 'ACCESS' });
  });

  it('refuses scopes beyond the consent (invalid_scope), an unknown refresh token and another app’s (invalid_grant)', async () => {
    const tokens = await ebaySellerTokens(ebay.url, { ...SELLER, scopes: [API, `${API}/sell.fulfillment.readonly`] });
    const wider = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, scope: `${API}/sell.fulfillment` });
    expect(wider.status).toBe(400);
    expect(wider.body.error).toBe('invalid_scope');
    expect((await token({ grant_type: 'refresh_token', refresh_token: `${tokens.refresh_token}x` })).body.error).toBe('invalid_grant');
    const foreign = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, basic(OTHER_APP.clientId, OTHER_APP.clientSecret));
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('invalid_grant');
    expect((await token({ grant_type: 'refresh_token' })).body.error).toBe('invalid_request');
  });

  it('refuses the refresh tokens of a seller who revoked the consent, while a new consent works again', async () => {
    const control = ebaySandboxControl(ebay.url);
    const before = await ebaySellerTokens(ebay.url, { username: 'other_seller', password: 'Altro1!' });
    const mine = await ebaySellerTokens(ebay.url, SELLER);
    expect(await control.revokeSeller('other_seller')).toBeGreaterThanOrEqual(1);
    const refused = await token({ grant_type: 'refresh_token', refresh_token: before.refresh_token });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    expect((await token({ grant_type: 'refresh_token', refresh_token: mine.refresh_token })).status).toBe(200);
    const after = await ebaySellerTokens(ebay.url, { username: 'other_seller', password: 'Altro1!' });
    expect((await token({ grant_type: 'refresh_token', refresh_token: after.refresh_token })).status).toBe(200);
  });

  it('gives refresh tokens the lifetime set for the seller, and refuses them once expired', async () => {
    const control = ebaySandboxControl(ebay.url);
    await control.setRefreshTokenLifetime('other_seller', 20 * 86_400);
    await control.setAccessTokenLifetime('other_seller', 600);
    const tokens = await ebaySellerTokens(ebay.url, { username: 'other_seller', password: 'Altro1!' });
    expect(tokens.refresh_token_expires_in).toBe(20 * 86_400);
    expect(tokens.expires_in).toBe(600);
    clock += 20 * 86_400_000 + 1000;
    try {
      const res = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
    } finally {
      clock -= 20 * 86_400_000 + 1000;
    }
    await expect(control.setRefreshTokenLifetime('other_seller', 0)).rejects.toThrow('seconds');
    await expect(control.setRefreshTokenLifetime('nessuno', 10)).rejects.toThrow('404');
  });
});

describe('access tokens', () => {
  it('answer 401 errorId 1001 once expired (by time or by the control endpoint), 1002 when missing', async () => {
    const tokens = await ebaySellerTokens(ebay.url, SELLER);
    const get = (t?: string) => fetch(`${ebay.url}/sell/fulfillment/v1/order`, { headers: t ? { authorization: `Bearer ${t}` } : {} });
    expect((await get(tokens.access_token)).status).toBe(200);

    clock += 7200_000;
    try {
      const expired = await get(tokens.access_token);
      expect(expired.status).toBe(401);
      expect(await expired.json()).toEqual({
        errors: [{ errorId: 1001, domain: 'OAuth', category: 'REQUEST', message: 'Invalid access token', longMessage: expect.any(String) }],
      });
    } finally {
      clock -= 7200_000;
    }

    const fresh = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect((await get(fresh.body.access_token)).status).toBe(200);
    expect(await ebaySandboxControl(ebay.url).expireAccessTokens(SELLER.username)).toBeGreaterThanOrEqual(1);
    expect((await get(fresh.body.access_token)).status).toBe(401);

    const missing = await get();
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as any).errors[0]).toMatchObject({ errorId: 1002, domain: 'OAuth' });
    const garbage = await get('not-a-token');
    expect(((await garbage.json()) as any).errors[0].errorId).toBe(1001);
  });

  it('an application token (client_credentials) reaches no seller data', async () => {
    const app = await token({ grant_type: 'client_credentials', scope: API });
    expect(app.status).toBe(200);
    expect(app.body.token_type).toBe('Application Access Token');
    const res = await fetch(`${ebay.url}/sell/fulfillment/v1/order`, { headers: { authorization: `Bearer ${app.body.access_token}` } });
    expect(res.status).toBe(403);
    expect((await token({ grant_type: 'client_credentials', scope: `${API}/sell.fulfillment` })).body.error).toBe('invalid_scope');
  });

  it('never records a token, code or secret in the request log', async () => {
    const tokens = await ebaySellerTokens(ebay.url, SELLER);
    await fetch(`${ebay.url}/commerce/identity/v1/user/`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    const log = JSON.stringify(ebay.requests());
    expect(log).not.toContain(tokens.access_token.slice(40, 80));
    expect(log).not.toContain(tokens.refresh_token.slice(30));
    expect(log).not.toContain(EBAY_SANDBOX_APP.clientSecret);
    const tokenCall = ebay.requests().find((r) => r.endpoint === 'POST /identity/v1/oauth2/token' && r.status === 200)!;
    expect(tokenCall).toMatchObject({ authorization: 'basic', fields: ['grant_type', 'code', 'redirect_uri'], contentType: 'application/x-www-form-urlencoded' });
  });
});
