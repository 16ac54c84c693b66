import { searchKey, type PoolClient, type Queryable } from '@smista/service-kit';
import type { MarketplaceId, OrderStatus, PaymentStatus } from '@smista/contracts';
import { completeCounts, countableFromCounters, offsetOf, type ListCriteria, type Order, type OrderImport, type OrderItem, type OrderPackage, type ShippingAddress } from '../domain';
import { counterFilterSql, filterSql, orderBySql } from './list-sql';
import { SHIPMENTS_JSON, shipmentsFromJson } from './order-shipments';

/** The order's package: its preset, else the merchant's default (one correlated read, only for the rows answered). */
const PACKAGE_JSON = `(SELECT json_build_object('id', pk.id, 'name', pk.name, 'lengthMm', pk.length_mm, 'widthMm', pk.width_mm,
    'heightMm', pk.height_mm, 'tareGrams', pk.tare_grams, 'maxWeightGrams', pk.max_weight_grams, 'chosen', o.package_preset_id IS NOT NULL)
   FROM package_presets pk
  WHERE pk.merchant_id = o.merchant_id AND (pk.id = o.package_preset_id OR (o.package_preset_id IS NULL AND pk.is_default)) LIMIT 1)`;

/** Advisory-lock class of "a marketplace integration's orders" (imports share it, a delete takes it alone). */
const INTEGRATION_LOCK = 7_102_001;

const ORDER_COLUMNS = `o.id, o.merchant_id, o.integration_id, o.external_id, o.marketplace, o.buyer_name, o.buyer_email,
  o.external_username, o.total::text AS total, o.currency, o.status, o.payment_status, o.external_order_status,
  o.external_payment_status, o.items_count, o.order_date, o.ship_by_date, o.promised_delivery_by, o.last_synced_at, o.carrier_integration_id,
  o.created_at, o.updated_at, o.marketplace_status, o.carrier_source, o.applied_rule_id, o.applied_rule_name,
  o.shipping_service, o.express, o.weight_grams, o.weight_missing, ${SHIPMENTS_JSON} AS shipments, ${PACKAGE_JSON} AS package,
  a.id AS a_id, a.full_name AS a_full_name, a.company_name AS a_company_name, a.address_line1 AS a_address_line1,
  a.address_line2 AS a_address_line2, a.city AS a_city, a.state AS a_state, a.postal_code AS a_postal_code,
  a.country AS a_country, a.country_code AS a_country_code, a.phone_number AS a_phone_number, a.email AS a_email`;
const ORDER_FROM = 'orders o LEFT JOIN shipping_addresses a ON a.order_id = o.id';

type Row = Record<string, unknown>;

function toAddress(r: Row): ShippingAddress | null {
  if (r.a_id === null || r.a_id === undefined) return null;
  return {
    id: Number(r.a_id),
    fullName: r.a_full_name as string,
    companyName: r.a_company_name as string | null,
    addressLine1: r.a_address_line1 as string,
    addressLine2: r.a_address_line2 as string | null,
    city: r.a_city as string,
    state: r.a_state as string | null,
    postalCode: r.a_postal_code as string,
    country: r.a_country as string,
    countryCode: r.a_country_code as string,
    phoneNumber: r.a_phone_number as string | null,
    email: r.a_email as string | null,
  };
}

