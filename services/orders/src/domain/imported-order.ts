import { isUuid, searchKey } from '@smista/service-kit';
import { lineFulfilmentStatuses, marketplaceIds, type LineFulfilmentStatus, type MarketplaceId, type OrderStatus, type PostalAddress } from '@smista/contracts';
import { InvalidEventError } from './errors';
import { countryName } from './countries';
import { formatCents, MAX_CENTS, toCents } from './money';
import { heldForPayment, mapOrderStatus, mapPaymentStatus } from './statuses';
import type { OrderFacts } from './order';

/**
 * The `marketplaces.order.imported` event as this module reads it (the generated
 * `MarketplaceOrderImported` fits it): every field as the wire gives it, unchecked.
 */
export interface ImportedOrderEvent {
  merchantId: string;
  integrationId: number;
  jobId: number;
  syncedAt: string;
  order?: {
    externalId: string;
    marketplace: string;
    buyerName: string;
    buyerEmail: string;
    externalUsername: string;
    total: string;
    currency: string;
    status: string;
    paymentStatus: string;
    externalOrderStatus: string;
    externalPaymentStatus: string;
    orderDate: string;
    lastModifiedAt: string;
    shipByDate: string;
    promisedDeliveryBy?: string;
    shippingAddress?: ImportedAddressEvent;
    items: {
      externalItemId: string;
      legacyItemId: string;
      sku: string;
      title: string;
      quantity: number;
      unitPrice: string;
      total: string;
      currency: string;
      imageUrl: string;
      variantInfo: string;
      fulfillmentStatus: string;
      /** Of one unit; 0 = unknown. Older events lack it. */
      weightGrams?: number;
    }[];
    rawJson: string;
    /** Older events lack it. */
    shippingService?: string;
    /** The adapter's express marker; older events lack it (not express). */
    express?: boolean;
  };
}

/**
 * The buyer's address in the event: the one postal address in `address` (field 11), and the older
 * layout's own fields (1-10), which are all an event of an older publisher has.
 */
export interface ImportedAddressEvent {
  fullName: string;
  companyName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  countryCode: string;
  phoneNumber: string;
  email: string;
  address?: Partial<PostalAddress>;
}

/**
 * The buyer's address of an event as the one postal address: `address` when the publisher set it,
 * else the older layout's fields (events published before it, still replayed from the stream).
 */
export function postalAddressOfImport(a: ImportedAddressEvent): Partial<PostalAddress> {
  if (a.address) return a.address;
  return {
    name: a.fullName,
    companyName: a.companyName,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2,
    city: a.city,
    province: a.stateOrProvince,
    postalCode: a.postalCode,
    countryCode: a.countryCode,
    phone: a.phoneNumber,
    email: a.email,
  };
}

/** The shipping address of an import; empty optional fields are null. */
export interface ImportAddress {
  fullName: string;
  companyName: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  /** Italian name of the country (from the code), '' when the code is unknown. */
  country: string;
  countryCode: string;
  phoneNumber: string | null;
  email: string | null;
}

/** One line of an import; amounts as "12.34". */
export interface ImportItem {
  externalItemId: string;
  legacyItemId: string | null;
  sku: string | null;
  title: string;
  quantity: number;
  unitPrice: string;
  total: string;
  currency: string;
  imageUrl: string | null;
  variantInfo: string | null;
  /** In Smista's words (`LineFulfilmentStatus`, the adapter's mapping); null when unknown. */
  fulfillmentStatus: LineFulfilmentStatus | null;
  /** One unit's weight as the marketplace gives it (grams); null when it does not (the catalogue's is used). */
  marketplaceWeightGrams: number | null;
}

/** The line's fulfilment as the adapter mapped it; anything else (none, a value outside Smista's) is unknown. */
function lineFulfilment(value: string | undefined, warnings: string[], what: string): LineFulfilmentStatus | null {
  const v = text(value).toLowerCase();
  if (!v) return null;
  if ((lineFulfilmentStatuses as readonly string[]).includes(v)) return v as LineFulfilmentStatus;
  warnings.push(`${what}: unknown fulfilment status ${JSON.stringify(v)}, kept unknown`);
  return null;
}

/**
 * An imported order, checked and normalised: what the store writes. `status` is the one shown
 * before any shipment: the marketplace's, held as `da_pagare` while the order is not paid.
 */
