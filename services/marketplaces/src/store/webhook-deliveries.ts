import type { Queryable } from '@smista/service-kit';
import type { VerifiedWebhook, WebhookAction } from '../adapters';

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

/** A recorded delivery, as the round works it. */
export interface WebhookDelivery {
  marketplaceId: number;
  webhookId: string;
  topic: string;
  seller: string;
  action: WebhookAction;
  attempts: number;
}

const toDelivery = (r: Record<string, unknown>): WebhookDelivery => ({
  marketplaceId: Number(r.marketplace_id),
  webhookId: r.webhook_id as string,
  topic: r.topic as string,
  seller: r.seller as string,
  action: r.action as WebhookAction,
  attempts: Number(r.attempts),
});

/**
 * Claims up to `limit` pending deliveries of these kinds whose lease is free (oldest first), with a
 * lease for `owner`; each claim counts an attempt. Two replicas never take the same row.
 */
export async function claimPendingDeliveries(db: Queryable, owner: string, kinds: readonly string[], leaseSeconds: number, limit: number): Promise<WebhookDelivery[]> {
  const { rows } = await db.query(
    `UPDATE webhook_deliveries d SET lease_owner = $1, lease_until = now() + make_interval(secs => $3), attempts = d.attempts + 1
      FROM (SELECT marketplace_id, webhook_id FROM webhook_deliveries
             WHERE status = 'pending' AND action->>'kind' = ANY($2::text[]) AND (lease_until IS NULL OR lease_until < now())
             ORDER BY received_at LIMIT $4 FOR UPDATE SKIP LOCKED) due
     WHERE d.marketplace_id = due.marketplace_id AND d.webhook_id = due.webhook_id
     RETURNING d.marketplace_id, d.webhook_id, d.topic, d.seller, d.action, d.attempts`,
    [owner, [...kinds], leaseSeconds, limit],
  );
  return rows.map(toDelivery);
}

/** Ends a claimed delivery (done, ignored or failed) while `owner` still holds it: false when the lease was lost. */
export async function finishDelivery(
  db: Queryable,
  delivery: Pick<WebhookDelivery, 'marketplaceId' | 'webhookId'>,
  owner: string,
  status: 'done' | 'ignored' | 'failed',
  error: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE webhook_deliveries SET status = $4, last_error = $5, processed_at = now(), lease_owner = NULL, lease_until = NULL
      WHERE marketplace_id = $1 AND webhook_id = $2 AND lease_owner = $3`,
    [delivery.marketplaceId, delivery.webhookId, owner, status, error],
  );
  return rowCount === 1;
}

/** A passing fault: the delivery stays pending and is taken again after `delayMs` (any replica). */
export async function retryDeliveryLater(db: Queryable, delivery: Pick<WebhookDelivery, 'marketplaceId' | 'webhookId'>, owner: string, delayMs: number, error: string): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries SET last_error = $4, lease_owner = NULL, lease_until = now() + make_interval(secs => $5)
      WHERE marketplace_id = $1 AND webhook_id = $2 AND lease_owner = $3`,
    [delivery.marketplaceId, delivery.webhookId, owner, error, delayMs / 1000],
  );
}

/** Once a privacy request is passed on, the delivery keeps only ids: the buyer's e-mail is forgotten here. */
export async function forgetDeliveryEmail(db: Queryable, delivery: Pick<WebhookDelivery, 'marketplaceId' | 'webhookId'>): Promise<void> {
  await db.query(`UPDATE webhook_deliveries SET action = action - 'email' WHERE marketplace_id = $1 AND webhook_id = $2`, [delivery.marketplaceId, delivery.webhookId]);
}
