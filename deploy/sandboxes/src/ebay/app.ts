import { setTimeout as sleep } from 'node:timers/promises';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { API_SCOPE, SCOPES_NEEDED, scopeList, type EbaySandboxSellerInput } from './accounts';
import { acceptRedirect, checkAuthorizeRequest, declineRedirect } from './authorize';
import { authorizeErrorPage, consentPage } from './consent-page';
import { accessErrors, fulfillmentErrors, oauthErrors, type EbayFailure } from './errors';
import { checkShippingFulfillment } from './fulfillment-rules';
import { fulfillmentJson, orderJson } from './order-json';
import { DEFAULT_LIMIT, pageQuery, parseOrdersQuery } from './orders-query';
import { ControlError, type EbayStore, type SellerState } from './store';

/** One request as the sandbox saw it (tests check what an adapter sent; never a credential or a token). */
export interface EbayRecordedRequest {
  method: string;
  /** Path without the query, e.g. `/sell/fulfillment/v1/order`. */
  path: string;
  /** The endpoint as {@link endpointOf} names it (the key of the statistics). */
  endpoint: string;
  /** Query parameters (getOrders' filter, limit, offset; the authorize parameters). */
  query: Record<string, string>;
  /** Field names of a form or JSON body (values are not kept: a token request holds the code). */
  fields: string[];
  /** How `Authorization` was sent. */
  authorization: 'bearer' | 'basic' | 'none' | 'other';
  contentType?: string;
  /** The HTTP status answered. */
  status: number;
}

export interface EbayAppOptions {
  store: EbayStore;
  now: () => Date;
  latencyMs: number;
  record: (request: EbayRecordedRequest) => void;
}

const FULFILLMENT_BASE = '/sell/fulfillment/v1';

const ENDPOINTS: readonly (readonly [RegExp, string])[] = [
  [/^\/oauth2\/authorize\/?$/, '/oauth2/authorize'],
  [/^\/identity\/v1\/oauth2\/token\/?$/, '/identity/v1/oauth2/token'],
  [/^\/commerce\/identity\/v1\/user\/?$/, '/commerce/identity/v1/user/'],
  [/^\/sell\/fulfillment\/v1\/order\/?$/, '/sell/fulfillment/v1/order'],
  [/^\/sell\/fulfillment\/v1\/order\/[^/]+\/?$/, '/sell/fulfillment/v1/order/{orderId}'],
  [/^\/sell\/fulfillment\/v1\/order\/[^/]+\/shipping_fulfillment\/?$/, '/sell/fulfillment/v1/order/{orderId}/shipping_fulfillment'],
  [/^\/sell\/fulfillment\/v1\/order\/[^/]+\/shipping_fulfillment\/[^/]+\/?$/, '/sell/fulfillment/v1/order/{orderId}/shipping_fulfillment/{fulfillmentId}'],
];

/** `GET /sell/fulfillment/v1/order/{orderId}`: the method and the path with its ids replaced by their names. */
export function endpointOf(method: string, path: string): string {
  const match = ENDPOINTS.find(([re]) => re.test(path));
  return `${method} ${match ? match[1] : path}`;
}

function authorizationForm(header: string | undefined): EbayRecordedRequest['authorization'] {
  const value = (header ?? '').trim();
  if (!value) return 'none';
  if (/^Bearer\s/i.test(value)) return 'bearer';
  if (/^Basic\s/i.test(value)) return 'basic';
  return 'other';
}

function send(res: Response, failure: EbayFailure): void {
  if (failure.headers) res.set(failure.headers);
  res.status(failure.status).json(failure.body);
}

