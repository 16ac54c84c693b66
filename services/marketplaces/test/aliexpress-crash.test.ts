import { ALIEXPRESS_SANDBOX_APP, aliexpressAuthorizeAs, aliexpressSandboxControl, startAliexpressSandbox, type AliexpressSandbox } from '@smista/sandboxes';
import { connectedIntegration, startMarketplacesStack, syncKilledAndResumed, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * kill -9 of the marketplaces service in the middle of an AliExpress sync (order.get pages, each
 * order's receipt read beside it): the built `node dist/main.js` as a child process with a short
 * lease and a slow AliExpress sandbox, killed after some pages and started again. The job is taken
 * over from its last committed page: every order published once, none lost. (Build first: the
 * child runs `dist/`.)
 */

const SELLER = { sellerId: '2209998887', userNick: 'Crash AliExpress', email: 'venditore@crash-ali.it', password: 'Crash1!' };
const ORDERS = 300;

let ali: AliexpressSandbox;
let stack: MarketplacesStack;
let shop: TestMerchant;

beforeAll(async () => {
  ali = await startAliexpressSandbox({ port: 0, latencyMs: 30, sellers: [{ ...SELLER, orders: ORDERS, seed: 43 }] });
  stack = await startMarketplacesStack({
    childProcess: true,
    env: {
      SYNC_PAGE_SIZE: '50',
      SYNC_JOB_LEASE_SECONDS: '2',
      LOG_LEVEL: 'info',
      ALIEXPRESS_APP_KEY: ALIEXPRESS_SANDBOX_APP.appKey,
      ALIEXPRESS_APP_SECRET: ALIEXPRESS_SANDBOX_APP.appSecret,
      ALIEXPRESS_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
      ALIEXPRESS_AUTH_URL: ali.url,
      ALIEXPRESS_API_URL: ali.url,
    },
  });
  shop = await stack.newMerchant();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await ali?.close();
}, 30_000);

it('resumes a killed AliExpress sync from its last committed page and completes with every order once', async () => {
  const integration = await connectedIntegration(shop, 'aliexpress', (url) => aliexpressAuthorizeAs(url, SELLER));
  const events = await syncKilledAndResumed(stack, shop, integration.id, { total: ORDERS, killAfter: 100, pagesTimeoutMs: 90_000, finishTimeoutMs: 150_000 });
  expect(new Set(events.map((e) => e.order!.externalId))).toEqual(new Set((await aliexpressSandboxControl(ali.url).orders(SELLER.sellerId)).map((o) => o.orderId)));
}, 300_000);
