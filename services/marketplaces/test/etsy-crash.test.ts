import { ETSY_SANDBOX_APP, etsyAuthorizeAs, etsySandboxControl, startEtsySandbox, type EtsySandbox } from '@smista/sandboxes';
import { connectedIntegration, startMarketplacesStack, syncKilledAndResumed, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * kill -9 of the marketplaces service in the middle of an Etsy sync (offset pages of receipts): the
 * built `node dist/main.js` as a child process with a short lease and a slow Etsy sandbox, killed
 * after some pages and started again. The job is taken over from its last committed page: every
 * receipt published once, none lost. (Build first: the child runs `dist/`.)
 */

const SELLER = { userId: 91234567, shopId: 77788899, shopName: 'CrashArtigiano', email: 'venditore@crash-etsy.it', password: 'Crash1!' };
const RECEIPTS = 600;

let etsy: EtsySandbox;
let stack: MarketplacesStack;
let shop: TestMerchant;

beforeAll(async () => {
  etsy = await startEtsySandbox({ port: 0, latencyMs: 60, sellers: [{ ...SELLER, receipts: RECEIPTS, seed: 41 }], quota: { perSecond: 1000, perDay: 10_000_000 } });
  stack = await startMarketplacesStack({
    childProcess: true,
    env: {
      SYNC_PAGE_SIZE: '50',
      SYNC_JOB_LEASE_SECONDS: '2',
      LOG_LEVEL: 'info',
      ETSY_KEYSTRING: ETSY_SANDBOX_APP.keystring,
      ETSY_SHARED_SECRET: ETSY_SANDBOX_APP.sharedSecret,
      ETSY_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
      ETSY_CONNECT_URL: etsy.url,
      ETSY_TOKEN_URL: etsy.url,
      ETSY_API_URL: etsy.url,
    },
  });
  shop = await stack.newMerchant();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await etsy?.close();
}, 30_000);

it('resumes a killed Etsy sync from its last committed page and completes with every receipt once', async () => {
  const integration = await connectedIntegration(shop, 'etsy', (url) => etsyAuthorizeAs(url, SELLER));
  const events = await syncKilledAndResumed(stack, shop, integration.id, { total: RECEIPTS, killAfter: 150, pagesTimeoutMs: 60_000, finishTimeoutMs: 120_000 });
  expect(new Set(events.map((e) => e.order!.externalId))).toEqual(new Set((await etsySandboxControl(etsy.url).receipts(SELLER.userId)).map((r) => String(r.receiptId))));
}, 240_000);
