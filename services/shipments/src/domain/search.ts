import { searchKey } from '@smista/service-kit';

/** The stored search key of a shipment: what the list's search box finds it by. */
export function shipmentSearchText(s: { orderExternalId: string; orderId: number; recipientName: string; trackingNumber: string | null; city: string }): string {
  return searchKey(s.orderExternalId, String(s.orderId), s.recipientName, s.trackingNumber, s.city);
}
