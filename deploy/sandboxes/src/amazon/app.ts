import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { sandboxApp } from '../sandbox-app';
import { cancelledPage, consentErrorPage, consentPage, CONSENT_FIELDS } from './consent-page';
import { fulfillmentStatusOf, orderJson, quantityShipped, type AmazonOrder } from './orders';
import { AMAZON_USAGE_PLANS, AmazonControlError, type AmazonFault, type AmazonOperation, type AmazonStore, type SellerState } from './store';

/** One SP-API or LWA call as the sandbox saw it (never a token, code or secret). */
export interface AmazonRecordedRequest {
  method: string;
  /** The path without the query: `/orders/2026-01-01/orders`. */
  path: string;
  /** searchOrders, getOrder, confirmShipment, getMarketplaceParticipations, token; '' for others. */
  operation: string;
  sellerId: string;
  status: number;
  /** The first error's `code` (QuotaExceeded, Unauthorized, InvalidInput…) or LWA's `error`. */
  code: string;
  /** The query parameters' names and values (searchOrders' filters; never a token). */
  query: Record<string, string>;
  /** When it was answered, in ms since the epoch (the wall clock, not the sandbox's `now`): for pacing measures. */
  at: number;
}

export interface AmazonAppOptions {
  store: AmazonStore;
  latencyMs: number;
  record: (request: Omit<AmazonRecordedRequest, 'at'>) => void;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');
/** A list parameter: repeated (`a=1&a=2`) or comma-separated (`a=1,2`, as Amazon's clients send it). */
const list = (v: unknown): string[] => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).flatMap((x) => String(x).split(',')).map((x) => x.trim()).filter(Boolean);

const MAX_PAGE = 100;
const HIDDEN_RECENT_MS = 120_000;
const INCLUDED_DATA = ['BUYER', 'RECIPIENT', 'PROCEEDS', 'EXPENSE', 'PROMOTION', 'CANCELLATION', 'FULFILLMENT', 'PACKAGES', 'TAX', 'PAYMENT', 'FULFILLMENT_ORDERS'];
const FULFILLMENT_STATUSES = ['PENDING_AVAILABILITY', 'PENDING', 'UNSHIPPED', 'PARTIALLY_SHIPPED', 'SHIPPED', 'CANCELLED', 'UNFULFILLABLE'];
const ORDER_ID = /^\d{3}-\d{7}-\d{7}$/;

/** Amazon's error envelope. */
const errors = (code: string, message: string, details = '') => ({ errors: [{ code, message, details }] });

/**
 * The sandbox's HTTP surface where Amazon has it, on one host: Seller Central's consent page
 * (`/apps/authorize/consent`), LWA's token endpoint (`/auth/o2/token`), the SP-API Orders
 * v2026-01-01 (`searchOrders`, `getOrder`), v0 `shipmentConfirmation`, Sellers
 * `marketplaceParticipations`, and the control endpoints under `/__sandbox/`.
 */
