import { createHash } from 'node:crypto';
import type { BuyerMailKind, BuyerMailSkipReason, BuyerMailStatus } from '@smista/contracts';
import type { PoolClient, Queryable } from '@smista/service-kit';
import type { StoredBuyerMailSettings } from '../domain';

/** The merchant's saved e-mail settings, or null when it never saved any (all off). */
export async function buyerMailSettingsRow(db: Queryable, merchantId: string): Promise<StoredBuyerMailSettings | null> {
  const { rows } = await db.query(`SELECT enabled, kinds, sender_name, reply_to, templates FROM buyer_mail_settings WHERE merchant_id = $1`, [merchantId]);
  const r = rows[0];
  if (!r) return null;
  return { enabled: r.enabled, kinds: r.kinds, senderName: r.sender_name, replyTo: r.reply_to, templates: r.templates ?? {} };
}

export async function saveBuyerMailSettings(db: Queryable, merchantId: string, s: StoredBuyerMailSettings, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO buyer_mail_settings (merchant_id, enabled, kinds, sender_name, reply_to, templates, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, now(), $7)
     ON CONFLICT (merchant_id) DO UPDATE
        SET enabled = EXCLUDED.enabled, kinds = EXCLUDED.kinds, sender_name = EXCLUDED.sender_name, reply_to = EXCLUDED.reply_to,
            templates = EXCLUDED.templates, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [merchantId, s.enabled, s.kinds, s.senderName, s.replyTo, JSON.stringify(s.templates), userId],
  );
}

/**
 * Queues the buyer's e-mails of these kinds for the shipment, in the caller's transaction: only
 * when its merchant sends e-mails and chose the kind, never a second one of a kind for a shipment.
 * A buyer without an address gets a row already skipped, so the drawer says why nothing went.
 * Each row gets its random unsubscribe token (two uuids' 32 bytes, base64url, 43 characters).
 */
