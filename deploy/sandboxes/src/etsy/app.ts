import express, { type Request, type Response } from 'express';
import { sandboxApp } from '../sandbox-app';
import { consentErrorPage, consentPage, CONSENT_FIELDS } from './consent-page';
import { receiptJson, type EtsyReceipt } from './receipts';
import { EtsyControlError, type EtsyFault, type EtsyStore, type SellerState } from './store';

/** One Etsy call as the sandbox saw it (never a token, code, secret or verifier). */
export interface EtsyRecordedRequest {
  method: string;
  /** The path without the query: `/v3/application/shops/123/receipts`. */
  path: string;
  /** getShopReceipts, getShopReceipt, createReceiptShipment, getMe, getShopByOwnerUserId, getShop, getShippingCarriers, token; '' for others. */
  operation: string;
  userId: number;
  status: number;
  /** Etsy's `error` of a refusal. */
  error: string;
  /** The query parameters (filters, limit, offset; never a token). */
  query: Record<string, string>;
  /** The request's content type (createReceiptShipment is form-encoded). */
  contentType: string;
  /** The body's parameter names and values where they are not secret (createReceiptShipment). */
  body: Record<string, string>;
}

export interface EtsyAppOptions {
  store: EtsyStore;
  latencyMs: number;
  record: (request: EtsyRecordedRequest) => void;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');
const SCOPES = ['transactions_r', 'transactions_w', 'shops_r', 'shops_w', 'email_r', 'listings_r', 'listings_w', 'profile_r', 'address_r'];
const SORT_ON = ['created', 'updated', 'receipt_id'];
const SORT_ORDER = ['asc', 'ascending', 'desc', 'descending', 'up', 'down'];

/** Etsy's carriers for shipments from Italy (GET /v3/application/shipping-carriers?origin_country_iso=IT). */
export const ETSY_ITALIAN_CARRIERS = [
  { shipping_carrier_id: 1011, name: 'GLS', domestic_classes: [{ mail_class_key: 'gls_business_parcel', name: 'Business Parcel' }], international_classes: [{ mail_class_key: 'gls_euro_business_parcel', name: 'Euro Business Parcel' }] },
  { shipping_carrier_id: 1012, name: 'Poste Italiane', domestic_classes: [{ mail_class_key: 'poste_crono', name: 'Crono' }, { mail_class_key: 'poste_raccomandata', name: 'Raccomandata' }], international_classes: [{ mail_class_key: 'poste_crono_internazionale', name: 'Crono Internazionale' }] },
  { shipping_carrier_id: 1013, name: 'BRT', domestic_classes: [{ mail_class_key: 'brt_express', name: 'Express' }], international_classes: [] },
  { shipping_carrier_id: 1014, name: 'SDA', domestic_classes: [{ mail_class_key: 'sda_extra_large', name: 'Extra Large' }], international_classes: [] },
  { shipping_carrier_id: 1015, name: 'DHL Express', domestic_classes: [], international_classes: [{ mail_class_key: 'dhl_express_worldwide', name: 'Express Worldwide' }] },
] as const;

const CARRIER_NAMES = new Set([...ETSY_ITALIAN_CARRIERS.map((c) => c.name.toLowerCase()), 'other']);

/**
 * The sandbox's HTTP surface where Etsy has it, on one host: the consent page (`/oauth/connect`,
 * www.etsy.com), the token endpoint (`/v3/public/oauth/token`, api.etsy.com), the Open API v3
 * (`/v3/application/…`, openapi.etsy.com) and the control endpoints under `/__sandbox/`.
 */
export function createEtsyApp(options: EtsyAppOptions): express.Express {
  const { store } = options;
  const app = sandboxApp({ control: controlRouter(store), calls: { count: () => void store.calls++, latencyMs: options.latencyMs } });

  // www.etsy.com/oauth/connect: PKCE S256 is mandatory.

  const consentParams = (source: Record<string, unknown>) => {
    const params: Record<string, string> = {};
    for (const name of CONSENT_FIELDS) if (source[name] !== undefined) params[name] = str(source[name]);
    return params;
  };
  const checkConsent = (params: Record<string, string>) => {
    if (params.response_type !== 'code') return { problem: 'response_type deve essere code' } as const;
    const client = store.apps.get(params.client_id ?? '');
    if (!client) return { problem: 'client_id sconosciuto: nessuna applicazione con questa keystring' } as const;
    const redirect = params.redirect_uri ?? '';
    if (!/^https?:\/\/[^\s]+$/.test(redirect) || (client.redirectUris.length > 0 && !client.redirectUris.includes(redirect))) {
      return { problem: "redirect_uri non consentito: l'indirizzo di ritorno non è tra quelli registrati per l'applicazione" } as const;
    }
    const scopes = (params.scope ?? '').split(/[\s+]+/).filter(Boolean);
    if (scopes.length === 0 || scopes.some((s) => !SCOPES.includes(s))) return { problem: `scope non valido: ${params.scope ?? ''}` } as const;
    if (!params.state) return { problem: 'state mancante' } as const;
    if (!/^[A-Za-z0-9_-]{43}$/.test(params.code_challenge ?? '')) return { problem: 'code_challenge mancante o non valido (PKCE obbligatorio)' } as const;
    if (params.code_challenge_method !== 'S256') return { problem: 'code_challenge_method deve essere S256' } as const;
    return { client, redirect, scopes } as const;
  };

  app.get('/oauth/connect', (req: Request, res: Response) => {
    const params = consentParams(req.query as Record<string, unknown>);
    const checked = checkConsent(params);
    if ('problem' in checked) return void res.status(400).type('html').send(consentErrorPage(checked.problem!));
    res.type('html').send(consentPage({ appName: checked.client.name, scopes: checked.scopes, params }));
  });

  app.post('/oauth/connect', (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const params = consentParams(body);
    const checked = checkConsent(params);
    if ('problem' in checked) return void res.status(400).type('html').send(consentErrorPage(checked.problem!));
    const target = new URL(checked.redirect);
    if (str(body.decision) !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied the request');
      target.searchParams.set('state', params.state!);
      return void res.redirect(302, target.toString());
    }
    const email = str(body.email).trim();
    const seller = store.sellerByEmail(email);
    if (!seller || str(body.password) !== seller.password) {
      return void res.status(401).type('html').send(consentPage({ appName: checked.client.name, scopes: checked.scopes, params }, { error: 'Indirizzo e-mail o password non corretti.', email }));
    }
    target.searchParams.set('code', store.issueCode(seller.userId, checked.client.keystring, checked.redirect, params.code_challenge!));
    target.searchParams.set('state', params.state!);
    res.redirect(302, target.toString());
  });

  // api.etsy.com/v3/public/oauth/token: form (documented) or JSON (some clients).

  app.post('/v3/public/oauth/token', (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const answer = (status: number, json: Record<string, unknown>, userId = 0) => {
      options.record({ method: 'POST', path: req.path, operation: 'token', userId, status, error: typeof json.error === 'string' ? json.error : '', query: { grant_type: str(body.grant_type) }, contentType: req.get('content-type') ?? '', body: {} });
      res.status(status).set('cache-control', 'no-store').json(json);
    };
    const client = store.apps.get(str(body.client_id));
    if (!client) return answer(401, { error: 'invalid_client', error_description: 'client_id is invalid' });
    const grantType = str(body.grant_type);
    if (grantType === 'authorization_code') {
      const grant = store.redeemCode(str(body.code), client.keystring, str(body.redirect_uri), str(body.code_verifier));
      if (typeof grant === 'string') return answer(400, { error: 'invalid_grant', error_description: grant });
      return answer(200, store.issueTokens(grant.userId, client.keystring), grant.userId);
    }
    if (grantType === 'refresh_token') {
      const grant = store.refreshGrant(str(body.refresh_token), client.keystring);
      if (!grant) return answer(400, { error: 'invalid_grant', error_description: 'refresh_token is invalid or expired' });
      return answer(200, store.issueTokens(grant.userId, client.keystring), grant.userId);
    }
    answer(400, { error: 'unsupported_grant_type', error_description: `grant_type must be authorization_code or refresh_token` });
  });

  // openapi.etsy.com/v3/application: x-api-key `keystring:shared_secret` and the bearer token.

  type Handler = (req: Request, seller: SellerState) => { status: number; body: unknown };
  const api = (operation: string, handler: Handler, options2: { needsUser?: boolean } = {}) => (req: Request, res: Response): void => {
    let userId = 0;
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.query)) query[k] = str(v);
    const contentType = req.get('content-type') ?? '';
    const recordBody: Record<string, string> = {};
    if (operation === 'createReceiptShipment') for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) recordBody[k] = str(v);
    const finish = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      options.record({ method: req.method, path: req.path, operation, userId, status, error: body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : '', query, contentType, body: recordBody });
      res.status(status).set(headers).json(body);
    };
    const key = req.get('x-api-key') ?? '';
    const colon = key.indexOf(':');
    if (colon < 0) return finish(403, { error: 'Shared secret is required in x-api-key header.' });
    const app = store.apps.get(key.slice(0, colon));
    if (!app || app.sharedSecret !== key.slice(colon + 1)) return finish(403, { error: "Invalid API key: should be in the format 'keystring:shared_secret'." });
    const quota = store.take(app.keystring);
    const fault = store.takeFault();
    if (fault?.kind === 'unavailable') return finish(503, { error: 'Service Unavailable' }, quota.headers);
    if (fault?.kind === 'quota' || quota.retryAfterSeconds !== undefined) {
      const wait = fault?.kind === 'quota' ? (fault.retryAfterSeconds ?? 1) : quota.retryAfterSeconds!;
      if (fault?.kind !== 'quota') store.limited++;
      return finish(429, { error: 'You have exceeded your quota' }, { ...quota.headers, 'retry-after': String(wait) });
    }
    if (options2.needsUser === false) return finish(200, handler(req, undefined as unknown as SellerState).body, quota.headers);
    const auth = req.get('authorization') ?? '';
    const grant = /^Bearer\s+/i.test(auth) ? store.accessGrant(auth.replace(/^Bearer\s+/i, '').trim()) : undefined;
    if (grant === 'expired') return finish(401, { error: 'invalid_token', error_description: 'access token is expired' }, quota.headers);
    if (!grant || grant.keystring !== app.keystring) return finish(401, { error: 'invalid_token', error_description: 'access token is invalid' }, quota.headers);
    const seller = store.sellers.get(grant.userId);
    if (!seller) return finish(401, { error: 'invalid_token' }, quota.headers);
    userId = seller.userId;
    const answer = handler(req, seller);
    finish(answer.status, answer.body, quota.headers);
  };

  const shopJson = (s: SellerState) => ({ shop_id: s.shopId, shop_name: s.shopName, user_id: s.userId, currency_code: 'EUR', url: `https://www.etsy.com/shop/${s.shopName}`, is_vacation: false, title: `${s.shopName} – fatto a mano in Italia`, transaction_sold_count: s.receipts.length });
  /** The seller's own shop, or the refusal Etsy gives for a shop that is not the token's. */
  const ownShop = (req: Request, seller: SellerState): { status: number; body: unknown } | undefined => {
    const shopId = Number(str(req.params.shopId));
    if (!Number.isInteger(shopId) || shopId <= 0) return { status: 400, body: { error: 'Expected int >= 1 for shop_id' } };
    if (shopId !== seller.shopId) return { status: 403, body: { error: 'The shop is not owned by the user of the access token' } };
    return undefined;
  };

  app.get('/v3/application/users/me', api('getMe', (_req, seller) => ({ status: 200, body: { user_id: seller.userId, shop_id: seller.shopId } })));

  app.get('/v3/application/users/:userId/shops', api('getShopByOwnerUserId', (req) => {
    const owner = store.sellers.get(Number(str(req.params.userId)));
    if (!owner) return { status: 404, body: { error: 'User does not have a shop' } };
    return { status: 200, body: shopJson(owner) };
  }));

  app.get('/v3/application/shops/:shopId', api('getShop', (req) => {
    const shop = store.shop(Number(str(req.params.shopId)));
    return shop ? { status: 200, body: shopJson(shop) } : { status: 404, body: { error: 'Shop not found' } };
  }));

  app.get('/v3/application/shipping-carriers', api('getShippingCarriers', (req) => {
    const origin = str(req.query.origin_country_iso).toUpperCase();
    if (!/^[A-Z]{2}$/.test(origin)) return { status: 400, body: { error: 'origin_country_iso is required' } };
    const results = origin === 'IT' ? ETSY_ITALIAN_CARRIERS : [];
    return { status: 200, body: { count: results.length, results } };
  }, { needsUser: false }));

  app.get('/v3/application/shops/:shopId/receipts', api('getShopReceipts', (req, seller) => ownShop(req, seller) ?? listReceipts(seller, req.query as Record<string, unknown>)));

  app.get('/v3/application/shops/:shopId/receipts/:receiptId', api('getShopReceipt', (req, seller) => {
    const refused = ownShop(req, seller);
    if (refused) return refused;
    const receipt = findReceipt(seller, str(req.params.receiptId));
    if (typeof receipt === 'string') return { status: receipt === 'bad' ? 400 : 404, body: { error: receipt === 'bad' ? 'Expected int >= 1 for receipt_id' : 'Receipt not found' } };
    return { status: 200, body: receiptJson(receipt, { shopId: seller.shopId, userId: seller.userId, email: seller.email }) };
  }));

  app.post('/v3/application/shops/:shopId/receipts/:receiptId/tracking', api('createReceiptShipment', (req, seller) => {
    const refused = ownShop(req, seller);
    if (refused) return refused;
    const receipt = findReceipt(seller, str(req.params.receiptId));
    if (typeof receipt === 'string') return { status: receipt === 'bad' ? 400 : 404, body: { error: receipt === 'bad' ? 'Expected int >= 1 for receipt_id' : 'Receipt not found' } };
    const body = (req.body ?? {}) as Record<string, unknown>;
    const trackingCode = str(body.tracking_code).trim();
    const carrierName = str(body.carrier_name).trim();
    if (receipt.status === 'canceled' || receipt.status === 'fully refunded') return { status: 409, body: { error: 'Cannot submit tracking for a canceled receipt' } };
    if (Boolean(trackingCode) !== Boolean(carrierName)) return { status: 400, body: { error: 'tracking_code and carrier_name must be sent together' } };
    if (carrierName && !CARRIER_NAMES.has(carrierName.toLowerCase())) return { status: 400, body: { error: `Invalid carrier_name: ${carrierName}` } };
    if (trackingCode && !/^[A-Za-z0-9-]{4,40}$/.test(trackingCode)) return { status: 400, body: { error: 'Invalid tracking_code' } };
    if (trackingCode) store.ship(receipt, carrierName, trackingCode);
    else (receipt.isShipped = true), (receipt.status = 'completed'), (receipt.updatedAt = store.options.now());
    return { status: 200, body: receiptJson(receipt, { shopId: seller.shopId, userId: seller.userId, email: seller.email }) };
  }));

  /** getShopReceipts: the filters, `limit` 1–100 (default 25), `offset`, `sort_on`, `sort_order`. */
  function listReceipts(seller: SellerState, q: Record<string, unknown>): { status: number; body: unknown } {
    const int = (name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined | string => {
      const raw = str(q[name]);
      if (raw === '') return undefined;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < min || n > max) return n > max ? `Expected int <= ${max} for ${name}` : `Expected int >= ${min} for ${name}`;
      return n;
    };
    const limit = int('limit', 1, 100);
    const offset = int('offset', 0);
    const bounds = ['min_created', 'max_created', 'min_last_modified', 'max_last_modified'].map((n) => [n, int(n, 946_684_800)] as const);
    for (const v of [limit, offset, ...bounds.map(([, b]) => b)]) if (typeof v === 'string') return { status: 400, body: { error: v } };
    const b = Object.fromEntries(bounds) as Record<string, number | undefined>;
    const sortOn = str(q.sort_on) || 'created';
    const sortOrder = str(q.sort_order) || 'desc';
    if (!SORT_ON.includes(sortOn)) return { status: 400, body: { error: 'sort_on must be one of created, updated, receipt_id' } };
    if (!SORT_ORDER.includes(sortOrder)) return { status: 400, body: { error: 'sort_order must be one of asc, ascending, desc, descending, up, down' } };
    const flag = (name: string) => (q[name] === undefined ? undefined : str(q[name]) === 'true');
    const wasShipped = flag('was_shipped');
    const wasPaid = flag('was_paid');
    const wasCanceled = flag('was_canceled');
    const s = (d: Date) => Math.floor(d.getTime() / 1000);
    const matching = seller.receipts.filter((r) =>
      (b.min_created === undefined || s(r.createdAt) >= b.min_created) &&
      (b.max_created === undefined || s(r.createdAt) <= b.max_created) &&
      (b.min_last_modified === undefined || s(r.updatedAt) >= b.min_last_modified) &&
      (b.max_last_modified === undefined || s(r.updatedAt) <= b.max_last_modified) &&
      (wasShipped === undefined || r.isShipped === wasShipped) &&
      (wasPaid === undefined || r.isPaid === wasPaid) &&
      (wasCanceled === undefined || (r.status === 'canceled') === wasCanceled),
    );
    const key = (r: EtsyReceipt) => (sortOn === 'updated' ? r.updatedAt.getTime() : sortOn === 'receipt_id' ? r.receiptId : r.createdAt.getTime());
    const desc = ['desc', 'descending', 'down'].includes(sortOrder);
    matching.sort((x, y) => (key(x) - key(y) || x.receiptId - y.receiptId) * (desc ? -1 : 1));
    const from = (offset as number | undefined) ?? 0;
    const page = matching.slice(from, from + ((limit as number | undefined) ?? 25));
    return { status: 200, body: { count: matching.length, results: page.map((r) => receiptJson(r, { shopId: seller.shopId, userId: seller.userId, email: seller.email })) } };
  }

  app.use((req: Request, res: Response) => void res.status(404).json({ error: `Resource not found: ${req.method} ${req.path}` }));
  return app;
}