export function createAmazonApp(options: AmazonAppOptions): express.Express {
  const { store } = options;
  const app = sandboxApp({ control: controlRouter(store), extendedQuery: true, calls: { count: () => void store.calls++, latencyMs: options.latencyMs } });

  // Seller Central's website authorization.

  const consentParams = (source: Record<string, unknown>) => {
    const params: Record<string, string> = {};
    for (const name of CONSENT_FIELDS) if (source[name] !== undefined) params[name] = str(source[name]);
    return params;
  };
  const checkConsent = (params: Record<string, string>) => {
    const client = store.apps.get(params.application_id ?? '');
    if (!client) return { problem: 'application_id sconosciuto: nessuna applicazione con questo identificativo' } as const;
    const redirect = params.redirect_uri || client.redirectUris[0] || '';
    if (!/^https?:\/\/[^\s]+$/.test(redirect) || (client.redirectUris.length > 0 && !client.redirectUris.includes(redirect))) {
      return { problem: "redirect_uri non consentito: l'indirizzo di ritorno non è tra quelli registrati per l'applicazione" } as const;
    }
    if (!params.state) return { problem: 'state mancante' } as const;
    return { client, redirect } as const;
  };

  app.get('/apps/authorize/consent', (req: Request, res: Response) => {
    const params = consentParams(req.query as Record<string, unknown>);
    const checked = checkConsent(params);
    if ('problem' in checked) return void res.status(400).type('html').send(consentErrorPage(checked.problem!));
    res.type('html').send(consentPage({ appName: checked.client.name, restrictedRole: checked.client.restrictedRole, params }));
  });

  app.post('/apps/authorize/consent', (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const params = consentParams(body);
    const checked = checkConsent(params);
    if ('problem' in checked) return void res.status(400).type('html').send(consentErrorPage(checked.problem!));
    if (str(body.decision) !== 'confirm') return void res.type('html').send(cancelledPage(checked.client.name));
    const email = str(body.email).trim();
    const seller = store.sellerByEmail(email);
    if (!seller || str(body.password) !== seller.password) {
      return void res.status(401).type('html').send(consentPage({ appName: checked.client.name, restrictedRole: checked.client.restrictedRole, params }, { error: 'E-mail o password non corretti.', email }));
    }
    const target = new URL(checked.redirect);
    target.searchParams.set('state', params.state!);
    target.searchParams.set('selling_partner_id', seller.sellerId);
    target.searchParams.set('spapi_oauth_code', store.issueCode(seller.sellerId, checked.client.clientId));
    res.redirect(302, target.toString());
  });

  // Login with Amazon: form or JSON bodies.

  app.post('/auth/o2/token', (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const answer = (status: number, json: Record<string, unknown>, sellerId = '') => {
      options.record({ method: 'POST', path: '/auth/o2/token', operation: 'token', sellerId, status, code: typeof json.error === 'string' ? json.error : '', query: { grant_type: str(body.grant_type) } });
      res.status(status).set('cache-control', 'no-store').json(json);
    };
    const client = store.appByClientId(str(body.client_id));
    if (!client || client.clientSecret !== str(body.client_secret)) return answer(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    const grantType = str(body.grant_type);
    if (grantType === 'authorization_code') {
      const grant = str(body.code) ? store.redeemCode(str(body.code), client.clientId) : undefined;
      if (!grant) return answer(400, { error: 'invalid_grant', error_description: 'The authorization code is invalid, expired or already used' });
      const access = store.issueAccessToken(grant.sellerId, client.clientId);
      return answer(200, { access_token: access.token, refresh_token: store.issueRefreshToken(grant.sellerId, client.clientId), token_type: 'bearer', expires_in: access.expiresIn }, grant.sellerId);
    }
    if (grantType === 'refresh_token') {
      const token = str(body.refresh_token);
      const grant = token ? store.refreshGrant(token, client.clientId) : undefined;
      if (!grant) return answer(400, { error: 'invalid_grant', error_description: 'The request has an invalid grant parameter : refresh_token' });
      const access = store.issueAccessToken(grant.sellerId, client.clientId);
      return answer(200, { access_token: access.token, refresh_token: token, token_type: 'bearer', expires_in: access.expiresIn }, grant.sellerId);
    }
    if (!grantType) return answer(400, { error: 'invalid_request', error_description: 'The request is missing a required parameter : grant_type' });
    answer(400, { error: 'unsupported_grant_type', error_description: `Unsupported grant type: ${grantType}` });
  });

  // The Selling Partner API: every call carries the seller's LWA access token.

  /** Authenticates, applies faults and the usage plan of `operation`, then runs `handler`. */
  const spApi = (operation: AmazonOperation, handler: (req: Request, seller: SellerState, restricted: boolean) => { status: number; body?: unknown }) => (req: Request, res: Response): void => {
    const requestId = randomUUID();
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.query)) query[k] = list(v).join(',');
    let sellerId = '';
    const finish = (status: number, body?: unknown, rateLimit = store.plan(operation).rate) => {
      const code = body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors) ? String((body as { errors: { code?: string }[] }).errors[0]?.code ?? '') : '';
      options.record({ method: req.method, path: req.path, operation, sellerId, status, code, query });
      res.set({ 'x-amzn-requestid': requestId, 'x-amzn-ratelimit-limit': String(rateLimit) });
      if (body === undefined) return void res.status(status).end();
      res.status(status).json(body);
    };
    const grant = store.accessGrant(req.get('x-amz-access-token') ?? '');
    if (grant === 'expired') return void finish(403, errors('Unauthorized', 'Access to requested resource is denied.', 'The access token you provided has expired.'));
    if (!grant) return finish(403, errors('Unauthorized', 'Access to requested resource is denied.', 'The access token you provided is revoked, malformed or invalid.'));
    const seller = store.sellers.get(grant.sellerId);
    const client = store.appByClientId(grant.clientId);
    if (!seller || !client) return finish(403, errors('Unauthorized', 'Access to requested resource is denied.', ''));
    sellerId = seller.sellerId;
    const fault = store.takeFault(operation);
    if (fault?.kind === 'unavailable') return finish(503, errors('ServiceUnavailable', 'Service temporarily unavailable. Please try again later.'));
    if (fault?.kind === 'quota') return finish(429, errors('QuotaExceeded', 'You exceeded your quota for the requested resource.'), fault.rateLimit);
    if (!store.take(seller.sellerId, operation)) {
      store.limited++;
      return finish(429, errors('QuotaExceeded', 'You exceeded your quota for the requested resource.'));
    }
    const answer = handler(req, seller, client.restrictedRole);
    finish(answer.status, answer.body);
  };

  app.get('/orders/2026-01-01/orders', spApi('searchOrders', (req, seller, restricted) => searchOrders(store, seller, restricted, req.query as Record<string, unknown>)));

  app.get('/orders/2026-01-01/orders/:orderId', spApi('getOrder', (req, seller, restricted) => {
    const orderId = str(req.params.orderId);
    if (!ORDER_ID.test(orderId)) return { status: 400, body: errors('InvalidInput', 'Invalid orderId', `orderId ${orderId} is not in the 3-7-7 format`) };
    const order = seller.orders.find((o) => o.orderId === orderId);
    if (!order) return { status: 404, body: errors('NotFound', 'The requested order was not found', `orderId ${orderId}`) };
    const included = new Set(list((req.query as Record<string, unknown>).includedData).map((x) => x.toUpperCase()));
    return { status: 200, body: { order: orderJson(order, { included, restricted }) } };
  }));

  app.post('/orders/v0/orders/:orderId/shipmentConfirmation', spApi('confirmShipment', (req, seller) => confirmShipment(store, seller, str(req.params.orderId), (req.body ?? {}) as Record<string, unknown>)));

  app.get('/sellers/v1/marketplaceParticipations', spApi('getMarketplaceParticipations', (_req, seller) => ({
    status: 200,
    body: { payload: [{ marketplace: { id: 'APJ6JRA9NG5V4', name: 'Amazon.it', countryCode: 'IT', defaultCurrencyCode: 'EUR', defaultLanguageCode: 'it_IT', domainName: 'www.amazon.it' }, participation: { isParticipating: true, hasSuspendedListings: false }, storeName: seller.storeName }] },
  })));

  app.use((_req: Request, res: Response) => {
    res.status(404).json(errors('NotFound', 'Resource not found'));
  });
  return app;
}

