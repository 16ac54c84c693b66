import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import express, { type NextFunction, type Request, type Response } from 'express';
import { sandboxApp } from '../sandbox-app';
import { authorizeErrorPage, AUTHORIZE_FIELDS, cancelledPage, installPage } from './consent-page';
import { runGraphql } from './graphql-api';
import { deliverOrderChanges, fireWebhook, type FireWebhookRequest } from './webhooks';
import { isShopDomain, SHOPIFY_PLANS, ShopifyControlError, type ShopifyFault, type ShopifyBucketLimits, type ShopifyOrderChange, type ShopifyPlan, type ShopifyStore } from './store';

/** One call as the sandbox saw it (never a token, code or secret). */
export interface ShopifyRecordedRequest {
  method: string;
  /** `/admin/api/2026-10/graphql.json`, without a `/store/{shop}` prefix. */
  path: string;
  shop: string;
  /** The GraphQL operation's name or first field (`orders`, `fulfillmentCreate`); '' for others. */
  operation: string;
  status: number;
  /** The answer's `extensions.code`s (THROTTLED, ACCESS_DENIED…). */
  codes: string[];
}

export interface ShopifyAppOptions {
  store: ShopifyStore;
  latencyMs: number;
  record: (request: ShopifyRecordedRequest) => void;
}

/**
 * The callback's `hmac` as Shopify computes it: every parameter but `hmac` and `signature`,
 * sorted by name, as a query string (spaces `%20`), HMAC-SHA256 with the app's secret, hex.
 */
export function callbackHmac(params: Readonly<Record<string, string>>, clientSecret: string): string {
  const sorted = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k): [string, string] => [k, params[k]!]);
  const message = new URLSearchParams(sorted).toString().replace(/\+/g, '%20');
  return createHmac('sha256', clientSecret).update(message).digest('hex');
}

const str = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');
const UNAUTHORIZED = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };
const API_VERSION = /^(\d{4}-(01|04|07|10)|unstable)$/;

type ShopRequest = Request & { shopDomain?: string };

/**
 * The sandbox's HTTP surface where Shopify has it: `/admin/oauth/authorize` (the install page),
 * `/admin/oauth/access_token` (JSON), `/admin/api/{version}/graphql.json`; each also under
 * `/store/{shop}` (one sandbox host serves every shop: the prefix stands for the shop's own host),
 * and the control endpoints under `/__sandbox/`.
 */
