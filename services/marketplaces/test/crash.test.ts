import { SHOPIFY_SANDBOX_APP, shopifyInstallAs, shopifySandboxControl, startShopifySandbox, type ShopifySandbox } from '@smista/sandboxes';
import { finishedJob, importedOrders, startMarketplacesStack, waitFor, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * kill -9 of the marketplaces service in the middle of a sync: `node dist/main.js` runs as a child
 * process with a short lease and a slow sandbox, is killed after some pages, and started again. The
 * job is taken over from its last committed page and completes: every order published, none lost.
 * The same for a Shopify shop, whose pages are cursors the killed process held in memory: the new
 * one reaches the committed offset by reading the cursors up to it.
 * (Run `npx tsc -p services/marketplaces/tsconfig.build.json` first: the child runs the build.)
 */

const SHOPIFY_SHOP = 'crash-prova.myshopify.com';
const SHOPIFY_OWNER = { email: 'titolare@crash-prova.it', password: 'Crash1!prova' };
const SHOPIFY_ORDERS = 1_000;

let stack: MarketplacesStack;
let shop: TestMerchant;
let shopify: ShopifySandbox;

beforeAll(async () => {
  // Shopify Plus: its bucket (20,000 points, 1,000 a second) reads a few hundred orders at once, then paces.
  shopify = await startShopifySandbox({ port: 0, latencyMs: 60, shops: [{ shop: SHOPIFY_SHOP, ...SHOPIFY_OWNER, orders: SHOPIFY_ORDERS, seed: 9, plan: 'plus' }] });
  stack = await startMarketplacesStack({
    childProcess: true,
    sandboxLatencyMs: 60,
    env: {
      SYNC_PAGE_SIZE: '50',
      SYNC_JOB_LEASE_SECONDS: '2',
      LOG_LEVEL: 'info',
      SHOPIFY_CLIENT_ID: SHOPIFY_SANDBOX_APP.clientId,
      SHOPIFY_CLIENT_SECRET: SHOPIFY_SANDBOX_APP.clientSecret,
      SHOPIFY_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
      SHOPIFY_SHOP_URL: `${shopify.url}/store/{shop}`,
    },
  });
  shop = await stack.newMerchant();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await shopify?.close();
}, 30_000);

const jobRow = async (id: number) =>
  (await stack.pool.query<{ status: string; orders_synced: number; lease_owner: string | null; metadata: { nextOffset: number | null } }>(
    `SELECT status, orders_synced, lease_owner, metadata FROM jobs WHERE id = $1`,
    [id],
  )).rows[0]!;

it('resumes a killed sync from its last committed page and completes with no order lost', async () => {
  const seller = await stack.newSeller(1_000, 'crash');
  const integration = await shop.connectEbay(seller);
  const started = await shop.api.startSync({ merchantId: '', integrationId: integration.id, triggeredBy: '' });

  // Some pages in, not all: kill -9 (no drain, the lease is not released).
  await waitFor('a few committed pages', async () => (await jobRow(started.id)).orders_synced >= 200, 30_000);
  await stack.kill();
  const stuck = await jobRow(started.id);
  expect(stuck.status).toBe('running');
  expect(stuck.lease_owner).not.toBeNull();
  expect(stuck.orders_synced).toBeLessThan(1_000);
  expect(stuck.metadata.nextOffset).toBe(stuck.orders_synced);
  const committedBeforeCrash = (await importedOrders(stack.pool)).filter((e) => e.jobId === started.id).length;
  expect(committedBeforeCrash).toBe(stuck.orders_synced);

  // Started again: the lease runs out and the job is taken over where it stopped.
  await stack.restart();
  const job = await finishedJob(shop.api, shop.merchantId, started.id, 90_000);
  expect(job).toMatchObject({ status: 'completed', ordersFound: 1_000, ordersSynced: 1_000 });

  const events = (await importedOrders(stack.pool)).filter((e) => e.jobId === started.id);
  const ids = new Set(events.map((e) => e.order!.externalId));
  expect(ids).toEqual(new Set((await stack.control.orders(seller)).map((o) => o.orderId)));
  // At least once (the orders side is idempotent); in fact the page in flight was never committed, so exactly once.
  expect(events.length).toBeGreaterThanOrEqual(1_000);
  expect(events.length).toBe(1_000);
  await waitFor('the outbox relay of the restarted service', async () => (await stack.pool.query(`SELECT 1 FROM outbox WHERE published_at IS NULL LIMIT 1`)).rows.length === 0, 30_000);
  expect(stack.logText()).toContain('sync completed');
}, 180_000);

it('resumes a killed Shopify sync on a new process, which finds the cursor of its last committed page, and completes with no order lost or repeated', async () => {
  const params = await shop.api.getOAuthParams({ marketplace: 'shopify', account: 'crash-prova' });
  const callback = new URL(await shopifyInstallAs(params.consentUrl, SHOPIFY_OWNER));
  const query = Object.fromEntries(callback.searchParams);
  const { integration } = await shop.api.completeOAuth({ merchantId: shop.merchantId, marketplace: 'shopify', code: query.code ?? '', error: '', state: query.state ?? '', callback: query });
  const started = await shop.api.startSync({ merchantId: '', integrationId: integration!.id, triggeredBy: '' });

  await waitFor('a few committed pages', async () => (await jobRow(started.id)).orders_synced >= 200, 60_000);
  await stack.kill();
  const stuck = await jobRow(started.id);
  expect(stuck).toMatchObject({ status: 'running', metadata: { nextOffset: stuck.orders_synced } });
  expect(stuck.orders_synced).toBeLessThan(SHOPIFY_ORDERS);
  const committedBeforeCrash = (await importedOrders(stack.pool)).filter((e) => e.jobId === started.id).length;
  expect(committedBeforeCrash).toBe(stuck.orders_synced);

  await stack.restart();
  const job = await finishedJob(shop.api, shop.merchantId, started.id, 120_000);
  expect(job).toMatchObject({ status: 'completed', ordersFound: SHOPIFY_ORDERS, ordersSynced: SHOPIFY_ORDERS });
  const events = (await importedOrders(stack.pool)).filter((e) => e.jobId === started.id);
  expect(events.map((e) => e.order!.marketplace)).toEqual(Array(SHOPIFY_ORDERS).fill('shopify'));
  const ids = events.map((e) => e.order!.externalId);
  expect(new Set(ids).size).toBe(SHOPIFY_ORDERS);
  expect(new Set(ids)).toEqual(new Set((await shopifySandboxControl(shopify.url).orders(SHOPIFY_SHOP)).map((o) => o.legacyResourceId)));
}, 240_000);