function toOrder(r: Row): Order {
  return {
    id: Number(r.id),
    merchantId: r.merchant_id as string,
    integrationId: Number(r.integration_id),
    externalId: r.external_id as string,
    marketplace: r.marketplace as MarketplaceId,
    buyerName: r.buyer_name as string,
    buyerEmail: r.buyer_email as string | null,
    externalUsername: r.external_username as string | null,
    total: r.total as string,
    currency: r.currency as string,
    status: r.status as OrderStatus,
    marketplaceStatus: r.marketplace_status as OrderStatus,
    paymentStatus: r.payment_status as PaymentStatus,
    externalOrderStatus: r.external_order_status as string | null,
    externalPaymentStatus: r.external_payment_status as string | null,
    itemsCount: r.items_count as number,
    orderDate: r.order_date as Date,
    shipByDate: r.ship_by_date as Date | null,
    promisedDeliveryBy: (r.promised_delivery_by as Date | null) ?? null,
    lastSyncedAt: r.last_synced_at as Date | null,
    carrierIntegrationId: r.carrier_integration_id === null ? null : Number(r.carrier_integration_id),
    carrierSource: r.carrier_source as Order['carrierSource'],
    appliedRule: r.applied_rule_id === null ? null : { id: Number(r.applied_rule_id), name: r.applied_rule_name as string },
    shippingService: r.shipping_service as string,
    express: r.express as boolean,
    weightGrams: r.weight_grams === null ? null : Number(r.weight_grams),
    weightMissing: r.weight_missing === true,
    package: (r.package ?? null) as OrderPackage | null,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
    shippingAddress: toAddress(r),
    items: [],
    shipments: shipmentsFromJson(r.shipments),
    ...('original_data' in r ? { originalData: r.original_data as string | null } : {}),
  };
}

function toItem(r: Row): OrderItem {
  return {
    id: Number(r.id),
    orderId: Number(r.order_id),
    externalItemId: r.external_item_id as string,
    title: r.title as string,
    sku: r.sku as string | null,
    quantity: r.quantity as number,
    unitPrice: r.unit_price as string,
    total: r.total as string,
    currency: r.currency as string,
    imageUrl: r.image_url as string | null,
    variantInfo: r.variant_info as string | null,
    shipByDate: r.ship_by_date as Date | null,
    fulfillmentStatus: r.fulfillment_status as string | null,
    productId: r.product_id === null ? null : Number(r.product_id),
    weightGrams: r.weight_grams === null ? null : Number(r.weight_grams),
    hsCode: (r.hs_code as string | null) ?? '',
    originCountry: (r.origin_country as string | null) ?? '',
    customsDescription: (r.customs_description as string | null) ?? '',
  };
}

/**
 * Insert, or replace with a newer version, in one statement for a batch of orders (one per order
 * key): the orders (unless their integration was deleted), their addresses and their items, read
 * from arrays with one element per order (`x`, `n` its place in the batch) and, for the items, one
 * per item (`item_order` names its order's `n`). The ON CONFLICT ... WHERE is the version rule of
 * `domain/versions.ts`: the same or an older version updates nothing and returns no row, so its
 * address and items (written from `o`) are left alone too. `xmax = 0` tells an insert from an
 * update. One statement per batch instead of one per order: the counters' and list version's
 * statement triggers and the executor's start-up are paid once.
 */
