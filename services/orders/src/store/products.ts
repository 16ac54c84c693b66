import type { PoolClient, Queryable } from '@smista/service-kit';
import type { OrderImport, PackagesReweighed, Product, ProductChanges, ProductFilter } from '../domain';

/**
 * Learns the products of a batch of imports in one statement (issue 25): each SKU not yet in the
 * merchant's catalogue becomes a product (title, image, the marketplace's reference); a known one
 * gets only what it still lacks (an empty title or image, a reference to an integration not yet
 * listed: one per marketplace integration, the first item id seen, so the row is written once). Known
 * products with nothing to add are neither written nor locked, so concurrent imports of the same
 * SKUs do not queue on them; new SKUs are inserted in SKU order, so two batches never deadlock.
 * Runs in the import's transaction before the upsert, which reads the products' weights.
 */
const LEARN_PRODUCTS = `
WITH i AS (
  SELECT DISTINCT ON (merchant_id, sku) merchant_id, sku, title, image_url,
         jsonb_build_array(jsonb_build_object('marketplace', marketplace, 'integrationId', integration_id, 'itemId', item_id)) AS refs,
         jsonb_build_array(jsonb_build_object('marketplace', marketplace, 'integrationId', integration_id)) AS listing
    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[])
         AS i(merchant_id, sku, title, image_url, marketplace, integration_id, item_id)
   ORDER BY merchant_id, sku
), added AS (
  INSERT INTO products (merchant_id, sku, title, image_url, marketplace_refs)
  SELECT merchant_id, sku, title, image_url, refs FROM i ORDER BY merchant_id, sku
  ON CONFLICT (merchant_id, sku) DO NOTHING
)
UPDATE products p
   SET title = CASE WHEN p.title = '' THEN i.title ELSE p.title END,
       image_url = COALESCE(p.image_url, i.image_url),
       marketplace_refs = CASE WHEN p.marketplace_refs @> i.listing THEN p.marketplace_refs ELSE p.marketplace_refs || i.refs END,
       updated_at = now()
  FROM i
 WHERE p.merchant_id = i.merchant_id AND p.sku = i.sku
   AND ((p.title = '' AND i.title <> '') OR (p.image_url IS NULL AND i.image_url IS NOT NULL) OR NOT p.marketplace_refs @> i.listing)`;

export async function learnProducts(tx: PoolClient, batch: readonly OrderImport[]): Promise<void> {
  const lines = batch.flatMap((o) => o.items.filter((i) => i.sku).map((i) => ({ o, i })));
  if (lines.length === 0) return;
  await tx.query({
    name: 'orders-import-learn-products',
    text: LEARN_PRODUCTS,
    values: [
      lines.map(({ o }) => o.merchantId),
      lines.map(({ i }) => i.sku),
      lines.map(({ i }) => i.title),
      lines.map(({ i }) => i.imageUrl),
      lines.map(({ o }) => o.marketplace),
      lines.map(({ o }) => o.integrationId),
      lines.map(({ i }) => i.legacyItemId ?? i.externalItemId),
    ],
  });
}

const PRODUCT_COLUMNS = `id, merchant_id, sku, title, image_url, marketplace_refs, weight_grams, length_mm, width_mm, height_mm,
  hs_code, origin_country, customs_description, ships_in_own_box, created_at, updated_at`;

