import { createLogger, KitErrorCode } from '@smista/service-kit';
import { ALIEXPRESS_SANDBOX_APP, aliexpressAuthorizeAs, startAliexpressSandbox, type AliexpressSandbox } from '@smista/sandboxes';
import { MarketplaceError, type MarketplaceAdapter } from '../adapter';
import { aliexpressConfigWith, aliexpressSettingsFrom, createAliexpressAdapter } from './index';

/*
 * The AliExpress adapter against its sandbox: the
 * authorize page and the signed token calls, the seller's orders by window in pages with their
 * Pacific dates and receipt address, one order, tracking by order.fulfill once with the logistics
 * service of our carrier, error_response (HTTP 200) as Smista's errors.
 */

const SELLER = { sellerId: '2203334445', userNick: 'Unita AliExpress', email: 'venditore@unita-ali.it', password: 'Unita1!' };
const logger = createLogger('aliexpress-adapter-test', 'silent');
let ali: AliexpressSandbox;
let adapter: MarketplaceAdapter;
let accessToken: string;
let refreshToken: string;

const adapterFor = (secret = ALIEXPRESS_SANDBOX_APP.appSecret) =>
  createAliexpressAdapter(aliexpressSettingsFrom(aliexpressConfigWith({ ALIEXPRESS_APP_KEY: ALIEXPRESS_SANDBOX_APP.appKey, ALIEXPRESS_APP_SECRET: secret, ALIEXPRESS_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback', ALIEXPRESS_AUTH_URL: ali.url, ALIEXPRESS_API_URL: ali.url })), { logger, http: { retries: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 } } });
const window = () => ({ filterBy: 'created' as const, from: new Date(Date.now() - 60 * 86_400_000), to: new Date(Date.now() + 60_000) });
const controlOrders = async () => (await (await fetch(`${ali.url}/__sandbox/sellers/${SELLER.sellerId}/orders`)).json()) as { orderId: string; status: string; fulfilments: { serviceName: string; logisticsNo: string; sendType: string }[] }[];

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  ali = await startAliexpressSandbox({ port: 0, sellers: [{ ...SELLER, orders: 23, seed: 8 }] });
  adapter = adapterFor();
  const back = new URL(await aliexpressAuthorizeAs(adapter.consentUrl(adapter.authorizeParams(), 'aliexpress.unita'), SELLER));
  expect(back.searchParams.get('state')).toBe('aliexpress.unita');
  const tokens = await adapter.exchangeCode(back.searchParams.get('code')!);
  accessToken = tokens.accessToken;
  refreshToken = tokens.refreshToken!;
});
afterAll(async () => {
  await adapter?.close();
  await ali?.close();
});

it('connects: a single-use code, tokens whose expiries are the answer\'s expire_time, a refresh', async () => {
  expect(accessToken).toMatch(new RegExp(`^${SELLER.sellerId}/`));
  expect((await adapter.getIdentity(accessToken)).userId).toBe(SELLER.sellerId);
  const refreshed = await adapter.refreshAccessToken(refreshToken);
  expect(refreshed.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  expect(refreshed.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(refreshed.accessTokenExpiresAt.getTime());
});

it('reads the window in pages with Pacific dates converted, the receipt address, one order the same', async () => {
  const seen: string[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: Awaited<ReturnType<MarketplaceAdapter['fetchOrdersPage']>> = await adapter.fetchOrdersPage({ accessToken, ...window(), offset, limit: 10 });
    expect(page.total).toBe(23);
    seen.push(...page.orders.map((o) => o.externalId));
    offset = page.nextOffset;
  }
  expect(new Set(seen).size).toBe(23);
  const sent = ali.requests().find((r) => r.method === 'aliexpress.solution.order.get' && r.params.param0?.includes('create_date_start'))!;
  expect(JSON.parse(sent.params.param0!).create_date_start).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const [first] = (await adapter.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 1 })).orders;
  expect(Date.parse(first!.orderDate)).toBeLessThan(Date.now());
  expect(first!.shippingAddress?.address).toMatchObject({ countryCode: 'IT', postalCode: expect.stringMatching(/^\d{5}$/) });
  const one = await adapter.fetchOrder({ accessToken, externalOrderId: first!.externalId });
  expect({ ...one, rawJson: '' }).toEqual({ ...first!, rawJson: '' });
});

it('fulfils once with our carrier\'s logistics service; again is ALREADY_FULFILLED; a carrier without a service is refused before any call', async () => {
  const open = (await controlOrders()).find((o) => o.status === 'WAIT_SELLER_SEND_GOODS')!;
  const order = await adapter.fetchOrder({ accessToken, externalOrderId: open.orderId });
  const push = { accessToken, externalOrderId: open.orderId, lineItems: order.items.map((i) => ({ lineItemId: i.externalItemId, quantity: i.quantity })), carrierCode: 'gls', trackingNumber: 'MI 123 456 789', shippedDate: new Date() };
  expect(await adapter.pushTracking(push)).toEqual({ fulfillmentId: 'MI123456789' });
  expect((await controlOrders()).find((o) => o.orderId === open.orderId)!.fulfilments).toEqual([{ serviceName: 'GLS_IT', logisticsNo: 'MI123456789', sendType: 'all' }]);
  expect(await failure(adapter.pushTracking(push))).toMatchObject({ code: 'ALREADY_FULFILLED' });
  expect((await adapter.getShippingFulfillments(push)).map((f) => f.trackingNumber)).toEqual(['MI123456789']);
  const before = ali.requests().length;
  const other = (await controlOrders()).find((o) => o.status === 'WAIT_SELLER_SEND_GOODS' && o.orderId !== open.orderId)!;
  expect(await failure(adapter.pushTracking({ ...push, externalOrderId: other.orderId, carrierCode: 'brt' }))).toMatchObject({ code: 'REQUEST_REFUSED' });
  expect(ali.requests().slice(before).filter((r) => r.method === 'aliexpress.solution.order.fulfill')).toHaveLength(0);
});

it('answers error_response (HTTP 200) as Smista errors: a wrong secret, the quota ban, an expired token, the platform down', async () => {
  const wrong = adapterFor('segreto-sbagliato');
  expect(await failure(wrong.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 5 }))).toMatchObject({ code: 'CLIENT_REFUSED' });
  await wrong.close();
  const fault = (body: object) => fetch(`${ali.url}/__sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await fault({ kind: 'quota', count: 1, banSeconds: 3 });
  const quota = await failure(adapter.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 5 }));
  expect(quota).toBeInstanceOf(MarketplaceError);
  expect(quota).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: 3000 } });
  await fault({ kind: 'unavailable', count: 1 });
  expect(await failure(adapter.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 5 }))).toMatchObject({ code: KitErrorCode.ProviderUnavailable });
  await fetch(`${ali.url}/__sandbox/sellers/${SELLER.sellerId}/expire-tokens`, { method: 'POST' });
  expect(await failure(adapter.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 5 }))).toMatchObject({ code: 'TOKEN_EXPIRED' });
  await fetch(`${ali.url}/__sandbox/sellers/${SELLER.sellerId}/revoke`, { method: 'POST' });
  expect(await failure(adapter.refreshAccessToken(refreshToken))).toMatchObject({ code: 'REFRESH_REFUSED' });
});
