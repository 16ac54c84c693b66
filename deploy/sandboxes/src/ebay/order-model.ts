import type { Place } from './places';

/*
 * How the sandbox keeps an order: compact records with whole cents and epoch milliseconds, turned
 * into eBay's Order JSON only when a page is answered (order-json.ts), where the 14/90-day privacy
 * rules are applied against the clock of that moment.
 */

export const FULFILLMENT_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'FULFILLED'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const PAYMENT_STATUSES = ['PAID', 'PENDING', 'FAILED', 'FULLY_REFUNDED', 'PARTIALLY_REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const CANCEL_STATES = ['NONE_REQUESTED', 'IN_PROGRESS', 'CANCELED'] as const;
export type CancelState = (typeof CANCEL_STATES)[number];

export interface SandboxAddress {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

export interface SandboxBuyer {
  username: string;
  fullName: string;
  companyName?: string;
  email: string;
  /** Absent when the buyer gave none. */
  phone?: string;
  address: SandboxAddress;
}

export interface SandboxLineItem {
  lineItemId: string;
  legacyItemId: string;
  legacyVariationId?: string;
  sku: string;
  title: string;
  imageUrl: string;
  variation?: { name: string; value: string };
  quantity: number;
  unitPriceCents: number;
  /** This line's share of the order's delivery cost. */
  shippingCents: number;
  fulfillmentStatus: FulfillmentStatus;
}

/** A shipping fulfillment: one package and the line items in it. */
export interface SandboxFulfillment {
  fulfillmentId: string;
  orderId: string;
  lineItems: { lineItemId: string; quantity: number }[];
  /** ISO-8601 UTC. */
  shippedDate: string;
  shippingCarrierCode?: string;
  trackingNumber?: string;
  /** ISO-8601 UTC: when the sandbox recorded it. */
  createdAt: string;
  /** `seed`: made by the generator for an order shipped before the sandbox started; `api`: createShippingFulfillment. */
  source: 'seed' | 'api';
}

export interface SandboxCancel {
  state: CancelState;
  requestedDate?: number;
  completedDate?: number;
  initiator?: 'BUYER' | 'SELLER';
  reason?: string;
  requestId?: string;
}

export interface SandboxOrder {
  orderId: string;
  sellerId: string;
  /** Epoch ms, whole seconds. */
  creationDate: number;
  lastModifiedDate: number;
  /** The eBay site the listings were bought on (`EBAY_IT`, `EBAY_DE`, …). */
  marketplaceId: string;
  currency: string;
  fulfillmentStatus: FulfillmentStatus;
  paymentStatus: PaymentStatus;
  cancel: SandboxCancel;
  buyer: SandboxBuyer;
  lineItems: SandboxLineItem[];
  shippingServiceCode: string;
  shipByDate: number;
  minDeliveryDate: number;
  maxDeliveryDate: number;
  salesRecordReference: string;
  paymentReferenceId: string;
  /** When the payment went through; absent while pending or after a failure. */
  paymentDate?: number;
  refund?: { refundId: string; cents: number; date: number };
  itemLocation: Place;
  fulfillments: SandboxFulfillment[];
}

export function subtotalCents(order: SandboxOrder): number {
  return order.lineItems.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
}

export function deliveryCents(order: SandboxOrder): number {
  return order.lineItems.reduce((sum, l) => sum + l.shippingCents, 0);
}

export function totalCents(order: SandboxOrder): number {
  return subtotalCents(order) + deliveryCents(order);
}

/** The order's fulfilment status from its line items' (every line shipped: FULFILLED). */
export function fulfillmentStatusOf(lines: readonly SandboxLineItem[]): FulfillmentStatus {
  const shipped = lines.filter((l) => l.fulfillmentStatus === 'FULFILLED').length;
  if (shipped === 0) return 'NOT_STARTED';
  return shipped === lines.length ? 'FULFILLED' : 'IN_PROGRESS';
}

/** Whole cents as eBay's amount text: `"12.30"`. */
export function money(cents: number, currency: string): { value: string; currency: string } {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return { value: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, currency };
}

/** Epoch ms as eBay writes instants: ISO-8601 UTC with milliseconds. */
export function instant(ms: number): string {
  return new Date(ms).toISOString();
}

/** Orders in the order getOrders pages them: creation date, then order id. */
export function compareOrders(a: SandboxOrder, b: SandboxOrder): number {
  return a.creationDate - b.creationDate || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0);
}
