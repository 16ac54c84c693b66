import { isUnpaidPayment, linesToShip, paymentPhrase, shipmentMessages as m } from '@smista/contracts';
import { shipmentSearchText } from './search';
import { customsOfOrder, customsStateOf, parcelOfOrder, type CustomsState, type ShipmentParcel, type SourceCustomsLine, type SourcePackage } from './parcel';
import type { LineItem, ShipmentAddress } from './shipment';
import type { CustomsDeclaration } from '@smista/contracts';

/** An order as the orders service answers it (GetOrders), with what a shipment copies from it. */
export interface SourceOrder extends SourcePackage {
  id: number;
  externalId: string;
  marketplace: string;
  integrationId: number;
  /** The orders service's status (`annullato` = cancelled). */
  status: string;
  /** The payment (in_attesa and fallito: not paid, a shipment only with a confirmation). */
  paymentStatus: string;
  carrierIntegrationId: number | null;
  address: {
    id: number;
    fullName: string;
    companyName: string;
    addressLine1: string;
    addressLine2: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
    countryCode: string;
    phoneNumber: string;
    email: string;
  } | null;
  items: SourceItem[];
  /** When the buyer ordered (ISO-8601; absent when unknown): printed on the packing slip. */
  orderDate?: string;
  /** The latest delivery the marketplace promised the buyer (ISO-8601; absent or '' when none). */
  promisedDeliveryBy?: string;
}

/** A line of the order: its marketplace id, and its fulfilment at the marketplace in Smista's words (`LineFulfilmentStatus`; '' when unknown). */
export interface SourceItem extends SourceCustomsLine {
  externalItemId: string;
  fulfillmentStatus: string;
  /** The merchant's SKU of the line ('' or absent: none); the pick list sums by it. */
  sku?: string;
}

/** A pending shipment to insert. */
export interface NewShipment extends ShipmentAddress, CustomsState {
  merchantId: string;
  orderId: number;
  orderExternalId: string;
  marketplace: string;
  marketplaceIntegrationId: number | null;
  lineItems: LineItem[];
  contentDescription: string;
  carrierIntegrationId: number | null;
  carrierProvider: string | null;
  shippingAddressId: number | null;
  searchText: string;
  /** The delivery promised to the buyer (the order's), kept as the shipment's estimated delivery date; null: none. */
  estimatedDeliveryDate?: Date | null;
  /** The order's payment when the shipment was made (a refund later makes a live shipment a problem). */
  orderPaymentStatus: string | null;
  /** The package as the order knows it (issue 25): its weight null when some item's is missing. */
  parcel: ShipmentParcel;
  /** Prefilled from the order's lines when the destination is outside the EU customs union; else null. */
  customs: CustomsDeclaration | null;
}

/** Why an order gets no shipment (the summary counts each). */
export type BulkCreateSkipReason = 'existing' | 'notFound' | 'cancelled' | 'unpaid';

/**
 * What a bulk create does with one requested order id. A shipment of an order not paid, confirmed,
 * carries `unpaidConfirmed` (its payment status): its audit records who confirmed.
 */
export type BulkCreatePlan =
  | { kind: 'create'; shipment: NewShipment; unpaidConfirmed: string | null }
  | { kind: 'skip'; orderId: number; reason: BulkCreateSkipReason; message: string };

/** An ISO-8601 promise as a date; null when absent or unreadable. */
function promisedDate(value: string | undefined): Date | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

/** GLS prints at most 40 characters of the content (NoteAggiuntive); the other carriers fewer matter. */
export const CONTENT_DESCRIPTION_MAX = 40;

/**
 * The label's content line: the items' titles, comma-separated, cut to
 * {@link CONTENT_DESCRIPTION_MAX} characters with an ellipsis.
 *
 * @example contentDescription(['Tazza in ceramica', 'Teiera in ghisa 1 litro']) // 'Tazza in ceramica, Teiera in ghisa 1 li…'
 */
