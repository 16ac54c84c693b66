import { randomBytes } from 'node:crypto';
import type { PoolClient, Queryable } from '@smista/service-kit';
import type { CustomsDeclaration, ShipmentStatus } from '@smista/contracts';
import { COUNTED_TABS, offsetOf, type CountedTab, type CustomsState, type ShipmentParcel, type LineItem, type ListCriteria, type MarketplaceTrackingStatus, type NewShipment, type Shipment, type ShipmentAddress } from '../domain';
import { countsSql, filterSql } from './list-sql';

/** Every column of a shipment but the search key (alias `s`). */
export const SHIPMENT_COLUMNS = `s.id, s.merchant_id, s.order_id, s.order_external_id, s.marketplace, s.marketplace_integration_id,
  s.line_items, s.content_description, s.carrier_integration_id, s.carrier_provider, s.shipping_address_id, s.recipient_name,
  s.address_line1, s.address_line2, s.city, s.state, s.postal_code, s.country, s.country_code, s.phone_number,
  s.recipient_email, s.tracking_number, s.carrier_shipment_number, s.status, s.has_label, s.label_sequence, s.error_message,
  s.error_code, s.retry_count, s.last_attempt_at, s.shipped_at, s.estimated_delivery_date, s.delivered_at,
  s.label_printed_at, s.cancelled_at, s.label_void_reason, s.close_workday_status, s.close_workday_message, s.close_workday_at, s.manifest_id,
  s.marketplace_tracking_status, s.marketplace_tracking_error, s.marketplace_tracking_attempts,
  s.marketplace_tracking_last_attempt, s.marketplace_tracking_updated_at, s.tracking_status, s.tracking_description,
  s.tracking_updated_at, s.tracking_alerts, s.order_payment_status, s.recipient_erased_at, s.parcel_weight_grams, s.parcel_length_mm,
  s.parcel_width_mm, s.parcel_height_mm, s.parcel_package_name, s.customs_needed, s.customs_territory, s.customs, s.customs_missing,
  s.created_at, s.updated_at`;

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function toShipment(r: Row): Shipment {
  return {
    id: Number(r.id),
    merchantId: r.merchant_id as string,
    orderId: Number(r.order_id),
    orderExternalId: r.order_external_id as string,
    marketplace: r.marketplace as string,
    marketplaceIntegrationId: num(r.marketplace_integration_id),
    lineItems: (r.line_items as LineItem[] | null) ?? [],
    contentDescription: r.content_description as string,
    carrierIntegrationId: num(r.carrier_integration_id),
    carrierProvider: r.carrier_provider as string | null,
    shippingAddressId: num(r.shipping_address_id),
    recipientName: r.recipient_name as string,
    addressLine1: r.address_line1 as string,
    addressLine2: r.address_line2 as string | null,
    city: r.city as string,
    state: r.state as string | null,
    postalCode: r.postal_code as string,
    country: r.country as string,
    countryCode: r.country_code as string,
    phoneNumber: r.phone_number as string | null,
    recipientEmail: r.recipient_email as string | null,
    trackingNumber: r.tracking_number as string | null,
    carrierShipmentNumber: r.carrier_shipment_number as string | null,
    status: r.status as ShipmentStatus,
    hasLabel: r.has_label as boolean,
    labelSequence: num(r.label_sequence),
    errorMessage: r.error_message as string | null,
    errorCode: r.error_code as string | null,
    retryCount: r.retry_count as number,
    lastAttemptAt: r.last_attempt_at as Date | null,
    shippedAt: r.shipped_at as Date | null,
    estimatedDeliveryDate: r.estimated_delivery_date as Date | null,
    deliveredAt: r.delivered_at as Date | null,
    labelPrintedAt: r.label_printed_at as Date | null,
    cancelledAt: r.cancelled_at as Date | null,
    labelVoidReason: (r.label_void_reason as string | null) ?? null,
    closeWorkdayStatus: r.close_workday_status as 'closed' | 'failed' | null,
    closeWorkdayMessage: r.close_workday_message as string | null,
    closeWorkdayAt: r.close_workday_at as Date | null,
    manifestId: num(r.manifest_id),
    marketplaceTrackingStatus: r.marketplace_tracking_status as string | null,
    marketplaceTrackingError: r.marketplace_tracking_error as string | null,
    marketplaceTrackingAttempts: r.marketplace_tracking_attempts as number,
    marketplaceTrackingLastAttempt: r.marketplace_tracking_last_attempt as Date | null,
    marketplaceTrackingUpdatedAt: r.marketplace_tracking_updated_at as Date | null,
    trackingStatus: r.tracking_status as string | null,
    trackingDescription: r.tracking_description as string | null,
    trackingUpdatedAt: r.tracking_updated_at as Date | null,
    trackingAlerts: (r.tracking_alerts as string[] | null) ?? [],
    orderPaymentStatus: (r.order_payment_status as string | null) ?? null,
    recipientErasedAt: (r.recipient_erased_at as Date | null) ?? null,
    parcel: {
      weightGrams: num(r.parcel_weight_grams),
      lengthMm: num(r.parcel_length_mm),
      widthMm: num(r.parcel_width_mm),
      heightMm: num(r.parcel_height_mm),
      packageName: (r.parcel_package_name as string | undefined) ?? '',
    },
    customsNeeded: (r.customs_needed as boolean | undefined) ?? false,
    customsTerritory: (r.customs_territory as string | null | undefined) ?? null,
    customs: (r.customs as CustomsDeclaration | null | undefined) ?? null,
    customsMissing: (r.customs_missing as string[] | null | undefined) ?? [],
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** One shipment of this merchant; null when unknown or another merchant's. `forUpdate` locks the row. */
export async function findShipment(db: Queryable, merchantId: string, id: number, options: { forUpdate?: boolean } = {}): Promise<Shipment | null> {
  if (!validId(id)) return null;
  const { rows } = await db.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments s WHERE s.id = $1 AND s.merchant_id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`, [id, merchantId]);
  return rows[0] ? toShipment(rows[0]) : null;
}

/** The merchant's shipments among the ids (others and unknown ones left out), by id. */
export async function findShipments(db: Queryable, merchantId: string, ids: readonly number[]): Promise<Map<number, Shipment>> {
  const valid = ids.filter(validId);
  if (valid.length === 0) return new Map();
  const { rows } = await db.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments s WHERE s.id = ANY($1::bigint[]) AND s.merchant_id = $2`, [valid, merchantId]);
  return new Map(rows.map((r) => [Number(r.id), toShipment(r)]));
}

/** The ids of the merchant's pending shipments, oldest first. */
export async function pendingShipmentIds(db: Queryable, merchantId: string): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM shipments WHERE merchant_id = $1 AND status = 'pending' ORDER BY id`, [merchantId]);
  return rows.map((r) => Number(r.id));
}

/**
 * Inserts the pending shipments in one statement, skipping every order that already has a live
 * shipment (the partial unique index decides, also against a concurrent request, which waits for
 * the other's commit). Rows go in order id order, so two requests never wait on each other in
 * opposite orders. Answers the created ones.
 */
export async function insertShipments(tx: PoolClient, planned: readonly NewShipment[]): Promise<{ id: number; orderId: number }[]> {
  if (planned.length === 0) return [];
  const list = [...planned].sort((a, b) => a.orderId - b.orderId);
  const col = <T>(pick: (s: NewShipment) => T) => list.map(pick);
  const { rows } = await tx.query<{ id: string; order_id: string }>(
    `INSERT INTO shipments (merchant_id, order_id, order_external_id, marketplace, marketplace_integration_id, line_items,
       content_description, carrier_integration_id, carrier_provider, shipping_address_id, recipient_name, address_line1,
       address_line2, city, state, postal_code, country, country_code, phone_number, recipient_email, search_text,
       order_payment_status, order_payment_at, parcel_weight_grams, parcel_length_mm, parcel_width_mm, parcel_height_mm,
       parcel_package_name, customs_needed, customs_territory, customs, customs_missing, estimated_delivery_date)
     SELECT x.merchant_id, x.order_id, x.order_external_id, x.marketplace, x.marketplace_integration_id, x.line_items::jsonb,
            x.content_description, x.carrier_integration_id, x.carrier_provider, x.shipping_address_id, x.recipient_name,
            x.address_line1, x.address_line2, x.city, x.state, x.postal_code, x.country, x.country_code, x.phone_number,
            x.recipient_email, x.search_text, x.order_payment_status, CASE WHEN x.order_payment_status IS NULL THEN NULL ELSE now() END,
            x.parcel_weight_grams, x.parcel_length_mm, x.parcel_width_mm, x.parcel_height_mm, x.parcel_package_name,
            x.customs_needed, x.customs_territory, x.customs::jsonb, x.customs_missing::jsonb, x.estimated_delivery_date
       FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::bigint[],
                   $9::text[], $10::bigint[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[],
                   $17::text[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[], $23::int[], $24::int[],
                   $25::int[], $26::int[], $27::text[], $28::boolean[], $29::text[], $30::text[], $31::text[],
                   $32::timestamptz[])
         WITH ORDINALITY AS x(merchant_id, order_id, order_external_id, marketplace, marketplace_integration_id, line_items,
                              content_description, carrier_integration_id, carrier_provider, shipping_address_id,
                              recipient_name, address_line1, address_line2, city, state, postal_code, country, country_code,
                              phone_number, recipient_email, search_text, order_payment_status, parcel_weight_grams,
                              parcel_length_mm, parcel_width_mm, parcel_height_mm, parcel_package_name, customs_needed,
                              customs_territory, customs, customs_missing, estimated_delivery_date, n)
      ORDER BY x.n
     ON CONFLICT (merchant_id, order_id) WHERE status <> 'cancelled' DO NOTHING
     RETURNING id, order_id`,
    [
      col((s) => s.merchantId),
      col((s) => s.orderId),
      col((s) => s.orderExternalId),
      col((s) => s.marketplace),
      col((s) => s.marketplaceIntegrationId),
      col((s) => JSON.stringify(s.lineItems)),
      col((s) => s.contentDescription),
      col((s) => s.carrierIntegrationId),
      col((s) => s.carrierProvider),
      col((s) => s.shippingAddressId),
      col((s) => s.recipientName),
      col((s) => s.addressLine1),
      col((s) => s.addressLine2),
      col((s) => s.city),
      col((s) => s.state),
      col((s) => s.postalCode),
      col((s) => s.country),
      col((s) => s.countryCode),
      col((s) => s.phoneNumber),
      col((s) => s.recipientEmail),
      col((s) => s.searchText),
      col((s) => s.orderPaymentStatus),
      col((s) => s.parcel.weightGrams),
      col((s) => s.parcel.lengthMm),
      col((s) => s.parcel.widthMm),
      col((s) => s.parcel.heightMm),
      col((s) => s.parcel.packageName),
      col((s) => s.customsNeeded),
      col((s) => s.customsTerritory),
      col((s) => (s.customs ? JSON.stringify(s.customs) : null)),
      col((s) => JSON.stringify(s.customsMissing)),
      col((s) => s.estimatedDeliveryDate ?? null),
    ],
  );
  return rows.map((r) => ({ id: Number(r.id), orderId: Number(r.order_id) }));
}

/** An order's payment as one `orders.order.upserted` told it, at its `occurredAt`. */
export interface OrderPayment {
  merchantId: string;
  orderId: number;
  paymentStatus: string;
  occurredAt: Date;
}

/**
 * The orders' payments on their live shipments, in one statement: for each order the newest word
 * of those given (of two as new, the first), and only where it is newer than the one stored (an
 * older word, out of order, changes nothing): as the words one at a time, in order, would end. Answers how many shipments changed.
 */
export async function setOrderPayments(tx: PoolClient, payments: readonly OrderPayment[]): Promise<number> {
  if (payments.length === 0) return 0;
  const { rowCount } = await tx.query(
    `UPDATE shipments s SET order_payment_status = p.payment, order_payment_at = p.at
       FROM (SELECT DISTINCT ON (merchant_id, order_id) merchant_id, order_id, payment, at
               FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS t(merchant_id, order_id, payment, at, n)
              ORDER BY merchant_id, order_id, at DESC, n) p
      WHERE s.merchant_id = p.merchant_id AND s.order_id = p.order_id AND s.status <> 'cancelled'
        AND (s.order_payment_at IS NULL OR s.order_payment_at < p.at)`,
    [payments.map((p) => p.merchantId), payments.map((p) => p.orderId), payments.map((p) => p.paymentStatus), payments.map((p) => p.occurredAt)],
  );
  return rowCount ?? 0;
}

/** The live (not cancelled) shipment of each of the orders, by order id. */
export async function liveShipmentsOf(db: Queryable, merchantId: string, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; order_id: string }>(
    `SELECT id, order_id FROM shipments WHERE merchant_id = $1 AND order_id = ANY($2::bigint[]) AND status <> 'cancelled'`,
    [merchantId, orderIds],
  );
  return new Map(rows.map((r) => [Number(r.order_id), Number(r.id)]));
}

/** One page of the merchant's shipments, newest first. */
export async function listShipmentPage(db: Queryable, merchantId: string, criteria: ListCriteria): Promise<Shipment[]> {
  const { where, params } = filterSql(merchantId, criteria, { withStatus: true });
  params.push(criteria.pageSize, offsetOf(criteria));
  const { rows } = await db.query(
    `SELECT ${SHIPMENT_COLUMNS} FROM shipments s WHERE ${where} ORDER BY s.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map(toShipment);
}

/** The count of every tab with the list's other filters (search, carrier). */
export async function countTabs(db: Queryable, merchantId: string, criteria: ListCriteria): Promise<Record<CountedTab, number>> {
  const { where, params } = filterSql(merchantId, criteria, { withStatus: false });
  const { rows } = await db.query<Record<CountedTab, number>>(countsSql(where), params);
  return Object.fromEntries(COUNTED_TABS.map((tab) => [tab, Number(rows[0]?.[tab] ?? 0)])) as Record<CountedTab, number>;
}

// ------------------------------------------------------------------ labelling

/**
 * Claims a shipment for labelling: pending, or processing under a claim that ran out (its owner
 * died). Takes the label sequence on the first claim (kept for every retry). Answers the shipment,
 * or null when it is not claimable (another status, or another live claim).
 */
export async function claimForLabel(
  db: Queryable,
  merchantId: string,
  id: number,
  claim: { token: string; process: string; claimSeconds: number; callSeconds: number },
): Promise<Shipment | null> {
  const { rows } = await db.query(
    `UPDATE shipments s
        SET status = 'processing', processing_owner = $3, processing_until = now() + make_interval(secs => $4),
            processing_process = $5, processing_call_until = now() + make_interval(secs => $6),
            label_sequence = coalesce(s.label_sequence, nextval('shipment_label_sequence')), updated_at = now()
      WHERE s.id = $1 AND s.merchant_id = $2
        AND (s.status = 'pending' OR (s.status = 'processing' AND s.processing_until < now()))
      RETURNING ${SHIPMENT_COLUMNS}`,
    [id, merchantId, claim.token, claim.claimSeconds, claim.process, claim.callSeconds],
  );
  return rows[0] ? toShipment(rows[0]) : null;
}

/**
 * The label claims of processes that are gone end when their carrier call is surely over, instead
 * of a lease later: the run that takes them over labels them again as soon as that is safe.
 */
export async function shortenClaimsOfGone(db: Queryable, goneProcesses: readonly string[]): Promise<number> {
  if (goneProcesses.length === 0) return 0;
  const { rowCount } = await db.query(
    `UPDATE shipments SET processing_until = processing_call_until
      WHERE status = 'processing' AND processing_process = ANY($1::uuid[]) AND processing_until > processing_call_until`,
    [goneProcesses],
  );
  return rowCount ?? 0;
}

/**
 * The status of a shipment, and whether a claim holds it (for an item that could not be claimed).
 * Any claim counts, also one that ran out since `claimForLabel` looked: the claim cannot be told to
 * have expired between the two reads, and an expired one is taken at the next look, so the item is
 * tried again rather than skipped while the shipment is still processing.
 */
export async function claimStateOf(db: Queryable, merchantId: string, id: number): Promise<{ status: ShipmentStatus; claimed: boolean } | null> {
  const { rows } = await db.query<{ status: ShipmentStatus; claimed: boolean }>(
    `SELECT status, status = 'processing' AS claimed FROM shipments WHERE id = $1 AND merchant_id = $2`,
    [id, merchantId],
  );
  return rows[0] ?? null;
}

/**
 * Success: tracking, numbers, label flag and shipped, if the claim is still this one. Answers the
 * shipment. A recipient erased while the carrier call was out (a privacy request) stays erased: no
 * label kept, and the search text without the name (`erasedSearchText`).
 */
export async function markLabelled(
  tx: PoolClient,
  id: number,
  token: string,
  label: { trackingNumber: string; carrierShipmentNumber: string; searchText: string; erasedSearchText: string },
): Promise<Shipment | null> {
  const { rows } = await tx.query(
    `WITH s AS (
       UPDATE shipments s
          SET status = 'shipped', tracking_number = $3, carrier_shipment_number = $4, has_label = s.recipient_erased_at IS NULL, shipped_at = now(),
              public_token = COALESCE(s.public_token, $7),
              error_message = NULL, error_code = NULL, last_attempt_at = now(), processing_owner = NULL, processing_until = NULL,
              search_text = CASE WHEN s.recipient_erased_at IS NULL THEN $5 ELSE $6 END, updated_at = now()
        WHERE s.id = $1 AND s.processing_owner = $2 AND s.status = 'processing'
        RETURNING ${SHIPMENT_COLUMNS}
     ), due AS (
       -- Its tracking is read at once, then as the schedule says (issue 26).
       INSERT INTO tracking_schedule (shipment_id, provider, next_at)
       SELECT s.id, s.carrier_provider, now() FROM s WHERE s.carrier_provider IS NOT NULL
       ON CONFLICT (shipment_id) DO UPDATE SET provider = EXCLUDED.provider, next_at = now(), claimed_until = NULL, failures = 0
     )
     SELECT * FROM s`,
    [id, token, label.trackingNumber, label.carrierShipmentNumber, label.searchText, label.erasedSearchText, newPublicToken()],
  );
  return rows[0] ? toShipment(rows[0]) : null;
}

/**
 * The token of a buyer's public tracking page (issue 26): 32 random bytes in base64url, 43
 * characters; never derived from an id. A shipment labelled again keeps its first one.
 */
export function newPublicToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The shipment's public tracking token (null before its first label), for its merchant only. */
export async function publicTokenOf(db: Queryable, merchantId: string, id: number): Promise<string | null> {
  const { rows } = await db.query(`SELECT public_token FROM shipments WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
  return (rows[0]?.public_token as string | null | undefined) ?? null;
}

/** A failed attempt: error or back to pending, with the reason, if the claim is still this one. */
export async function markLabelFailed(
  tx: PoolClient,
  id: number,
  token: string,
  effect: { status: 'error' | 'pending'; errorMessage: string; errorCode: string },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE shipments
        SET status = $3, error_message = $4, error_code = $5, retry_count = retry_count + 1, last_attempt_at = now(),
            processing_owner = NULL, processing_until = NULL, updated_at = now()
      WHERE id = $1 AND processing_owner = $2 AND status = 'processing'`,
    [id, token, effect.status, effect.errorMessage, effect.errorCode],
  );
  return rowCount === 1;
}

/**
 * Gives back a shipment whose labelling was given up after unexpected failures (our own, not the
 * carrier's): pending again with the reason, so it is neither stuck in processing nor lost.
 */
export async function releaseClaim(tx: PoolClient, merchantId: string, id: number, reason: string): Promise<void> {
  await tx.query(
    `UPDATE shipments SET status = 'pending', processing_owner = NULL, processing_until = NULL, error_message = $3, updated_at = now()
      WHERE id = $1 AND merchant_id = $2 AND status = 'processing'`,
    [id, merchantId, reason],
  );
}

// ------------------------------------------------------------------ edits and actions

/** New address (and status after the edit); answers the shipment. */
export async function setAddress(tx: PoolClient, s: Shipment, address: ShipmentAddress, status: ShipmentStatus, searchText: string): Promise<Shipment> {
  const { rows } = await tx.query(
    `UPDATE shipments s
        SET recipient_name = $3, address_line1 = $4, address_line2 = $5, city = $6, state = $7, postal_code = $8, country = $9,
            country_code = $10, phone_number = $11, recipient_email = $12, status = $13, search_text = $14,
            error_message = CASE WHEN $13 <> s.status THEN NULL ELSE s.error_message END,
            error_code = CASE WHEN $13 <> s.status THEN NULL ELSE s.error_code END,
            updated_at = now()
      WHERE s.id = $1 AND s.merchant_id = $2
      RETURNING ${SHIPMENT_COLUMNS}`,
    [
      s.id,
      s.merchantId,
      address.recipientName,
      address.addressLine1,
      address.addressLine2,
      address.city,
      address.state,
      address.postalCode,
      address.country,
      address.countryCode,
      address.phoneNumber,
      address.recipientEmail,
      status,
      searchText,
    ],
  );
  return toShipment(rows[0]);
}

/** The customs state after a change of address or declaration (issue 25). */
export async function setCustomsState(tx: PoolClient, s: Shipment, state: CustomsState): Promise<Shipment> {
  const { rows } = await tx.query(
    `UPDATE shipments s SET customs_needed = $3, customs_territory = $4, customs_missing = $5::jsonb
      WHERE s.id = $1 AND s.merchant_id = $2 RETURNING ${SHIPMENT_COLUMNS}`,
    [s.id, s.merchantId, state.customsNeeded, state.customsTerritory, JSON.stringify(state.customsMissing)],
  );
  return toShipment(rows[0]);
}

/** New parcel (and status after the edit); answers the shipment. */
export async function setParcel(tx: PoolClient, s: Shipment, parcel: ShipmentParcel, status: ShipmentStatus): Promise<Shipment> {
  const { rows } = await tx.query(
    `UPDATE shipments s
        SET parcel_weight_grams = $3, parcel_length_mm = $4, parcel_width_mm = $5, parcel_height_mm = $6, parcel_package_name = $7,
            status = $8,
            error_message = CASE WHEN $8 <> s.status THEN NULL ELSE s.error_message END,
            error_code = CASE WHEN $8 <> s.status THEN NULL ELSE s.error_code END,
            updated_at = now()
      WHERE s.id = $1 AND s.merchant_id = $2
      RETURNING ${SHIPMENT_COLUMNS}`,
    [s.id, s.merchantId, parcel.weightGrams, parcel.lengthMm, parcel.widthMm, parcel.heightMm, parcel.packageName, status],
  );
  return toShipment(rows[0]);
}

/** New customs declaration with what it lacks (and status after the edit); answers the shipment. */
export async function setCustoms(tx: PoolClient, s: Shipment, customs: CustomsDeclaration, state: CustomsState, status: ShipmentStatus): Promise<Shipment> {
  const { rows } = await tx.query(
    `UPDATE shipments s
        SET customs = $3::jsonb, customs_needed = $4, customs_territory = $5, customs_missing = $6::jsonb, status = $7,
            error_message = CASE WHEN $7 <> s.status THEN NULL ELSE s.error_message END,
            error_code = CASE WHEN $7 <> s.status THEN NULL ELSE s.error_code END,
            updated_at = now()
      WHERE s.id = $1 AND s.merchant_id = $2
      RETURNING ${SHIPMENT_COLUMNS}`,
    [s.id, s.merchantId, JSON.stringify(customs), state.customsNeeded, state.customsTerritory, JSON.stringify(state.customsMissing), status],
  );
  return toShipment(rows[0]);
}

/** New carrier integration (and status after the edit); answers the shipment. */
export async function setCarrier(tx: PoolClient, s: Shipment, carrier: { integrationId: number; provider: string }, status: ShipmentStatus): Promise<Shipment> {
  const { rows } = await tx.query(
    `UPDATE shipments s
        SET carrier_integration_id = $3, carrier_provider = $4, status = $5,
            error_message = CASE WHEN $5 <> s.status THEN NULL ELSE s.error_message END,
            error_code = CASE WHEN $5 <> s.status THEN NULL ELSE s.error_code END,
            updated_at = now()
      WHERE s.id = $1 AND s.merchant_id = $2
      RETURNING ${SHIPMENT_COLUMNS}`,
    [s.id, s.merchantId, carrier.integrationId, carrier.provider, status],
  );
  return toShipment(rows[0]);
}

/** Cancels the shipment if it still has the status it was read with; null when it changed meanwhile. */
export async function markCancelled(tx: PoolClient, merchantId: string, id: number, fromStatus: ShipmentStatus, labelVoidReason: string | null = null): Promise<Shipment | null> {
  const { rows } = await tx.query(
    `WITH s AS (
       UPDATE shipments s SET status = 'cancelled', cancelled_at = now(), label_void_reason = $4, updated_at = now()
        WHERE s.id = $1 AND s.merchant_id = $2 AND s.status = $3
        RETURNING ${SHIPMENT_COLUMNS}
     ), unscheduled AS (
       DELETE FROM tracking_schedule t USING s WHERE t.shipment_id = s.id
     )
     SELECT * FROM s`,
    [id, merchantId, fromStatus, labelVoidReason],
  );
  return rows[0] ? toShipment(rows[0]) : null;
}

/**
 * Records a close's outcome per shipment (closed or failed, the carrier's message) and the manifest
 * of the closed ones. A failure never overwrites a close already recorded: two closes of the same
 * shipments at once (two requests, on one replica or two) both reach GLS, and the later one is
 * refused because the first closed them.
 */
export async function markWorkday(tx: PoolClient, outcomes: readonly { id: number; ok: boolean; message: string }[], manifestId: number | null): Promise<void> {
  if (outcomes.length === 0) return;
  await tx.query(
    `UPDATE shipments s
        SET close_workday_status = CASE WHEN x.ok THEN 'closed' ELSE 'failed' END, close_workday_message = x.message,
            close_workday_at = now(), manifest_id = CASE WHEN x.ok THEN coalesce($4, s.manifest_id) ELSE s.manifest_id END,
            updated_at = now()
       FROM unnest($1::bigint[], $2::boolean[], $3::text[]) AS x(id, ok, message)
      WHERE s.id = x.id AND (x.ok OR s.close_workday_status IS DISTINCT FROM 'closed')`,
    [outcomes.map((o) => o.id), outcomes.map((o) => o.ok), outcomes.map((o) => o.message), manifestId],
  );
}

/** Stores the last tracking event (and delivered); answers the shipment. */
export async function setTracking(
  tx: PoolClient,
  s: Shipment,
  t: { trackingStatus: string; description: string; at: Date; status: ShipmentStatus; deliveredAt: Date | null; alerts: readonly string[] },
): Promise<Shipment | null> {
  const { rows } = await tx.query(
    `UPDATE shipments s SET tracking_status = $3, tracking_description = $4, tracking_updated_at = $5, status = $6, delivered_at = $7, tracking_alerts = $8,
            updated_at = now()
      WHERE s.id = $1 AND s.merchant_id = $2 AND s.status = $9
      RETURNING ${SHIPMENT_COLUMNS}`,
    [s.id, s.merchantId, t.trackingStatus || null, t.description || null, t.at, t.status, t.deliveredAt, [...t.alerts], s.status],
  );
  return rows[0] ? toShipment(rows[0]) : null;
}

/** Marks labels as printed (downloaded) the first time; later downloads keep the first time. */
export async function markPrinted(db: Queryable, merchantId: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE shipments SET label_printed_at = now(), updated_at = now() WHERE id = ANY($1::bigint[]) AND merchant_id = $2 AND label_printed_at IS NULL`,
    [ids, merchantId],
  );
}

/**
 * A marketplace tracking attempt: status, error, attempts and times, unless a later attempt is
 * already recorded (events may arrive out of order). `marketplace_tracking_last_attempt` is the time
 * of a real call (a skipped push made none) and `marketplace_tracking_updated_at` the time the
 * marketplace took the tracking (pushed only: the drawer's 'Inviato il'). Answers whether the
 * shipment was found.
 */
export async function setMarketplaceTracking(
  tx: PoolClient,
  merchantId: string,
  id: number,
  attempt: { status: MarketplaceTrackingStatus; error: string | null; attempts: number; attemptedAt: Date },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE shipments
        SET marketplace_tracking_status = $3, marketplace_tracking_error = $4, marketplace_tracking_attempts = greatest(marketplace_tracking_attempts, $5),
            marketplace_tracking_last_attempt = CASE WHEN $3 = 'skipped' THEN marketplace_tracking_last_attempt ELSE $6 END,
            marketplace_tracking_updated_at = CASE WHEN $3 = 'pushed' THEN $6 ELSE NULL END,
            updated_at = now()
      WHERE id = $1 AND merchant_id = $2 AND (marketplace_tracking_last_attempt IS NULL OR marketplace_tracking_last_attempt <= $6)`,
    [id, merchantId, attempt.status, attempt.error, attempt.attempts, attempt.attemptedAt],
  );
  return rowCount === 1;
}

/** Whether a shipment of this merchant exists. */
export async function shipmentExists(db: Queryable, merchantId: string, id: number): Promise<boolean> {
  if (!validId(id)) return false;
  const { rows } = await db.query('SELECT 1 FROM shipments WHERE id = $1 AND merchant_id = $2', [id, merchantId]);
  return rows.length > 0;
}

/**
 * The shipment of a public tracking token (issue 26), whoever's it is: the token alone is the
 * key, so the caller must show only what the public page may show. Null when no shipment has it.
 */
export async function findShipmentByPublicToken(db: Queryable, token: string): Promise<Shipment | null> {
  const { rows } = await db.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments s WHERE s.public_token = $1`, [token]);
  return rows[0] ? toShipment(rows[0]) : null;
}
