import { EBAY_SANDBOX_APP, SMISTA_SCOPES, type EbayAccountType, type EbaySandboxApp } from './accounts';
import type { CancelState, FulfillmentStatus, PaymentStatus, SandboxFulfillment } from './order-model';
import type { EbayOrderPatch, EndpointStats, FaultRule } from './store';

/*
 * Clients of a running eBay sandbox for tests and the local stack: the typed `/__sandbox/` control
 * endpoints, and a browser stand-in that signs in on the consent page and accepts or refuses.
 */

export type { EbayOrderPatch } from './store';

/** An order as the control endpoints list it (all of a seller's orders, newest last). */
export interface EbaySandboxOrderSummary {
  orderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: FulfillmentStatus;
  orderPaymentStatus: PaymentStatus;
  cancelState: CancelState;
  lineItemIds: string[];
}

export interface EbaySandboxSellerInfo {
  username: string;
  userId: string;
  accountType: EbayAccountType;
  orders: number;
}

export interface EbaySandboxStats {
  /** Calls per endpoint, keyed `METHOD /path/{param}` (e.g. `GET /sell/fulfillment/v1/order`). */
  endpoints: Record<string, EndpointStats>;
  /** API calls answered by an injected fault. */
  faultsServed: number;
  pendingFaults: FaultRule[];
}

/** eBay's Order JSON (getOrder), loosely typed: tests read what they need. */
export type EbayOrderJson = Record<string, any>;

export interface EbaySandboxControl {
  /** Registers an app (or replaces the one with the same client id), e.g. one per test gateway. */
  registerApp(app: EbaySandboxApp): Promise<void>;
  /** Creates a seller with `orders` generated orders; `replace` overwrites one with the same username (else 409). */
  addSeller(seller: { username: string; password?: string; orders: number; seed?: string | number; accountType?: EbayAccountType; replace?: boolean }): Promise<EbaySandboxSellerInfo>;
  sellers(): Promise<EbaySandboxSellerInfo[]>;
  /** Every order of a seller, in getOrders' order. */
  orders(username: string): Promise<EbaySandboxOrderSummary[]>;
  /** One order as getOrder answers it now. */
  order(username: string, orderId: string): Promise<EbayOrderJson>;
  /** Changes buyer, address or status fields; lastModifiedDate becomes now. Answers the order. */
  editOrder(username: string, orderId: string, patch: EbayOrderPatch): Promise<EbayOrderJson>;
  /** Adds `count` orders created now; answers their ids. */
  addOrders(username: string, count: number, seed?: string | number): Promise<string[]>;
  /** Fulfillments made through createShippingFulfillment (`all`: also the generated ones). */
  fulfillments(username: string, all?: boolean): Promise<SandboxFulfillment[]>;
  /** The next `count` API calls (under `pathPrefix`, default all) answer 429 (quota) or 500 (unavailable). */
  injectFault(fault: { kind: 'quota' | 'unavailable'; count: number; pathPrefix?: string; retryAfterSeconds?: number }): Promise<FaultRule[]>;
  clearFaults(): Promise<void>;
  /** Every access token (of one seller) expires now: API calls answer 401 errorId 1001. Answers how many were live. */
  expireAccessTokens(username?: string): Promise<number>;
  /** The seller's refresh tokens are revoked: refreshing answers invalid_grant. Answers how many. */
  revokeSeller(username: string): Promise<number>;
  /** Refresh tokens issued to the seller from now on live `seconds` (`refresh_token_expires_in`). */
  setRefreshTokenLifetime(username: string, seconds: number): Promise<void>;
  /** Access tokens issued to the seller from now on live `seconds` (`expires_in`). */
  setAccessTokenLifetime(username: string, seconds: number): Promise<void>;
  stats(): Promise<EbaySandboxStats>;
  resetStats(): Promise<void>;
}

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const message = (json as { message?: string } | undefined)?.message ?? `HTTP ${res.status}`;
    throw new Error(`Sandbox eBay: ${method} ${path} → ${res.status}: ${message}`);
  }
  return json as T;
}

const seg = encodeURIComponent;