interface SearchFilter {
  by: 'created' | 'lastUpdated';
  after: number;
  before: number;
  statuses: string[];
  marketplaceIds: string[];
  fulfilledBy: string[];
}

function searchOrders(store: AmazonStore, seller: SellerState, restricted: boolean, query: Record<string, unknown>): { status: number; body: unknown } {
  const invalid = (message: string) => ({ status: 400, body: errors('InvalidInput', message) });
  const now = store.options.now().getTime();
  const includedData = list(query.includedData).map((x) => x.toUpperCase());
  const unknownIncluded = includedData.find((x) => !INCLUDED_DATA.includes(x));
  if (unknownIncluded) return invalid(`Invalid includedData value: ${unknownIncluded}`);
  const size = query.maxResultsPerPage === undefined ? MAX_PAGE : Number(str(query.maxResultsPerPage));
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE) return invalid('maxResultsPerPage must be between 1 and 100');

  let filter: SearchFilter;
  let offset = 0;
  const token = str(query.paginationToken);
  if (token) {
    const cursor = store.cursor(token, seller.sellerId);
    if (cursor === 'expired') return invalid('The paginationToken has expired. Pagination tokens are valid for 24 hours.');
    if (!cursor) return invalid('Invalid paginationToken');
    filter = JSON.parse(cursor.query) as SearchFilter;
    offset = cursor.offset;
  } else {
    const createdAfter = str(query.createdAfter);
    const updatedAfter = str(query.lastUpdatedAfter);
    if (!createdAfter === !updatedAfter) return invalid('Exactly one of createdAfter and lastUpdatedAfter must be specified');
    const by = createdAfter ? 'created' : 'lastUpdated';
    const afterText = createdAfter || updatedAfter;
    const beforeText = str(by === 'created' ? query.createdBefore : query.lastUpdatedBefore);
    if (str(by === 'created' ? query.lastUpdatedBefore : query.createdBefore)) return invalid(`${by === 'created' ? 'lastUpdatedBefore' : 'createdBefore'} cannot be used with ${by}After`);
    const after = Date.parse(afterText);
    if (Number.isNaN(after)) return invalid(`Invalid ${by}After: ${afterText} is not an ISO 8601 date`);
    let before = now - HIDDEN_RECENT_MS;
    if (beforeText) {
      before = Date.parse(beforeText);
      if (Number.isNaN(before)) return invalid(`Invalid ${by}Before: ${beforeText} is not an ISO 8601 date`);
      if (before > now - HIDDEN_RECENT_MS) return invalid(`${by}Before must be at least 2 minutes before the time of the request`);
    }
    if (after > before) return invalid(`${by}After must be before ${by}Before`);
    const statuses = list(query.fulfillmentStatuses).map((x) => x.toUpperCase());
    const unknown = statuses.find((s) => !FULFILLMENT_STATUSES.includes(s));
    if (unknown) return invalid(`Invalid fulfillmentStatuses value: ${unknown}`);
    const fulfilledBy = list(query.fulfilledBy).map((x) => x.toUpperCase());
    if (fulfilledBy.some((f) => f !== 'MERCHANT' && f !== 'AMAZON')) return invalid('fulfilledBy must be MERCHANT or AMAZON');
    filter = { by, after, before, statuses, marketplaceIds: list(query.marketplaceIds), fulfilledBy };
  }

  const timeOf = (o: AmazonOrder) => (filter.by === 'created' ? o.createdTime : o.lastUpdatedTime).getTime();
  const matching = seller.orders
    .filter((o) => {
      const t = timeOf(o);
      if (t < filter.after || t > filter.before) return false;
      if (filter.marketplaceIds.length > 0 && !filter.marketplaceIds.includes(o.marketplaceId)) return false;
      if (filter.fulfilledBy.length > 0 && !filter.fulfilledBy.includes(o.fulfilledBy)) return false;
      if (filter.statuses.length > 0 && !filter.statuses.includes(fulfillmentStatusOf(o))) return false;
      return true;
    })
    .sort((a, b) => timeOf(a) - timeOf(b) || a.orderId.localeCompare(b.orderId));
  const page = matching.slice(offset, offset + size);
  const next = offset + page.length < matching.length ? store.issueCursor(seller.sellerId, JSON.stringify(filter), offset + page.length) : undefined;
  const view = { included: new Set(includedData), restricted };
  return {
    status: 200,
    body: {
      orders: page.map((o) => orderJson(o, view)),
      ...(next ? { pagination: { nextToken: next } } : {}),
      [filter.by === 'created' ? 'createdBefore' : 'lastUpdatedBefore']: new Date(filter.before).toISOString(),
    },
  };
}

