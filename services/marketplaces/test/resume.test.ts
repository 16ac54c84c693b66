import { finishedJob, startMarketplacesStack, waitFor, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * kill -9 of the marketplaces service mid-sync, with a job lease far longer than this test may take
 * (10 minutes): started again, the service takes the job over at once, because the dead process's
 * presence in PostgreSQL went with it, and completes it from its last committed page.
 * (Run `npx tsc -p services/marketplaces/tsconfig.build.json` first: the child runs the build.)
 */

let stack: MarketplacesStack;
let shop: TestMerchant;

beforeAll(async () => {
  stack = await startMarketplacesStack({
    childProcess: true,
    sandboxLatencyMs: 60,
    env: { SYNC_PAGE_SIZE: '50', SYNC_JOB_LEASE_SECONDS: '600', LOG_LEVEL: 'info' },
  });
  shop = await stack.newMerchant();
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

it('a sync cut by a crash is taken over as soon as the service is back, long before its lease would run out', async () => {
  const seller = await stack.newSeller(600, 'ripresa');
  const integration = await shop.connectEbay(seller);
  const started = await shop.api.startSync({ merchantId: '', integrationId: integration.id, triggeredBy: '' });
  const synced = async () => (await stack.pool.query<{ n: number }>('SELECT orders_synced AS n FROM jobs WHERE id = $1', [started.id])).rows[0]!.n;
  await waitFor('a few committed pages', async () => (await synced()) >= 100, 30_000);
  await stack.kill();
  const { rows } = await stack.pool.query<{ status: string; lease_left: number }>(
    `SELECT status, extract(epoch FROM lease_until - now())::int AS lease_left FROM jobs WHERE id = $1`,
    [started.id],
  );
  expect(rows[0]!.status).toBe('running');
  // Minutes of lease left: waiting for it would outlast this test.
  expect(rows[0]!.lease_left).toBeGreaterThan(300);

  await stack.restart();
  const job = await finishedJob(shop.api, shop.merchantId, started.id, 90_000);
  expect(job).toMatchObject({ status: 'completed', ordersFound: 600, ordersSynced: 600 });
  expect(stack.logText()).toMatch(/"resumed":true[^\n]*sync job claimed|sync job claimed[^\n]*"resumed":true/);
}, 180_000);
