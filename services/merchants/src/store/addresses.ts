import type { PoolClient, Queryable } from '@smista/service-kit';
import type { AddressPatch } from '../domain';
import type { AddressType, MerchantAddressData } from '@smista/contracts';

export interface AddressRow extends MerchantAddressData {
  id: string;
  merchantId: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Field → column; the only names that ever reach SQL text. */
const COLUMN: Record<keyof MerchantAddressData, string> = {
  addressTypes: 'address_types',
  isDefault: 'is_default',
  companyName: 'company_name',
  contactPerson: 'contact_person',
  addressLine1: 'address_line1',
  addressLine2: 'address_line2',
  city: 'city',
  state: 'state',
  postalCode: 'postal_code',
  country: 'country',
  countryCode: 'country_code',
  phone: 'phone',
  email: 'email',
  vatNumber: 'vat_number',
  taxCode: 'tax_code',
  pickupHours: 'pickup_hours',
  notes: 'notes',
  active: 'active',
};
const FIELDS = Object.keys(COLUMN) as (keyof MerchantAddressData)[];
const SELECT = ['id', 'merchant_id', 'created_at', 'updated_at', ...FIELDS.map((f) => COLUMN[f])].join(', ');

function toAddress(r: Record<string, unknown>): AddressRow {
  const data = Object.fromEntries(FIELDS.map((f) => [f, r[COLUMN[f]]])) as unknown as MerchantAddressData;
  return {
    ...data,
    addressTypes: r.address_types as AddressType[],
    id: r.id as string,
    merchantId: r.merchant_id as string,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

/** The merchant's addresses: the default first, then by company name. */
export async function listAddresses(db: Queryable, merchantId: string): Promise<AddressRow[]> {
  const { rows } = await db.query(
    `SELECT ${SELECT} FROM merchant_addresses
      WHERE merchant_id = $1
      ORDER BY is_default DESC, lower(company_name), company_name, created_at, id`,
    [merchantId],
  );
  return rows.map(toAddress);
}

/**
 * Serialises the default-address switches of one merchant: taken before clearing the old default,
 * so two concurrent "make this the default" requests run one after the other. NO KEY UPDATE does
 * not block the foreign-key checks of inserts that reference the merchant.
 */
export async function lockMerchantAddresses(tx: PoolClient, merchantId: string): Promise<void> {
  await tx.query(`SELECT 1 FROM merchants WHERE id = $1 FOR NO KEY UPDATE`, [merchantId]);
}

/** Takes the default flag away from the merchant's current default (if any). */
export async function clearDefaultAddress(tx: PoolClient, merchantId: string, now: Date): Promise<void> {
  await tx.query(`UPDATE merchant_addresses SET is_default = false, updated_at = $2 WHERE merchant_id = $1 AND is_default`, [
    merchantId,
    now,
  ]);
}

export async function insertAddress(tx: PoolClient, merchantId: string, data: MerchantAddressData, now: Date): Promise<AddressRow> {
  const values = FIELDS.map((f) => data[f]);
  const columns = FIELDS.map((f) => COLUMN[f]);
  const { rows } = await tx.query(
    `INSERT INTO merchant_addresses (merchant_id, created_at, updated_at, ${columns.join(', ')})
     VALUES ($1, $2, $2, ${columns.map((_c, i) => `$${i + 3}`).join(', ')})
     RETURNING ${SELECT}`,
    [merchantId, now, ...values],
  );
  return toAddress(rows[0]);
}

/** One address of this merchant, locked; null when the id is unknown or another merchant's. */
export async function findAddressForUpdate(tx: PoolClient, merchantId: string, id: string): Promise<AddressRow | null> {
  const { rows } = await tx.query(`SELECT ${SELECT} FROM merchant_addresses WHERE id = $1 AND merchant_id = $2 FOR UPDATE`, [
    id,
    merchantId,
  ]);
  return rows[0] ? toAddress(rows[0]) : null;
}

/** Writes the given fields (and updated_at) of one address of this merchant. */
export async function updateAddress(tx: PoolClient, merchantId: string, id: string, patch: AddressPatch, now: Date): Promise<AddressRow> {
  const fields = FIELDS.filter((f) => f in patch);
  const sets = fields.map((f, i) => `${COLUMN[f]} = $${i + 4}`);
  const { rows } = await tx.query(
    `UPDATE merchant_addresses SET ${['updated_at = $3', ...sets].join(', ')}
      WHERE id = $1 AND merchant_id = $2
      RETURNING ${SELECT}`,
    [id, merchantId, now, ...fields.map((f) => patch[f])],
  );
  return toAddress(rows[0]);
}

/** Deletes one address of this merchant; false when the id is unknown or another merchant's. */
export async function deleteAddress(db: Queryable, merchantId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM merchant_addresses WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
  return (rowCount ?? 0) > 0;
}
