import { status } from '@grpc/grpc-js';
import { marketplaceMessages as m } from '@smista/contracts';
import { failure, finishedJob, startMarketplacesStack, type MarketplacesStack, type TestMerchant } from './support/harness';

/* One merchant never reaches another's integrations or jobs: every id of theirs answers like an unknown one. */

let stack: MarketplacesStack;
let mine: TestMerchant;
let theirs: TestMerchant;
let theirIntegration: number;
let theirJob: number;

beforeAll(async () => {
  stack = await startMarketplacesStack();
  mine = await stack.newMerchant();
  theirs = await stack.newMerchant();
  theirIntegration = (await theirs.connectEbay(await stack.newSeller(3, 'altrui'))).id;
  theirJob = (await theirs.api.startSync({ merchantId: '', integrationId: theirIntegration, triggeredBy: '' })).id;
  await finishedJob(theirs.api, theirs.merchantId, theirJob);
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

const notFound = { code: status.NOT_FOUND, details: m.integrationNotFound };

it("another merchant's integration id: NOT_FOUND for every call, like an unknown or malformed one", async () => {
  for (const id of [theirIntegration, 987_654_321, -1, 0]) {
    expect(await failure(mine.api.getIntegration({ merchantId: '', id }))).toEqual(notFound);
    expect(await failure(mine.api.toggleIntegration({ merchantId: '', id, active: false }))).toEqual(notFound);
    expect(await failure(mine.api.deleteIntegration({ merchantId: '', id }))).toEqual(notFound);
    expect(await failure(mine.api.refreshToken({ merchantId: '', id }))).toEqual(notFound);
    expect(await failure(mine.api.startSync({ merchantId: '', integrationId: id, triggeredBy: '' }))).toEqual(notFound);
    expect(await failure(mine.api.updateIntegrationSettings({ merchantId: '', id, autoUpdateTracking: true }))).toEqual(notFound);
    for (const shipmentId of [0, 7_700_001]) {
      const push = { merchantId: '', integrationId: id, externalOrderId: 'x', lineItems: [], carrierCode: 'gls', trackingNumber: 'A1', shippedDate: '', shipmentId, orderId: 0 };
      expect(await failure(mine.api.pushTracking(push))).toEqual(notFound);
    }
  }
  expect((await theirs.api.getIntegration({ merchantId: '', id: theirIntegration })).autoUpdateTracking).toBe(false);
  expect((await stack.pool.query('SELECT count(*)::int AS n FROM tracking_pushes')).rows[0].n).toBe(0);
  expect((await failure(mine.api.listJobs({ merchantId: '', integrationId: theirIntegration, limit: 0 }))).code).toBe(status.NOT_FOUND);
  expect((await theirs.api.getIntegration({ merchantId: '', id: theirIntegration })).active).toBe(true);
});

it("another merchant's job id: NOT_FOUND; lists show only one's own", async () => {
  for (const id of [theirJob, 987_654_321, -1]) expect(await failure(mine.api.getJob({ merchantId: '', id }))).toEqual({ code: status.NOT_FOUND, details: m.jobNotFound });
  expect((await mine.api.listJobs({ merchantId: '', integrationId: 0, limit: 0 })).jobs).toEqual([]);
  expect((await mine.api.listIntegrations({ merchantId: '' })).integrations).toEqual([]);
});

it("naming the other merchant's id in the request is NOT_FOUND 'Merchant non trovato'", async () => {
  const wrong = { code: status.NOT_FOUND, details: m.merchantNotFound };
  expect(await failure(mine.api.listIntegrations({ merchantId: theirs.merchantId }))).toEqual(wrong);
  expect(await failure(mine.api.getIntegration({ merchantId: theirs.merchantId, id: theirIntegration }))).toEqual(wrong);
  expect(await failure(mine.api.getJob({ merchantId: theirs.merchantId, id: theirJob }))).toEqual(wrong);
  expect(await failure(mine.api.updateIntegrationSettings({ merchantId: theirs.merchantId, id: theirIntegration, autoUpdateTracking: true }))).toEqual(wrong);
  expect(await failure(mine.api.listJobs({ merchantId: theirs.merchantId, integrationId: 0, limit: 0 }))).toEqual(wrong);
  expect(await failure(mine.api.completeOAuth({ callback: {}, merchantId: theirs.merchantId, marketplace: 'ebay', code: 'abc', error: '', state: '' }))).toEqual(wrong);
});
