import { AMAZON_SANDBOX_APP, amazonAuthorizeAs, startAmazonSandbox, type AmazonSandbox } from '@smista/sandboxes';
import { finishedJob, importedOrders, startMarketplacesStack, waitFor, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * kill -9 of the marketplaces service mid-way through a first Amazon sync of 600 orders (pages of
 * 50, a lease of 10 minutes): started again, the service takes the job over and reads on from its
 * last committed page with the pagination token it stored in PostgreSQL (no page read again from
 * the start), and every order is imported exactly once.
 * (Run `npx tsc -p services/marketplaces/tsconfig.build.json` first: the child runs the build.)
 */

const SELLER = { sellerId: 'A2RIPRESA', storeName: 'Ripresa', email: 'venditore@ripresa.it', password: 'Ripresa1!' };
const ORDERS = 600;
const fast = { rate: 100, burst: 100 };

let amazon: AmazonSandbox;
let stack: MarketplacesStack;
let shop: TestMerchant;

beforeAll(async () => {
  amazon = await startAmazonSandbox({ port: 0, latencyMs: 60, sellers: [{ ...SELLER, orders: ORDERS, seed: 31, fbaShare: 0 }], usagePlans: { searchOrders: fast, getOrder: fast, confirmShipment: fast, getMarketplaceParticipations: fast } });
  stack = await startMarketplacesStack({
    childProcess: true,
    env: {
      SYNC_PAGE_SIZE: '50',
      SYNC_JOB_LEASE_SECONDS: '600',
      LOG_LEVEL: 'info',
      AMAZON_APPLICATION_ID: AMAZON_SANDBOX_APP.applicationId,
      AMAZON_CLIENT_ID: AMAZON_SANDBOX_APP.clientId,
      AMAZON_CLIENT_SECRET: AMAZON_SANDBOX_APP.clientSecret,
      AMAZON_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
      AMAZON_CONSENT_URL: amazon.url,
      AMAZON_LWA_URL: amazon.url,
      AMAZON_API_URL: amazon.url,
      AMAZON_RATE_LIMITS: 'searchOrders=100/100,getOrder=100/100,confirmShipment=100/100,getMarketplaceParticipations=100/100',
    },
  });
  shop = await stack.newMerchant();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await amazon?.close();
}, 30_000);

it('an Amazon sync cut by a crash resumes from its last page with the stored pagination token; every order once', async () => {
  const params = await shop.api.getOAuthParams({ marketplace: 'amazon', account: '' });
  const callback = Object.fromEntries(new URL(await amazonAuthorizeAs(params.consentUrl, SELLER)).searchParams);
  const { integration } = await shop.api.completeOAuth({ merchantId: shop.merchantId, marketplace: 'amazon', code: callback.spapi_oauth_code!, error: '', state: callback.state!, callback });
  const started = await shop.api.startSync({ merchantId: '', integrationId: integration!.id, triggeredBy: '' });
  const synced = async () => (await stack.pool.query<{ n: number }>('SELECT orders_synced AS n FROM jobs WHERE id = $1', [started.id])).rows[0]!.n;
  await waitFor('a few committed pages', async () => (await synced()) >= 100, 30_000);
  await stack.kill();
  const readBefore = amazon.requests().filter((r) => r.operation === 'searchOrders').length;
  expect(await synced()).toBeLessThan(ORDERS);

  await stack.restart();
  const job = await finishedJob(shop.api, shop.merchantId, started.id, 90_000);
  expect(job).toMatchObject({ status: 'completed', ordersFound: ORDERS, ordersSynced: ORDERS });
  // After the restart the first search goes on with a token: nothing read again from the start.
  const after = amazon.requests().filter((r) => r.operation === 'searchOrders').slice(readBefore);
  expect(after.length).toBeGreaterThan(0);
  expect(after.every((r) => Boolean(r.query.paginationToken))).toBe(true);
  const imported = (await importedOrders(stack.pool)).filter((e) => e.integrationId === integration!.id).map((e) => e.order!.externalId);
  expect(new Set(imported).size).toBe(ORDERS);
  expect(imported).toHaveLength(ORDERS);
}, 180_000);
