import type { PoolClient, Queryable } from '@smista/service-kit';
import type { MarketplaceId, OrderStatus, PaymentStatus, ShipmentStatus } from '@smista/contracts';
import type { OrderShipment, ShipmentChange, TrackingStatus } from '../domain';

/**
 * The order's shipments as one JSON column of the order's row (alias `o`), newest first: an
 * order, a page or GetOrders' thousand orders read them in the same query as the orders, through
 * `order_shipments_by_order`.
 */
export const SHIPMENTS_JSON = `(SELECT COALESCE(json_agg(json_build_object(
    'shipmentId', s.shipment_id, 'orderId', s.order_id, 'status', s.status, 'trackingNumber', s.tracking_number,
    'carrierProvider', s.carrier_provider, 'carrierIntegrationId', s.carrier_integration_id, 'hasLabel', s.has_label,
    'trackingStatus', s.tracking_status, 'shippedAt', s.shipped_at, 'updatedAt', s.updated_at) ORDER BY s.shipment_id DESC), '[]'::json)
  FROM order_shipments s WHERE s.order_id = o.id)`;

interface ShipmentJson {
  shipmentId: number;
  orderId: number;
  status: ShipmentStatus;
  trackingNumber: string | null;
  carrierProvider: string | null;
  carrierIntegrationId: number | null;
  hasLabel: boolean;
  trackingStatus: TrackingStatus | null;
  shippedAt: string | null;
  updatedAt: string;
}

/** The {@link SHIPMENTS_JSON} column as the domain's shipments. */
export function shipmentsFromJson(value: unknown): OrderShipment[] {
  const list = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as ShipmentJson[];
  return list.map((s) => ({
    shipmentId: Number(s.shipmentId),
    orderId: Number(s.orderId),
    status: s.status,
    trackingNumber: s.trackingNumber,
    carrierProvider: s.carrierProvider,
    carrierIntegrationId: s.carrierIntegrationId === null ? null : Number(s.carrierIntegrationId),
    hasLabel: s.hasLabel,
    trackingStatus: s.trackingStatus,
    shippedAt: s.shippedAt ? new Date(s.shippedAt) : null,
    updatedAt: new Date(s.updatedAt),
  }));
}

/** What the status rule needs of an order, read under its row lock. */
export interface LockedOrder {
  id: number;
  merchantId: string;
  integrationId: number;
  externalId: string;
  marketplace: MarketplaceId;
  status: OrderStatus;
  marketplaceStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  hasShipments: boolean;
}

/**
 * The merchant's order, locked for the rest of the transaction (an import of it waits, and so does
 * another change of its shipments); null when unknown or another merchant's.
 */
export async function lockOrder(tx: PoolClient, merchantId: string, orderId: number): Promise<LockedOrder | null> {
  const { rows } = await tx.query(
    `SELECT id, merchant_id, integration_id, external_id, marketplace, status, marketplace_status, payment_status, has_shipments
       FROM orders WHERE id = $1 AND merchant_id = $2 FOR UPDATE`,
    [orderId, merchantId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    merchantId: r.merchant_id as string,
    integrationId: Number(r.integration_id),
    externalId: r.external_id as string,
    marketplace: r.marketplace as MarketplaceId,
    status: r.status as OrderStatus,
    marketplaceStatus: r.marketplace_status as OrderStatus,
    paymentStatus: r.payment_status as PaymentStatus,
    hasShipments: r.has_shipments as boolean,
  };
}

/**
 * Applies one shipments event to the shipment's row (inserted on its first event). A newer event
 * (later `occurred_at`) sets the status and what it carries; an older one, arriving out of order,
 * never changes the status and only fills what is still unknown (the carrier, the tracking number,
 * the label). A shipment already known under another order or merchant is left alone (false).
 */
export async function upsertOrderShipment(tx: PoolClient, c: ShipmentChange): Promise<boolean> {
  const newer = 'EXCLUDED.updated_at > s.updated_at';
  const field = (column: string) => `${column} = CASE WHEN ${newer} THEN COALESCE(EXCLUDED.${column}, s.${column}) ELSE COALESCE(s.${column}, EXCLUDED.${column}) END`;
  const { rowCount } = await tx.query(
    `INSERT INTO order_shipments AS s (shipment_id, order_id, merchant_id, status, tracking_number, carrier_provider,
       carrier_integration_id, has_label, tracking_status, shipped_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (merchant_id, shipment_id) DO UPDATE SET
       status = CASE WHEN ${newer} THEN EXCLUDED.status ELSE s.status END,
       ${field('tracking_number')},
       ${field('carrier_provider')},
       ${field('carrier_integration_id')},
       ${field('tracking_status')},
       ${field('shipped_at')},
       has_label = s.has_label OR EXCLUDED.has_label,
       updated_at = GREATEST(s.updated_at, EXCLUDED.updated_at)
     WHERE s.order_id = EXCLUDED.order_id`,
    [
      c.shipmentId,
      c.orderId,
      c.merchantId,
      c.status,
      c.trackingNumber ?? null,
      c.carrierProvider ?? null,
      c.carrierIntegrationId ?? null,
      c.hasLabel ?? false,
      c.trackingStatus ?? null,
      c.shippedAt ?? null,
      c.occurredAt,
    ],
  );
  return (rowCount ?? 0) > 0;
}

/** The shipments of one order, newest first. */
export async function shipmentsOfOrder(db: Queryable, orderId: number): Promise<OrderShipment[]> {
  const { rows } = await db.query(`SELECT ${SHIPMENTS_JSON} AS shipments FROM (SELECT $1::bigint AS id) o`, [orderId]);
  return shipmentsFromJson(rows[0]?.shipments);
}

/**
 * Sets the status the shipments give the order (the counters' trigger moves the tabs' counts) and,
 * the first time it is delivered, when (`deliveredAt` of the domain; kept once set: the retention
 * of Amazon's buyers' data counts from it).
 */
export async function setFollowedStatus(tx: PoolClient, orderId: number, status: OrderStatus, deliveredAt: Date | null = null): Promise<void> {
  await tx.query(`UPDATE orders SET status = $2, has_shipments = true, delivered_at = COALESCE(delivered_at, $3), updated_at = now() WHERE id = $1`, [
    orderId,
    status,
    deliveredAt,
  ]);
}
