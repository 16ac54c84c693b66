import type { Queryable } from '@smista/service-kit';

/**
 * The current version of a merchant's orders list (migration 008: raised by every write that can
 * change a page, in its own transaction). Read before a page, so a page kept under a version is at
 * least as new as it. One small statement, prepared once per connection.
 */
export async function listVersion(db: Queryable, merchantId: string): Promise<string> {
  const { rows } = await db.query<{ version: string }>({
    name: 'order-list-version',
    text: 'SELECT coalesce(sum(version), 0)::text AS version FROM order_list_versions WHERE merchant_id = $1',
    values: [merchantId],
  });
  return rows[0]?.version ?? '0';
}