const UPSERT_BATCH = `
WITH x AS (
  -- The raw payloads come as one JSON array (parsed once here), each wrapped as [payload], or [] for none:
  -- sent as text[] node-postgres would escape every quote of them.
  SELECT * FROM ROWS FROM (
           unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                  $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::int[],
                  $16::timestamptz[], $17::timestamptz[], $18::timestamptz[], $19::timestamptz[]),
           jsonb_array_elements($20::jsonb),
           unnest($21::text[], $22::text[], $23::boolean[], $24::boolean[], $25::text[], $26::text[],
                  $27::text[], $28::text[], $29::text[], $30::text[], $31::text[], $32::text[], $33::text[],
                  $34::text[], $35::text[]),
           unnest($50::timestamptz[]))
         WITH ORDINALITY AS x(merchant_id, integration_id, external_id, marketplace, buyer_name, buyer_email,
                              external_username, total, currency, status, marketplace_status, payment_status,
                              external_order_status, external_payment_status, items_count, order_date, ship_by_date,
                              external_last_modified_at, last_synced_at, original_data, search_text, shipping_service,
                              express, has_address, a_full_name, a_company_name, a_address_line1,
                              a_address_line2, a_city, a_state, a_postal_code, a_country, a_country_code,
                              a_phone_number, a_email, promised_delivery_by, n)
), w AS (
  -- Each order's lines' weight: the catalogue's unit weight, else the marketplace's; unknown (missing)
  -- when a line has neither. Products learned in this transaction are seen (an earlier statement).
  SELECT i.item_order AS n, bool_or(COALESCE(p.weight_grams, i.weight_grams) IS NULL) AS missing,
         sum(i.quantity::bigint * COALESCE(p.weight_grams, i.weight_grams)) AS items_weight
    FROM unnest($36::int[], $40::text[], $42::int[], $49::int[]) AS i(item_order, sku, quantity, weight_grams)
    JOIN x ON x.n = i.item_order
    LEFT JOIN products p ON p.merchant_id = x.merchant_id AND p.sku = i.sku
   GROUP BY i.item_order
), o AS (
  INSERT INTO orders AS cur (merchant_id, integration_id, external_id, marketplace, buyer_name, buyer_email,
    external_username, total, currency, status, marketplace_status, payment_status, external_order_status,
    external_payment_status, items_count, order_date, ship_by_date, external_last_modified_at, last_synced_at,
    original_data, search_text, shipping_service, express, items_weight_grams, weight_missing, weight_grams, rules_pending,
    promised_delivery_by)
  SELECT x.merchant_id, x.integration_id, x.external_id, x.marketplace, x.buyer_name, x.buyer_email, x.external_username,
         x.total::numeric, x.currency, x.status, x.marketplace_status, x.payment_status, x.external_order_status,
         x.external_payment_status, x.items_count, x.order_date, x.ship_by_date, x.external_last_modified_at,
         x.last_synced_at, x.original_data -> 0, x.search_text, x.shipping_service, x.express,
         CASE WHEN NOT w.missing THEN w.items_weight END, COALESCE(w.missing, false),
         CASE WHEN NOT w.missing THEN w.items_weight + order_tare_grams(x.merchant_id, NULL) END,
         x.status = 'da_pagare', x.promised_delivery_by
    FROM x LEFT JOIN w ON w.n = x.n
   WHERE NOT EXISTS (SELECT 1 FROM deleted_integrations d WHERE d.merchant_id = x.merchant_id AND d.integration_id = x.integration_id)
   -- New orders take their ids in the batch's order, as one at a time did.
   ORDER BY x.n
  ON CONFLICT (merchant_id, integration_id, external_id) DO UPDATE SET
    marketplace = EXCLUDED.marketplace,
    -- A buyer's data erased (a privacy request, Amazon's retention) stays erased whatever comes later.
    buyer_name = CASE WHEN cur.buyer_erased_at IS NULL THEN EXCLUDED.buyer_name ELSE cur.buyer_name END,
    buyer_email = CASE WHEN cur.buyer_erased_at IS NULL THEN COALESCE(EXCLUDED.buyer_email, cur.buyer_email) ELSE cur.buyer_email END,
    external_username = CASE WHEN cur.buyer_erased_at IS NULL THEN COALESCE(EXCLUDED.external_username, cur.external_username) ELSE cur.external_username END,
    total = EXCLUDED.total,
    currency = EXCLUDED.currency,
    marketplace_status = EXCLUDED.marketplace_status,
    -- With shipments the status follows them too: the service works it out again (the row is
    -- locked and current here, so has_shipments is never a stale answer).
    status = CASE WHEN cur.has_shipments THEN cur.status ELSE EXCLUDED.status END,
    -- Held for its payment (again): the rules look at it once it is paid.
    rules_pending = cur.rules_pending OR (NOT cur.has_shipments AND EXCLUDED.status = 'da_pagare'),
    payment_status = EXCLUDED.payment_status,
    external_order_status = EXCLUDED.external_order_status,
    external_payment_status = EXCLUDED.external_payment_status,
    items_count = EXCLUDED.items_count,
    order_date = EXCLUDED.order_date,
    ship_by_date = EXCLUDED.ship_by_date,
    promised_delivery_by = EXCLUDED.promised_delivery_by,
    external_last_modified_at = EXCLUDED.external_last_modified_at,
    last_synced_at = EXCLUDED.last_synced_at,
    original_data = CASE WHEN cur.buyer_erased_at IS NULL THEN EXCLUDED.original_data END,
    search_text = CASE WHEN cur.buyer_erased_at IS NULL THEN EXCLUDED.search_text ELSE cur.search_text END,
    shipping_service = EXCLUDED.shipping_service,
    express = EXCLUDED.express,
    items_weight_grams = EXCLUDED.items_weight_grams,
    weight_missing = EXCLUDED.weight_missing,
    weight_grams = EXCLUDED.items_weight_grams + order_tare_grams(cur.merchant_id, cur.package_preset_id),
    updated_at = now()
  WHERE cur.external_last_modified_at < EXCLUDED.external_last_modified_at
  RETURNING id, merchant_id, integration_id, external_id, (xmax = 0) AS created, status, marketplace_status, has_shipments, rules_pending, weight_grams,
            buyer_erased_at IS NOT NULL AS buyer_erased
), ox AS (
  -- Each stored order beside its input.
  SELECT o.*, x.n, x.ship_by_date AS x_ship_by_date, x.has_address, x.a_full_name, x.a_company_name, x.a_address_line1,
         x.a_address_line2, x.a_city, x.a_state, x.a_postal_code, x.a_country, x.a_country_code, x.a_phone_number, x.a_email
    FROM o JOIN x ON x.merchant_id = o.merchant_id AND x.integration_id = o.integration_id AND x.external_id = o.external_id
), address AS (
  INSERT INTO shipping_addresses AS sa (order_id, merchant_id, full_name, company_name, address_line1, address_line2,
    city, state, postal_code, country, country_code, phone_number, email)
  -- An erased buyer's name, street, phone and e-mail are sent as nothing, so the stored (erased) ones stay.
  SELECT ox.id, ox.merchant_id, CASE WHEN ox.buyer_erased THEN '' ELSE ox.a_full_name END,
         CASE WHEN NOT ox.buyer_erased THEN ox.a_company_name END, CASE WHEN ox.buyer_erased THEN '' ELSE ox.a_address_line1 END,
         CASE WHEN NOT ox.buyer_erased THEN ox.a_address_line2 END, ox.a_city, ox.a_state, ox.a_postal_code, ox.a_country,
         ox.a_country_code, CASE WHEN NOT ox.buyer_erased THEN ox.a_phone_number END, CASE WHEN NOT ox.buyer_erased THEN ox.a_email END
    FROM ox WHERE ox.has_address
   ORDER BY ox.n
  ON CONFLICT (order_id) DO UPDATE SET
    full_name = COALESCE(NULLIF(EXCLUDED.full_name, ''), sa.full_name),
    company_name = COALESCE(EXCLUDED.company_name, sa.company_name),
    address_line1 = COALESCE(NULLIF(EXCLUDED.address_line1, ''), sa.address_line1),
    address_line2 = COALESCE(EXCLUDED.address_line2, sa.address_line2),
    city = COALESCE(NULLIF(EXCLUDED.city, ''), sa.city),
    state = COALESCE(EXCLUDED.state, sa.state),
    postal_code = COALESCE(NULLIF(EXCLUDED.postal_code, ''), sa.postal_code),
    country = COALESCE(NULLIF(EXCLUDED.country, ''), sa.country),
    country_code = COALESCE(NULLIF(EXCLUDED.country_code, ''), sa.country_code),
    phone_number = COALESCE(EXCLUDED.phone_number, sa.phone_number),
    email = COALESCE(EXCLUDED.email, sa.email),
    updated_at = now()
), old_items AS (
  DELETE FROM order_items i USING ox WHERE i.order_id = ox.id AND NOT ox.created
), new_items AS (
  INSERT INTO order_items (order_id, merchant_id, position, external_item_id, legacy_item_id, sku, title, quantity,
    unit_price, total, currency, image_url, variant_info, fulfillment_status, marketplace_weight_grams, ship_by_date)
  SELECT ox.id, ox.merchant_id, i.position, i.external_item_id, i.legacy_item_id, i.sku, i.title, i.quantity,
         i.unit_price::numeric, i.total::numeric, i.currency, i.image_url, i.variant_info, i.fulfillment_status, i.weight_grams,
         ox.x_ship_by_date
    FROM unnest($36::int[], $37::int[], $38::text[], $39::text[], $40::text[], $41::text[], $42::int[], $43::text[],
                $44::text[], $45::text[], $46::text[], $47::text[], $48::text[], $49::int[])
         AS i(item_order, position, external_item_id, legacy_item_id, sku, title, quantity, unit_price, total, currency,
              image_url, variant_info, fulfillment_status, weight_grams)
    JOIN ox ON ox.n = i.item_order
   ORDER BY ox.n, i.position
)
SELECT n, id, created, status, marketplace_status, has_shipments, rules_pending, weight_grams FROM ox`;

