import { orders } from '@smista/proto';
import type { Order, OrderItem, OrderShipment, ShippingAddress } from '../domain';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');

function toAddressMessage(a: ShippingAddress): orders.ShippingAddress {
  return orders.ShippingAddress.fromPartial({
    id: a.id,
    fullName: a.fullName,
    companyName: a.companyName ?? '',
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 ?? '',
    city: a.city,
    state: a.state ?? '',
    postalCode: a.postalCode,
    country: a.country,
    countryCode: a.countryCode,
    phoneNumber: a.phoneNumber ?? '',
    email: a.email ?? '',
  });
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
    lastSyncedAt: iso(o.lastSyncedAt),
    carrierIntegrationId: o.carrierIntegrationId ?? 0,
    shippingAddress: o.shippingAddress ? toAddressMessage(o.shippingAddress) : undefined,
    items: o.items.map(toItemMessage),
    originalDataJson: o.originalData ?? '',
    shipments: o.shipments.map(toShipmentMessage),
  });
}
