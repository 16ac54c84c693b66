import { DropshipperClient } from 'ae_sdk';
import { ALIEXPRESS_SANDBOX_APP, aliexpressGatewaySign, aliexpressWallClock, startAliexpressSandbox, type AliexpressSandbox } from './index';

/*
 * The AliExpress sandbox over real HTTP, through the published client `ae_sdk` with
 * only its two gateway addresses changed: the authorize page and the 3-minute single-use code, the
 * signed /rest token calls, /sync's seller order methods with the signature checked, every refusal
 * an error_response with HTTP 200, order dates on the Pacific wall clock, fulfil once per order.
 */

const SELLER = { sellerId: '2201112223', userNick: 'Negozio Prova', email: 'venditore@negozio-prova.it', password: 'Venditore1!' };
const REDIRECT = 'http://127.0.0.1:9/marketplace/callback';
let ali: AliexpressSandbox;

beforeAll(async () => {
  ali = await startAliexpressSandbox({ port: 0, sellers: [{ ...SELLER, orders: 25, seed: 4 }] });
});
afterAll(async () => {
  await ali?.close();
});

/** The published client with its two gateway addresses (and nothing else) pointed at the sandbox. */
function client(session?: string, appSecret = ALIEXPRESS_SANDBOX_APP.appSecret): DropshipperClient {
  const c = new DropshipperClient({ app_key: ALIEXPRESS_SANDBOX_APP.appKey, app_secret: appSecret, session: session as string });
  Object.assign(c as object, { migrated_apis_url: `${ali.url}/sync`, new_apis_url: `${ali.url}/rest` });
  return c;
}

/** The answer's JSON when the client reports success. */
const dataOf = (result: unknown): Record<string, any> => (result as { data: Record<string, any> }).data;

async function authorize(): Promise<string> {
  const url = `${ali.url}/oauth/authorize?${new URLSearchParams({ response_type: 'code', force_auth: 'true', redirect_uri: REDIRECT, client_id: ALIEXPRESS_SANDBOX_APP.appKey, state: 'aliexpress.prova' })}`;
  const page = await fetch(url);
  const html = await page.text();
  expect(html).toContain('<html lang="it">');
  expect(html).toContain('Autorizza');
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(name!, value!.replace(/&amp;/g, '&'));
  form.set('email', SELLER.email);
  form.set('password', SELLER.password);
  form.set('decision', 'allow');
  const res = await fetch(`${ali.url}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const back = new URL(res.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('aliexpress.prova');
  return back.searchParams.get('code')!;
}

it('gives a single-use code on the Italian authorize page, exchanged and refreshed through ae_sdk', async () => {
  const code = await authorize();
  const created = await client().generateToken({ code } as never);
  expect(created.ok).toBe(true);
  const tokens = dataOf(created);
  expect(tokens).toMatchObject({ code: '0', user_id: SELLER.sellerId, seller_id: SELLER.sellerId, account_platform: 'seller_center', sp: 'ae' });
  expect(Number(tokens.expire_time)).toBeGreaterThan(Date.now());
  expect(Number(tokens.refresh_token_valid_time)).toBeGreaterThan(Number(tokens.expire_time));
  const again = await client().generateToken({ code } as never);
  expect(dataOf(again)).toMatchObject({ code: 'InvalidCode' });
  const refreshed = await client().refreshToken({ refresh_token: String(tokens.refresh_token) } as never);
  expect(dataOf(refreshed)).toMatchObject({ code: '0', user_id: SELLER.sellerId });
});

it('reads the seller orders by modified window on the Pacific wall clock, page by page, and fulfils once', async () => {
  const code = await authorize();
  const session = String(dataOf(await client().generateToken({ code } as never)).access_token);
  const seller = client(session);
  const from = aliexpressWallClock(new Date(Date.now() - 60 * 86_400_000), 'America/Los_Angeles');
  const to = aliexpressWallClock(new Date(), 'America/Los_Angeles');
  const ids: string[] = [];
  for (let page = 1; page <= 3; page++) {
    const res = await seller.callAPIDirectly('aliexpress.solution.order.get', { param0: JSON.stringify({ create_date_start: from, create_date_end: to, page_size: 10, current_page: page }) });
    expect(res.ok).toBe(true);
    const result = (dataOf(res).aliexpress_solution_order_get_response.result) as { total_count: number; target_list: { order_dto: { order_id: string; gmt_create: string }[] } };
    expect(result.total_count).toBe(25);
    ids.push(...result.target_list.order_dto.map((o) => o.order_id));
    for (const o of result.target_list.order_dto) expect(o.gmt_create).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  }
  expect(new Set(ids).size).toBe(25);
  const orders = (await (await fetch(`${ali.url}/__sandbox/sellers/${SELLER.sellerId}/orders`)).json()) as { orderId: string; status: string }[];
  const open = orders.find((o) => o.status === 'WAIT_SELLER_SEND_GOODS')!;
  const fulfil = { service_name: 'GLS_IT', out_ref: open.orderId, send_type: 'all', logistics_no: 'MI123456789' };
  expect((await seller.callAPIDirectly('aliexpress.solution.order.fulfill', fulfil)).ok).toBe(true);
  const twice = await seller.callAPIDirectly('aliexpress.solution.order.fulfill', fulfil);
  expect(twice).toMatchObject({ ok: false, error_response: { code: 'isv.order-status-invalid' } });
  const address = await seller.callAPIDirectly('aliexpress.solution.order.receiptinfo.get', { param1: JSON.stringify({ order_id: open.orderId }) });
  expect(dataOf(address).aliexpress_solution_order_receiptinfo_get_response.result).toMatchObject({ country: 'IT', zip: expect.stringMatching(/^\d{5}$/) });
});

it('refuses with error_response and HTTP 200: a wrong signature, a bad token, the quota ban', async () => {
  const wrong = await client('x', 'segreto-sbagliato').callAPIDirectly('aliexpress.solution.order.get', { param0: '{}' });
  expect(wrong).toMatchObject({ ok: false, error_response: { type: 'ISV', code: 'IncompleteSignature' } });
  const raw = await fetch(`${ali.url}/sync?${new URLSearchParams({ method: 'aliexpress.solution.order.get', app_key: ALIEXPRESS_SANDBOX_APP.appKey, timestamp: '1', sign_method: 'sha256', session: 'nessuno', sign: 'X' })}`, { method: 'POST' });
  expect(raw.status).toBe(200);
  expect(await raw.json()).toMatchObject({ error_response: { code: 'IncompleteSignature' } });
  const params = { method: 'aliexpress.solution.order.get', app_key: ALIEXPRESS_SANDBOX_APP.appKey, timestamp: '1', sign_method: 'sha256', session: 'nessuno', param0: '{}' };
  const badToken = await fetch(`${ali.url}/sync?${new URLSearchParams({ ...params, sign: aliexpressGatewaySign(ALIEXPRESS_SANDBOX_APP.appSecret, params) })}`, { method: 'POST' });
  expect(badToken.status).toBe(200);
  expect(await badToken.json()).toMatchObject({ error_response: { code: 'IllegalAccessToken' } });
  await fetch(`${ali.url}/__sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'quota', count: 1, banSeconds: 3 }) });
  const banned = await client('x').callAPIDirectly('aliexpress.solution.order.get', { param0: '{}' });
  expect(banned).toMatchObject({ ok: false, error_response: { code: 'ApiCallLimit', msg: expect.stringContaining('this ban will last 3 seconds') } });
});