/** What an import changed: null when nothing (the same or an older version, or a deleted integration). */
export interface UpsertResult {
  id: number;
  created: boolean;
  status: OrderStatus;
  marketplaceStatus: OrderStatus;
  /** The order has shipments: its status must be worked out again from them (the row is locked). */
  hasShipments: boolean;
  /** Held for its payment since the rules last looked at it: they look at it once it is paid. */
  rulesPending: boolean;
  /** The order's weight as stored (catalogue, marketplace, tare); null when unknown. */
  weightGrams: number | null;
}

/**
 * The integration's shared lock, held until the transaction ends, taken before the first
 * {@link upsertImportedOrders} of that integration in the transaction (in a statement of its own, so
 * the upsert's snapshot sees a delete that committed meanwhile). It orders imports against a delete
 * of the same integration ({@link deleteIntegrationOrders}), so an import never brings back an order
 * of a deleted one. Imports share it; once per transaction is enough.
 */
export async function holdIntegrationForImport(tx: PoolClient, integrationId: number): Promise<void> {
  await tx.query({ name: 'orders-import-lock', text: 'SELECT pg_advisory_xact_lock_shared($1, $2::int)', values: [INTEGRATION_LOCK, lockKey(integrationId)] });
}

/**
 * Stores a batch of imported orders in the caller's transaction, in one statement; what each
 * changed, in the batch's order. Each order key at most once per call (the statement cannot touch
 * a row twice: a second version of the same order goes to a later call). The caller holds the
 * integrations' locks ({@link holdIntegrationForImport}).
 */
