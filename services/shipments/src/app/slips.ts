import type { MerchantScope } from '@smista/service-kit';
import { slipSelectionSchema } from '@smista/contracts';
import { addressLines, CarrierCallError, italianDate, orderNumberOf, pickListLines, shipmentsErrors, slipLines, type SourceOrder } from '../domain';
import { openSlipBook, type SlipMerchant } from '../documents/slips-pdf';
import { findShipments, labelsOf, liveShipmentsOf, markPrinted } from '../store';
import type { AppDeps } from './deps';
import type { PdfDocument } from './labels';

/** What the lists send: the selected orders, or the selected shipments (whose orders are printed). */
export interface PrintSelection {
  orderIds: readonly number[];
  shipmentIds: readonly number[];
}

export interface PrintedDocument {
  document: PdfDocument;
  pages: number;
  orders: number;
  /** Ids asked that are unknown or another merchant's. */
  skipped: number[];
  /** With the labels: the orders printed without one (no live shipment with a label). */
  ordersWithoutLabel: number[];
}

interface SelectedOrders {
  orders: SourceOrder[];
  /** The shipment whose label follows each order's slip: the one selected, else the order's live one. */
  shipmentOf: Map<number, number>;
  skipped: number[];
}

/**
 * The merchant's orders of a selection, in the order asked (shipments: their orders, once each).
 * Unknown and other merchants' ids are skipped, as the labels' print does; none left: 409.
 */
async function selectedOrders(deps: Pick<AppDeps, 'pool' | 'orders'>, scope: MerchantScope, raw: PrintSelection): Promise<SelectedOrders> {
  const selection = slipSelectionSchema.parse({
    ...(raw.orderIds.length > 0 ? { orderIds: [...raw.orderIds] } : {}),
    ...(raw.shipmentIds.length > 0 ? { shipmentIds: [...raw.shipmentIds] } : {}),
  });
  const skipped: number[] = [];
  const shipmentOf = new Map<number, number>();
  let orderIds: number[];
  if (selection.shipmentIds) {
    const found = await findShipments(deps.pool, scope.merchantId, selection.shipmentIds);
    orderIds = [];
    for (const id of selection.shipmentIds) {
      const s = found.get(id);
      if (!s) skipped.push(id);
      else if (!shipmentOf.has(s.orderId)) {
        shipmentOf.set(s.orderId, s.id);
        orderIds.push(s.orderId);
      }
    }
  } else {
    orderIds = selection.orderIds!;
  }
  const byId = orderIds.length > 0 ? await deps.orders.ordersOf(scope, orderIds) : new Map<number, SourceOrder>();
  const orders = orderIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  if (!selection.shipmentIds) skipped.push(...orderIds.filter((id) => !byId.has(id)));
  if (orders.length === 0) throw shipmentsErrors.noOrdersToPrint();
  if (!selection.shipmentIds) for (const [orderId, shipmentId] of await liveShipmentsOf(deps.pool, scope.merchantId, orders.map((o) => o.id))) shipmentOf.set(orderId, shipmentId);
  return { orders, shipmentOf, skipped };
}

const today = (deps: Pick<AppDeps, 'now'>) => deps.now().toISOString().slice(0, 10);

/**
 * Issue 25 'Lista di prelievo': one PDF with the selection's SKUs, titles and quantities summed,
 * sorted by SKU, lines without SKU by title after them.
 *
 * @example await printPickList(deps, scope, { orderIds: [1, 2], shipmentIds: [] }) // { pages: 1, orders: 2, ... }
 */
export async function printPickList(deps: Pick<AppDeps, 'pool' | 'orders' | 'now'>, scope: MerchantScope, selection: PrintSelection): Promise<PrintedDocument> {
  const { orders, skipped } = await selectedOrders(deps, scope, selection);
  const book = await openSlipBook();
  book.addPickList({ printedAt: deps.now(), orders: orders.length, lines: pickListLines(orders) });
  const { pdf, pages } = await book.save();
  return { document: { filename: `lista-di-prelievo-${today(deps)}.pdf`, contentType: 'application/pdf', data: pdf }, pages, orders: orders.length, skipped, ordersWithoutLabel: [] };
}

/**
 * The merchant's part of the slips: its logo and its default pickup address (the labels' sender,
 * carriers' GetSender). Without a pickup address (or carriers unreachable) the slip prints none.
 */
async function slipMerchant(deps: Pick<AppDeps, 'carriers' | 'branding'>, scope: MerchantScope): Promise<SlipMerchant> {
  const [sender, logo] = await Promise.all([
    deps.carriers.sender(scope).catch((err: unknown) => {
      if (err instanceof CarrierCallError) return null;
      throw err;
    }),
    deps.branding.logoOf(scope),
  ]);
  const lines = sender
    ? addressLines({ name: sender.name, company: sender.companyName, line1: sender.addressLine1, line2: sender.addressLine2, postalCode: sender.postalCode, city: sender.city, province: sender.province, country: sender.country || sender.countryCode })
    : [];
  return { logo, addressLines: lines };
}

/**
 * Issue 25 'Distinte di imballaggio' (and, `withLabels`, 'Stampa etichette e distinte di
 * imballaggio'): one packing slip per order, in the order asked; with the labels each order's slip
 * is followed by its label (marked printed, as the labels' print does), an order without one gets
 * its slip alone and is named in `ordersWithoutLabel`.
 */
export async function printPackingSlips(deps: Pick<AppDeps, 'pool' | 'orders' | 'carriers' | 'branding' | 'now'>, scope: MerchantScope, selection: PrintSelection, withLabels: boolean): Promise<PrintedDocument> {
  const { orders, shipmentOf, skipped } = await selectedOrders(deps, scope, selection);
  const merchant = await slipMerchant(deps, scope);
  const labels = withLabels ? await labelsOf(deps.pool, scope.merchantId, [...shipmentOf.values()]) : new Map<number, Buffer>();
  const book = await openSlipBook(merchant);
  const ordersWithoutLabel: number[] = [];
  const printed: number[] = [];
  for (const order of orders) {
    const a = order.address;
    book.addPackingSlip({
      orderNumber: orderNumberOf(order),
      orderDate: italianDate(order.orderDate),
      recipientLines: a ? addressLines({ name: a.fullName, company: a.companyName, line1: a.addressLine1, line2: a.addressLine2, postalCode: a.postalCode, city: a.city, province: a.state, country: a.country || a.countryCode }) : [],
      lines: slipLines(order),
    });
    if (!withLabels) continue;
    const shipmentId = shipmentOf.get(order.id);
    const label = shipmentId ? labels.get(shipmentId) : undefined;
    if (!label) {
      ordersWithoutLabel.push(order.id);
      continue;
    }
    await book.addPdf(label);
    printed.push(shipmentId!);
  }
  const { pdf, pages } = await book.save();
  if (printed.length > 0) await markPrinted(deps.pool, scope.merchantId, printed);
  const name = withLabels ? 'etichette-e-distinte' : 'distinte-di-imballaggio';
  return { document: { filename: `${name}-${today(deps)}.pdf`, contentType: 'application/pdf', data: pdf }, pages, orders: orders.length, skipped, ordersWithoutLabel };
}