/**
 * A typed client of the sandbox's control endpoints at `baseUrl` (the sandbox URL).
 *
 * @example
 * const control = ebaySandboxControl(ebay.url);
 * await control.registerApp({ ...EBAY_SANDBOX_APP, clientId: 'Test-App-1', acceptUrl: `${gatewayUrl}/marketplace/callback` });
 * await control.addSeller({ username: 'seller_1000', orders: 1000, seed: 7 });
 * await control.injectFault({ kind: 'quota', count: 5, pathPrefix: '/sell/' });
 */
export function ebaySandboxControl(baseUrl: string): EbaySandboxControl {
  return {
    registerApp: async (app) => {
      await call(baseUrl, 'POST', '/apps', app);
    },
    addSeller: (seller) => call(baseUrl, 'POST', '/sellers', seller),
    sellers: async () => (await call<{ sellers: EbaySandboxSellerInfo[] }>(baseUrl, 'GET', '/sellers')).sellers,
    orders: async (username) => (await call<{ orders: EbaySandboxOrderSummary[] }>(baseUrl, 'GET', `/sellers/${seg(username)}/orders`)).orders,
    order: (username, orderId) => call(baseUrl, 'GET', `/sellers/${seg(username)}/orders/${seg(orderId)}`),
    editOrder: (username, orderId, patch) => call(baseUrl, 'PATCH', `/sellers/${seg(username)}/orders/${seg(orderId)}`, patch),
    addOrders: async (username, count, seed) =>
      (await call<{ orderIds: string[] }>(baseUrl, 'POST', `/sellers/${seg(username)}/orders`, seed === undefined ? { count } : { count, seed })).orderIds,
    fulfillments: async (username, all = false) =>
      (await call<{ fulfillments: SandboxFulfillment[] }>(baseUrl, 'GET', `/sellers/${seg(username)}/fulfillments${all ? '?all=1' : ''}`)).fulfillments,
    injectFault: async (fault) => (await call<{ pending: FaultRule[] }>(baseUrl, 'POST', '/faults', fault)).pending,
    clearFaults: async () => {
      await call(baseUrl, 'DELETE', '/faults');
    },
    expireAccessTokens: async (username) => (await call<{ expired: number }>(baseUrl, 'POST', '/tokens/expire', username === undefined ? {} : { username })).expired,
    revokeSeller: async (username) => (await call<{ revoked: number }>(baseUrl, 'POST', `/sellers/${seg(username)}/revoke`)).revoked,
    setRefreshTokenLifetime: async (username, seconds) => {
      await call(baseUrl, 'PUT', `/sellers/${seg(username)}/refresh-token-lifetime`, { seconds });
    },
    setAccessTokenLifetime: async (username, seconds) => {
      await call(baseUrl, 'PUT', `/sellers/${seg(username)}/access-token-lifetime`, { seconds });
    },
    stats: () => call(baseUrl, 'GET', '/stats'),
    resetStats: async () => {
      await call(baseUrl, 'DELETE', '/stats');
    },
  };
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unescapeHtml(m[1]!) : undefined;
}

function pageError(html: string): string | undefined {
  const alert = /id="consent-error"[^>]*>([^<]*)</.exec(html);
  if (alert) return unescapeHtml(alert[1]!);
  const code = /id="error-code"[^>]*>([^<]*)</.exec(html);
  const description = /id="error-description"[^>]*>([^<]*)</.exec(html);
  return code ? `${unescapeHtml(code[1]!)}: ${unescapeHtml(description?.[1] ?? '')}` : undefined;
}

/**
 * Does what a seller does in the browser: opens `authorizeUrl` (the full eBay authorize URL the app
 * built), signs in and presses "Accetta" (`accept: true`) or "Non accetto"; answers the URL eBay
 * redirects to (`<acceptUrl>?state=…&code=…&expires_in=299` or `…&error=access_denied…`).
 * Throws with eBay's message when the page refuses the request or the sign-in.
 *
 * @example
 * const location = await consentAs(params.authorizeUrl, { username: 'smista_test_seller', password: 'Sandbox1!', accept: true });
 * const code = new URL(location).searchParams.get('code');
 */