export async function upsertImportedOrders(tx: PoolClient, batch: readonly OrderImport[]): Promise<(UpsertResult | null)[]> {
  if (batch.length === 0) return [];
  const of = <T>(value: (o: OrderImport) => T) => batch.map(value);
  const items = batch.flatMap((o, n) => o.items.map((item, i) => ({ ...item, order: n + 1, position: i + 1 })));
  const item = <T>(value: (i: (typeof items)[number]) => T) => items.map(value);
  const { rows } = await tx.query({ name: 'orders-import-upsert-batch', text: UPSERT_BATCH, values: [
    of((o) => o.merchantId),
    of((o) => o.integrationId),
    of((o) => o.externalId),
    of((o) => o.marketplace),
    of((o) => o.buyerName),
    of((o) => o.buyerEmail),
    of((o) => o.externalUsername),
    of((o) => o.total),
    of((o) => o.currency),
    of((o) => o.status),
    of((o) => o.marketplaceStatus),
    of((o) => o.paymentStatus),
    of((o) => o.externalOrderStatus),
    of((o) => o.externalPaymentStatus),
    of((o) => o.itemsCount),
    of((o) => o.orderDate),
    of((o) => o.shipByDate),
    of((o) => o.lastModifiedAt),
    of((o) => o.syncedAt),
    `[${batch.map((o) => (o.originalData === null ? '[]' : `[${o.originalData}]`)).join(',')}]`,
    of((o) => o.searchText),
    of((o) => o.shippingService),
    of((o) => o.express),
    of((o) => o.address !== null),
    of((o) => o.address?.fullName ?? ''),
    of((o) => o.address?.companyName ?? null),
    of((o) => o.address?.addressLine1 ?? ''),
    of((o) => o.address?.addressLine2 ?? null),
    of((o) => o.address?.city ?? ''),
    of((o) => o.address?.state ?? null),
    of((o) => o.address?.postalCode ?? ''),
    of((o) => o.address?.country ?? ''),
    of((o) => o.address?.countryCode ?? ''),
    of((o) => o.address?.phoneNumber ?? null),
    of((o) => o.address?.email ?? null),
    item((i) => i.order),
    item((i) => i.position),
    item((i) => i.externalItemId),
    item((i) => i.legacyItemId),
    item((i) => i.sku),
    item((i) => i.title),
    item((i) => i.quantity),
    item((i) => i.unitPrice),
    item((i) => i.total),
    item((i) => i.currency),
    item((i) => i.imageUrl),
    item((i) => i.variantInfo),
    item((i) => i.fulfillmentStatus),
    item((i) => i.marketplaceWeightGrams),
    of((o) => o.promisedDeliveryBy),
  ] });
  const results: (UpsertResult | null)[] = batch.map(() => null);
  for (const row of rows) {
    results[Number(row.n) - 1] = {
      id: Number(row.id),
      created: row.created as boolean,
      status: row.status as OrderStatus,
      marketplaceStatus: row.marketplace_status as OrderStatus,
      hasShipments: row.has_shipments as boolean,
      rulesPending: row.rules_pending as boolean,
      weightGrams: row.weight_grams === null ? null : Number(row.weight_grams),
    };
  }
  return results;
}

