import { catalogue, orders } from '@smista/proto';
import { conditionsToWire, postalAddressOfOrder } from '@smista/contracts';
import { kgOf, type Order, type OrderItem, type OrderShipment, type PackagePreset, type Product, type ShippingAddress, type ShippingRule } from '../domain';
import type { PlannedOrder } from '../app/shipping-rules';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');

function toAddressMessage(a: ShippingAddress): orders.ShippingAddress {
  return { id: a.id, address: postalAddressOfOrder(a) };
}

function toItemMessage(i: OrderItem): orders.OrderItem {
  return orders.OrderItem.fromPartial({
    id: i.id,
    externalItemId: i.externalItemId,
    title: i.title,
    sku: i.sku ?? '',
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    total: i.total,
    currency: i.currency,
    imageUrl: i.imageUrl ?? '',
    variantInfo: i.variantInfo ?? '',
    shipByDate: iso(i.shipByDate),
    fulfillmentStatus: i.fulfillmentStatus ?? '',
    productId: i.productId ?? 0,
    weightGrams: i.weightGrams ?? undefined,
    hsCode: i.hsCode,
    originCountry: i.originCountry,
    customsDescription: i.customsDescription,
  });
}

function toShipmentMessage(sh: OrderShipment): orders.OrderShipment {
  return orders.OrderShipment.fromPartial({
    id: sh.shipmentId,
    status: sh.status,
    trackingNumber: sh.trackingNumber ?? '',
    carrierProvider: sh.carrierProvider ?? '',
    carrierIntegrationId: sh.carrierIntegrationId ?? 0,
    hasLabel: sh.hasLabel,
    updatedAt: iso(sh.updatedAt),
  });
}

/** An order as answered: empty strings and 0 for "none" (proto3); the payload only when it was read. */
export function toOrderMessage(o: Order): orders.Order {
  return orders.Order.fromPartial({
    id: o.id,
    merchantId: o.merchantId,
    integrationId: o.integrationId,
    externalId: o.externalId,
    marketplace: o.marketplace,
    buyerName: o.buyerName,
    buyerEmail: o.buyerEmail ?? '',
    externalUsername: o.externalUsername ?? '',
    total: o.total,
    currency: o.currency,
    status: o.status,
    paymentStatus: o.paymentStatus,
    externalOrderStatus: o.externalOrderStatus ?? '',
    externalPaymentStatus: o.externalPaymentStatus ?? '',
    itemsCount: o.itemsCount,
    orderDate: iso(o.orderDate),
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
    shipByDate: iso(o.shipByDate),
    promisedDeliveryBy: iso(o.promisedDeliveryBy),
    lastSyncedAt: iso(o.lastSyncedAt),
    carrierIntegrationId: o.carrierIntegrationId ?? 0,
    shippingAddress: o.shippingAddress ? toAddressMessage(o.shippingAddress) : undefined,
    items: o.items.map(toItemMessage),
    originalDataJson: o.originalData ?? '',
    shipments: o.shipments.map(toShipmentMessage),
    appliedRuleId: o.appliedRule?.id ?? 0,
    appliedRuleName: o.appliedRule?.name ?? '',
    carrierSource: o.carrierSource ?? '',
    shippingService: o.shippingService,
    isExpress: o.express,
    weightKg: o.weightGrams === null ? undefined : kgOf(o.weightGrams),
    package: o.package
      ? {
          presetId: o.package.id,
          name: o.package.name,
          lengthMm: o.package.lengthMm,
          widthMm: o.package.widthMm,
          heightMm: o.package.heightMm,
          tareGrams: o.package.tareGrams,
          maxWeightGrams: o.package.maxWeightGrams,
        }
      : undefined,
    weightMissing: o.weightMissing,
  });
}

export function toRuleMessage(r: ShippingRule): orders.ShippingRule {
  return orders.ShippingRule.fromPartial({
    id: r.id,
    merchantId: r.merchantId,
    name: r.name,
    priority: r.priority,
    conditions: conditionsToWire(r.conditions),
    carrierIntegrationId: r.carrierIntegrationId,
    active: r.active,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    packagePresetId: r.packagePresetId ?? 0,
  });
}

export function toPreviewOrderMessage(p: PlannedOrder): orders.RulePreviewOrder {
  const { order, match, outcome } = p;
  return orders.RulePreviewOrder.fromPartial({
    orderId: order.id,
    externalId: order.externalId,
    buyerName: order.buyerName,
    countryCode: order.countryCode,
    total: order.total,
    currency: order.currency,
    isExpress: order.express,
    weightKg: order.weightGrams === null ? undefined : kgOf(order.weightGrams),
    currentCarrierIntegrationId: order.carrierIntegrationId ?? 0,
    carrierSource: order.carrierSource ?? '',
    outcome,
    matchedRule: match.rule ? { id: match.rule.id, name: match.rule.name, priority: match.rule.priority, carrierIntegrationId: match.rule.carrierIntegrationId } : undefined,
    reasons: match.reasons,
  });
}

export function toProductMessage(p: Product): catalogue.Product {
  return catalogue.Product.fromPartial({
    id: p.id,
    sku: p.sku,
    title: p.title,
    imageUrl: p.imageUrl ?? '',
    marketplaceRefs: p.marketplaceRefs.map((r) => ({ marketplace: r.marketplace, integrationId: r.integrationId, itemId: r.itemId })),
    weightGrams: p.weightGrams ?? undefined,
    lengthMm: p.lengthMm ?? undefined,
    widthMm: p.widthMm ?? undefined,
    heightMm: p.heightMm ?? undefined,
    hsCode: p.hsCode,
    originCountry: p.originCountry,
    customsDescription: p.customsDescription,
    shipsInOwnBox: p.shipsInOwnBox,
    updatedAt: iso(p.updatedAt),
  });
}

export function toPresetMessage(p: PackagePreset): catalogue.PackagePreset {
  return catalogue.PackagePreset.fromPartial({
    id: p.id,
    name: p.name,
    lengthMm: p.lengthMm,
    widthMm: p.widthMm,
    heightMm: p.heightMm,
    tareGrams: p.tareGrams,
    maxWeightGrams: p.maxWeightGrams,
    isDefault: p.isDefault,
  });
}
