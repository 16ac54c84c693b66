import { createPeerClient, isServiceError, type Caller, type Logger } from '@smista/service-kit';
import { orders } from '@smista/proto';
import { shipmentsErrors, type SourceOrder } from '../domain';

/** The orders a shipment is created from, as the orders service knows them. */
export interface OrdersDirectory {
  /**
   * The caller's merchant's orders among the ids (GetOrders, on behalf of the same caller), by id;
   * unknown and other merchants' ids are absent. DEPENDENCY_UNAVAILABLE when orders cannot answer.
   */
  ordersOf(caller: Caller, ids: readonly number[]): Promise<Map<number, SourceOrder>>;
  close(): void;
}

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
    address: a
      ? {
          id: a.id,
          fullName: a.fullName,
          companyName: a.companyName,
          addressLine1: a.addressLine1,
          addressLine2: a.addressLine2,
          city: a.city,
          state: a.state,
          postalCode: a.postalCode,
          country: a.country,
          countryCode: a.countryCode,
          phoneNumber: a.phoneNumber,
          email: a.email,
        }
      : null,
    items: o.items.map((i) => ({ externalItemId: i.externalItemId, title: i.title, quantity: i.quantity, fulfillmentStatus: i.fulfillmentStatus })),
  };
}

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
