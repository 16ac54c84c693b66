import { shipmentsEvents } from '@smista/proto';
import { glsShipments, italianOrders, outboxEvents, startShipmentsStack, waitFor, type ShipmentsStack, type TestMerchant } from './support/harness';

/*
 * kill -9 of the shipments service in the middle of a processing run: `node dist/main.js` runs as a
 * child process with a short run lease, labels GLS shipments against a slow sandbox, is killed after
 * some labels, and started again. The run is taken over and finished; at GLS every shipment exists
 * exactly once with one parcel (the label sequence, taken before the first call, makes the retry of a
 * label in flight at the kill answer the same parcel).
 * (Run `npx tsc -p services/shipments/tsconfig.build.json` first: the child runs the build.)
 */

const COUNT = 80;
let stack: ShipmentsStack;
let shop: TestMerchant;

beforeAll(async () => {
  stack = await startShipmentsStack({
    childProcess: true,
    sandboxLatencyMs: 100,
    env: { RUN_LEASE_SECONDS: '2', LABEL_DEADLINE_SECONDS: '5', PROCESS_CONCURRENCY: '4', LOG_LEVEL: 'info' },
  });
  shop = await stack.newMerchant();
}, 120_000);
afterAll(() => stack?.stop(), 60_000);

const counts = async () =>
  Object.fromEntries(
    (await stack.pool.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM shipments WHERE merchant_id = $1 GROUP BY status', [shop.merchantId])).rows.map((r) => [r.status, r.n]),
  ) as Record<string, number>;

it('resumes a killed run and labels every shipment exactly once at the carrier', async () => {
  const orderIds = await shop.importOrders(italianOrders(COUNT).map((order) => ({ order, carrierIntegrationId: shop.gls })));
  const created = await shop.api.bulkCreate({ orderIds });
  expect(created.created).toBe(COUNT);
  const ids = created.outcomes.map((o) => o.shipmentId);

  // The call dies with the process: what matters is the run it started.
  const call = shop.api.processShipments({ shipmentIds: ids, allPending: false }).catch((err: unknown) => err);
  await waitFor('some labels stored', async () => ((await counts()).shipped ?? 0) >= 12, 60_000);
  stack.kill();
  expect(await call).toMatchObject({ code: expect.any(Number) });
  const atKill = await counts();
  expect(atKill.shipped).toBeLessThan(COUNT);
  const { rows: runs } = await stack.pool.query<{ id: string; status: string; done: number }>('SELECT id, status, done FROM process_runs WHERE merchant_id = $1', [shop.merchantId]);
  expect(runs).toHaveLength(1);
  expect(runs[0]!.status).toBe('running');

  await stack.restart();
  await waitFor(
    'the run taken over and finished',
    async () => (await stack.pool.query<{ status: string }>('SELECT status FROM process_runs WHERE id = $1', [runs[0]!.id])).rows[0]!.status === 'finished',
    90_000,
  );
  expect(await counts()).toEqual({ shipped: COUNT });
  const { rows: run } = await stack.pool.query('SELECT total, done, succeeded, failed FROM process_runs WHERE id = $1', [runs[0]!.id]);
  expect(run[0]).toEqual({ total: COUNT, done: COUNT, succeeded: COUNT, failed: 0 });

  // At GLS: one shipment with one parcel per shipment of ours, and the numbers are the ones stored.
  const { rows } = await stack.pool.query<{ recipient_name: string; carrier_shipment_number: string }>(
    'SELECT recipient_name, carrier_shipment_number FROM shipments WHERE merchant_id = $1',
    [shop.merchantId],
  );
  const names = new Set(rows.map((r) => r.recipient_name.toUpperCase()));
  const atGls = (await glsShipments(stack.glsUrl)).filter((s) => names.has(s.recipient.toUpperCase()));
  expect(atGls).toHaveLength(COUNT);
  expect(atGls.every((s) => s.parcels === 1)).toBe(true);
  expect(new Set(atGls.map((s) => s.number))).toEqual(new Set(rows.map((r) => r.carrier_shipment_number)));
  expect((await stack.pool.query('SELECT count(*)::int AS n FROM labels l JOIN shipments s ON s.id = l.shipment_id WHERE s.merchant_id = $1', [shop.merchantId])).rows[0].n).toBe(COUNT);

  // Every shipment's trail ends with its label; attempts cut by the kill stay as 'started'.
  const { rows: calls } = await stack.pool.query<{ shipment_id: string; outcome: string }>(
    `SELECT shipment_id, outcome FROM shipment_calls WHERE merchant_id = $1 AND operation = 'CreateLabel' ORDER BY id`,
    [shop.merchantId],
  );
  expect(new Set(calls.filter((c) => c.outcome === 'ok').map((c) => Number(c.shipment_id)))).toEqual(new Set(ids));
  expect(calls.every((c) => c.outcome === 'ok' || c.outcome === 'started')).toBe(true);
  // The dangerous case happened: labels in flight at the kill were asked again after the takeover.
  const cut = new Set(calls.filter((c) => c.outcome === 'started').map((c) => Number(c.shipment_id)));
  expect(cut.size).toBeGreaterThan(0);

  // One labelled event per shipment, never two.
  await waitFor('the relay of the restarted service', async () => (await stack.pool.query('SELECT 1 FROM outbox WHERE published_at IS NULL LIMIT 1')).rows.length === 0, 30_000);
  const labelled = (await outboxEvents(stack.pool, 'shipments.shipment.labelled')).map((p) => shipmentsEvents.ShipmentLabelled.decode(p).shipmentId);
  expect(labelled.sort()).toEqual([...ids].sort());
  expect(stack.logText()).toContain('processing run taken over');
}, 240_000);