export async function queueBuyerMails(tx: PoolClient, shipmentId: number, kinds: readonly BuyerMailKind[]): Promise<number> {
  if (kinds.length === 0) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO buyer_mails (merchant_id, shipment_id, kind, recipient, status, reason, unsubscribe_token)
     SELECT s.merchant_id, s.id, k.kind, COALESCE(s.recipient_email, ''),
            CASE WHEN COALESCE(btrim(s.recipient_email), '') = '' THEN 'skipped' ELSE 'pending' END,
            CASE WHEN COALESCE(btrim(s.recipient_email), '') = '' THEN 'no_address' END,
            rtrim(translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')
       FROM shipments s
       JOIN buyer_mail_settings b ON b.merchant_id = s.merchant_id AND b.enabled
      CROSS JOIN unnest($2::text[]) AS k(kind)
      WHERE s.id = $1 AND k.kind = ANY (b.kinds)
     ON CONFLICT (shipment_id, kind) DO NOTHING`,
    [shipmentId, kinds],
  );
  return rowCount ?? 0;
}

/** A queued e-mail the sender claimed. */
export interface ClaimedBuyerMail {
  id: number;
  merchantId: string;
  shipmentId: number;
  kind: BuyerMailKind;
  unsubscribeToken: string;
  attempts: number;
}

/**
 * Claims up to `limit` due e-mails for this replica until `claimMs` from now, oldest first; rows
 * another replica holds are skipped. A 'shipped' e-mail is due `shippedDelaySeconds` after it was
 * queued: a label cancelled within that time never reaches the buyer.
 */
export async function claimDueBuyerMails(db: Queryable, limit: number, shippedDelaySeconds: number, claimMs: number): Promise<ClaimedBuyerMail[]> {
  const { rows } = await db.query(
    `UPDATE buyer_mails m SET claimed_until = now() + make_interval(secs => $3::double precision / 1000)
      WHERE m.id IN (
        SELECT id FROM buyer_mails
         WHERE status = 'pending' AND send_after <= now()
           AND (kind <> 'shipped' OR queued_at <= now() - make_interval(secs => $2::double precision))
           AND (claimed_until IS NULL OR claimed_until < now())
         ORDER BY send_after, id
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
      RETURNING m.id, m.merchant_id, m.shipment_id, m.kind, m.unsubscribe_token, m.attempts`,
    [limit, shippedDelaySeconds, claimMs],
  );
  return rows
    .map((r) => ({ id: Number(r.id), merchantId: r.merchant_id, shipmentId: Number(r.shipment_id), kind: r.kind, unsubscribeToken: r.unsubscribe_token, attempts: r.attempts }))
    .sort((a, b) => a.id - b.id);
}

export async function markBuyerMailSent(db: Queryable, id: number, recipient: string): Promise<void> {
  await db.query(`UPDATE buyer_mails SET status = 'sent', sent_at = now(), recipient = $2, attempts = attempts + 1, claimed_until = NULL, last_error = NULL WHERE id = $1`, [id, recipient]);
}

export async function markBuyerMailSkipped(db: Queryable, id: number, reason: BuyerMailSkipReason): Promise<void> {
  await db.query(`UPDATE buyer_mails SET status = 'skipped', reason = $2, claimed_until = NULL WHERE id = $1`, [id, reason]);
}

/**
 * A send that failed (the SMTP relay, merchants' brand): tried again after `retryInSeconds`, or
 * given up as failed once `maxAttempts` were made. The error is kept without the message's body.
 */
export async function markBuyerMailFailed(db: Queryable, id: number, error: string, retryInSeconds: number, maxAttempts: number): Promise<void> {
  await db.query(
    `UPDATE buyer_mails
        SET attempts = attempts + 1, last_error = left($2, 500), claimed_until = NULL,
            send_after = now() + make_interval(secs => $3::double precision),
            status = CASE WHEN attempts + 1 >= $4 THEN 'failed' ELSE status END,
            reason = CASE WHEN attempts + 1 >= $4 THEN 'failed' ELSE reason END
      WHERE id = $1`,
    [id, error, retryInSeconds, maxAttempts],
  );
}

/** Lets go of claims this replica still holds (it stops): another replica sends them at once. */
export async function releaseBuyerMailClaims(db: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.query(`UPDATE buyer_mails SET claimed_until = NULL WHERE id = ANY($1::bigint[]) AND status = 'pending'`, [ids]);
}

/** One e-mail of a shipment, as the drawer lists it. */
export interface StoredBuyerMail {
  kind: BuyerMailKind;
  status: BuyerMailStatus;
  recipient: string;
  queuedAt: Date;
  sentAt: Date | null;
  reason: BuyerMailSkipReason | null;
}

export async function buyerMailsOf(db: Queryable, merchantId: string, shipmentId: number): Promise<StoredBuyerMail[]> {
  const { rows } = await db.query(
    `SELECT kind, status, recipient, queued_at, sent_at, reason FROM buyer_mails WHERE merchant_id = $1 AND shipment_id = $2 ORDER BY queued_at, id`,
    [merchantId, shipmentId],
  );
  return rows.map((r) => ({ kind: r.kind, status: r.status, recipient: r.recipient, queuedAt: r.queued_at, sentAt: r.sent_at, reason: r.reason }));
}

const addressHash = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

export async function isUnsubscribed(db: Queryable, merchantId: string, address: string): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM buyer_mail_unsubscribes WHERE merchant_id = $1 AND address_hash = $2`, [merchantId, addressHash(address)]);
  return (rowCount ?? 0) > 0;
}

/** The merchant and the address an unsubscribe link was sent to; null for an unknown token. */
export async function unsubscribeLink(db: Queryable, token: string): Promise<{ merchantId: string; recipient: string } | null> {
  const { rows } = await db.query(`SELECT merchant_id, recipient FROM buyer_mails WHERE unsubscribe_token = $1`, [token]);
  const r = rows[0];
  return r ? { merchantId: r.merchant_id, recipient: r.recipient } : null;
}

/** Records the buyer's choice (idempotent); queued e-mails to the address are skipped when their turn comes. */
export async function unsubscribeAddress(db: Queryable, merchantId: string, address: string): Promise<void> {
  await db.query(`INSERT INTO buyer_mail_unsubscribes (merchant_id, address_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [merchantId, addressHash(address)]);
}