const origin = (req: Request) => `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

type Authed = Request & { seller?: SellerState };

/**
 * The sandbox's HTTP surface: the consent page, the token endpoint, Commerce Identity and Sell
 * Fulfillment exactly where eBay has them, and the control endpoints under `/__sandbox/`.
 */
export function createEbayApp(options: EbayAppOptions): express.Express {
  const { store } = options;
  const nowMs = () => options.now().getTime();
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');

  app.use('/__sandbox', controlRouter(store, options.now));

  // Every other call is an eBay call: counted, recorded, delayed and exposed to injected faults.
  app.use((req: Request, res: Response, next: NextFunction) => {
    // Read now: a mounted router strips its base from req.url while it handles the call.
    const { method, path } = req;
    const endpoint = endpointOf(method, path);
    const query = Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, String(v)]));
    res.on('finish', () => {
      store.countCall(endpoint, res.statusCode);
      const body: unknown = req.body;
      const entry: EbayRecordedRequest = {
        method,
        path,
        endpoint,
        query,
        fields: body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [],
        authorization: authorizationForm(req.get('authorization')),
        status: res.statusCode,
      };
      const type = req.get('content-type');
      if (type) entry.contentType = type;
      options.record(entry);
    });
    next();
  });
  app.use(async (_req: Request, _res: Response, next: NextFunction) => {
    if (options.latencyMs > 0) await sleep(options.latencyMs);
    next();
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    // The consent page is a web page a person uses, not an API call: faults leave it alone.
    if (/^\/oauth2\/authorize\/?$/.test(req.path)) return next();
    const fault = store.takeFault(req.path);
    if (!fault) return next();
    if (fault.kind === 'quota') {
      const failure = accessErrors.quota();
      if (fault.retryAfterSeconds !== undefined) failure.headers = { 'Retry-After': String(fault.retryAfterSeconds) };
      send(res, failure);
    } else {
      send(res, accessErrors.internal());
    }
  });

  // OAuth: consent page

  const form = express.urlencoded({ extended: false, limit: '64kb' });

  app.get('/oauth2/authorize', (req, res) => {
    const checked = checkAuthorizeRequest(req.query, (id) => store.app(id));
    res.set('Cache-Control', 'no-store');
    if (!checked.ok) {
      res.status(400).type('html').send(authorizeErrorPage(checked.problem));
      return;
    }
    res.status(200).type('html').send(consentPage(checked.value));
  });

  app.post('/oauth2/authorize', form, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const checked = checkAuthorizeRequest(body, (id) => store.app(id));
    res.set('Cache-Control', 'no-store');
    if (!checked.ok) {
      res.status(400).type('html').send(authorizeErrorPage(checked.problem));
      return;
    }
    const request = checked.value;
    const decision = str(body.decision);
    if (decision === 'decline') {
      res.redirect(302, declineRedirect(request));
      return;
    }
    const username = str(body.username).trim();
    if (decision !== 'accept') {
      res.status(400).type('html').send(consentPage(request, { error: 'Scegli "Accetta" o "Non accetto".', username }));
      return;
    }
    const seller = store.login(username, str(body.password));
    if (!seller) {
      res.status(200).type('html').send(consentPage(request, { error: 'Nome utente o password non corretti. Riprova.', username }));
      return;
    }
    const code = store.issueCode(request.app.clientId, seller, request.scopes);
    res.redirect(302, acceptRedirect(request, code, store.codeTtlSeconds));
  });

  // OAuth: token endpoint

  app.post('/identity/v1/oauth2/token', form, (req, res) => {
    res.set('Cache-Control', 'no-store');
    const answer = (failure: { status: number; body: object }) => res.status(failure.status).json(failure.body);
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(req.get('authorization') ?? '');
    const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const client = colon > 0 ? store.app(decoded.slice(0, colon)) : undefined;
    if (!client || client.clientSecret !== decoded.slice(colon + 1)) {
      res.set('WWW-Authenticate', 'Basic realm="eBay"');
      answer(oauthErrors.invalidClient);
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const grantType = str(body.grant_type);
    if (!grantType) return answer(oauthErrors.invalidRequest);

    if (grantType === 'authorization_code') {
      const code = str(body.code);
      const redirectUri = str(body.redirect_uri);
      if (!code || !redirectUri) return answer(oauthErrors.invalidRequest);
      if (redirectUri !== client.ruName) return answer(oauthErrors.redirectMismatch);
      const grant = store.redeemCode(code, client.clientId);
      if (!grant) return answer(oauthErrors.invalidCode);
      const tokens = store.issueUserTokens(client.clientId, grant.seller, grant.scopes);
      res.status(200).json({
        access_token: tokens.accessToken,
        expires_in: tokens.expiresIn,
        refresh_token: tokens.refreshToken,
        refresh_token_expires_in: tokens.refreshExpiresIn,
        token_type: 'User Access Token',
      });
      return;
    }

    if (grantType === 'refresh_token') {
      const refreshToken = str(body.refresh_token);
      if (!refreshToken) return answer(oauthErrors.invalidRequest);
      const scopes = scopeList(str(body.scope));
      const result = store.refresh(refreshToken, client.clientId, scopes.length ? scopes : undefined);
      if (result === 'invalid_grant') return answer(oauthErrors.invalidRefresh);
      if (result === 'invalid_scope') return answer(oauthErrors.invalidScope);
      res.status(200).json({ access_token: result.accessToken, expires_in: result.expiresIn, token_type: 'User Access Token' });
      return;
    }

    if (grantType === 'client_credentials') {
      const scopes = scopeList(str(body.scope));
      // An application token reaches only public data: the base scope.
      if (scopes.length === 0 || scopes.some((s) => s !== API_SCOPE)) return answer(oauthErrors.invalidScope);
      const token = store.issueApplicationToken(client.clientId, scopes);
      res.status(200).json({ access_token: token.accessToken, expires_in: token.expiresIn, token_type: 'Application Access Token' });
      return;
    }
    answer(oauthErrors.unsupportedGrant);
  });

  // APIs under a user token

  const bearer =
    (needed: readonly string[]) =>
    (req: Authed, res: Response, next: NextFunction): void => {
      const header = req.get('authorization');
      if (!header?.trim()) return send(res, accessErrors.missingToken());
      const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
      const grant = m ? store.access(m[1]!) : undefined;
      if (!grant) return send(res, accessErrors.invalidToken());
      const seller = store.sellerOf(grant);
      if (!seller || !grant.scopes.some((s) => needed.includes(s))) return send(res, accessErrors.insufficientScope());
      req.seller = seller;
      next();
    };

  app.get('/commerce/identity/v1/user', bearer(SCOPES_NEEDED.identity), (req: Authed, res) => {
    const seller = req.seller!;
    res.json({
      userId: seller.userId,
      username: seller.username,
      accountType: seller.accountType,
      registrationMarketplaceId: 'EBAY_IT',
      status: 'CONFIRMED',
    });
  });

  const fulfillment: Router = express.Router();
  app.use(FULFILLMENT_BASE, fulfillment);

  fulfillment.get('/order', bearer(SCOPES_NEEDED.readOrders), (req: Authed, res) => {
    const now = nowMs();
    const parsed = parseOrdersQuery(req.query, now);
    if (!parsed.ok) return send(res, parsed.failure);
    const query = parsed.value;
    const base = origin(req);
    const slice = store.ordersPage(req.seller!, query);
    const orders = slice.orders.map((o) => orderJson(o, now, base));
    if (query.kind === 'ids') {
      res.json({
        href: `${base}${FULFILLMENT_BASE}/order?orderIds=${query.orderIds.map(encodeURIComponent).join(',')}`,
        total: slice.total,
        limit: DEFAULT_LIMIT,
        offset: 0,
        orders,
      });
      return;
    }
    const filter = typeof req.query.filter === 'string' && req.query.filter.trim() ? req.query.filter : undefined;
    const href = (offset: number) => `${base}${FULFILLMENT_BASE}/order?${pageQuery(filter, query.limit, offset)}`;
    const page: Record<string, unknown> = { href: href(query.offset), total: slice.total, limit: query.limit, offset: query.offset };
    if (query.offset > 0) page.prev = href(Math.max(0, query.offset - query.limit));
    if (query.offset + query.limit < slice.total) page.next = href(query.offset + query.limit);
    page.orders = orders;
    res.json(page);
  });

  fulfillment.get('/order/:orderId', bearer(SCOPES_NEEDED.readOrders), (req: Authed, res) => {
    const orderId = String(req.params.orderId);
    const order = req.seller!.byId.get(orderId);
    if (!order) return send(res, fulfillmentErrors.unknownOrder(orderId, 404));
    res.json(orderJson(order, nowMs(), origin(req)));
  });

  fulfillment.post('/order/:orderId/shipping_fulfillment', bearer(SCOPES_NEEDED.writeOrders), express.json({ limit: '256kb' }), (req: Authed, res) => {
    const orderId = String(req.params.orderId);
    const order = req.seller!.byId.get(orderId);
    const checked = checkShippingFulfillment(orderId, order, req.body, nowMs());
    if (!checked.ok) return send(res, checked.failure);
    const created = store.fulfill(order!, checked.value);
    res
      .status(201)
      .location(`${origin(req)}${FULFILLMENT_BASE}/order/${encodeURIComponent(orderId)}/shipping_fulfillment/${created.fulfillmentId}`)
      .end();
  });

  fulfillment.get('/order/:orderId/shipping_fulfillment', bearer(SCOPES_NEEDED.readOrders), (req: Authed, res) => {
    const orderId = String(req.params.orderId);
    const order = req.seller!.byId.get(orderId);
    if (!order) return send(res, fulfillmentErrors.unknownOrder(orderId, 404));
    res.json({ fulfillments: order.fulfillments.map(fulfillmentJson), total: order.fulfillments.length, warnings: [] });
  });

  fulfillment.get('/order/:orderId/shipping_fulfillment/:fulfillmentId', bearer(SCOPES_NEEDED.readOrders), (req: Authed, res) => {
    const orderId = String(req.params.orderId);
    const order = req.seller!.byId.get(orderId);
    if (!order) return send(res, fulfillmentErrors.unknownOrder(orderId, 404));
    const found = order.fulfillments.find((f) => f.fulfillmentId === String(req.params.fulfillmentId));
    if (!found) return send(res, fulfillmentErrors.unknownFulfillment(String(req.params.fulfillmentId)));
    res.json(fulfillmentJson(found));
  });

  app.use((_req: Request, res: Response) => send(res, accessErrors.notFound()));

  // A body that cannot be read: the token endpoint answers OAuth's form, the APIs eBay's envelope.
  app.use((err: { status?: number; type?: string; message?: string }, req: Request, res: Response, _next: NextFunction) => {
    const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (req.path.startsWith('/identity/')) res.status(status).json(oauthErrors.invalidRequest.body);
    else if (req.path.startsWith('/oauth2/')) res.status(status).type('html').send(authorizeErrorPage({ error: 'invalid_request', description: 'Richiesta non leggibile.' }));
    else if (status < 500) send(res, fulfillmentErrors.badInput(err.type === 'entity.parse.failed' ? 'The request body is not valid JSON.' : (err.message ?? 'Unreadable request.')));
    else send(res, accessErrors.internal());
  });

  return app;
}

/** The `/__sandbox/` endpoints tests and the local stack use to shape the sandbox (README.md). */
function controlRouter(store: EbayStore, now: () => Date): Router {
  const router = express.Router();
  router.use(express.json({ limit: '1mb' }));
  const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
  const username = (req: Request) => String(req.params.username);
  const base = (req: Request) => origin(req);

  router.post('/apps', (req, res) => {
    const app = store.registerApp(req.body);
    res.status(201).json({ clientId: app.clientId, ruName: app.ruName, acceptUrl: app.acceptUrl, declineUrl: app.declineUrl ?? app.acceptUrl, name: app.name ?? 'Smista' });
  });

  router.get('/sellers', (_req, res) => {
    res.json({
      sellers: store.listSellers().map((s) => ({ username: s.username, userId: s.userId, accountType: s.accountType, orders: s.orders.length })),
    });
  });

  router.post('/sellers', (req, res) => {
    const b = body(req);
    // addSeller checks every field's type itself.
    const seller = store.addSeller(b as unknown as EbaySandboxSellerInput, b.replace === true);
    res.status(201).json({ username: seller.username, userId: seller.userId, accountType: seller.accountType, orders: seller.orders.length });
  });

  router.get('/sellers/:username/orders', (req, res) => {
    const orders = store.controlOrders(username(req));
    res.json({
      total: orders.length,
      orders: orders.map((o) => ({
        orderId: o.orderId,
        creationDate: new Date(o.creationDate).toISOString(),
        lastModifiedDate: new Date(o.lastModifiedDate).toISOString(),
        orderFulfillmentStatus: o.fulfillmentStatus,
        orderPaymentStatus: o.paymentStatus,
        cancelState: o.cancel.state,
        lineItemIds: o.lineItems.map((l) => l.lineItemId),
      })),
    });
  });

  router.post('/sellers/:username/orders', (req, res) => {
    const b = body(req);
    const orders = store.addOrders(username(req), b.count, b.seed);
    res.status(201).json({ orderIds: orders.map((o) => o.orderId) });
  });

  router.get('/sellers/:username/orders/:orderId', (req, res) => {
    res.json(orderJson(store.controlOrder(username(req), String(req.params.orderId)), now().getTime(), base(req)));
  });

  router.patch('/sellers/:username/orders/:orderId', (req, res) => {
    const order = store.editOrder(username(req), String(req.params.orderId), req.body);
    res.json(orderJson(order, now().getTime(), base(req)));
  });

  router.get('/sellers/:username/fulfillments', (req, res) => {
    res.json({ fulfillments: store.fulfillments(username(req), req.query.all === '1' || req.query.all === 'true') });
  });

  router.post('/sellers/:username/revoke', (req, res) => {
    res.json({ revoked: store.revokeSeller(username(req)) });
  });

  router.put('/sellers/:username/refresh-token-lifetime', (req, res) => {
    store.setLifetime(username(req), 'refresh', body(req).seconds);
    res.status(204).end();
  });

  router.put('/sellers/:username/access-token-lifetime', (req, res) => {
    store.setLifetime(username(req), 'access', body(req).seconds);
    res.status(204).end();
  });

  router.post('/faults', (req, res) => {
    res.status(201).json({ pending: store.addFault(req.body) });
  });

  router.get('/faults', (_req, res) => {
    res.json({ pending: store.pendingFaults() });
  });

  router.delete('/faults', (_req, res) => {
    store.clearFaults();
    res.status(204).end();
  });

  router.post('/tokens/expire', (req, res) => {
    const b = body(req);
    if (b.username !== undefined && typeof b.username !== 'string') throw new ControlError(400, 'username deve essere un testo');
    res.json({ expired: store.expireAccessTokens(b.username as string | undefined) });
  });

  router.get('/stats', (_req, res) => {
    res.json(store.stats());
  });

  router.delete('/stats', (_req, res) => {
    store.resetStats();
    res.status(204).end();
  });

  router.use((_req: Request, res: Response) => {
    res.status(404).json({ message: 'Endpoint di controllo sconosciuto: vedi deploy/sandboxes/src/ebay/README.md' });
  });

  router.use((err: { status?: number; type?: string; message?: string }, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof ControlError) {
      res.status(err.status).json({ message: err.message });
      return;
    }
    const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
    res.status(status).json({ message: err.type === 'entity.parse.failed' ? 'JSON non leggibile' : status < 500 ? 'Richiesta non valida' : 'Errore interno della sandbox' });
  });

  return router;
}
