import type { PoolClient } from '@smista/service-kit';
import { shipmentSearchText } from '../domain';

/**
 * Whose recipients are erased: what a privacy request names (the marketplace's order ids, the
 * buyer's e-mail, or every shipment of the integration), or the orders the orders service erased
 * (`orderIds`, Smista's ids: Amazon's retention after delivery).
 */
export interface ErasureScope {
  externalOrderIds: readonly string[];
  email: string;
  wholeIntegration: boolean;
  orderIds?: readonly number[];
}

/** Written where an erased value stood in a message (a carrier's reason may quote the address). */
const ERASED = '[dato cancellato]';

/**
 * Erases the recipient of an integration's shipments (a marketplace's privacy request, issue 22):
 * the name, street, phone and e-mail blank, the search text without the name, the label PDF deleted
 * (it printed them), and those values taken out of every message kept for the shipment (the audit
 * trail, the error, the close, the marketplace push, the processing run). The tracking number, city,
 * postal code, province and country stay: the carrier traces the parcel by them and no person is
 * named by them. The shipments are those of the marketplace's order ids, those whose recipient
 * e-mail is the buyer's, or all of the integration's; with `integrationId` null (orders erased by
 * their ids), the merchant's shipments of `orderIds` whatever their integration. Answers how many.
 */
export async function eraseRecipients(tx: PoolClient, merchantId: string, integrationId: number | null, scope: ErasureScope): Promise<number> {
  const { rows } = await tx.query<{
    id: string;
    order_id: string;
    order_external_id: string;
    tracking_number: string | null;
    city: string;
    recipient_name: string;
    address_line1: string;
    address_line2: string | null;
    phone_number: string | null;
    recipient_email: string | null;
  }>(
    `SELECT id, order_id, order_external_id, tracking_number, city, recipient_name, address_line1, address_line2, phone_number, recipient_email
       FROM shipments
      WHERE merchant_id = $1 AND ($2::bigint IS NULL OR marketplace_integration_id = $2)
        AND (($3 AND $2::bigint IS NOT NULL) OR order_external_id = ANY($4::text[]) OR ($5 <> '' AND lower(recipient_email) = lower($5))
             OR order_id = ANY($6::bigint[]))
      ORDER BY id FOR UPDATE`,
    [merchantId, integrationId, scope.wholeIntegration, [...scope.externalOrderIds], scope.email.trim(), [...(scope.orderIds ?? [])]],
  );
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  await tx.query(
    `UPDATE shipments s
        SET recipient_name = '', address_line1 = '', address_line2 = NULL, phone_number = NULL, recipient_email = NULL,
            has_label = false, search_text = x.search_text, recipient_erased_at = coalesce(s.recipient_erased_at, now()), updated_at = now()
       FROM unnest($1::bigint[], $2::text[]) AS x(id, search_text)
      WHERE s.id = x.id`,
    [
      ids,
      rows.map((r) => shipmentSearchText({ orderExternalId: r.order_external_id, orderId: Number(r.order_id), recipientName: '', trackingNumber: r.tracking_number, city: r.city })),
    ],
  );
  await tx.query(`DELETE FROM labels WHERE shipment_id = ANY($1::bigint[])`, [ids]);
  // The buyer e-mails' addresses go too; one still queued is skipped when its turn comes (no address).
  await tx.query(`UPDATE buyer_mails SET recipient = '' WHERE shipment_id = ANY($1::bigint[])`, [ids]);

  // Every value erased, per shipment, out of the messages kept for it (short ones would match inside other words).
  const values = rows.map((r) => [r.recipient_name, r.address_line1, r.address_line2, r.phone_number, r.recipient_email].map((v) => (v ?? '').trim()).filter((v) => v.length >= 3));
  if (values.every((v) => v.length === 0)) return rows.length;
  const scrub = (text: string | null, own: readonly string[]): string | null =>
    text === null ? null : own.reduce((t, v) => t.replace(new RegExp(v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu'), ERASED), text);
  const byId = new Map(ids.map((id, i) => [id, values[i]!]));

  const shipments = await tx.query<{ id: string; error_message: string | null; close_workday_message: string | null; marketplace_tracking_error: string | null }>(
    `SELECT id, error_message, close_workday_message, marketplace_tracking_error FROM shipments WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  for (const s of shipments.rows) {
    const own = byId.get(s.id)!;
    await tx.query(`UPDATE shipments SET error_message = $2, close_workday_message = $3, marketplace_tracking_error = $4 WHERE id = $1`, [
      s.id,
      scrub(s.error_message, own),
      scrub(s.close_workday_message, own),
      scrub(s.marketplace_tracking_error, own),
    ]);
  }
  const calls = await tx.query<{ id: string; shipment_id: string; message: string }>(
    `SELECT id, shipment_id, message FROM shipment_calls WHERE shipment_id = ANY($1::bigint[]) AND message IS NOT NULL`,
    [ids],
  );
  const items = await tx.query<{ run_id: string; shipment_id: string; message: string }>(
    `SELECT run_id, shipment_id, message FROM process_run_items WHERE shipment_id = ANY($1::bigint[]) AND message IS NOT NULL`,
    [ids],
  );
  for (const c of calls.rows) {
    const scrubbed = scrub(c.message, byId.get(c.shipment_id)!);
    if (scrubbed !== c.message) await tx.query(`UPDATE shipment_calls SET message = $2 WHERE id = $1`, [c.id, scrubbed]);
  }
  for (const item of items.rows) {
    const scrubbed = scrub(item.message, byId.get(item.shipment_id)!);
    if (scrubbed !== item.message) await tx.query(`UPDATE process_run_items SET message = $3 WHERE run_id = $1 AND shipment_id = $2`, [item.run_id, item.shipment_id, scrubbed]);
  }
  return rows.length;
}
