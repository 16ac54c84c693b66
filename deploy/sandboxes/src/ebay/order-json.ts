import { DAY } from './generator';
import { deliveryCents, instant, money, subtotalCents, totalCents, type SandboxFulfillment, type SandboxOrder } from './order-model';

/*
 * An order as eBay's Sell Fulfillment API answers it (getOrder / getOrders), with eBay's privacy
 * rules applied against the clock of the request: the buyer's e-mail only for 14 days after the
 * order, the ship-to name, phone and first address line only for 90.
 */

/** Days after creation while eBay returns the buyer's e-mail. */
export const EMAIL_VISIBLE_DAYS = 14;
/** Days after creation while eBay returns the ship-to name, phone and address line 1. */
export const CONTACT_VISIBLE_DAYS = 90;

/** `<base>/sell/fulfillment/v1/order/{orderId}/shipping_fulfillment/{fulfillmentId}`. */
export function fulfillmentHref(base: string, orderId: string, fulfillmentId: string): string {
  return `${base}/sell/fulfillment/v1/order/${encodeURIComponent(orderId)}/shipping_fulfillment/${encodeURIComponent(fulfillmentId)}`;
}

/** A ShippingFulfillment as getShippingFulfillment(s) answers it. */
export function fulfillmentJson(f: SandboxFulfillment): Record<string, unknown> {
  return {
    fulfillmentId: f.fulfillmentId,
    lineItems: f.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
    shippedDate: f.shippedDate,
    ...(f.shippingCarrierCode ? { shippingCarrierCode: f.shippingCarrierCode } : {}),
    ...(f.trackingNumber ? { shipmentTrackingNumber: f.trackingNumber } : {}),
  };
}

/**
 * eBay's Order object for `order` as seen at `now`; `base` is the sandbox URL the client called
 * (for `fulfillmentHrefs`).
 */
