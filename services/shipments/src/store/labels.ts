import type { PoolClient, Queryable } from '@smista/service-kit';

/** Stores (or replaces) a shipment's label PDF. */
export async function saveLabel(tx: PoolClient, shipmentId: number, pdf: Uint8Array): Promise<void> {
  await tx.query(
    `INSERT INTO labels (shipment_id, pdf) VALUES ($1, $2) ON CONFLICT (shipment_id) DO UPDATE SET pdf = EXCLUDED.pdf, created_at = now()`,
    [shipmentId, Buffer.from(pdf)],
  );
}

/**
 * The label PDFs of the merchant's shipments among the ids, by shipment id (no label = absent; a
 * label voided in Smista only is absent too: it must not be used).
 */
export async function labelsOf(db: Queryable, merchantId: string, ids: readonly number[]): Promise<Map<number, Buffer>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ shipment_id: string; pdf: Buffer }>(
    `SELECT l.shipment_id, l.pdf FROM labels l JOIN shipments s ON s.id = l.shipment_id
      WHERE l.shipment_id = ANY($1::bigint[]) AND s.merchant_id = $2 AND s.label_void_reason IS NULL`,
    [ids, merchantId],
  );
  return new Map(rows.map((r) => [Number(r.shipment_id), r.pdf]));
}

/** Stores a workday manifest; answers its id. */
export async function saveManifest(tx: PoolClient, merchantId: string, carrierIntegrationId: number, pdf: Uint8Array): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO manifests (merchant_id, carrier_integration_id, pdf) VALUES ($1, $2, $3) RETURNING id`,
    [merchantId, carrierIntegrationId, Buffer.from(pdf)],
  );
  return Number(rows[0].id);
}

/** One manifest of this merchant; null when unknown or another merchant's. */
export async function manifestOf(db: Queryable, merchantId: string, id: number): Promise<{ id: number; pdf: Buffer; createdAt: Date } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const { rows } = await db.query<{ id: string; pdf: Buffer; created_at: Date }>(`SELECT id, pdf, created_at FROM manifests WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
  return rows[0] ? { id: Number(rows[0].id), pdf: rows[0].pdf, createdAt: rows[0].created_at } : null;
}