/** v0 confirmShipment: one package of the order's items with its carrier and tracking → 204. */
function confirmShipment(store: AmazonStore, seller: SellerState, orderId: string, body: Record<string, unknown>): { status: number; body?: unknown } {
  const invalid = (message: string, details = '') => ({ status: 400, body: errors('InvalidInput', message, details) });
  const order = seller.orders.find((o) => o.orderId === orderId);
  if (!order) return { status: 404, body: errors('NotFound', 'The requested order was not found', `orderId ${orderId}`) };
  if (str(body.marketplaceId) !== order.marketplaceId) return invalid('marketplaceId is missing or does not match the order');
  const detail = (body.packageDetail ?? {}) as Record<string, unknown>;
  const ref = typeof detail.packageReferenceId === 'number' ? String(detail.packageReferenceId) : str(detail.packageReferenceId);
  if (!/^[1-9]\d{0,18}$/.test(ref)) return invalid('packageReferenceId must be a positive number');
  const carrierCode = str(detail.carrierCode);
  if (!carrierCode) return invalid('carrierCode is required');
  const carrierName = str(detail.carrierName);
  if (carrierCode === 'Other' && !carrierName) return invalid('carrierName is required when carrierCode is Other');
  const trackingNumber = str(detail.trackingNumber);
  if (!trackingNumber) return invalid('trackingNumber is required');
  const shipDate = Date.parse(str(detail.shipDate));
  if (Number.isNaN(shipDate)) return invalid('shipDate must be an ISO 8601 date');
  const items = Array.isArray(detail.orderItems) ? (detail.orderItems as Record<string, unknown>[]) : [];
  if (items.length === 0) return invalid('orderItems is required');
  if (order.fulfilledBy !== 'MERCHANT') return invalid('The order is fulfilled by Amazon');
  const status = fulfillmentStatusOf(order);
  if (status === 'CANCELLED' || status === 'PENDING') return invalid(`The order cannot be confirmed in status ${status}`);
  if (order.packages.some((p) => p.packageReferenceId === ref)) return invalid('A package with this packageReferenceId was already confirmed for the order', `packageReferenceId ${ref}`);
  const lines: { orderItemId: string; quantity: number }[] = [];
  for (const item of items) {
    const orderItemId = str(item.orderItemId);
    const line = order.items.find((i) => i.orderItemId === orderItemId);
    if (!line) return invalid(`Unknown orderItemId ${orderItemId}`);
    const quantity = item.quantity === undefined ? line.quantityOrdered - quantityShipped(order, orderItemId) : Number(item.quantity);
    const left = line.quantityOrdered - quantityShipped(order, orderItemId);
    if (left <= 0) return invalid('The order item has already been shipped', `orderItemId ${orderItemId}`);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > left) return invalid(`Invalid quantity for orderItemId ${orderItemId}`);
    lines.push({ orderItemId, quantity });
  }
  store.confirmShipment(order, { packageReferenceId: ref, carrierCode, carrierName: carrierName || null, shippingMethod: str(detail.shippingMethod) || null, trackingNumber, shipTime: new Date(shipDate), items: lines });
  return { status: 204 };
}

