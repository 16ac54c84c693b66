/**
 * Pick lists and packing slips (issue 25) on the real identity, merchants (the logo), carriers (the
 * sender, a GLS label from the sandbox) and orders (GetOrders, orders imported as events): the PDFs'
 * pages and text for a selection, long item lists over pages, each slip before its label, other
 * merchants' ids skipped and a selection of none of the merchant's refused.
 */
import { status as grpcStatus } from '@grpc/grpc-js';
import { PDFDocument } from 'pdf-lib';
import { slipMessages } from '@smista/contracts';
import { marketplacesEvents } from '@smista/proto';
import { pageTexts } from './support/pdf';
import { pngOf } from '../../../e2e/support/pdf';
import { italianOrders, startShipmentsStack, type ShipmentsStack, type TestMerchant } from './support/harness';

let stack: ShipmentsStack;
let shop: TestMerchant;
let rival: TestMerchant;
let orderIds: number[];
let rivalOrderId: number;
let labelledShipment: number;


const item = (sku: string, title: string, quantity: number, k: number) =>
  marketplacesEvents.ImportedItem.fromPartial({ externalItemId: `9${k}`, sku, title, quantity, unitPrice: '5.00', total: '5.00', currency: 'EUR', fulfillmentStatus: 'da_spedire' });

beforeAll(async () => {
  stack = await startShipmentsStack();
  [shop, rival] = [await stack.newMerchant(), await stack.newMerchant()];
  const orders = italianOrders(3);
  orders[0]!.items = [item('B-2', 'Caffè macinato', 2, 1), item('A-10', 'Tazza', 1, 2)];
  orders[1]!.items = [item('A-10', 'Tazza', 3, 3), item('', 'Biglietto d’auguri', 1, 4)];
  // A long order: 80 lines run over three pages of its slip (27, 44, 9).
  orders[2]!.items = Array.from({ length: 80 }, (_, k) => item(`L-${String(k + 1).padStart(2, '0')}`, `Articolo lungo ${k + 1}`, 1, 100 + k));
  orderIds = await shop.importOrders(orders.map((order, i) => ({ order, carrierIntegrationId: i === 0 ? shop.gls : undefined })));
  [rivalOrderId] = await rival.importOrders(italianOrders(1).map((order) => ({ order })));
  const created = await shop.api.bulkCreate({ orderIds: [orderIds[0]!], confirmUnpaid: false, confirmedBy: '' });
  labelledShipment = created.outcomes[0]!.shipmentId;
  expect(await shop.api.processShipments({ shipmentIds: [labelledShipment], allPending: false })).toMatchObject({ success: 1 });
}, 180_000);
afterAll(() => stack?.stop(), 60_000);

describe('PrintPickList', () => {
  it("sums the merchant's orders' SKUs, sorted; another merchant's order is skipped", async () => {
    const printed = await shop.api.printPickList({ orderIds: [...orderIds, rivalOrderId], shipmentIds: [], withLabels: false });
    expect(printed).toMatchObject({ orders: 3, skipped: [rivalOrderId], ordersWithoutLabel: [] });
    expect(printed.document!.filename).toMatch(/^lista-di-prelievo-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pages = await pageTexts(printed.document!.data);
    expect(pages).toHaveLength(printed.pages);
    expect(pages).toHaveLength(2); // 83 lines: 40 on the first page, 44 on the next
    const all = pages.join('\n');
    expect(all).toContain('3 ordini · 83 articoli · 87 pezzi');
    // A-10 (4 pieces in 2 orders) before B-2, then the L-… lines, the line without SKU last.
    const order = ['A-10', 'B-2', 'L-01', 'L-80', 'Biglietto d'].map((t) => all.indexOf(t));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(all).not.toContain(rival.merchantId);
  });

  it("refuses a selection of none of the merchant's orders, and bad input, changing nothing", async () => {
    await expect(rival.api.printPickList({ orderIds, shipmentIds: [], withLabels: false })).rejects.toMatchObject({ code: grpcStatus.FAILED_PRECONDITION, details: slipMessages.noOrdersFound });
    await expect(shop.api.printPickList({ orderIds: [], shipmentIds: [], withLabels: false })).rejects.toMatchObject({ code: grpcStatus.INVALID_ARGUMENT, details: slipMessages.nothingSelected });
    await expect(shop.api.printPickList({ orderIds: [1], shipmentIds: [2], withLabels: false })).rejects.toMatchObject({ code: grpcStatus.INVALID_ARGUMENT, details: slipMessages.bothSelected });
    await expect(shop.api.printPickList({ orderIds: Array.from({ length: 1001 }, (_, i) => i + 1), shipmentIds: [], withLabels: false })).rejects.toMatchObject({ code: grpcStatus.INVALID_ARGUMENT, details: slipMessages.tooMany });
  });
});

describe('PrintPackingSlips', () => {
  it('prints one slip per order (a long one over pages) with the logo, sender and recipient; with the labels each slip is followed by its label', async () => {
    const merchants = await stack.carriersStack.merchants.as(shop.admin, { merchantId: shop.merchantId, role: 'admin' });
    await merchants.setLogo({ data: pngOf(200, 60) });
    const slips = await shop.api.printPackingSlips({ orderIds, shipmentIds: [], withLabels: false });
    expect(slips).toMatchObject({ orders: 3, pages: 1 + 1 + 3 });
    const pages = await pageTexts(slips.document!.data);
    expect(pages[0]).toContain('Distinta di imballaggio');
    expect(pages[0]).toContain('Bottega Verdi Srl');
    expect(pages[0]).toContain('Caff\u00e8 macinato');
    expect(pages[2]).toContain('Pagina 1 di 3');
    expect(pages[4]).toContain('Pagina 3 di 3');
    expect(pages[4]).toContain('Totale pezzi: 80');
    const doc = await PDFDocument.load(slips.document!.data);
    expect(String(doc.getPage(0).node.Resources()?.toString())).toMatch(/XObject/);

    const label = await pageTexts((await shop.api.getLabel({ id: labelledShipment })).data);
    const withLabels = await shop.api.printPackingSlips({ orderIds: [orderIds[1]!, orderIds[0]!], shipmentIds: [], withLabels: true });
    expect(withLabels).toMatchObject({ orders: 2, ordersWithoutLabel: [orderIds[1]], pages: 2 + label.length });
    const merged = await pageTexts(withLabels.document!.data);
    expect(merged[0]).toContain('Distinta di imballaggio');
    expect(merged[1]).toContain('Distinta di imballaggio');
    expect(merged.slice(2)).toEqual(label);
  });

  it("takes the orders of selected shipments; another merchant's shipment is skipped", async () => {
    const printed = await rival.api.printPackingSlips({ orderIds: [], shipmentIds: [labelledShipment], withLabels: true }).catch((e: unknown) => e);
    expect(printed).toMatchObject({ code: grpcStatus.FAILED_PRECONDITION, details: slipMessages.noOrdersFound });
    const mine = await shop.api.printPackingSlips({ orderIds: [], shipmentIds: [labelledShipment, 999_999_999], withLabels: true });
    expect(mine).toMatchObject({ orders: 1, skipped: [999_999_999], ordersWithoutLabel: [] });
  });
});