export interface OrderImport extends OrderFacts {
  /** What the marketplace says (the adapter's mapping), kept apart from the status shown. */
  marketplaceStatus: OrderStatus;
  /** The version: only an import with a later one changes a stored order. (A null e-mail keeps the stored one.) */
  lastModifiedAt: Date;
  syncedAt: Date;
  /** See `search.ts`. */
  searchText: string;
  /** Null when the import has none (eBay drops it after 90 days): the stored one is kept. */
  address: ImportAddress | null;
  items: ImportItem[];
  /** The marketplace's payload as JSON text, or null. */
  originalData: string | null;
  /** The marketplace's shipping service (eBay shippingServiceCode), '' when unknown: shown, never interpreted here. */
  shippingService: string;
  /** The buyer chose an express service, as the marketplace's adapter read it. */
  express: boolean;
}

/** An import ready to store, with what was defaulted (worth a warning in the log). */
export interface ParsedImport {
  order: OrderImport;
  warnings: string[];
}

/** A unit heavier than this (1 t) is a marketplace's mistake: its weight is taken as unknown. */
const MAX_UNIT_WEIGHT_GRAMS = 1_000_000;

/** Longest text kept from a marketplace field; longer values are cut. */
const MAX_TEXT = 1_000;

/** Trimmed, without NUL (PostgreSQL text cannot hold it), at most MAX_TEXT characters. */
function text(value: string | undefined): string {
  return (value ?? '').replace(/\u0000/g, '').trim().slice(0, MAX_TEXT);
}
const orNull = (value: string | undefined) => text(value) || null;

