import type { Queryable } from '@smista/service-kit';
import type { VerifiedWebhook } from '../adapters';

/**
 * Records a verified delivery, pending, once per marketplace and delivery id: true when recorded,
 * false when the id was recorded before (the marketplace sent it again) and nothing was written.
 */
export async function recordWebhookDelivery(db: Queryable, marketplaceId: number, webhook: VerifiedWebhook): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO webhook_deliveries (marketplace_id, webhook_id, topic, seller, action) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (marketplace_id, webhook_id) DO NOTHING`,
    [marketplaceId, webhook.webhookId, webhook.topic, webhook.seller, JSON.stringify(webhook.action)],
  );
  return rowCount === 1;
}
