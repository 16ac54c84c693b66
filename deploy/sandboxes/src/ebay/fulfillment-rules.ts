import { fulfillmentErrors } from './errors';
import type { SandboxOrder } from './order-model';
import type { Parsed } from './orders-query';

/*
 * createShippingFulfillment's checks, in eBay's order: the order, the body's shape, each line item
 * (known, not repeated, a sensible quantity), carrier and tracking together and alphanumeric, the
 * shipped date; then the conflicts (already shipped, cancelled).
 */

export interface FulfillmentRequest {
  lineItems: { lineItemId: string; quantity: number }[];
  /** ISO-8601 UTC; `now` when the request gave none (eBay's default). */
  shippedDate: string;
  shippingCarrierCode?: string;
  trackingNumber?: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** A shipped date may be a little ahead of the sandbox's clock (the caller's clock may run ahead). */
const FUTURE_TOLERANCE_MS = 10 * 60_000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a createShippingFulfillment body against `order` (undefined: not one of the seller's) at
 * `now`; answers the fulfillment to record or eBay's error.
 */
export function checkShippingFulfillment(orderId: string, order: SandboxOrder | undefined, body: unknown, now: number): Parsed<FulfillmentRequest> {
  if (!order) return { ok: false, failure: fulfillmentErrors.unknownOrder(orderId) };
  if (!isRecord(body)) return { ok: false, failure: fulfillmentErrors.badInput('The request body must be a JSON object.') };
  if (!Array.isArray(body.lineItems) || body.lineItems.length === 0) {
    return { ok: false, failure: fulfillmentErrors.badInput('lineItems must list at least one line item.') };
  }

  const lines: FulfillmentRequest['lineItems'] = [];
  const seen = new Set<string>();
  for (const item of body.lineItems as unknown[]) {
    if (!isRecord(item) || typeof item.lineItemId !== 'string' || !item.lineItemId.trim()) {
      return { ok: false, failure: fulfillmentErrors.badInput('Each line item needs a lineItemId.') };
    }
    const lineItemId = item.lineItemId.trim();
    if (seen.has(lineItemId)) return { ok: false, failure: fulfillmentErrors.duplicateLineItem(lineItemId) };
    seen.add(lineItemId);
    const line = order.lineItems.find((l) => l.lineItemId === lineItemId);
    if (!line) return { ok: false, failure: fulfillmentErrors.unknownLineItem(lineItemId) };
    if (item.quantity === undefined || item.quantity === null) return { ok: false, failure: fulfillmentErrors.badInput(`Line item ${lineItemId} needs a quantity.`) };
    const quantity = item.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > line.quantity) {
      return { ok: false, failure: fulfillmentErrors.badQuantity(lineItemId) };
    }
    lines.push({ lineItemId, quantity });
  }

  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : undefined);
  const carrier = text(body.shippingCarrierCode);
  const tracking = text(body.trackingNumber);
  if (carrier === undefined || tracking === undefined) {
    return { ok: false, failure: fulfillmentErrors.badInput('shippingCarrierCode and trackingNumber must be strings.') };
  }
  if (tracking && !carrier) return { ok: false, failure: fulfillmentErrors.badTracking('A tracking number needs its shippingCarrierCode.') };
  if (carrier && !tracking) return { ok: false, failure: fulfillmentErrors.badTracking('A shipping carrier needs its trackingNumber.') };
  if (tracking && !/^[A-Za-z0-9]{1,40}$/.test(tracking)) {
    return { ok: false, failure: fulfillmentErrors.badTracking('The tracking number may hold only letters and digits (at most 40).') };
  }

  let shippedDate = new Date(now).toISOString();
  if (body.shippedDate !== undefined && body.shippedDate !== null) {
    const value = typeof body.shippedDate === 'string' ? body.shippedDate.trim() : String(body.shippedDate);
    const ms = INSTANT.test(value) ? Date.parse(value) : NaN;
    if (Number.isNaN(ms) || ms > now + FUTURE_TOLERANCE_MS) return { ok: false, failure: fulfillmentErrors.badShippedDate(value) };
    shippedDate = new Date(ms).toISOString();
  }

  if (order.cancel.state === 'CANCELED') return { ok: false, failure: fulfillmentErrors.orderCanceled(order.orderId) };
  const shipped = lines.find((l) => order.lineItems.find((o) => o.lineItemId === l.lineItemId)!.fulfillmentStatus === 'FULFILLED');
  if (shipped) return { ok: false, failure: fulfillmentErrors.alreadyFulfilled(shipped.lineItemId) };

  const request: FulfillmentRequest = { lineItems: lines, shippedDate };
  if (carrier) request.shippingCarrierCode = carrier;
  if (tracking) request.trackingNumber = tracking;
  return { ok: true, value: request };
}