/** The rules have looked at an order that was held for its payment (now paid): a later import leaves its carrier alone. */
export async function clearRulesPending(tx: PoolClient, orderId: number): Promise<void> {
  await tx.query('UPDATE orders SET rules_pending = false WHERE id = $1', [orderId]);
}

/** Integration ids are bigint; the two-key advisory lock takes an int (a shared key only costs a wait). */
function lockKey(integrationId: number): number {
  return integrationId % 2_147_483_647;
}

/**
 * Deletes a marketplace integration's orders of this merchant (items and addresses cascade) and
 * remembers the integration as deleted, so imports of it still in the stream are dropped. Takes the
 * integration's lock alone: imports in flight finish first, later ones see the mark.
 */
export async function deleteIntegrationOrders(tx: PoolClient, merchantId: string, integrationId: number): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2::int)', [INTEGRATION_LOCK, lockKey(integrationId)]);
  await tx.query(
    `INSERT INTO deleted_integrations (merchant_id, integration_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [merchantId, integrationId],
  );
  const { rowCount } = await tx.query('DELETE FROM orders WHERE merchant_id = $1 AND integration_id = $2', [merchantId, integrationId]);
  return rowCount ?? 0;
}

/** One order of this merchant with its address and items (and payload with `withOriginalData`); null when unknown or another merchant's. */
export async function findOrder(db: Queryable, merchantId: string, id: number, options: { withOriginalData?: boolean } = {}): Promise<Order | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const extra = options.withOriginalData ? ', o.original_data::text AS original_data' : '';
  const { rows } = await db.query(`SELECT ${ORDER_COLUMNS}${extra} FROM ${ORDER_FROM} WHERE o.id = $1 AND o.merchant_id = $2`, [id, merchantId]);
  if (!rows[0]) return null;
  const order = toOrder(rows[0]);
  order.items = (await itemsOf(db, merchantId, [order.id])).get(order.id) ?? [];
  return order;
}

/** Most ids GetOrders answers at once. */
export const MAX_ORDERS_BY_ID = 1_000;

/**
 * The merchant's orders among `ids` (unknown ids and other merchants' left out), in the order the
 * ids were given, with address, shipments (one query) and items (a second).
 */
export async function findOrders(db: Queryable, merchantId: string, ids: readonly number[]): Promise<Order[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0) return [];
  const { rows } = await db.query(`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.id = ANY($1::bigint[]) AND o.merchant_id = $2`, [wanted, merchantId]);
  const position = new Map(wanted.map((id, i) => [id, i]));
  const orders = rows.map(toOrder).sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  const items = await itemsOf(
    db,
    merchantId,
    orders.map((o) => o.id),
  );
  for (const order of orders) order.items = items.get(order.id) ?? [];
  return orders;
}

/** The items of the given orders, in the marketplace's order, by order id. */
export async function itemsOf(db: Queryable, merchantId: string, orderIds: number[]): Promise<Map<number, OrderItem[]>> {
  const out = new Map<number, OrderItem[]>();
  if (orderIds.length === 0) return out;
  const { rows } = await db.query(
    `SELECT i.id, i.order_id, i.external_item_id, i.title, i.sku, i.quantity, i.unit_price::text AS unit_price,
            i.total::text AS total, i.currency, i.image_url, i.variant_info, i.ship_by_date,
            i.fulfillment_status, p.id AS product_id, COALESCE(p.weight_grams, i.marketplace_weight_grams) AS weight_grams,
            p.hs_code, p.origin_country, p.customs_description
       FROM order_items i
       LEFT JOIN products p ON p.merchant_id = i.merchant_id AND p.sku = i.sku
      WHERE i.order_id = ANY($1::bigint[]) AND i.merchant_id = $2
      ORDER BY i.order_id, i.position`,
    [orderIds, merchantId],
  );
  for (const r of rows) {
    const item = toItem(r);
    const list = out.get(item.orderId);
    if (list) list.push(item);
    else out.set(item.orderId, [item]);
  }
  return out;
}

/** One page of the merchant's orders with their addresses and items (two queries). */
export async function listOrderPage(db: Queryable, merchantId: string, criteria: ListCriteria): Promise<Order[]> {
  const { where, params } = filterSql(merchantId, criteria, { withStatus: true });
  params.push(criteria.pageSize, offsetOf(criteria));
  const { rows } = await db.query(
    `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE ${where} ORDER BY ${orderBySql(criteria)} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const orders = rows.map(toOrder);
  const items = await itemsOf(
    db,
    merchantId,
    orders.map((o) => o.id),
  );
  for (const order of orders) order.items = items.get(order.id) ?? [];
  return orders;
}