function controlRouter(store: AmazonStore): express.Router {
  const router = express.Router();
  const guard = (handler: (req: Request, res: Response) => void) => (req: Request, res: Response) => {
    try {
      handler(req, res);
    } catch (err) {
      if (err instanceof AmazonControlError) return void res.status(err.status).json({ error: err.message });
      throw err;
    }
  };
  const sellerInfo = (s: SellerState) => ({ sellerId: s.sellerId, storeName: s.storeName, email: s.email, orders: s.orders.length });
  router.use(express.json());
  router.post('/apps', guard((req, res) => {
    const b = req.body as { applicationId?: string; clientId?: string; clientSecret?: string; name?: string; redirectUris?: string[]; restrictedRole?: boolean };
    if (!b.applicationId || !b.clientId || !b.clientSecret) throw new AmazonControlError(400, 'applicationId, clientId e clientSecret sono obbligatori');
    store.apps.set(b.applicationId, { applicationId: b.applicationId, clientId: b.clientId, clientSecret: b.clientSecret, name: b.name ?? 'Smista', redirectUris: b.redirectUris ?? [], restrictedRole: b.restrictedRole ?? true });
    res.status(201).json({ applicationId: b.applicationId });
  }));
  router.put('/apps/:applicationId/restricted-role', guard((req, res) => {
    const existing = store.apps.get(String(req.params.applicationId));
    if (!existing) throw new AmazonControlError(404, `applicazione sconosciuta: ${String(req.params.applicationId)}`);
    const restrictedRole = Boolean((req.body as { restrictedRole?: boolean }).restrictedRole);
    store.apps.set(existing.applicationId, { ...existing, restrictedRole });
    res.json({ restrictedRole });
  }));
  router.get('/sellers', guard((_req, res) => void res.json([...store.sellers.values()].map(sellerInfo))));
  router.post('/sellers', guard((req, res) => {
    const b = req.body as { sellerId?: string; storeName?: string; email?: string; password?: string; orders?: number; seed?: string | number; fbaShare?: number; replace?: boolean };
    if (!b.storeName) throw new AmazonControlError(400, 'storeName è obbligatorio');
    const seller = store.addSeller({ storeName: b.storeName, orders: Math.max(0, Math.floor(b.orders ?? 0)), ...(b.sellerId ? { sellerId: b.sellerId } : {}), ...(b.email ? { email: b.email } : {}), ...(b.password ? { password: b.password } : {}), ...(b.seed !== undefined ? { seed: b.seed } : {}), ...(b.fbaShare !== undefined ? { fbaShare: b.fbaShare } : {}), ...(b.replace ? { replace: true } : {}) });
    res.status(201).json(sellerInfo(seller));
  }));
  router.get('/sellers/:sellerId/orders', guard((req, res) => void res.json(store.seller(String(req.params.sellerId)).orders.map((o) => store.summary(o)))));
  router.post('/sellers/:sellerId/orders', guard((req, res) => {
    const b = req.body as { count?: number; seed?: string | number };
    res.status(201).json(store.addOrders(String(req.params.sellerId), Math.max(1, Math.floor(b.count ?? 1)), b.seed).map((o) => store.summary(o)));
  }));
  router.post('/sellers/:sellerId/expire-tokens', guard((req, res) => void res.json({ expired: store.expireAccessTokens(store.seller(String(req.params.sellerId)).sellerId) })));
  router.post('/sellers/:sellerId/revoke', guard((req, res) => void res.json({ revoked: store.revokeConsent(store.seller(String(req.params.sellerId)).sellerId) })));
  router.post('/sellers/:sellerId/drain', guard((req, res) => {
    const b = req.body as { operation?: AmazonOperation; leave?: number };
    if (!b.operation || !(b.operation in AMAZON_USAGE_PLANS)) throw new AmazonControlError(400, `operation: ${Object.keys(AMAZON_USAGE_PLANS).join(', ')}`);
    store.drain(store.seller(String(req.params.sellerId)).sellerId, b.operation, Number(b.leave ?? 0));
    res.status(204).end();
  }));
  router.post('/expire-pagination-tokens', guard((_req, res) => void res.json({ expired: store.expireCursors() })));
  router.post('/faults', guard((req, res) => {
    const b = req.body as Partial<AmazonFault>;
    if (b.kind !== 'quota' && b.kind !== 'unavailable') throw new AmazonControlError(400, 'kind: quota o unavailable');
    if (b.operation !== undefined && !(b.operation in AMAZON_USAGE_PLANS)) throw new AmazonControlError(400, `operation sconosciuta: ${b.operation}`);
    if (b.rateLimit !== undefined && !(Number(b.rateLimit) > 0)) throw new AmazonControlError(400, 'rateLimit: richieste al secondo, maggiore di 0');
    res.json(store.injectFault({ kind: b.kind, count: Math.max(1, Math.floor(b.count ?? 1)), ...(b.rateLimit ? { rateLimit: Number(b.rateLimit) } : {}), ...(b.operation ? { operation: b.operation } : {}) }));
  }));
  router.delete('/faults', guard((_req, res) => {
    store.clearFaults();
    res.status(204).end();
  }));
  router.get('/stats', guard((_req, res) => void res.json({ calls: store.calls, limited: store.limited, pendingFaults: store.pendingFaults() })));
  return router;
}
