import { randomUUID } from 'node:crypto';
import { italianOrders, startShipmentsStack, waitFor, type ShipmentsStack, type TestMerchant } from './support/harness';

/*
 * A replica that stalls past its run lease (a long pause on a busy machine) loses the run to the
 * sweeper, which goes on with it. The merchant who asked still gets the run's outcome, not 503: the
 * request waits for the run to be finished by its new owner. The stall is played by handing the
 * lease to an owner that no longer exists, already expired, as a replica that stopped renewing
 * would leave it.
 */

const COUNT = 30;
let stack: ShipmentsStack;
let shop: TestMerchant;

beforeAll(async () => {
  stack = await startShipmentsStack({ sandboxLatencyMs: 100, env: { RUN_LEASE_SECONDS: '2', PROCESS_CONCURRENCY: '2' } });
  shop = await stack.newMerchant();
}, 120_000);
afterAll(() => stack?.stop(), 60_000);

it('a run whose lease was lost mid-way is finished by the sweeper, and the request answers its outcome', async () => {
  const orderIds = await shop.importOrders(italianOrders(COUNT).map((order) => ({ order, carrierIntegrationId: shop.gls })));
  const ids = (await shop.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' })).outcomes.map((o) => o.shipmentId);
  expect(ids).toHaveLength(COUNT);

  const answer = shop.api.processShipments({ shipmentIds: ids, allPending: false });
  const shipped = async () =>
    (await stack.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM shipments WHERE merchant_id = $1 AND status = 'shipped'`, [shop.merchantId])).rows[0]!.n;
  await waitFor('the first labels stored', async () => (await shipped()) >= 2);
  const { rowCount } = await stack.pool.query(
    `UPDATE process_runs SET lease_owner = $2, lease_until = now() - interval '1 second' WHERE merchant_id = $1 AND status = 'running'`,
    [shop.merchantId, randomUUID()],
  );
  expect(rowCount).toBe(1);

  const result = await answer;
  expect(result).toMatchObject({ success: COUNT, failed: 0, skipped: 0 });
  expect(await shipped()).toBe(COUNT);
  expect(stack.logText()).toContain('processing run taken over');
  const { rows } = await stack.pool.query<{ status: string; done: number; succeeded: number }>('SELECT status, done, succeeded FROM process_runs WHERE merchant_id = $1', [shop.merchantId]);
  expect(rows).toEqual([{ status: 'finished', done: COUNT, succeeded: COUNT }]);
  // One parcel per shipment at GLS, though two owners worked on the run.
  const tally = stack.gls.referenceTally();
  expect(ids.filter((id) => tally[`SHP-${id}`]?.created !== 1)).toEqual([]);
}, 120_000);