type Row = Record<string, unknown>;
const intOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toProduct(r: Row): Product {
  return {
    id: Number(r.id),
    merchantId: r.merchant_id as string,
    sku: r.sku as string,
    title: r.title as string,
    imageUrl: r.image_url as string | null,
    marketplaceRefs: (r.marketplace_refs ?? []) as Product['marketplaceRefs'],
    weightGrams: intOrNull(r.weight_grams),
    lengthMm: intOrNull(r.length_mm),
    widthMm: intOrNull(r.width_mm),
    heightMm: intOrNull(r.height_mm),
    hsCode: r.hs_code as string,
    originCountry: r.origin_country as string,
    customsDescription: r.customs_description as string,
    shipsInOwnBox: r.ships_in_own_box as boolean,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

/** The filter's WHERE (after `merchant_id = $1`) and its values from $2 on. */
function productWhere(f: ProductFilter): { sql: string; values: unknown[] } {
  const parts = ['merchant_id = $1'];
  const values: unknown[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    values.push(value);
    parts.push(sql(values.length + 1));
  };
  if (f.search) add((n) => `(sku ILIKE $${n} OR title ILIKE $${n})`, `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.missingWeight) parts.push('weight_grams IS NULL');
  if (f.missingCustoms) parts.push("(hs_code = '' OR origin_country = '' OR customs_description = '')");
  if (f.marketplace) add((n) => `marketplace_refs @> jsonb_build_array(jsonb_build_object('marketplace', $${n}::text))`, f.marketplace);
  return { sql: parts.join(' AND '), values };
}

/** A page of the merchant's catalogue by SKU, and how many match. */
export async function listProducts(db: Queryable, merchantId: string, f: ProductFilter, page: { offset: number; limit: number }): Promise<{ products: Product[]; total: number }> {
  const where = productWhere(f);
  const values = [merchantId, ...where.values];
  const [list, count] = await Promise.all([
    db.query(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE ${where.sql} ORDER BY sku LIMIT ${page.limit} OFFSET ${page.offset}`, values),
    db.query<{ n: string }>(`SELECT count(*) AS n FROM products WHERE ${where.sql}`, values),
  ]);
  return { products: list.rows.map(toProduct), total: Number(count.rows[0]!.n) };
}

/** Every product of the merchant, by SKU (the CSV download). */
export async function allProducts(db: Queryable, merchantId: string): Promise<Product[]> {
  const { rows } = await db.query(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE merchant_id = $1 ORDER BY sku`, [merchantId]);
  return rows.map(toProduct);
}

export async function findProduct(db: Queryable, merchantId: string, id: number): Promise<Product | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const { rows } = await db.query(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
  return rows[0] ? toProduct(rows[0]) : null;
}

/** The merchant's products among these ids (a manual order's picked lines); another merchant's are not there. */
export async function productsById(db: Queryable, merchantId: string, ids: readonly number[]): Promise<Map<number, Product>> {
  const { rows } = await db.query(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE merchant_id = $1 AND id = ANY($2::bigint[])`, [merchantId, ids]);
  return new Map(rows.map((r) => [Number(r.id), toProduct(r)]));
}