/** A timestamp from ISO-8601 text, or null. */
function instant(value: string | undefined): Date | null {
  const v = text(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function currencyOf(value: string | undefined, fallback: string, warnings: string[], what: string): string {
  const v = text(value).toUpperCase();
  if (/^[A-Z]{3}$/.test(v)) return v;
  if (v) warnings.push(`${what}: unknown currency ${JSON.stringify(v)}, ${fallback} used`);
  return fallback;
}

/**
 * The marketplace's raw payload as JSON text for a jsonb column: null when empty or not JSON;
 * `\u0000` escapes (jsonb refuses them) removed by re-encoding.
 */
function originalDataOf(raw: string, warnings: string[]): string | null {
  if (!raw.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    warnings.push('raw_json is not JSON: not kept');
    return null;
  }
  if (!raw.includes('\\u0000')) return raw;
  return JSON.stringify(parsed, (_key, value: unknown) => (typeof value === 'string' ? value.replace(/\u0000/g, '') : value));
}

/**
 * Checks and normalises a `marketplaces.order.imported` event (spec §3 orders, order_items,
 * shipping address). Refused (InvalidEventError: the consumer retries and dead-letters it) without
 * what identifies or values the order: merchant, integration, external id, marketplace, order date,
 * total. Everything else has a default and a warning: unknown status → da_spedire, unknown payment
 * → in_attesa (statuses.ts; an order to ship not paid is shown as da_pagare), no last-modified date → the order date, a line without id → its
 * legacy id or position, an unreadable quantity → 1, a missing line total → unit price × quantity
 * (a missing unit price → total ÷ quantity; neither → 0.00), an unknown currency → EUR.
 *
 * @example const { order, warnings } = parseImportedOrder(event, new Date());
 */
export function parseImportedOrder(event: ImportedOrderEvent, now: Date): ParsedImport {
  const warnings: string[] = [];
  const o = event.order;
  if (!isUuid(event.merchantId ?? '')) throw new InvalidEventError('merchant_id is not a uuid');
  if (!Number.isSafeInteger(event.integrationId) || event.integrationId <= 0) throw new InvalidEventError('integration_id is not a positive integer');
  if (!o) throw new InvalidEventError('order missing');
  const externalId = text(o.externalId);
  if (!externalId) throw new InvalidEventError('order.external_id missing');
  const marketplace = text(o.marketplace).toLowerCase();
  if (!(marketplaceIds as readonly string[]).includes(marketplace)) throw new InvalidEventError(`order.marketplace ${JSON.stringify(marketplace)} unknown`);
  const orderDate = instant(o.orderDate);
  if (!orderDate) throw new InvalidEventError('order.order_date is not an ISO-8601 timestamp');
  const totalCents = toCents(o.total ?? '');
  if (totalCents === null) throw new InvalidEventError(`order.total ${JSON.stringify(text(o.total))} is not a decimal amount`);

  let lastModifiedAt = instant(o.lastModifiedAt);
  if (!lastModifiedAt) {
    warnings.push('last_modified_at missing: order date used as the version');
    lastModifiedAt = orderDate;
  }
  const status = mapOrderStatus(o.status ?? '');
  if (!status.known) warnings.push(`unknown status ${JSON.stringify(text(o.status))}: ${status.value}`);
  const payment = mapPaymentStatus(o.paymentStatus ?? '');
  if (!payment.known) warnings.push(`unknown payment status ${JSON.stringify(text(o.paymentStatus))}: ${payment.value}`);
  const currency = currencyOf(o.currency, 'EUR', warnings, 'order');

  const items = (o.items ?? []).map((item, index): ImportItem => {
    const what = `item ${index + 1}`;
    let quantity = item.quantity;
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > 1_000_000) {
      warnings.push(`${what}: quantity ${quantity} unreadable, 1 used`);
      quantity = 1;
    }
    let unit = toCents(item.unitPrice ?? '');
    let total = toCents(item.total ?? '');
    if (unit === null && total === null) {
      warnings.push(`${what}: no readable price, 0.00 used`);
      unit = 0n;
    }
    if (total === null) total = unit! * BigInt(quantity);
    if (unit === null) unit = total / BigInt(quantity);
    if (total > MAX_CENTS || total < -MAX_CENTS) throw new InvalidEventError(`${what}: total too large`);
    const externalItemId = text(item.externalItemId) || text(item.legacyItemId) || String(index + 1);
    if (!text(item.externalItemId)) warnings.push(`${what}: no line id, ${externalItemId} used`);
    return {
      externalItemId,
      legacyItemId: orNull(item.legacyItemId),
      sku: orNull(item.sku),
      title: text(item.title),
      quantity,
      unitPrice: formatCents(unit),
      total: formatCents(total),
      currency: currencyOf(item.currency, currency, warnings, what),
      imageUrl: orNull(item.imageUrl),
      variantInfo: orNull(item.variantInfo),
      fulfillmentStatus: lineFulfilment(item.fulfillmentStatus, warnings, what),
      marketplaceWeightGrams: Number.isSafeInteger(item.weightGrams) && item.weightGrams! > 0 && item.weightGrams! <= MAX_UNIT_WEIGHT_GRAMS ? item.weightGrams! : null,
    };
  });

  const a = o.shippingAddress ? postalAddressOfImport(o.shippingAddress) : undefined;
  const address: ImportAddress | null =
    a && [a.name, a.addressLine1, a.city, a.postalCode, a.countryCode].some((v) => text(v))
      ? {
          fullName: text(a.name),
          companyName: orNull(a.companyName),
          addressLine1: text(a.addressLine1),
          addressLine2: orNull(a.addressLine2),
          city: text(a.city),
          state: orNull(a.province),
          postalCode: text(a.postalCode),
          // Ours in Italian where the code is known; else the publisher's, if it named one.
          country: countryName(a.countryCode ?? '') || text(a.country),
          countryCode: text(a.countryCode).toUpperCase().slice(0, 2),
          phoneNumber: orNull(a.phone),
          email: orNull(a.email),
        }
      : null;

  const buyerName = text(o.buyerName) || address?.fullName || '';
  const buyerEmail = orNull(o.buyerEmail);
  const externalUsername = orNull(o.externalUsername);
  return {
    order: {
      merchantId: event.merchantId.toLowerCase(),
      integrationId: event.integrationId,
      externalId,
      marketplace: marketplace as MarketplaceId,
      buyerName,
      buyerEmail,
      externalUsername,
      total: formatCents(totalCents),
      currency,
      status: heldForPayment(status.value, payment.value),
      marketplaceStatus: status.value,
      paymentStatus: payment.value,
      externalOrderStatus: orNull(o.externalOrderStatus),
      externalPaymentStatus: orNull(o.externalPaymentStatus),
      itemsCount: items.reduce((sum, i) => sum + i.quantity, 0),
      orderDate,
      lastModifiedAt,
      shipByDate: instant(o.shipByDate),
      promisedDeliveryBy: instant(o.promisedDeliveryBy),
      syncedAt: instant(event.syncedAt) ?? now,
      searchText: searchKey(externalId, buyerName, buyerEmail, externalUsername),
      address,
      items,
      originalData: originalDataOf(o.rawJson ?? '', warnings),
      shippingService: text(o.shippingService).slice(0, 100),
      express: o.express === true,
    },
    warnings,
  };
}
