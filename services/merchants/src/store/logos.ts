import type { Queryable } from '@smista/service-kit';
import type { Logo } from '../domain';

export interface LogoRow extends Logo {
  updatedAt: Date;
}

/** The merchant's logo, or null. */
export async function findLogo(db: Queryable, merchantId: string): Promise<LogoRow | null> {
  const { rows } = await db.query<{ content_type: Logo['contentType']; data: Buffer; width: number; height: number; updated_at: Date }>(
    'SELECT content_type, data, width, height, updated_at FROM merchant_logos WHERE merchant_id = $1',
    [merchantId],
  );
  const r = rows[0];
  return r ? { contentType: r.content_type, data: r.data, width: r.width, height: r.height, updatedAt: r.updated_at } : null;
}

/** Stores or replaces the merchant's logo (one statement: never half-written). */
export async function saveLogo(db: Queryable, merchantId: string, logo: Logo, at: Date): Promise<LogoRow> {
  await db.query(
    `INSERT INTO merchant_logos (merchant_id, content_type, data, width, height, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (merchant_id) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data, width = EXCLUDED.width, height = EXCLUDED.height, updated_at = EXCLUDED.updated_at`,
    [merchantId, logo.contentType, Buffer.from(logo.data), logo.width, logo.height, at],
  );
  return { ...logo, updatedAt: at };
}

export async function deleteLogo(db: Queryable, merchantId: string): Promise<void> {
  await db.query('DELETE FROM merchant_logos WHERE merchant_id = $1', [merchantId]);
}
