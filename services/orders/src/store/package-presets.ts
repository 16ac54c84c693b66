import type { PackagePresetFields } from '@smista/contracts';
import type { PoolClient, Queryable } from '@smista/service-kit';
import type { PackagePreset } from '../domain';

const PRESET_COLUMNS = 'id, merchant_id, name, length_mm, width_mm, height_mm, tare_grams, max_weight_grams, is_default';

function toPreset(r: Record<string, unknown>): PackagePreset {
  return {
    id: Number(r.id),
    merchantId: r.merchant_id as string,
    name: r.name as string,
    lengthMm: r.length_mm as number,
    widthMm: r.width_mm as number,
    heightMm: r.height_mm as number,
    tareGrams: r.tare_grams as number,
    maxWeightGrams: r.max_weight_grams as number,
    isDefault: r.is_default as boolean,
  };
}

/** The merchant's presets by name. */
export async function listPresets(db: Queryable, merchantId: string): Promise<PackagePreset[]> {
  const { rows } = await db.query(`SELECT ${PRESET_COLUMNS} FROM package_presets WHERE merchant_id = $1 ORDER BY lower(name), id`, [merchantId]);
  return rows.map(toPreset);
}

/** One of the merchant's presets; `forUpdate` locks it for the rest of the transaction. */
export async function findPreset(db: Queryable, merchantId: string, id: number, forUpdate = false): Promise<PackagePreset | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const { rows } = await db.query(`SELECT ${PRESET_COLUMNS} FROM package_presets WHERE id = $1 AND merchant_id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [id, merchantId]);
  return rows[0] ? toPreset(rows[0]) : null;
}

/** Only one default per merchant: the others stop being it (before a preset becomes it). */
export async function clearDefaultPreset(tx: PoolClient, merchantId: string, exceptId: number): Promise<void> {
  await tx.query('UPDATE package_presets SET is_default = false, updated_at = now() WHERE merchant_id = $1 AND is_default AND id <> $2', [merchantId, exceptId]);
}

export async function insertPreset(tx: PoolClient, merchantId: string, v: PackagePresetFields): Promise<PackagePreset> {
  const { rows } = await tx.query(
    `INSERT INTO package_presets (merchant_id, name, length_mm, width_mm, height_mm, tare_grams, max_weight_grams, is_default)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${PRESET_COLUMNS}`,
    [merchantId, v.name, v.lengthMm, v.widthMm, v.heightMm, v.tareGrams, v.maxWeightGrams, v.isDefault],
  );
  return toPreset(rows[0]);
}

export async function updatePreset(tx: PoolClient, merchantId: string, id: number, v: PackagePresetFields): Promise<PackagePreset | null> {
  const { rows } = await tx.query(
    `UPDATE package_presets SET name = $3, length_mm = $4, width_mm = $5, height_mm = $6, tare_grams = $7, max_weight_grams = $8,
            is_default = $9, updated_at = now()
      WHERE id = $1 AND merchant_id = $2 RETURNING ${PRESET_COLUMNS}`,
    [id, merchantId, v.name, v.lengthMm, v.widthMm, v.heightMm, v.tareGrams, v.maxWeightGrams, v.isDefault],
  );
  return rows[0] ? toPreset(rows[0]) : null;
}

/** Deletes a preset; the orders and rules that named it fall back to none (ON DELETE SET NULL). */
export async function deletePreset(tx: PoolClient, merchantId: string, id: number): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM package_presets WHERE id = $1 AND merchant_id = $2', [id, merchantId]);
  return (rowCount ?? 0) > 0;
}

/** The open orders (to pay or to ship) packed in one preset of the merchant. */
export async function openOrdersPackedIn(tx: PoolClient, merchantId: string, presetId: number): Promise<number[]> {
  const { rows } = await tx.query(
    `SELECT id FROM orders WHERE merchant_id = $1 AND package_preset_id = $2 AND status IN ('da_pagare', 'da_spedire')`,
    [merchantId, presetId],
  );
  return rows.map((r) => Number(r.id));
}

/** Sets the package of one order (null: the merchant's default); false when it is not the merchant's. */
export async function setOrderPackage(tx: PoolClient, merchantId: string, orderId: number, presetId: number | null): Promise<boolean> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return false;
  const { rowCount } = await tx.query('UPDATE orders SET package_preset_id = $3, updated_at = now() WHERE id = $1 AND merchant_id = $2', [orderId, merchantId, presetId]);
  return (rowCount ?? 0) > 0;
}

/**
 * Raises the merchant's orders list version (migration 008) for a change the orders' rows do not
 * show: a product's customs data or dimensions, answered on the list's items.
 */
export async function raiseListVersion(tx: PoolClient, merchantId: string): Promise<void> {
  await tx.query(
    `INSERT INTO order_list_versions AS v (merchant_id, slot, version) VALUES ($1, pg_backend_pid() % 16, 1)
     ON CONFLICT (merchant_id, slot) DO UPDATE SET version = v.version + 1`,
    [merchantId],
  );
}
