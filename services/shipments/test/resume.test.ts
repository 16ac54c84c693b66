import { glsTally, italianOrders, startShipmentsStack, waitFor, type ShipmentsStack, type TestMerchant } from './support/harness';

/*
 * kill -9 of the shipments service mid-run, with a run lease far longer than this test may take
 * (10 minutes): started again, the service resumes the run at once, because the dead process's
 * presence in PostgreSQL went with it, and labels the shipments that were in flight as soon as
 * their carrier call is surely over (the label deadline, 5 s), not a lease later. One parcel per
 * shipment at GLS. (Run `npx tsc -p services/shipments/tsconfig.build.json` first: the child runs the build.)
 */

const COUNT = 40;
let stack: ShipmentsStack;
let shop: TestMerchant;

beforeAll(async () => {
  stack = await startShipmentsStack({
    childProcess: true,
    sandboxLatencyMs: 100,
    env: { RUN_LEASE_SECONDS: '600', LABEL_DEADLINE_SECONDS: '5', PROCESS_CONCURRENCY: '4', LOG_LEVEL: 'info' },
  });
  shop = await stack.newMerchant();
}, 120_000);
afterAll(() => stack?.stop(), 60_000);

const shippedCount = async () =>
  (await stack.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM shipments WHERE merchant_id = $1 AND status = 'shipped'`, [shop.merchantId])).rows[0]!.n;

it('a run cut by a crash is resumed as soon as the service is back, long before its lease would run out', async () => {
  const orderIds = await shop.importOrders(italianOrders(COUNT).map((order) => ({ order, carrierIntegrationId: shop.gls })));
  const ids = (await shop.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' })).outcomes.map((o) => o.shipmentId);
  const call = shop.api.processShipments({ shipmentIds: ids, allPending: false }).catch((err: unknown) => err);
  await waitFor('some labels stored', async () => (await shippedCount()) >= 8, 60_000);
  await stack.kill();
  expect(await call).toMatchObject({ code: expect.any(Number) });
  expect(await shippedCount()).toBeLessThan(COUNT);
  const { rows: atKill } = await stack.pool.query<{ id: string; lease_left: number }>(
    `SELECT id, extract(epoch FROM lease_until - now())::int AS lease_left FROM process_runs WHERE merchant_id = $1 AND status = 'running'`,
    [shop.merchantId],
  );
  expect(atKill).toHaveLength(1);
  // Minutes of lease left: waiting for it would outlast this test.
  expect(atKill[0]!.lease_left).toBeGreaterThan(300);

  const restartedAt = Date.now();
  await stack.restart();
  await waitFor(
    'the run resumed and finished',
    async () => (await stack.pool.query<{ status: string }>('SELECT status FROM process_runs WHERE id = $1', [atKill[0]!.id])).rows[0]!.status === 'finished',
    90_000,
  );
  expect(Date.now() - restartedAt).toBeLessThan(300_000);
  expect(await shippedCount()).toBe(COUNT);
  expect(stack.logText()).toContain('processing run taken over');
  const tally = glsTally(stack.gls, ids);
  expect(ids.filter((id) => tally.get(id)!.created !== 1)).toEqual([]);
}, 180_000);