function findReceipt(seller: SellerState, raw: string): EtsyReceipt | 'bad' | 'missing' {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) return 'bad';
  return seller.receipts.find((r) => r.receiptId === id) ?? 'missing';
}

/** The control endpoints (`/__sandbox/…`): sellers and receipts, tokens, quotas, faults. */
function controlRouter(store: EtsyStore): express.Router {
  const router = express.Router();
  const guard = (handler: (req: Request, res: Response) => void) => (req: Request, res: Response) => {
    try {
      handler(req, res);
    } catch (err) {
      if (err instanceof EtsyControlError) return void res.status(err.status).json({ error: err.message });
      throw err;
    }
  };
  const summary = (s: SellerState) => ({ userId: s.userId, shopId: s.shopId, shopName: s.shopName, email: s.email, receipts: s.receipts.length });
  const receiptSummary = (r: EtsyReceipt) => ({
    receiptId: r.receiptId,
    status: r.status,
    isShipped: r.isShipped,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    express: r.transactions.some((t) => t.shippingUpgrade),
    transactions: r.transactions.map((t) => ({ transactionId: t.transactionId, sku: t.sku, quantity: t.quantity })),
    shipments: r.shipments.map((s) => ({ receiptShippingId: s.receiptShippingId, carrierName: s.carrierName, trackingCode: s.trackingCode })),
  });
  const userOf = (req: Request) => Number(str(req.params.userId));
  router.post('/apps', guard((req, res) => {
    const b = req.body as { keystring?: string; sharedSecret?: string; name?: string; redirectUris?: string[] };
    if (!b.keystring || !b.sharedSecret) throw new EtsyControlError(400, 'keystring e sharedSecret obbligatori');
    store.apps.set(b.keystring, { keystring: b.keystring, sharedSecret: b.sharedSecret, name: b.name ?? b.keystring, redirectUris: b.redirectUris ?? [] });
    res.status(204).end();
  }));
  router.get('/sellers', guard((_req, res) => void res.json([...store.sellers.values()].map(summary))));
  router.post('/sellers', guard((req, res) => {
    const b = req.body as { shopName?: string; receipts?: number };
    if (!b.shopName) throw new EtsyControlError(400, 'shopName obbligatorio');
    res.status(201).json(summary(store.addSeller({ ...(req.body as object), shopName: b.shopName, receipts: Math.max(0, Math.floor(Number(b.receipts ?? 0))) })));
  }));
  router.get('/sellers/:userId/receipts', guard((req, res) => void res.json(store.seller(userOf(req)).receipts.map(receiptSummary))));
  router.post('/sellers/:userId/receipts', guard((req, res) => {
    const b = req.body as { count?: number; seed?: string | number };
    res.status(201).json(store.addReceipts(userOf(req), Math.max(1, Math.floor(Number(b.count ?? 1))), b.seed).map(receiptSummary));
  }));
  router.post('/sellers/:userId/expire-tokens', guard((req, res) => void res.json({ expired: store.expireAccessTokens(store.seller(userOf(req)).userId) })));
  router.post('/sellers/:userId/expire-refresh-tokens', guard((req, res) => void res.json({ expired: store.expireRefreshTokens(store.seller(userOf(req)).userId) })));
  router.post('/sellers/:userId/revoke', guard((req, res) => void res.json({ revoked: store.revokeConsent(store.seller(userOf(req)).userId) })));
  router.put('/quota', guard((req, res) => {
    const b = req.body as { perSecond?: number; perDay?: number; usedToday?: number; keystring?: string };
    if (b.perSecond !== undefined && !(Number(b.perSecond) >= 1)) throw new EtsyControlError(400, 'perSecond: almeno 1');
    if (b.perDay !== undefined && !(Number(b.perDay) >= 1)) throw new EtsyControlError(400, 'perDay: almeno 1');
    if (b.perSecond !== undefined) store.quota.perSecond = Number(b.perSecond);
    if (b.perDay !== undefined) store.quota.perDay = Number(b.perDay);
    if (b.usedToday !== undefined) for (const keystring of b.keystring ? [b.keystring] : [...store.apps.keys()]) store.spendToday(keystring, Number(b.usedToday));
    res.json(store.quota);
  }));
  router.post('/faults', guard((req, res) => {
    const b = req.body as Partial<EtsyFault> & { retryAfterSeconds?: number };
    if (b.kind !== 'quota' && b.kind !== 'unavailable') throw new EtsyControlError(400, 'kind: quota o unavailable');
    const count = Math.max(1, Math.floor(b.count ?? 1));
    res.json(store.injectFault(b.kind === 'quota' ? { kind: 'quota', count, ...(b.retryAfterSeconds ? { retryAfterSeconds: Number(b.retryAfterSeconds) } : {}) } : { kind: 'unavailable', count }));
  }));
  router.delete('/faults', guard((_req, res) => {
    store.clearFaults();
    res.status(204).end();
  }));
  router.get('/stats', guard((_req, res) => void res.json({ calls: store.calls, limited: store.limited, pendingFaults: store.pendingFaults(), quota: store.quota })));
  return router;
}
