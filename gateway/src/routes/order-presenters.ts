import type { orders } from '@smista/proto';
import { orderAddressOfPostal, orderStatusFilters, pageMeta } from '@smista/contracts';
import type {
  OrderItemJson,
  OrderJson,
  OrderMarketplaceFilter,
  OrderPageJson,
  OrderShipmentJson,
  OrderStatus,
  OrderStatusCountsJson,
  PaymentStatus,
  ShippingAddressDetailsJson,
} from '@smista/contracts';

/** The orders service's answers → the JSON the orders screens read (`libs/contracts/src/api-types/`). */

const orNull = (v: string | undefined) => (v ? v : null);

function addressJson({ id, address }: orders.ShippingAddress): ShippingAddressDetailsJson {
  const a = orderAddressOfPostal(address);
  return {
    id,
    fullName: a.fullName,
    companyName: orNull(a.companyName),
    addressLine1: a.addressLine1,
    addressLine2: orNull(a.addressLine2),
    city: a.city,
    // Spec §3: the screen reads either name.
    stateOrProvince: orNull(a.state),
    state: orNull(a.state),
    postalCode: a.postalCode,
    country: a.country,
    countryCode: a.countryCode,
    phoneNumber: orNull(a.phoneNumber),
    email: orNull(a.email),
  };
}

function itemJson(orderId: number, i: orders.OrderItem): OrderItemJson {
  return {
    id: i.id,
    orderId,
    externalItemId: i.externalItemId,
    title: i.title,
    productName: i.title,
    sku: orNull(i.sku),
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    total: i.total,
    currency: i.currency,
    imageUrl: orNull(i.imageUrl),
    variantInfo: orNull(i.variantInfo),
    shipByDate: orNull(i.shipByDate),
    fulfillmentStatus: orNull(i.fulfillmentStatus),
    productId: i.productId > 0 ? i.productId : null,
    weightGrams: i.weightGrams ?? null,
    hsCode: i.hsCode,
    originCountry: i.originCountry,
    customsDescription: i.customsDescription,
  };
}

/** The marketplace's payload of the detail, as JSON; null when none (or, never expected, not JSON). */
function originalData(json: string): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

function orderShipmentJson(s: orders.OrderShipment): OrderShipmentJson {
  return {
    id: s.id,
    status: s.status,
    trackingNumber: orNull(s.trackingNumber),
    carrierProvider: orNull(s.carrierProvider),
    carrierIntegrationId: s.carrierIntegrationId > 0 ? s.carrierIntegrationId : null,
    hasLabel: s.hasLabel,
    updatedAt: s.updatedAt,
  };
}

/** An order (spec §3). `withOriginalData` adds the marketplace's payload (the detail only). */
export function orderJson(o: orders.Order, options: { withOriginalData?: boolean } = {}): OrderJson {
  const json: OrderJson = {
    id: o.id,
    merchantId: o.merchantId,
    integrationId: o.integrationId,
    externalId: o.externalId,
    marketplace: o.marketplace as OrderMarketplaceFilter,
    buyerName: o.buyerName,
    buyerEmail: orNull(o.buyerEmail),
    externalUsername: orNull(o.externalUsername),
    shippingAddressId: o.shippingAddress ? o.shippingAddress.id : null,
    total: o.total,
    currency: o.currency,
    status: o.status as OrderStatus,
    paymentStatus: o.paymentStatus as PaymentStatus,
    externalOrderStatus: orNull(o.externalOrderStatus),
    externalPaymentStatus: orNull(o.externalPaymentStatus),
    itemsCount: o.itemsCount,
    orderDate: o.orderDate,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    shipByDate: orNull(o.shipByDate),
    lastSyncedAt: orNull(o.lastSyncedAt),
    carrierIntegrationId: o.carrierIntegrationId > 0 ? o.carrierIntegrationId : null,
    shippingAddressDetails: o.shippingAddress ? addressJson(o.shippingAddress) : null,
    appliedRule: o.appliedRuleId > 0 ? { id: o.appliedRuleId, name: o.appliedRuleName } : null,
    carrierSource: o.carrierSource === 'manual' || o.carrierSource === 'rule' ? o.carrierSource : null,
    shippingService: o.shippingService,
    isExpress: o.isExpress,
    weightKg: o.weightKg ?? null,
    weightMissing: o.weightMissing,
    package: o.package ? { ...o.package } : null,
    items: o.items.map((i) => itemJson(o.id, i)),
    shipments: o.shipments.map(orderShipmentJson),
  };
  if (options.withOriginalData) json.originalData = originalData(o.originalDataJson);
  return json;
}

/** The tabs' counts (`all`, `TO_SHIP`, ...) from the service's per-status counts (stored values). */
export function statusCountsJson(counts: orders.StatusCount[]): OrderStatusCountsJson {
  const byStatus = new Map(counts.map((c) => [c.status, c.count]));
  const out = { all: counts.reduce((sum, c) => sum + c.count, 0) } as OrderStatusCountsJson;
  for (const [filter, status] of Object.entries(orderStatusFilters) as [keyof typeof orderStatusFilters, OrderStatus][]) {
    out[filter] = byStatus.get(status) ?? 0;
  }
  return out;
}

/** A page of orders: `{data, meta}` with the §3 meta and the tabs' counts. */
export function orderPageJson(res: orders.ListOrdersResponse): OrderPageJson {
  const m = res.meta;
  const meta = m ? { ...m } : pageMeta(1, 20, 0);
  return { data: res.orders.map((o) => orderJson(o)), meta: { ...meta, statusCounts: statusCountsJson(res.statusCounts) } };
}
