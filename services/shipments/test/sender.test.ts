/**
 * The sender of a processing run's labels: carriers is asked for the merchant's pickup address once
 * per run (GetSender) and names it on every CreateLabel, instead of asking merchants per label; an
 * address changed between runs is on the next run's labels. Real identity, merchants, carriers,
 * orders and the letter service's labels (which print the sender).
 */
import { createLogger, holdProcessPresence, type ProcessPresence } from '@smista/service-kit';
import { ProcessRunner, type CarrierGateway } from '../src/app';
import type { SenderAddress } from '../src/domain';
import { createCarrierGateway } from '../src/grpc';
import { pageTexts } from './support/pdf';
import { italianOrders, startShipmentsStack, type ShipmentsStack, type TestMerchant } from './support/harness';

let stack: ShipmentsStack;
let shop: TestMerchant;
let posta: number;

beforeAll(async () => {
  stack = await startShipmentsStack();
  shop = await stack.newMerchant();
  posta = await shop.letterService(20, '2IUS');
}, 120_000);
afterAll(() => stack?.stop(), 60_000);

async function letterShipments(count: number): Promise<number[]> {
  const orderIds = await shop.importOrders(italianOrders(count).map((order) => ({ order, carrierIntegrationId: posta })));
  return (await shop.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' })).outcomes.map((o) => o.shipmentId);
}

/** The text of a shipment's label, upper-cased (the letter label prints the sender's company). */
const labelText = async (id: number) => (await pageTexts((await shop.api.getLabel({ id })).data)).join(' ').toUpperCase();

describe('a processing run', () => {
  let presence: ProcessPresence;
  let carriers: CarrierGateway;
  beforeAll(async () => {
    const logger = createLogger('shipments-test', 'silent');
    presence = await holdProcessPresence(stack.config.DATABASE_URL, logger);
    carriers = createCarrierGateway({ address: stack.config.CARRIERS_GRPC_ADDR, callerSecret: stack.config.CALLER_TOKEN_SECRET, logger });
  });
  afterAll(async () => {
    carriers?.close();
    await presence?.close();
  });

  it('asks carriers for the sender once and names it on every label', async () => {
    const ids = await letterShipments(4);
    const asked = { senders: 0, labels: [] as (SenderAddress | undefined)[] };
    const counting: CarrierGateway = {
      ...carriers,
      sender: (caller) => (asked.senders++, carriers.sender(caller)),
      createLabel: (caller, request, deadlineMs) => (asked.labels.push(request.sender), carriers.createLabel(caller, request, deadlineMs)),
    };
    const runner = new ProcessRunner({ pool: stack.pool, logger: createLogger('shipments-test', 'silent'), presence, carriers: counting, now: () => new Date(), concurrency: 2, leaseSeconds: 30, labelDeadlineSeconds: 30 });
    const result = await runner.process({ userId: shop.admin.id, merchantId: shop.merchantId, role: 'admin' }, ids);
    expect(result).toMatchObject({ success: 4, failed: 0 });
    expect(asked.senders).toBe(1);
    expect(asked.labels).toHaveLength(4);
    for (const sender of asked.labels) expect(sender).toMatchObject({ name: 'Bottega Verdi Srl', city: 'Milano', postalCode: '20121', countryCode: 'IT' });
    expect(await labelText(ids[0]!)).toContain('BOTTEGA VERDI SRL');
  });

  it('uses a pickup address changed since the last run', async () => {
    const [first, second] = [await letterShipments(1), await letterShipments(1)];
    expect(await shop.api.processShipments({ shipmentIds: first, allPending: false })).toMatchObject({ success: 1 });
    expect(await labelText(first[0]!)).toContain('BOTTEGA VERDI SRL');
    await shop.renamePickupAddress('Bottega Trasferita Srl');
    expect(await shop.api.processShipments({ shipmentIds: second, allPending: false })).toMatchObject({ success: 1 });
    const text = await labelText(second[0]!);
    expect(text).toContain('BOTTEGA TRASFERITA SRL');
    expect(text).not.toContain('BOTTEGA VERDI SRL');
  });
});
