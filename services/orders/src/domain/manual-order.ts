import { searchKey } from '@smista/service-kit';
import { MANUAL_MARKETPLACE, type ManualOrderData } from '@smista/contracts';
import { countryName } from './countries';
import { formatCents, toCents } from './money';
import type { OrderImport } from './imported-order';

/** The integration id of an order with no marketplace behind it (manual or from a CSV file). */
export const MANUAL_INTEGRATION_ID = 0;

/**
 * The version of every order from a CSV file: always the same, so importing a file again (or another
 * file with a number already there) never replaces a stored order; the upsert leaves it as it is.
 */
export const CSV_ORDER_VERSION = new Date('2000-01-01T00:00:00.000Z');

/**
 * A manual order (issue 25) as an import the store takes like any other: marketplace `manual`,
 * integration 0, to ship and paid (the merchant types what is to ship, so it is never held in
 * 'Da pagare'); its version is its creation time, so nothing but the merchant ever replaces it
 * (a CSV import gives {@link CSV_ORDER_VERSION}: the same file again changes nothing).
 * Lines are numbered 1, 2, ... as their external ids; a line's total is unit price × quantity, the
 * order's total their sum; a line's weight is the catalogue's for its SKU, else the one the merchant
 * typed (as a marketplace's own item weight), else unknown.
 *
 * @example manualOrderImport(merchantId, 'M-000001', data, new Date()).marketplace // 'manual'
 */
export function manualOrderImport(merchantId: string, externalId: string, data: ManualOrderData, now: Date, orderDate: Date = now, version: Date = orderDate): OrderImport {
  const items = data.items.map((item, index) => {
    const unit = toCents(item.unitPrice) ?? 0n;
    return {
      externalItemId: String(index + 1),
      legacyItemId: null,
      sku: item.sku || null,
      title: item.title,
      quantity: item.quantity,
      unitPrice: formatCents(unit),
      total: formatCents(unit * BigInt(item.quantity)),
      currency: data.currency,
      imageUrl: null,
      variantInfo: null,
      fulfillmentStatus: null,
      // typed by the merchant, kept as a marketplace's own item weight: the catalogue's weight of the SKU wins
      marketplaceWeightGrams: item.weightGrams,
    };
  });
  const total = items.reduce((sum, i) => sum + (toCents(i.total) ?? 0n), 0n);
  const a = data.address;
  const email = a.recipientEmail || null;
  return {
    merchantId,
    integrationId: MANUAL_INTEGRATION_ID,
    externalId,
    marketplace: MANUAL_MARKETPLACE,
    buyerName: a.recipientName,
    buyerEmail: email,
    externalUsername: null,
    total: formatCents(total),
    currency: data.currency,
    status: 'da_spedire',
    marketplaceStatus: 'da_spedire',
    paymentStatus: 'pagato',
    externalOrderStatus: null,
    externalPaymentStatus: null,
    itemsCount: items.reduce((sum, i) => sum + i.quantity, 0),
    orderDate,
    shipByDate: null,
    promisedDeliveryBy: null,
    lastModifiedAt: version,
    syncedAt: now,
    searchText: searchKey(externalId, a.recipientName, email, null),
    address: {
      fullName: a.recipientName,
      companyName: null,
      addressLine1: a.addressLine1,
      addressLine2: a.addressLine2 || null,
      city: a.city,
      state: a.state || null,
      postalCode: a.postalCode,
      country: countryName(a.countryCode) || a.country,
      countryCode: a.countryCode,
      phoneNumber: a.phoneNumber || null,
      email,
    },
    items,
    originalData: null,
    shippingService: '',
    express: false,
  };
}

/**
 * The lines picked from the catalogue take their product's SKU (the key the upsert weighs a line by
 * and the items are read with, as on import), so the stored line has its product and the order its
 * catalogue weight; the title stays as typed. Null when a picked product is not among the
 * merchant's (unknown, or another merchant's).
 *
 * @example withPickedProducts(data, new Map([[7, { sku: 'TAZZA-01' }]])) // the line with productId 7 gets sku 'TAZZA-01'
 */
export function withPickedProducts(data: ManualOrderData, products: ReadonlyMap<number, { sku: string }>): ManualOrderData | null {
  const items: ManualOrderData['items'] = [];
  for (const item of data.items) {
    if (item.productId === null) {
      items.push(item);
      continue;
    }
    const product = products.get(item.productId);
    if (!product) return null;
    items.push({ ...item, sku: product.sku });
  }
  return { ...data, items };
}

/** The catalogue's products a manual order's lines name, each once. */
export function pickedProductIds(data: ManualOrderData): number[] {
  return [...new Set(data.items.flatMap((i) => (i.productId === null ? [] : [i.productId])))];
}
