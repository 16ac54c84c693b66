import { setTimeout as sleep } from 'node:timers/promises';
import express, { type NextFunction, type Request, type Response } from 'express';
import { escapeHtml, htmlPage } from '../html-page';
import { AliexpressControlError, gatewaySign, type AliexpressOrder, type AliexpressStore, type SellerState } from './store';

/** One gateway call as the sandbox saw it (never a token, code or secret). */
export interface AliexpressRecordedRequest {
  /** `/sync` or `/rest/auth/token/create`… */
  path: string;
  /** The business method (`aliexpress.solution.order.get`); '' for /rest. */
  method: string;
  sellerId: string;
  /** The error_response's code, '' when it succeeded. */
  error: string;
  /** The call's own parameters (param0, service_name…; never session, sign or code). */
  params: Record<string, string>;
}

export interface AliexpressAppOptions {
  store: AliexpressStore;
  latencyMs: number;
  timeZone: string;
  record: (r: AliexpressRecordedRequest) => void;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
const SYSTEM_PARAMS = new Set(['method', 'app_key', 'timestamp', 'sign_method', 'sign', 'session', 'simplify', 'format', 'v', 'code', 'refresh_token', 'access_token']);

/** An instant as the platform's wall clock (`yyyy-MM-dd HH:mm:ss` in `timeZone`). */
export function wallClock(at: Date, timeZone: string): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const money = (cents: number) => ({ amount: (cents / 100).toFixed(2), currency_code: 'EUR' });

/**
 * The sandbox's HTTP surface where the IOP gateway has it, on one host: the authorize page
 * (`/oauth/authorize`), `/rest/auth/token/create|refresh`, `/sync` with the seller order methods,
 * and the control endpoints under `/__sandbox/`. Every refusal of `/sync` is an `error_response`
 * with HTTP 200, as the gateway's.
 */
export function createAliexpressApp(options: AliexpressAppOptions): express.Express {
  const { store, timeZone } = options;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));
  app.use('/__sandbox', controlRouter(store));
  app.use(async (_req: Request, _res: Response, next: NextFunction) => {
    store.calls++;
    if (options.latencyMs > 0) await sleep(options.latencyMs);
    next();
  });

  /** Query and body together (clients send the parameters in the query string of a POST). */
  const paramsOf = (req: Request): Record<string, string> => {
    const all: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...(req.query as object), ...((req.body ?? {}) as object) })) all[k] = str(v);
    return all;
  };

  // The seller's authorization page.
  const page = (title: string, body: string) =>
    htmlPage({ title, style: STYLE, header: '<span class="logo" role="img" aria-label="AliExpress">AliExpress</span> Open Platform', body, footer: 'Ambiente di prova Smista (sandbox AliExpress Open Platform): nessun venditore o dato reale.' });
  app.get('/oauth/authorize', (req: Request, res: Response) => {
    const p = paramsOf(req);
    const client = store.apps.get(p.client_id ?? '');
    if (p.response_type !== 'code' || !client || !/^https?:\/\/\S+$/.test(p.redirect_uri ?? '')) return void res.status(400).type('html').send(page('Richiesta non valida', `<main><h1>Impossibile autorizzare l'applicazione</h1><p id="error-description">client_id, redirect_uri o response_type non validi</p></main>`));
    res.type('html').send(authorizePage(client.name, p));
  });
  app.post('/oauth/authorize', (req: Request, res: Response) => {
    const p = paramsOf(req);
    const client = store.apps.get(p.client_id ?? '');
    if (!client || !/^https?:\/\/\S+$/.test(p.redirect_uri ?? '')) return void res.status(400).type('html').send(page('Richiesta non valida', '<main><h1>Richiesta non valida</h1></main>'));
    const target = new URL(p.redirect_uri!);
    if (p.state) target.searchParams.set('state', p.state);
    if (p.decision !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      return void res.redirect(302, target.toString());
    }
    const seller = store.sellerByEmail(p.email ?? '');
    if (!seller || seller.password !== p.password) return void res.status(401).type('html').send(authorizePage(client.name, p, 'Account o password non corretti.'));
    target.searchParams.set('code', store.issueCode(seller.sellerId, client.appKey));
    res.redirect(302, target.toString());
  });

  function authorizePage(appName: string, p: Record<string, string>, error = ''): string {
    const hidden = ['response_type', 'client_id', 'redirect_uri', 'state', 'force_auth'].filter((k) => p[k] !== undefined).map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(p[k]!)}">`).join('\n  ');
    return page(
      `Autorizza ${appName}`,
      `<main>
<h1>Autorizza ${escapeHtml(appName)}</h1>
<p><strong id="app-name">${escapeHtml(appName)}</strong> chiede di leggere gli ordini del tuo negozio AliExpress e di comunicarne le spedizioni.</p>
${error ? `<div class="error" role="alert" id="consent-error">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/oauth/authorize" id="consent-form">
  ${hidden}
  <label for="email">Account venditore (e-mail)</label>
  <input id="email" name="email" type="email" autocomplete="username" required>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <div class="actions">
    <button type="submit" id="deny" name="decision" value="deny" formnovalidate>Annulla</button>
    <button type="submit" id="allow" name="decision" value="allow">Autorizza</button>
  </div>
</form>
</main>`,
    );
  }

  // /rest token calls: the path signed in front; answers carry `code` ("0" = OK).
  const tokenCall = (apiPath: '/auth/token/create' | '/auth/token/refresh') => (req: Request, res: Response) => {
    const p = paramsOf(req);
    const answer = (body: Record<string, unknown>, sellerId = '') => {
      options.record({ path: `/rest${apiPath}`, method: '', sellerId, error: body.code === '0' ? '' : str(body.code), params: {} });
      res.json({ ...body, request_id: `sbx${Date.now().toString(36)}` });
    };
    const client = store.apps.get(p.app_key ?? '');
    if (!client) return answer({ code: 'InvalidAppkey', message: 'Invalid app key' });
    if (p.sign_method !== 'sha256' || (p.sign ?? '').toUpperCase() !== gatewaySign(client.appSecret, p, apiPath)) return answer({ code: 'IncompleteSignature', message: 'The request signature does not conform to platform standards' });
    if (p.uuid) return answer({ code: 'InvalidCode', message: 'uuid is not supported with this code' });
    const grant = apiPath === '/auth/token/create' ? store.redeemCode(p.code ?? '', client.appKey) : store.refreshGrant(p.refresh_token ?? '', client.appKey);
    if (!grant) return answer(apiPath === '/auth/token/create' ? { code: 'InvalidCode', message: 'The authorization code is invalid or expired' } : { code: 'IllegalRefreshToken', message: 'The refresh token is invalid or expired' });
    const seller = store.sellers.get(grant.sellerId)!;
    const t = store.issueTokens(grant.sellerId, client.appKey);
    const now = store.options.now().getTime();
    answer({
      code: '0', access_token: t.access, refresh_token: t.refresh,
      expires_in: Math.round((t.accessExpiresAt - now) / 1000), refresh_expires_in: Math.round((t.refreshExpiresAt - now) / 1000),
      expire_time: t.accessExpiresAt, refresh_token_valid_time: t.refreshExpiresAt,
      user_id: seller.sellerId, seller_id: seller.sellerId, user_nick: seller.userNick, account: seller.email, account_id: seller.sellerId, account_platform: 'seller_center', havana_id: '', sp: 'ae', locale: 'it_IT',
    }, seller.sellerId);
  };
  for (const apiPath of ['/auth/token/create', '/auth/token/refresh'] as const) app.all(`/rest${apiPath}`, tokenCall(apiPath));

  // /sync business calls: every refusal an error_response with HTTP 200.
  app.all('/sync', (req: Request, res: Response) => {
    const p = paramsOf(req);
    const method = p.method ?? '';
    let sellerId = '';
    const own: Record<string, string> = {};
    for (const [k, v] of Object.entries(p)) if (!SYSTEM_PARAMS.has(k)) own[k] = v;
    const fail = (type: string, code: string, msg: string, subCode = '') => {
      options.record({ path: '/sync', method, sellerId, error: code, params: own });
      res.json({ error_response: { type, code, msg, ...(subCode ? { sub_code: subCode } : {}), request_id: `sbx${Date.now().toString(36)}` } });
    };
    const ok = (result: unknown) => {
      options.record({ path: '/sync', method, sellerId, error: '', params: own });
      res.json({ [`${method.replace(/\./g, '_')}_response`]: { ...(result as object), request_id: `sbx${Date.now().toString(36)}` } });
    };
    const client = store.apps.get(p.app_key ?? '');
    if (!client) return fail('ISV', 'InvalidAppkey', 'Invalid app key');
    if (p.sign_method !== 'sha256' || (p.sign ?? '').toUpperCase() !== gatewaySign(client.appSecret, p)) return fail('ISV', 'IncompleteSignature', 'The request signature does not conform to platform standards');
    const fault = store.takeFault();
    if (fault?.kind === 'unavailable') return fail('SYSTEM', 'ServiceUnavailable', 'The service is temporarily unavailable');
    if (fault?.kind === 'quota') return fail('ISV', 'ApiCallLimit', `Api access frequency exceeds the limit. this ban will last ${fault.banSeconds ?? 1} seconds`);
    const grant = store.accessGrant(p.session ?? p.access_token ?? '');
    if (!grant || grant === 'expired' || grant.appKey !== client.appKey) return fail('ISV', 'IllegalAccessToken', 'The specified access token is invalid or expired');
    const seller = store.sellers.get(grant.sellerId)!;
    sellerId = seller.sellerId;
    const handler = METHODS[method];
    if (!handler) return fail('ISV', 'InvalidApiPath', `The specified API path is invalid: ${method}`);
    const answer = handler(seller, own);
    if ('error' in answer) return fail('ISV', answer.error.code, answer.error.msg, answer.error.subCode);
    ok(answer.result);
  });

  const json = (text: string | undefined): Record<string, unknown> | undefined => {
    try {
      const v = JSON.parse(text ?? '') as unknown;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };
  /** A wall-clock date of a query as an instant (the platform's zone), or undefined. */
  const instantOf = (text: unknown): number | undefined => {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(str(text));
    if (!m) return undefined;
    const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
    for (const offsetH of [-7, -8, -6, -9, 0, 1, 2]) {
      const at = asUtc - offsetH * 3_600_000;
      if (wallClock(new Date(at), timeZone) === m[0]) return at;
    }
    return asUtc;
  };
  const orderSummary = (o: AliexpressOrder) => ({
    order_id: o.orderId,
    gmt_create: wallClock(o.createdAt, timeZone),
    gmt_update: wallClock(o.modifiedAt, timeZone),
    order_status: o.status,
    buyer_login_id: o.buyerLoginId,
    buyer_signer_fullname: o.buyerName,
    pay_amount: money(o.items.reduce((s, i) => s + i.unitCents * i.quantity, 0) + o.shippingCents),
    product_list: { order_product_dto: o.items.map((i) => ({ child_id: i.childId, product_id: i.productId, product_name: i.productName, product_count: i.quantity, product_unit_price: money(i.unitCents), sku_code: i.skuCode, logistics_service_name: o.logisticsService })) },
  });
  type Answer = { result: unknown } | { error: { code: string; msg: string; subCode?: string } };
  const METHODS: Record<string, (seller: SellerState, own: Record<string, string>) => Answer> = {
    'aliexpress.solution.order.get': (seller, own) => {
      const q = json(own.param0);
      if (!q) return { error: { code: 'MissingParameter', msg: 'param0 is mandatory' } };
      const pageSize = Number(q.page_size ?? 20);
      const current = Number(q.current_page ?? 1);
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50) return { error: { code: 'InvalidParameter', msg: 'page_size must be between 1 and 50' } };
      const bounds = ['create_date_start', 'create_date_end', 'modified_date_start', 'modified_date_end'].map((k) => [k, q[k] === undefined ? undefined : instantOf(q[k])] as const);
      for (const [k, v] of bounds) if (q[k] !== undefined && v === undefined) return { error: { code: 'InvalidParameter', msg: `${k} must be yyyy-MM-dd HH:mm:ss` } };
      const b = Object.fromEntries(bounds) as Record<string, number | undefined>;
      const statuses = Array.isArray(q.order_status_list) ? (q.order_status_list as unknown[]).map(str) : [];
      const list = seller.orders
        .filter((o) => (b.create_date_start === undefined || o.createdAt.getTime() >= b.create_date_start) && (b.create_date_end === undefined || o.createdAt.getTime() <= b.create_date_end))
        .filter((o) => (b.modified_date_start === undefined || o.modifiedAt.getTime() >= b.modified_date_start) && (b.modified_date_end === undefined || o.modifiedAt.getTime() <= b.modified_date_end))
        .filter((o) => statuses.length === 0 || statuses.includes(o.status))
        .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime());
      const page = list.slice((current - 1) * pageSize, current * pageSize);
      return { result: { result: { success: true, total_count: list.length, total_page: Math.ceil(list.length / pageSize), current_page: current, page_size: pageSize, target_list: { order_dto: page.map(orderSummary) } } } };
    },
    'aliexpress.solution.order.info.get': (seller, own) => {
      const id = str(json(own.param1)?.order_id);
      const o = seller.orders.find((x) => x.orderId === id);
      if (!o) return { error: { code: 'isv.order-not-exist', msg: 'The order does not exist', subCode: 'isv.order-not-exist' } };
      return { result: { result: { data: { ...orderSummary(o), logistics_info_list: { global_aeop_tp_logistic_info_dto: o.fulfilments.map((f) => ({ logistics_no: f.logisticsNo, logistics_service: f.serviceName, gmt_send: wallClock(f.at, timeZone) })) } }, error_code: '', error_message: '' } } };
    },
    'aliexpress.solution.order.receiptinfo.get': (seller, own) => {
      const id = str(json(own.param1)?.order_id);
      const o = seller.orders.find((x) => x.orderId === id);
      if (!o) return { error: { code: 'isv.order-not-exist', msg: 'The order does not exist', subCode: 'isv.order-not-exist' } };
      const a = o.address;
      return { result: { result: { contact_person: a.contactPerson, address: a.address, address2: a.address2, city: a.city, province: a.province, zip: a.zip, country: a.country, mobile_no: a.mobileNo, phone_country: a.phoneCountry } } };
    },
    'aliexpress.logistics.redefining.listlogisticsservice': () => ({
      result: { result_list: { aeop_logistics_service_result: ITALIAN_SERVICES }, result_success: true },
    }),
    'aliexpress.solution.order.fulfill': (seller, own) => {
      const o = seller.orders.find((x) => x.orderId === own.out_ref);
      if (!o) return { error: { code: 'isv.order-not-exist', msg: 'The order does not exist', subCode: 'isv.order-not-exist' } };
      if (!ITALIAN_SERVICES.some((s) => s.service_name === own.service_name)) return { error: { code: 'isv.logistics-service-invalid', msg: `Invalid service_name: ${own.service_name ?? ''}` } };
      if (own.send_type !== 'all' && own.send_type !== 'part') return { error: { code: 'InvalidParameter', msg: 'send_type must be all or part' } };
      if (!/^[A-Za-z0-9-]{4,40}$/.test(own.logistics_no ?? '')) return { error: { code: 'InvalidParameter', msg: 'logistics_no is invalid' } };
      if (o.status !== 'WAIT_SELLER_SEND_GOODS' && o.status !== 'SELLER_PART_SEND_GOODS') return { error: { code: 'isv.order-status-invalid', msg: `The order status ${o.status} does not allow shipping` } };
      o.fulfilments.push({ serviceName: own.service_name!, logisticsNo: own.logistics_no!, sendType: own.send_type, at: store.options.now() });
      o.status = own.send_type === 'all' ? 'WAIT_BUYER_ACCEPT_GOODS' : 'SELLER_PART_SEND_GOODS';
      o.modifiedAt = store.options.now();
      return { result: { result: { result_success: true } } };
    },
  };

  app.use((req: Request, res: Response) => void res.status(404).json({ code: 'InvalidApiPath', message: `Not found: ${req.method} ${req.path}` }));
  return app;
}

/** The logistics services of an Italian seller (service_name, display name, tracking-number pattern). */
export const ITALIAN_SERVICES = [
  { service_name: 'GLS_IT', display_name: 'GLS Italy', tracking_no_regex: '^[A-Z0-9]{8,20}$', min_process_day: 1, max_process_day: 5 },
  { service_name: 'POSTE_ITALIANE', display_name: 'Poste Italiane', tracking_no_regex: '^[A-Z0-9]{10,20}$', min_process_day: 1, max_process_day: 7 },
  { service_name: 'OTHER_IT', display_name: 'Other (Italy)', tracking_no_regex: '', min_process_day: 1, max_process_day: 10 },
];

const STYLE = `
  :root { color-scheme: light; font-family: Arial, sans-serif; color: #191919; }
  body { margin: 0; background: #f5f5f5; }
  header { background: #fff; border-bottom: 3px solid #e62e04; padding: 14px 24px; font-weight: 700; }
  .logo { color: #e62e04; font-size: 22px; }
  main { max-width: 440px; margin: 32px auto; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 1px 4px rgba(0,0,0,.1); }
  @media (max-width: 520px) { main { margin: 12px; padding: 16px; } }
  h1 { font-size: 21px; margin: 0 0 10px; } p { line-height: 1.45; }
  label { display: block; font-weight: 700; margin: 14px 0 4px; font-size: 14px; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #ccc; border-radius: 6px; font-size: 16px; }
  .error { background: #fff1f0; border: 1px solid #e62e04; border-radius: 6px; padding: 10px; color: #b3261e; }
  .actions { display: flex; gap: 12px; margin-top: 22px; }
  button { flex: 1; padding: 11px; border-radius: 6px; font-size: 15px; cursor: pointer; }
  #allow { background: #e62e04; border: 1px solid #e62e04; color: #fff; font-weight: 700; }
  #deny { background: #fff; border: 1px solid #999; color: #191919; }
  footer { text-align: center; margin: 16px; font-size: 13px; color: #666; }
`;

/** The control endpoints (`/__sandbox/…`). */
function controlRouter(store: AliexpressStore): express.Router {
  const router = express.Router();
  const guard = (handler: (req: Request, res: Response) => void) => (req: Request, res: Response) => {
    try {
      handler(req, res);
    } catch (err) {
      if (err instanceof AliexpressControlError) return void res.status(err.status).json({ error: err.message });
      throw err;
    }
  };
  const summary = (s: SellerState) => ({ sellerId: s.sellerId, userNick: s.userNick, email: s.email, orders: s.orders.length });
  const orderOf = (o: AliexpressOrder) => ({ orderId: o.orderId, status: o.status, createdAt: o.createdAt.toISOString(), modifiedAt: o.modifiedAt.toISOString(), logisticsService: o.logisticsService, items: o.items.map((i) => ({ childId: i.childId, quantity: i.quantity })), fulfilments: o.fulfilments.map((f) => ({ serviceName: f.serviceName, logisticsNo: f.logisticsNo, sendType: f.sendType })) });
  router.post('/sellers', guard((req, res) => {
    const b = req.body as { userNick?: string; orders?: number };
    if (!b.userNick) throw new AliexpressControlError(400, 'userNick obbligatorio');
    res.status(201).json(summary(store.addSeller({ ...(req.body as object), userNick: b.userNick, orders: Math.max(0, Math.floor(Number(b.orders ?? 0))) })));
  }));
  router.get('/sellers', guard((_req, res) => void res.json([...store.sellers.values()].map(summary))));
  router.get('/sellers/:sellerId/orders', guard((req, res) => void res.json(store.seller(String(req.params.sellerId)).orders.map(orderOf))));
  router.post('/sellers/:sellerId/expire-tokens', guard((req, res) => void res.json({ expired: store.expireAccessTokens(store.seller(String(req.params.sellerId)).sellerId) })));
  router.post('/sellers/:sellerId/revoke', guard((req, res) => void res.json({ revoked: store.revokeConsent(store.seller(String(req.params.sellerId)).sellerId) })));
  router.post('/faults', guard((req, res) => {
    const b = req.body as { kind?: string; count?: number; banSeconds?: number };
    const count = Math.max(1, Math.floor(b.count ?? 1));
    if (b.kind === 'quota') return void res.json(store.injectFault({ kind: 'quota', count, ...(b.banSeconds ? { banSeconds: Number(b.banSeconds) } : {}) }));
    if (b.kind === 'unavailable') return void res.json(store.injectFault({ kind: 'unavailable', count }));
    throw new AliexpressControlError(400, 'kind: quota o unavailable');
  }));
  router.delete('/faults', guard((_req, res) => {
    store.clearFaults();
    res.status(204).end();
  }));
  router.get('/stats', guard((_req, res) => void res.json({ calls: store.calls, pendingFaults: store.pendingFaults() })));
  return router;
}
