import type { MerchantScope } from '@smista/service-kit';
import { shipmentIdsSchema } from '@smista/contracts';
import { assertCanPrint, shipmentsErrors } from '../domain';
import { findShipment, labelsOf, manifestOf, markPrinted } from '../store';
import type { AppDeps } from './deps';
import { mergePdfs } from './merge-pdf';

export interface PdfDocument {
  filename: string;
  contentType: 'application/pdf';
  data: Uint8Array;
}

/**
 * Spec §7 GET /api/shipments/{id}/label: the label PDF, named with the shipment id; the first
 * download sets `label_printed_at` (the 'Da stampare' tab, and a letter's code is then handed out).
 */
export async function labelOf(deps: Pick<AppDeps, 'pool'>, scope: MerchantScope, id: number): Promise<PdfDocument> {
  const s = await findShipment(deps.pool, scope.merchantId, id);
  if (!s) throw shipmentsErrors.shipmentNotFound();
  assertCanPrint(s);
  const pdf = (await labelsOf(deps.pool, scope.merchantId, [s.id])).get(s.id);
  if (!pdf) throw shipmentsErrors.noLabel();
  await markPrinted(deps.pool, scope.merchantId, [s.id]);
  return { filename: `etichetta-${s.id}.pdf`, contentType: 'application/pdf', data: pdf };
}

/**
 * Spec §7 bulk-download: one PDF with the labels of the shipments asked, in the order asked. Ids
 * that are unknown, another merchant's or without a label are skipped (answered); none left:
 * 'Nessuna etichetta trovata per le spedizioni richieste'. The labels included are marked printed.
 *
 * @example await mergeLabels(deps, scope, [12, 99, 13]) // { document, pages: 2, skipped: [99] }
 */
export async function mergeLabels(deps: Pick<AppDeps, 'pool'>, scope: MerchantScope, ids: readonly number[]): Promise<{ document: PdfDocument; pages: number; skipped: number[] }> {
  const { shipmentIds } = shipmentIdsSchema.parse({ shipmentIds: [...ids] });
  const labels = await labelsOf(deps.pool, scope.merchantId, shipmentIds);
  const included = shipmentIds.filter((id) => labels.has(id));
  if (included.length === 0) throw shipmentsErrors.noLabelsFound();
  const merged = await mergePdfs(included.map((id) => labels.get(id)!));
  await markPrinted(deps.pool, scope.merchantId, included);
  return {
    document: { filename: `etichette-${new Date().toISOString().slice(0, 10)}.pdf`, contentType: 'application/pdf', data: merged.pdf },
    pages: merged.pages,
    skipped: shipmentIds.filter((id) => !labels.has(id)),
  };
}

/** A GLS workday manifest of the merchant (GET /api/shipments/manifests/{id}). */
export async function manifestDocument(deps: Pick<AppDeps, 'pool'>, scope: MerchantScope, id: number): Promise<PdfDocument> {
  const manifest = await manifestOf(deps.pool, scope.merchantId, id);
  if (!manifest) throw shipmentsErrors.manifestNotFound();
  return { filename: `distinta-${manifest.id}.pdf`, contentType: 'application/pdf', data: manifest.pdf };
}