/**
 * Orders per status with every filter but the status (the tabs; the list's total is one of them or
 * their sum). From the kept counters when the filters allow (`countableFromCounters`), else counted.
 */
export async function countByStatus(db: Queryable, merchantId: string, criteria: ListCriteria): Promise<Record<OrderStatus, number>> {
  const { where, params } = countableFromCounters(criteria) ? counterFilterSql(merchantId, criteria) : filterSql(merchantId, criteria, { withStatus: false });
  const sql = countableFromCounters(criteria)
    ? `SELECT c.status, sum(c.n)::int AS n FROM order_counts c WHERE ${where} GROUP BY c.status`
    : `SELECT o.status, count(*)::int AS n FROM orders o WHERE ${where} GROUP BY o.status`;
  const { rows } = await db.query<{ status: OrderStatus; n: number }>(sql, params);
  return completeCounts(Object.fromEntries(rows.map((r) => [r.status, r.n])));
}

/**
 * Sets an order's carrier integration by hand (the rules never change it afterwards) or, with null,
 * removes it (the rules may choose one again); false when the order is not the merchant's.
 */
export async function setCarrier(tx: PoolClient, merchantId: string, id: number, carrierIntegrationId: number | null): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE orders SET carrier_integration_id = $3, carrier_source = CASE WHEN $3::bigint IS NULL THEN NULL ELSE 'manual' END,
            applied_rule_id = NULL, applied_rule_name = NULL, updated_at = now()
      WHERE id = $1 AND merchant_id = $2`,
    [id, merchantId, carrierIntegrationId],
  );
  return rowCount === 1;
}

/** An order whose buyer's data is to be erased: its id and the marketplace's id (kept, it names no one). */
export interface ErasableOrder {
  id: number;
  merchantId: string;
  externalId: string;
}

/**
 * Erases the buyer's personal data of an integration's orders (a marketplace's privacy request,
 * issue 22) through {@link eraseBuyerData}. The orders are those named by the marketplace's ids,
 * those of the buyer's e-mail, or all of the integration (`wholeIntegration`, a shop's redact).
 * Answers how many.
 */
export async function redactBuyerData(
  tx: PoolClient,
  merchantId: string,
  integrationId: number,
  which: { externalIds: readonly string[]; email: string; wholeIntegration: boolean },
): Promise<number> {
  const { rows } = await tx.query<{ id: string; external_id: string }>(
    `SELECT id, external_id FROM orders
      WHERE merchant_id = $1 AND integration_id = $2
        AND ($3 OR external_id = ANY($4::text[]) OR ($5 <> '' AND lower(buyer_email) = lower($5)))
      ORDER BY id FOR UPDATE`,
    [merchantId, integrationId, which.wholeIntegration, [...which.externalIds], which.email.trim()],
  );
  await eraseBuyerData(tx, rows.map((r) => ({ id: Number(r.id), merchantId, externalId: r.external_id })));
  return rows.length;
}

/**
 * Erases the buyer's personal data of these orders, locked by the caller (a privacy request, or
 * Amazon's retention after delivery): the buyer's name, e-mail and username, the marketplace's
 * payload, and the shipping address's name, company, street, phone and e-mail (city, postal code
 * and country stay: no person is named by them, the rules and counts read them); the search text
 * keeps only the order's id; `buyer_erased_at` says when (the first time), and a later import of
 * the order never brings them back.
 */
export async function eraseBuyerData(tx: PoolClient, orders: readonly ErasableOrder[]): Promise<void> {
  if (orders.length === 0) return;
  const ids = orders.map((o) => o.id);
  await tx.query(
    `UPDATE orders o SET buyer_name = '', buyer_email = NULL, external_username = NULL, original_data = NULL, search_text = x.search_text,
            buyer_erased_at = COALESCE(o.buyer_erased_at, now()), updated_at = now()
       FROM unnest($1::bigint[], $2::text[]) AS x(id, search_text)
      WHERE o.id = x.id`,
    [ids, orders.map((o) => searchKey(o.externalId, '', '', ''))],
  );
  await tx.query(
    `UPDATE shipping_addresses SET full_name = '', company_name = NULL, address_line1 = '', address_line2 = NULL, phone_number = NULL, email = NULL, updated_at = now()
      WHERE order_id = ANY($1::bigint[])`,
    [ids],
  );
}

/**
 * Up to `limit` orders of the marketplace delivered at or before `cutoff` whose buyer's data is
 * still there, locked for the transaction; rows another transaction holds (a privacy request, an
 * import, another replica) are skipped and come in a later batch or round.
 */
export async function ordersDueForErasure(tx: PoolClient, marketplace: string, cutoff: Date, limit: number): Promise<ErasableOrder[]> {
  const { rows } = await tx.query<{ id: string; merchant_id: string; external_id: string }>(
    `SELECT id, merchant_id, external_id FROM orders
      WHERE marketplace = $1 AND buyer_erased_at IS NULL AND delivered_at IS NOT NULL AND delivered_at <= $2
      ORDER BY delivered_at, id LIMIT $3 FOR UPDATE SKIP LOCKED`,
    [marketplace, cutoff, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), merchantId: r.merchant_id, externalId: r.external_id }));
}