export function orderJson(order: SandboxOrder, now: number, base: string): Record<string, unknown> {
  const age = now - order.creationDate;
  const showEmail = age <= EMAIL_VISIBLE_DAYS * DAY;
  const showContact = age <= CONTACT_VISIBLE_DAYS * DAY;
  const { buyer, currency } = order;
  const amount = (cents: number) => money(cents, currency);
  const total = totalCents(order);
  const refunded = order.refund?.cents ?? 0;
  const fee = Math.round(total * 0.11);

  const contactAddress: Record<string, string> = {};
  if (showContact) contactAddress.addressLine1 = buyer.address.addressLine1;
  if (buyer.address.addressLine2) contactAddress.addressLine2 = buyer.address.addressLine2;
  contactAddress.city = buyer.address.city;
  contactAddress.stateOrProvince = buyer.address.stateOrProvince;
  contactAddress.postalCode = buyer.address.postalCode;
  contactAddress.countryCode = buyer.address.countryCode;
  const shipTo: Record<string, unknown> = {};
  if (showContact) shipTo.fullName = buyer.fullName;
  if (buyer.companyName) shipTo.companyName = buyer.companyName;
  shipTo.contactAddress = contactAddress;
  if (showContact && buyer.phone) shipTo.primaryPhone = { phoneNumber: buyer.phone };
  if (showEmail) shipTo.email = buyer.email;

  const lastFulfillment = order.fulfillments[order.fulfillments.length - 1];
  const cancel = order.cancel;
  const deliveryInstructions = {
    minEstimatedDeliveryDate: instant(order.minDeliveryDate),
    maxEstimatedDeliveryDate: instant(order.maxDeliveryDate),
  };

  return {
    orderId: order.orderId,
    legacyOrderId: order.orderId,
    creationDate: instant(order.creationDate),
    lastModifiedDate: instant(order.lastModifiedDate),
    orderFulfillmentStatus: order.fulfillmentStatus,
    orderPaymentStatus: order.paymentStatus,
    sellerId: order.sellerId,
    buyer: {
      username: buyer.username,
      taxAddress: { stateOrProvince: buyer.address.stateOrProvince, postalCode: buyer.address.postalCode, countryCode: buyer.address.countryCode },
    },
    pricingSummary: { priceSubtotal: amount(subtotalCents(order)), deliveryCost: amount(deliveryCents(order)), total: amount(total) },
    cancelStatus: {
      cancelState: cancel.state,
      ...(cancel.completedDate !== undefined ? { cancelledDate: instant(cancel.completedDate) } : {}),
      cancelRequests:
        cancel.state === 'NONE_REQUESTED'
          ? []
          : [
              {
                ...(cancel.completedDate !== undefined ? { cancelCompletedDate: instant(cancel.completedDate) } : {}),
                cancelInitiator: cancel.initiator,
                cancelReason: cancel.reason,
                cancelRequestedDate: instant(cancel.requestedDate ?? order.creationDate),
                cancelRequestId: cancel.requestId,
                cancelRequestState: cancel.state === 'CANCELED' ? 'COMPLETED' : 'REQUESTED',
              },
            ],
    },
    paymentSummary: {
      payments: [
        {
          paymentMethod: 'EBAY',
          paymentReferenceId: order.paymentReferenceId,
          ...(order.paymentDate !== undefined ? { paymentDate: instant(order.paymentDate) } : {}),
          amount: amount(total),
          paymentStatus: order.paymentStatus === 'PENDING' || order.paymentStatus === 'FAILED' ? order.paymentStatus : 'PAID',
        },
      ],
      refunds: order.refund
        ? [{ refundId: order.refund.refundId, refundDate: instant(order.refund.date), amount: amount(order.refund.cents), refundStatus: 'REFUNDED' }]
        : [],
      totalDueSeller: amount(order.paymentStatus === 'PENDING' || order.paymentStatus === 'FAILED' ? 0 : total - refunded),
    },
    fulfillmentStartInstructions: [
      {
        fulfillmentInstructionsType: 'SHIP_TO',
        ...deliveryInstructions,
        ebaySupportedFulfillment: false,
        shippingStep: {
          ...(lastFulfillment?.shippingCarrierCode ? { shippingCarrierCode: lastFulfillment.shippingCarrierCode } : {}),
          shippingServiceCode: order.shippingServiceCode,
          shipTo,
        },
      },
    ],
    fulfillmentHrefs: order.fulfillments.map((f) => fulfillmentHref(base, order.orderId, f.fulfillmentId)),
    lineItems: order.lineItems.map((line) => ({
      lineItemId: line.lineItemId,
      legacyItemId: line.legacyItemId,
      ...(line.legacyVariationId ? { legacyVariationId: line.legacyVariationId } : {}),
      ...(line.variation ? { variationAspects: [{ name: line.variation.name, value: line.variation.value }] } : {}),
      sku: line.sku,
      title: line.title,
      image: { imageUrl: line.imageUrl },
      lineItemCost: amount(line.unitPriceCents * line.quantity),
      quantity: line.quantity,
      soldFormat: 'FIXED_PRICE',
      listingMarketplaceId: order.marketplaceId,
      purchaseMarketplaceId: order.marketplaceId,
      lineItemFulfillmentStatus: line.fulfillmentStatus,
      total: amount(line.unitPriceCents * line.quantity + line.shippingCents),
      deliveryCost: { shippingCost: amount(line.shippingCents) },
      appliedPromotions: [],
      taxes: [],
      properties: { buyerProtection: true },
      lineItemFulfillmentInstructions: { ...deliveryInstructions, shipByDate: instant(order.shipByDate), guaranteedDelivery: false },
      itemLocation: { location: order.itemLocation.city, countryCode: 'IT', postalCode: order.itemLocation.postalCode },
    })),
    salesRecordReference: order.salesRecordReference,
    totalFeeBasisAmount: amount(total),
    totalMarketplaceFee: amount(fee),
  };
}