export async function consentAs(authorizeUrl: string, credentials: { username: string; password: string; accept: boolean }): Promise<string> {
  const pageRes = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await pageRes.text();
  if (pageRes.status !== 200) throw new Error(`Pagina di consenso eBay: HTTP ${pageRes.status}${pageError(html) ? ` (${pageError(html)})` : ''}`);
  const formTag = /<form\b[^>]*>/.exec(html)?.[0];
  if (!formTag) throw new Error('Pagina di consenso eBay: modulo non trovato');
  const action = new URL(attribute(formTag, 'action') ?? '', pageRes.url || authorizeUrl).toString();
  const fields = new URLSearchParams();
  for (const input of html.match(/<input\b[^>]*>/g) ?? []) {
    if (attribute(input, 'type') !== 'hidden') continue;
    const name = attribute(input, 'name');
    if (name) fields.append(name, attribute(input, 'value') ?? '');
  }
  fields.set('username', credentials.username);
  fields.set('password', credentials.password);
  fields.set('decision', credentials.accept ? 'accept' : 'decline');
  const answer = await fetch(action, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() });
  const location = answer.headers.get('location');
  if (answer.status >= 300 && answer.status < 400 && location) return new URL(location, action).toString();
  const error = pageError(await answer.text());
  throw new Error(`Consenso eBay non riuscito: ${error ?? `HTTP ${answer.status}`}`);
}

/**
 * The authorize URL an app sends the browser to: `<baseUrl>/oauth2/authorize?client_id&redirect_uri=<RuName>&response_type=code&scope&state`.
 */
export function ebayAuthorizeUrl(baseUrl: string, options: { app?: Pick<EbaySandboxApp, 'clientId' | 'ruName'>; scopes?: readonly string[]; state?: string; prompt?: string } = {}): string {
  const app = options.app ?? EBAY_SANDBOX_APP;
  const url = new URL('/oauth2/authorize', baseUrl);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('redirect_uri', app.ruName);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', (options.scopes ?? SMISTA_SCOPES).join(' '));
  if (options.state !== undefined) url.searchParams.set('state', options.state);
  if (options.prompt !== undefined) url.searchParams.set('prompt', options.prompt);
  return url.toString();
}

/**
 * The consent page a browser goes to after 'Connetti', from what `GET /api/marketplace/ebay/oauth-params`
 * answered (the state as Smista issued it): what the marketplaces screen does, for tests and benches
 * that connect a seller without the screen.
 *
 * @example consentAs(consentUrlOf(await (await fetch(`${app}/api/marketplace/ebay/oauth-params`)).json()), seller)
 */
export function consentUrlOf(params: { authorizeUrl: string; clientId: string; redirectUri: string; scopes: readonly string[]; state: string }): string {
  const url = new URL(params.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('client_id', params.clientId);
  url.searchParams.set('scope', params.scopes.join(' '));
  url.searchParams.set('state', params.state);
  return url.toString();
}

/** The token endpoint's answer to an authorization_code grant. */
export interface EbayUserTokens {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_token_expires_in: number;
  token_type: string;
}

/**
 * Connects a seller the way an app does (consent page, then the code exchanged with Basic auth) and
 * answers the tokens: a shortcut for tests that need a seller's token but do not test the flow.
 *
 * @example
 * const { access_token } = await ebaySellerTokens(ebay.url, { username: 'smista_test_seller', password: 'Sandbox1!' });
 */
export async function ebaySellerTokens(
  baseUrl: string,
  options: { username: string; password: string; app?: Pick<EbaySandboxApp, 'clientId' | 'clientSecret' | 'ruName'>; scopes?: readonly string[] },
): Promise<EbayUserTokens> {
  const app = options.app ?? EBAY_SANDBOX_APP;
  const location = await consentAs(ebayAuthorizeUrl(baseUrl, { app, ...(options.scopes ? { scopes: options.scopes } : {}), state: 'sandbox' }), {
    username: options.username,
    password: options.password,
    accept: true,
  });
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`Consenso eBay senza codice: ${new URL(location).searchParams.get('error') ?? 'risposta inattesa'}`);
  const res = await fetch(new URL('/identity/v1/oauth2/token', baseUrl), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: app.ruName }).toString(),
  });
  const body = (await res.json()) as EbayUserTokens & { error?: string };
  if (res.status !== 200) throw new Error(`Token eBay rifiutato: HTTP ${res.status} ${body.error ?? ''}`);
  return body;
}