export function createShopifyApp(options: ShopifyAppOptions): express.Express {
  const { store } = options;
  const app = sandboxApp({ control: controlRouter(store) });

  // The shop of a call: `/store/{shop}/…`, or a `*.myshopify.com` Host.
  app.use((req: ShopRequest, _res: Response, next: NextFunction) => {
    const match = /^\/store\/([^/]+)(\/.*)$/.exec(req.url);
    if (match) {
      req.shopDomain = decodeURIComponent(match[1]!).toLowerCase();
      req.url = match[2]!;
    } else {
      const host = (req.get('host') ?? '').replace(/:\d+$/, '').toLowerCase();
      if (isShopDomain(host)) req.shopDomain = host;
    }
    next();
  });
  app.use(async (_req: Request, _res: Response, next: NextFunction) => {
    store.calls++;
    if (options.latencyMs > 0) await sleep(options.latencyMs);
    next();
  });

  const authorizeParams = (source: Record<string, unknown>, req: ShopRequest) => {
    const params: Record<string, string> = {};
    for (const name of AUTHORIZE_FIELDS) if (source[name] !== undefined) params[name] = str(source[name]);
    const shop = (req.shopDomain ?? params.shop ?? '').toLowerCase();
    return { params, shop };
  };

  /** The problem of an authorize request, or its app, shop and scopes. */
  const checkAuthorize = (params: Record<string, string>, shop: string) => {
    const state = store.shops.get(shop);
    if (!state) return { problem: `Negozio sconosciuto: ${shop || '(nessuno)'}` } as const;
    const client = store.apps.get(params.client_id ?? '');
    if (!client) return { problem: 'client_id sconosciuto: nessuna app con questo identificativo' } as const;
    const redirect = params.redirect_uri ?? '';
    if (!/^https?:\/\/[^\s]+$/.test(redirect) || (client.redirectUris.length > 0 && !client.redirectUris.includes(redirect))) {
      return { problem: "redirect_uri non consentito: l'indirizzo di ritorno non è tra quelli dell'app" } as const;
    }
    const scopes = (params.scope ?? '').split(/[,\s]+/).filter(Boolean);
    return { client, shop: state, scopes } as const;
  };

  app.get('/admin/oauth/authorize', (req: ShopRequest, res: Response) => {
    const { params, shop } = authorizeParams(req.query as Record<string, unknown>, req);
    params.shop = shop;
    const checked = checkAuthorize(params, shop);
    if ('problem' in checked) return void res.status(400).type('html').send(authorizeErrorPage(checked.problem!));
    res.type('html').send(installPage({ appName: checked.client.name, shopDomain: shop, shopName: checked.shop.name, scopes: checked.scopes, params }));
  });

  app.post('/admin/oauth/authorize', (req: ShopRequest, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { params, shop } = authorizeParams(body, req);
    const checked = checkAuthorize(params, shop);
    if ('problem' in checked) return void res.status(400).type('html').send(authorizeErrorPage(checked.problem!));
    if (str(body.decision) !== 'install') return void res.type('html').send(cancelledPage(checked.shop.name));
    const email = str(body.email).trim().toLowerCase();
    if (email !== checked.shop.email.toLowerCase() || str(body.password) !== checked.shop.password) {
      return void res.status(401).type('html').send(installPage({ appName: checked.client.name, shopDomain: shop, shopName: checked.shop.name, scopes: checked.scopes, params }, { error: 'E-mail o password non corretti.', email }));
    }
    const code = store.issueCode(shop, checked.client.clientId, checked.scopes);
    const callback: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}`).toString('base64url'),
      shop,
      state: params.state ?? '',
      timestamp: String(Math.floor(store.options.now().getTime() / 1000)),
    };
    callback.hmac = callbackHmac(callback, checked.client.clientSecret);
    const target = new URL(params.redirect_uri!);
    for (const [k, v] of Object.entries(callback)) target.searchParams.set(k, v);
    res.redirect(302, target.toString());
  });

  app.post('/admin/oauth/access_token', (req: ShopRequest, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const client = store.apps.get(str(body.client_id));
    if (!client || client.clientSecret !== str(body.client_secret)) {
      return void res.status(401).json({ error: 'invalid_client', error_description: 'Client authentication failed: unknown client or wrong secret.' });
    }
    const grantType = str(body.grant_type);
    if (grantType === 'refresh_token') {
      const refresh = store.useRefreshToken(str(body.refresh_token), client.clientId, req.shopDomain ?? '');
      if (!refresh) return void res.status(400).json({ error: 'invalid_grant', error_description: 'The refresh token is invalid, expired or revoked.' });
      const { access, refresh: next } = store.issueTokens(refresh.shop, client.clientId, refresh.scopes, true);
      return void res.json(tokenAnswer(access, next, store));
    }
    if (grantType && grantType !== 'authorization_code') return void res.status(400).json({ error: 'unsupported_grant_type', error_description: `grant_type ${grantType} is not supported.` });
    const code = str(body.code);
    const grant = code ? store.redeemCode(code, client.clientId, req.shopDomain ?? '') : undefined;
    if (!grant) return void res.status(400).json({ error: 'invalid_request', error_description: 'The authorization code was not found or was already used.' });
    const expiring = str(body.expiring) === '1' || body.expiring === 1;
    const { access, refresh } = store.issueTokens(grant.shop, client.clientId, grant.scopes, expiring);
    res.json(tokenAnswer(access, refresh, store));
  });

  app.post('/admin/api/:version/graphql.json', (req: ShopRequest, res: Response) => {
    const version = str(req.params.version);
    const finish = (status: number, body: unknown, extra: Partial<ShopifyRecordedRequest> = {}, headers: Record<string, string> = {}) => {
      const codes = body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors) ? ((body as { errors: { extensions?: { code?: string } }[] }).errors.map((e) => e.extensions?.code ?? '').filter(Boolean)) : [];
      options.record({ method: 'POST', path: req.path, shop: req.shopDomain ?? '', operation: extra.operation ?? operationOf(req.body), status, codes });
      res.set(headers).status(status).json(body);
    };
    if (!API_VERSION.test(version)) return finish(404, { errors: 'Not Found' });
    res.set('x-shopify-api-version', version);
    const grant = store.accessToken(req.get('x-shopify-access-token') ?? '');
    if (!grant || grant === 'expired') return finish(401, UNAUTHORIZED);
    if (req.shopDomain && req.shopDomain !== grant.shop) return finish(401, UNAUTHORIZED);
    const shop = store.shops.get(grant.shop);
    if (!shop) return finish(401, UNAUTHORIZED);
    const fault = store.takeFault();
    if (fault?.kind === 'unavailable') return finish(503, { errors: 'Service Unavailable' });
    const throttled = fault?.kind === 'throttled' ? { httpStatus: fault.httpStatus ?? store.throttledHttpStatus, ...(fault.retryAfterSeconds ? { retryAfterSeconds: fault.retryAfterSeconds } : {}) } : undefined;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const answer = runGraphql(store, shop, grant, { query: body.query, variables: body.variables, operationName: body.operationName }, throttled);
    if (!throttled && isThrottled(answer.body)) store.limited++;
    finish(answer.status, answer.body, {}, answer.headers);
  });

  app.use((req: Request, res: Response) => {
    res.status(404).json({ errors: 'Not Found' });
  });
  return app;
}

function tokenAnswer(access: { token: string; scopes: string[]; expiresAt: number | null }, refresh: { token: string; expiresAt: number } | undefined, store: ShopifyStore) {
  const now = store.options.now().getTime();
  return {
    access_token: access.token,
    scope: access.scopes.join(','),
    ...(access.expiresAt !== null ? { expires_in: Math.round((access.expiresAt - now) / 1000) } : {}),
    ...(refresh ? { refresh_token: refresh.token, refresh_token_expires_in: Math.round((refresh.expiresAt - now) / 1000) } : {}),
  };
}

/** The operation's name, else its first field: `query Orders {…}` → `Orders`, `{ shop { name } }` → `shop`. */
function operationOf(body: unknown): string {
  const query = body && typeof body === 'object' ? (body as { query?: unknown }).query : undefined;
  if (typeof query !== 'string') return '';
  const named = /\b(?:query|mutation)\s+([A-Za-z_]\w*)/.exec(query);
  if (named) return named[1]!;
  return /{\s*([A-Za-z_]\w*)/.exec(query)?.[1] ?? '';
}

/** Answers what `work` resolves to; a control refusal is its status and message, anything else the error handler's. */
function sendAfter(res: Response, next: NextFunction, work: () => Promise<{ status: number; body: unknown }>): void {
  Promise.resolve()
    .then(work)
    .then(
      (answer) => void res.status(answer.status).json(answer.body),
      (err: unknown) => (err instanceof ShopifyControlError ? void res.status(err.status).json({ error: err.message }) : next(err)),
    );
}

function controlRouter(store: ShopifyStore): express.Router {
  const router = express.Router();
  const guard = (handler: (req: Request, res: Response) => void) => (req: Request, res: Response) => {
    try {
      handler(req, res);
    } catch (err) {
      if (err instanceof ShopifyControlError) return void res.status(err.status).json({ error: err.message });
      throw err;
    }
  };
  const shopInfo = (domain: string) => {
    const shop = store.shop(domain);
    return { shop: shop.domain, name: shop.name, email: shop.email, plan: shop.plan, orders: shop.orders.length, bucket: { ...shop.limits, currentlyAvailable: Math.floor(store.available(shop)) } };
  };
  router.use(express.json());
  router.post('/apps', guard((req, res) => {
    const b = req.body as { clientId?: string; clientSecret?: string; name?: string; redirectUris?: string[]; webhookUri?: string };
    if (!b.clientId || !b.clientSecret) throw new ShopifyControlError(400, 'clientId e clientSecret sono obbligatori');
    store.apps.set(b.clientId, { clientId: b.clientId, clientSecret: b.clientSecret, name: b.name ?? 'Smista', redirectUris: b.redirectUris ?? [], ...(b.webhookUri ? { webhookUri: b.webhookUri } : {}) });
    res.status(201).json({ clientId: b.clientId });
  }));
  router.get('/shops', guard((_req, res) => void res.json([...store.shops.keys()].map(shopInfo))));
  router.post('/shops', guard((req, res) => {
    const b = req.body as { shop?: string; name?: string; email?: string; password?: string; orders?: number; seed?: string | number; plan?: ShopifyPlan; limits?: Partial<ShopifyBucketLimits>; replace?: boolean };
    if (!b.shop) throw new ShopifyControlError(400, 'shop è obbligatorio');
    if (b.plan && !(b.plan in SHOPIFY_PLANS)) throw new ShopifyControlError(400, `piano sconosciuto: ${b.plan}`);
    const positive = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n > 0;
    if (b.limits !== undefined && !(positive(b.limits.restoreRate) && positive(b.limits.maximumAvailable))) {
      throw new ShopifyControlError(400, 'limits vuole restoreRate e maximumAvailable positivi');
    }
    const shop = store.addShop({ shop: b.shop, orders: Math.max(0, Math.floor(b.orders ?? 0)), ...(b.name ? { name: b.name } : {}), ...(b.email ? { email: b.email } : {}), ...(b.password ? { password: b.password } : {}), ...(b.seed !== undefined ? { seed: b.seed } : {}), ...(b.plan ? { plan: b.plan } : {}), ...(b.limits ? { limits: b.limits as ShopifyBucketLimits } : {}), ...(b.replace ? { replace: true } : {}) });
    res.status(201).json(shopInfo(shop.domain));
  }));
  router.get('/shops/:shop/orders', guard((req, res) => void res.json(store.shop(str(req.params.shop)).orders.map((o) => store.summary(o)))));
  // New orders: Shopify tells the installed apps with orders/create before the answer.
  router.post('/shops/:shop/orders', (req: Request, res: Response, next: NextFunction) => {
    const b = req.body as { count?: number; seed?: string | number };
    sendAfter(res, next, () => {
      const domain = store.shop(str(req.params.shop)).domain;
      const made = store.addOrders(domain, Math.max(1, Math.floor(b.count ?? 1)), b.seed);
      return deliverOrderChanges(store, domain, 'orders/create', made).then(() => ({ status: 201, body: made.map((o) => store.summary(o)) }));
    });
  });
  // The owner changes an order: orders/updated (and orders/cancelled first for a cancellation) to the installed apps.
  router.post('/shops/:shop/orders/:id', (req: Request, res: Response, next: NextFunction) => {
    sendAfter(res, next, async () => {
      const domain = store.shop(str(req.params.shop)).domain;
      const change = req.body as ShopifyOrderChange;
      const order = store.changeOrder(domain, str(req.params.id), { cancel: change.cancel === true, refund: change.refund === true, ...(change.shippingAddress ? { shippingAddress: change.shippingAddress } : {}) });
      const webhooks = [
        ...(change.cancel === true ? await deliverOrderChanges(store, domain, 'orders/cancelled', [order]) : []),
        ...(await deliverOrderChanges(store, domain, 'orders/updated', [order])),
      ];
      return { status: 200, body: { order: store.summary(order), webhooks } };
    });
  });
  router.get('/webhooks', guard((_req, res) => void res.json(store.sentWebhooks)));
  // The fulfillment events the apps created (fulfillmentEventCreate), oldest first; one shop's with ?shop=.
  router.get('/fulfillment-events', guard((req, res) => {
    const shop = typeof req.query.shop === 'string' && req.query.shop ? store.shop(req.query.shop).domain : undefined;
    res.json(shop ? store.fulfillmentEvents.filter((e) => e.shop === shop) : store.fulfillmentEvents);
  }));
  router.post('/shops/:shop/expire-tokens', guard((req, res) => void res.json({ expired: store.expireAccessTokens(store.shop(str(req.params.shop)).domain) })));
  router.post('/shops/:shop/revoke', guard((req, res) => void res.json({ revoked: store.revokeConsent(store.shop(str(req.params.shop)).domain) })));
  router.post('/shops/:shop/drain', guard((req, res) => {
    const shop = store.shop(str(req.params.shop));
    store.drain(shop, Number((req.body as { leave?: number }).leave ?? 0));
    res.json(shopInfo(shop.domain));
  }));
  router.post('/faults', guard((req, res) => {
    const b = req.body as Partial<ShopifyFault>;
    if (b.kind !== 'throttled' && b.kind !== 'unavailable') throw new ShopifyControlError(400, 'kind: throttled o unavailable');
    if (b.httpStatus !== undefined && b.httpStatus !== 200 && b.httpStatus !== 429) throw new ShopifyControlError(400, 'httpStatus: 200 o 429');
    res.json(store.injectFault({ kind: b.kind, count: Math.max(1, Math.floor(b.count ?? 1)), ...(b.httpStatus ? { httpStatus: b.httpStatus } : {}), ...(b.retryAfterSeconds ? { retryAfterSeconds: b.retryAfterSeconds } : {}) }));
  }));
  router.delete('/faults', guard((_req, res) => {
    store.clearFaults();
    res.status(204).end();
  }));
  router.put('/throttled-status', guard((req, res) => {
    const status = Number((req.body as { status?: number }).status);
    if (status !== 200 && status !== 429) throw new ShopifyControlError(400, 'status: 200 o 429');
    store.throttledHttpStatus = status;
    res.json({ status });
  }));
  // One webhook delivery now, signed with the app's secret (the same webhookId again: a re-sent delivery).
  router.post('/shops/:shop/webhooks', (req: Request, res: Response, next: NextFunction) => {
    fireWebhook(store, str(req.params.shop).toLowerCase(), req.body as FireWebhookRequest).then(
      (fired) => void res.json(fired),
      (err: unknown) => (err instanceof ShopifyControlError ? void res.status(err.status).json({ error: err.message }) : next(err)),
    );
  });
  router.get('/stats', guard((_req, res) => void res.json({ calls: store.calls, limited: store.limited, pendingFaults: store.pendingFaults() })));
  return router;
}

/** Whether a GraphQL answer is Shopify's THROTTLED (the cost bucket could not pay the query). */
function isThrottled(body: unknown): boolean {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.some((e) => (e as { extensions?: { code?: unknown } } | null)?.extensions?.code === 'THROTTLED');
}
