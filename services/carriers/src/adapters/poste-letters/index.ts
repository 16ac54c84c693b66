import { customsFormFor, customsNeedOf, posteMessages } from '@smista/contracts';
import { appendDocuments, renderCustomsDeclaration } from '../customs-documents';
import { NotSupportedError, type Logger } from '@smista/service-kit';
import type { CancelResult, CarrierAdapter, LabelRequest, LabelResult } from '../adapter';
import { buildLetterLabel } from './build';
import { renderLetterLabel } from './label-pdf';
import type { PosteLetterSettings } from './settings';

export { buildLetterLabel, type LetterLabel } from './build';
export { code128Values, code128Widths, isCode128Encodable } from './code128';
export { buildDistintaCsv, buildDistintaPdf, type DistintaMeta, type DistintaRow } from './distinta';
export { A6, renderLetterLabel } from './label-pdf';
export type { PosteLetterSettings } from './settings';

export interface PosteLetterDeps {
  logger: Logger;
  /** The clock of the label's date; tests fix it. Default the system clock. */
  now?: () => Date;
}

/**
 * The adapter of one Poste letter service (Posta1, Raccomandata, Postapriority Internazionale,
 * Raccomandata Internazionale). These services have no public API (providers.md): Smista prints the
 * label itself, with a code Poste assigned to the merchant, and the letters are handed in at the
 * post office with the day's distinta (`buildDistintaCsv` / `buildDistintaPdf`). So there is no
 * `client.ts` and nothing is sent anywhere:
 *
 * - `validateCredentials` resolves at once (the integration is active once saved);
 * - `createLabel` uses `request.poolCode`, the code the service took atomically from the pool
 *   (none: `NO_CODES_AVAILABLE`), and draws an A6 PDF with it as a Code 128 barcode; the code is
 *   both the tracking number and the carrier shipment number;
 * - `cancelShipment` answers a message (the service decides whether the code goes back to the pool);
 * - `closeWorkday` and `track` throw the kit's `NotSupportedError`.
 *
 * @example
 * const adapter = createPosteLetterAdapter({ carrierCode: 'posta_rc', carrierName: 'Raccomandata' }, { logger });
 * const { trackingNumber, labelPdf } = await adapter.createLabel({ ...request, poolCode: '2IUP00000001' });
 */
export function createPosteLetterAdapter(settings: PosteLetterSettings, deps: PosteLetterDeps): CarrierAdapter {
  const now = deps.now ?? (() => new Date());
  const provider = settings.carrierName;
  const log = deps.logger;

  return {
    provider,

    async validateCredentials(): Promise<void> {
      // Nothing to ask: no API, no credentials. The integration is usable once saved.
    },

    async createLabel(request: LabelRequest): Promise<LabelResult> {
      const label = buildLetterLabel(settings, request, now());
      const labelPdf = await renderLetterLabel(label);
      log.debug({ carrier: settings.carrierCode, trackingCode: label.code }, 'letter label drawn');
      if (!request.customs || !customsNeedOf(request.recipient.countryCode, request.recipient.postalCode).needed) {
        return { trackingNumber: label.code, carrierShipmentNumber: label.code, labelPdf, warnings: [] };
      }
      // Issue 25: the UPU customs declaration (CN22, or CN23 above its value limit) printed after the label.
      const form = customsFormFor(request.customs);
      const declaration = await renderCustomsDeclaration(form, {
        declaration: request.customs,
        sender: request.sender,
        recipient: request.recipient,
        grossWeightGrams: request.parcels.reduce((sum, p) => sum + p.weightGrams, 0),
        itemNumber: label.code,
        date: label.date,
        operator: 'Poste Italiane',
      });
      return { trackingNumber: label.code, carrierShipmentNumber: label.code, labelPdf: await appendDocuments(labelPdf, [declaration]), warnings: [] };
    },

    async cancelShipment(shipment: { carrierShipmentNumber: string; trackingNumber: string }): Promise<CancelResult> {
      return { message: posteMessages.letters.cancelled((shipment.trackingNumber || shipment.carrierShipmentNumber).trim()), cancelledAtCarrier: false };
    },

    async closeWorkday(): Promise<never> {
      throw new NotSupportedError(posteMessages.letters.operations.closeWorkday, provider);
    },

    async track(): Promise<never> {
      throw new NotSupportedError(posteMessages.letters.operations.track, provider);
    },

    async close(): Promise<void> {
      // No connections to release.
    },
  };
}
