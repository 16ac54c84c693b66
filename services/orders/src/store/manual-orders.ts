import type { PoolClient } from '@smista/service-kit';

/** The merchant's next manual order number (1, 2, ...): the row lock keeps two at once apart. */
export async function nextManualOrderNumber(tx: PoolClient, merchantId: string): Promise<number> {
  const { rows } = await tx.query(
    `INSERT INTO manual_order_numbers (merchant_id, last_number) VALUES ($1, 1)
     ON CONFLICT (merchant_id) DO UPDATE SET last_number = manual_order_numbers.last_number + 1
     RETURNING last_number`,
    [merchantId],
  );
  return Number(rows[0].last_number);
}

/** What a manual order carries beyond an import: its notes (the package goes through the catalogue's setOrderPackage). */
export async function setManualOrderExtras(tx: PoolClient, merchantId: string, orderId: number, extras: { notes: string }): Promise<void> {
  await tx.query('UPDATE orders SET notes = $3 WHERE id = $1 AND merchant_id = $2', [orderId, merchantId, extras.notes || null]);
}