export function contentDescription(titles: string[]): string {
  const text = titles
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(', ');
  const chars = [...text];
  return chars.length <= CONTENT_DESCRIPTION_MAX ? text : `${chars.slice(0, CONTENT_DESCRIPTION_MAX - 1).join('').trimEnd()}…`;
}


const orNull = (v: string | undefined | null) => (v && v.trim() ? v.trim() : null);

/**
 * Spec §2 "create shipments": per requested order, a pending shipment with the recipient and
 * address copied from the order (recipient = the person, else the company; country code default
 * IT), the marketplace lines still to ship (`linesToShip` of the contracts; the label's content names those),
 * and the carrier integration assigned to the order with its carrier
 * code (`carrierProviders`: the merchant's integrations; one no longer there = none). An unknown
 * order (or another merchant's) and a cancelled one create nothing; one not paid (payment in
 * attesa or non riuscito, issue 19) only with `confirmUnpaid`, else it is skipped naming its
 * payment. Whether the order already has a live shipment is decided by the database (the unique
 * index), not here.
 *
 * @example planShipment(merchantId, 42, order, new Map([[7, 'gls']])) // { kind: 'create', shipment: { orderId: 42, carrierProvider: 'gls', ... }, unpaidConfirmed: null }
 */
export function planShipment(
  merchantId: string,
  orderId: number,
  order: SourceOrder | undefined,
  carrierProviders: ReadonlyMap<number, string>,
  options: { confirmUnpaid?: boolean } = {},
): BulkCreatePlan {
  if (!order) return { kind: 'skip', orderId, reason: 'notFound', message: m.orderNotFound };
  if (order.status === 'annullato') return { kind: 'skip', orderId, reason: 'cancelled', message: m.orderCancelled };
  const unpaid = isUnpaidPayment(order.paymentStatus);
  if (unpaid && !options.confirmUnpaid) return { kind: 'skip', orderId, reason: 'unpaid', message: m.orderUnpaid(paymentPhrase(order.paymentStatus)) };
  const a = order.address;
  const lines = linesToShip(order.items);
  const carrierProvider = order.carrierIntegrationId ? carrierProviders.get(order.carrierIntegrationId) ?? null : null;
  const address: ShipmentAddress = {
    recipientName: (a?.fullName.trim() || a?.companyName.trim()) ?? '',
    addressLine1: a?.addressLine1.trim() ?? '',
    addressLine2: orNull(a?.addressLine2),
    city: a?.city.trim() ?? '',
    state: orNull(a?.state),
    postalCode: a?.postalCode.trim() ?? '',
    country: a?.country.trim() ?? '',
    countryCode: (a?.countryCode.trim() || 'IT').toUpperCase(),
    phoneNumber: orNull(a?.phoneNumber),
    recipientEmail: orNull(a?.email),
  };
  const needsCustoms = customsStateOf(address.countryCode, address.postalCode, null).customsNeeded;
  const customs = needsCustoms ? customsOfOrder(lines, order.externalId) : null;
  return {
    kind: 'create',
    shipment: {
      merchantId,
      orderId: order.id,
      orderExternalId: order.externalId,
      marketplace: order.marketplace,
      marketplaceIntegrationId: order.integrationId || null,
      lineItems: lines.filter((i) => i.externalItemId).map((i) => ({ lineItemId: i.externalItemId, quantity: Math.max(1, i.quantity) })),
      contentDescription: contentDescription(lines.map((i) => i.title)),
      carrierIntegrationId: carrierProvider ? order.carrierIntegrationId : null,
      carrierProvider,
      shippingAddressId: a?.id || null,
      ...address,
      searchText: shipmentSearchText({ orderExternalId: order.externalId, orderId: order.id, recipientName: address.recipientName, trackingNumber: null, city: address.city }),
      orderPaymentStatus: order.paymentStatus.trim() || null,
      parcel: parcelOfOrder(order),
      estimatedDeliveryDate: promisedDate(order.promisedDeliveryBy),
      customs,
      ...customsStateOf(address.countryCode, address.postalCode, customs),
    },
    unpaidConfirmed: unpaid ? order.paymentStatus : null,
  };
}