/** The merchant's products by SKU (the CSV upload's rows name them so). */
export async function productsBySku(db: Queryable, merchantId: string, skus: readonly string[]): Promise<Map<string, Product>> {
  const { rows } = await db.query(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE merchant_id = $1 AND sku = ANY($2::text[])`, [merchantId, skus]);
  return new Map(rows.map((r) => [r.sku as string, toProduct(r)]));
}

/**
 * Writes what the merchant fills for several products in one statement (one product or a CSV's
 * rows), locking them in id order; null fields are written as null (cleared). Returns the SKUs
 * whose weight changed, for {@link recomputeOrderWeights}.
 */
export async function updateProducts(tx: PoolClient, merchantId: string, changes: readonly ProductChanges[]): Promise<{ products: Product[]; weightChangedSkus: string[] }> {
  if (changes.length === 0) return { products: [], weightChangedSkus: [] };
  const sorted = [...changes].sort((a, b) => a.id - b.id);
  const col = <T>(f: (c: ProductChanges) => T) => sorted.map(f);
  const { rows } = await tx.query(
    `WITH c AS (
       SELECT * FROM unnest($2::bigint[], $3::int[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[], $9::text[], $10::boolean[])
              AS c(id, weight_grams, length_mm, width_mm, height_mm, hs_code, origin_country, customs_description, ships_in_own_box)
     ), old AS (
       SELECT p.id, p.weight_grams FROM products p JOIN c ON c.id = p.id WHERE p.merchant_id = $1 ORDER BY p.id FOR UPDATE OF p
     )
     UPDATE products p SET weight_grams = c.weight_grams, length_mm = c.length_mm, width_mm = c.width_mm, height_mm = c.height_mm,
            hs_code = c.hs_code, origin_country = c.origin_country, customs_description = c.customs_description,
            ships_in_own_box = c.ships_in_own_box, updated_at = now()
       FROM c JOIN old ON old.id = c.id
      WHERE p.id = c.id AND p.merchant_id = $1
     RETURNING ${PRODUCT_COLUMNS.split(',').map((c) => `p.${c.trim()}`).join(', ')}, old.weight_grams IS DISTINCT FROM c.weight_grams AS weight_changed`,
    [
      merchantId,
      col((c) => c.id),
      col((c) => c.weightGrams),
      col((c) => c.lengthMm),
      col((c) => c.widthMm),
      col((c) => c.heightMm),
      col((c) => c.hsCode),
      col((c) => c.originCountry),
      col((c) => c.customsDescription),
      col((c) => c.shipsInOwnBox),
    ],
  );
  return { products: rows.map(toProduct), weightChangedSkus: rows.filter((r) => r.weight_changed).map((r) => r.sku as string) };
}

/** Which orders to weigh again. */
export type OrdersToReweigh =
  /** Products' weights changed: the open orders with one of these SKUs. */
  | { skus: readonly string[] }
  /** Packages' tares or the default changed: the open orders packed so. */
  | PackagesReweighed
  /** Their package was chosen: these orders, whatever their status. */
  | { orderIds: readonly number[] };

/**
 * The weight of orders again, from their lines, the catalogue and their package's tare (open means
 * to pay or to ship). Only the orders a change can move are read, so a preset's tare does not
 * rewrite a merchant's whole backlog. Returns the ids whose weight or 'Peso mancante' changed.
 */
export async function recomputeOrderWeights(tx: PoolClient, merchantId: string, which: OrdersToReweigh): Promise<number[]> {
  const skus = 'skus' in which ? which.skus : null;
  const orderIds = 'orderIds' in which ? which.orderIds : null;
  const presetIds = 'presetIds' in which ? which.presetIds : null;
  const defaultPackage = 'presetIds' in which ? which.defaultPackage : null;
  const { rows } = await tx.query(
    `WITH target AS (
       SELECT o.id FROM orders o
        WHERE o.merchant_id = $1 AND ($3::bigint[] IS NOT NULL OR o.status IN ('da_pagare', 'da_spedire'))
          AND ($2::text[] IS NULL OR EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.sku = ANY($2::text[])))
          AND ($3::bigint[] IS NULL OR o.id = ANY($3::bigint[]))
          AND ($4::bigint[] IS NULL OR o.package_preset_id = ANY($4::bigint[]) OR ($5::boolean AND o.package_preset_id IS NULL))
     ), w AS (
       SELECT t.id, bool_or(COALESCE(p.weight_grams, i.marketplace_weight_grams) IS NULL) AS missing,
              sum(i.quantity::bigint * COALESCE(p.weight_grams, i.marketplace_weight_grams)) AS items_weight
         FROM target t JOIN order_items i ON i.order_id = t.id
         LEFT JOIN products p ON p.merchant_id = $1 AND p.sku = i.sku
        GROUP BY t.id
     ), v AS (
       SELECT o.id, CASE WHEN NOT w.missing THEN w.items_weight END AS items_weight, COALESCE(w.missing, false) AS missing,
              CASE WHEN NOT w.missing THEN w.items_weight + order_tare_grams(o.merchant_id, o.package_preset_id) END AS weight
         FROM orders o JOIN target t ON t.id = o.id LEFT JOIN w ON w.id = o.id
        ORDER BY o.id
     )
     UPDATE orders o SET items_weight_grams = v.items_weight, weight_missing = v.missing, weight_grams = v.weight, updated_at = now()
       FROM v
      WHERE o.id = v.id AND (o.weight_grams IS DISTINCT FROM v.weight OR o.weight_missing IS DISTINCT FROM v.missing
                             OR o.items_weight_grams IS DISTINCT FROM v.items_weight)
     RETURNING o.id`,
    [merchantId, skus, orderIds, presetIds, defaultPackage],
  );
  return rows.map((r) => Number(r.id));
}
