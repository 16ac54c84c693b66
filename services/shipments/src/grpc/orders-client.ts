import { createPeerClient, isServiceError, type Caller, type Logger } from '@smista/service-kit';
import { orders } from '@smista/proto';
import { orderAddressOfPostal } from '@smista/contracts';
import { shipmentsErrors, type SourceOrder } from '../domain';
import type { OrdersDirectory } from '../app/ports';

/** An order of the orders service as the domain reads it. */
export function sourceOrderOf(o: orders.Order): SourceOrder {
  const a = o.shippingAddress;
  return {
    id: o.id,
    externalId: o.externalId,
    marketplace: o.marketplace,
    integrationId: o.integrationId,
    status: o.status,
    paymentStatus: o.paymentStatus,
    carrierIntegrationId: o.carrierIntegrationId || null,
    address: a ? { id: a.id, ...orderAddressOfPostal(a.address) } : null,
    items: o.items.map((i) => ({
      externalItemId: i.externalItemId,
      title: i.title,
      quantity: i.quantity,
      fulfillmentStatus: i.fulfillmentStatus,
      unitPrice: i.unitPrice,
      currency: i.currency,
      weightGrams: i.weightGrams ?? null,
      hsCode: i.hsCode,
      originCountry: i.originCountry,
      customsDescription: i.customsDescription,
      sku: i.sku,
    })),
    orderDate: o.orderDate,
    promisedDeliveryBy: o.promisedDeliveryBy,
    weightKg: o.weightKg ?? null,
    weightMissing: o.weightMissing,
    package: o.package ? { name: o.package.name, lengthMm: o.package.lengthMm, widthMm: o.package.widthMm, heightMm: o.package.heightMm } : null,
  };
}

/** The {@link OrdersDirectory} over orders' gRPC API (GetOrders). */
export function createOrdersDirectory(opts: { address: string; callerSecret: string; logger: Logger; deadlineMs?: number }): OrdersDirectory {
  // 1,000 orders with their items and addresses pass gRPC's default 4 MiB.
  const peer = createPeerClient(orders.OrdersServiceClient, opts.address, { callerSecret: opts.callerSecret, deadlineMs: opts.deadlineMs ?? 10_000, maxReceiveMessageBytes: 64 * 1024 * 1024 });
  return {
    async ordersOf(caller, ids) {
      if (ids.length === 0) return new Map();
      try {
        const answer = await (await peer.as(caller)).getOrders({ ids: [...ids] });
        return new Map(answer.orders.filter((o) => o.merchantId.toLowerCase() === caller.merchantId?.toLowerCase()).map((o) => [o.id, sourceOrderOf(o)]));
      } catch (err) {
        opts.logger.warn({ err: isServiceError(err) ? err.details : String(err), merchantId: caller.merchantId }, 'orders unavailable');
        throw shipmentsErrors.dependencyUnavailable();
      }
    },
    close: () => peer.close(),
  };
}
