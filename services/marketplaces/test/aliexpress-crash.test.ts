import { ALIEXPRESS_SANDBOX_APP, aliexpressAuthorizeAs, aliexpressSandboxControl, startAliexpressSandbox, type AliexpressSandbox } from '@smista/sandboxes';
import { finishedJob, importedOrders, startMarketplacesStack, waitFor, type MarketplacesStack, type TestMerchant } from './support/harness';

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

const jobRow = async (id: number) =>
  (await stack.pool.query<{ status: string; orders_synced: number; metadata: { nextOffset: number | null } }>(`SELECT status, orders_synced, metadata FROM jobs WHERE id = $1`, [id])).rows[0]!;

it('resumes a killed AliExpress sync from its last committed page and completes with every order once', async () => {
  const params = await shop.api.getOAuthParams({ marketplace: 'aliexpress', account: '' });
  const back = new URL(await aliexpressAuthorizeAs(params.consentUrl, SELLER));
  const query = Object.fromEntries(back.searchParams);
  const { integration } = await shop.api.completeOAuth({ merchantId: shop.merchantId, marketplace: 'aliexpress', code: query.code!, error: '', state: query.state!, callback: query });
  const started = await shop.api.startSync({ merchantId: '', integrationId: integration!.id, triggeredBy: '' });

  await waitFor('a few committed pages', async () => (await jobRow(started.id)).orders_synced >= 100, 90_000);
  await stack.kill();
  const stuck = await jobRow(started.id);
  expect(stuck.status).toBe('running');
  expect(stuck.orders_synced).toBeLessThan(ORDERS);
  expect(stuck.metadata.nextOffset).toBe(stuck.orders_synced);
  expect((await importedOrders(stack.pool)).filter((e) => e.jobId === started.id)).toHaveLength(stuck.orders_synced);

  await stack.restart();
  const job = await finishedJob(shop.api, shop.merchantId, started.id, 150_000);
  expect(job).toMatchObject({ status: 'completed', ordersFound: ORDERS, ordersSynced: ORDERS });
  const events = (await importedOrders(stack.pool)).filter((e) => e.jobId === started.id);
  expect(new Set(events.map((e) => e.order!.externalId))).toEqual(new Set((await aliexpressSandboxControl(ali.url).orders(SELLER.sellerId)).map((o) => o.orderId)));
  expect(events).toHaveLength(ORDERS);
}, 300_000);
