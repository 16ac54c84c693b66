import { customsNeedOf, glsMessages } from '@smista/contracts';
import type { Logger } from '@smista/service-kit';
import { appendDocuments, italianDay, renderCommercialInvoice } from '../customs-documents';
import { CarrierError, CarrierErrorCode, type CarrierAdapter, type CloseWorkdayOutcome, type LabelRequest, type LabelResult, type TrackingEvent } from '../adapter';
import {
  buildAddParcelXml,
  buildCloseWorkDayByShipmentNumberXml,
  buildCloseWorkDayXml,
  buildDeleteSpedForm,
  buildListSpedForm,
  buildTrackQuery,
  parcelCounter,
  shipmentNumberOf,
} from './build';
import { createGlsClient, type GlsHttpOptions } from './client';
import { badResponse, deleteOutcome, fatalError, parcelFailure, parcelWarning } from './errors';
import { mergeLabels } from './label-pdf';
import {
  decodeTrackingBody,
  parseAddParcelResponse,
  parseCloseWorkDayByShipmentNumberResponse,
  parseCloseWorkDayResponse,
  parseDeleteSpedResponse,
  parseListSpedResponse,
  parseTrackingResponse,
  type ParsedParcel,
} from './parse';
import { settingsProblem, type GlsSettings } from './settings';
import { glsDateTimeToIso, trackingStatusOf } from './units';

export { glsSettingsFrom, type GlsSettings } from './settings';

/** The adapter's dependencies; `http` tunes the transport (tests, load runs). */
export interface GlsAdapterDeps {
  logger: Logger;
  http?: GlsHttpOptions;
  /** The clock of the commercial invoice's date; tests fix it. Default the system clock. */
  now?: () => Date;
}

/**
 * The GLS Italy adapter: one customer account of GLS's Label Service (providers.md).
 *
 * - validateCredentials: `ListSped` (a refusal → CREDENTIALS_REFUSED with GLS's reason);
 * - createLabel: `AddParcel`, one `<Parcel>` per package with an inline PDF each (merged into one PDF);
 *   tracking number = sede + the 9-digit `NumeroSpedizione`; a GLS Check becomes a warning;
 * - cancelShipment: `DeleteSped` (only before the workday is closed);
 * - closeWorkday: `CloseWorkDayByShipmentNumber`, then `CloseWorkDay` for the manifest;
 * - track: the public tracking feed, each event with its `Codice` and Smista's status (`units.ts`).
 *
 * @example
 * const gls = createGlsAdapter({ baseUrl, trackingUrl, siglaSede: 'MI', codiceCliente: '123456', passwordCliente, codiceContratto: '1234' }, { logger });
 * const label = await gls.createLabel(request); // label.trackingNumber 'MI800000001'
 */
export function createGlsAdapter(settings: GlsSettings, deps: GlsAdapterDeps): CarrierAdapter {
  const client = createGlsClient(settings, deps.logger, deps.http);
  const log = deps.logger;

  /** Refuses before any call an account GLS could not accept anyway. */
  const assertSettings = () => {
    const problem = settingsProblem(settings);
    // Our own check, not GLS's answer: the form's message as it is.
    if (problem) throw new CarrierError(CarrierErrorCode.CredentialsRefused, problem, 'settings: malformed GLS account');
  };

  /** Our own errors' details go through the client's redaction too (a defensive second net). */
  const guarded = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof CarrierError && err.detail) throw new CarrierError(err.code, client.redact(err.message), client.redact(err.detail));
      throw err;
    }
  };

  return {
    provider: glsMessages.provider,

    validateCredentials: () =>
      guarded(async () => {
        assertSettings();
        const answer = parseListSpedResponse(await client.listSped(buildListSpedForm(settings)));
        if ('fatal' in answer) throw fatalError('ListSped', answer.fatal);
      }),

    createLabel: (request) =>
      guarded(async () => {
        assertSettings();
        const xml = buildAddParcelXml(settings, request);
        const answer = parseAddParcelResponse(await client.addParcel(xml));
        if ('fatal' in answer) throw fatalError('AddParcel', answer.fatal);
        const label = await labelFrom(settings, request, answer.parcels);
        if (label.warnings.length > 0) log.warn({ carrierShipmentNumber: label.carrierShipmentNumber }, 'GLS accepted the shipment with a GLS Check warning');
        if (!request.customs || !customsNeedOf(request.recipient.countryCode, request.recipient.postalCode).needed) return label;
        // Issue 25: outside the EU customs union the commercial invoice travels with the parcel, printed after the label.
        const invoice = await renderCommercialInvoice({
          declaration: request.customs,
          sender: request.sender,
          recipient: request.recipient,
          grossWeightGrams: request.parcels.reduce((sum, p) => sum + p.weightGrams, 0),
          itemNumber: label.trackingNumber,
          date: italianDay(deps.now?.() ?? new Date()),
          operator: 'GLS Italy',
        });
        return { ...label, labelPdf: await appendDocuments(label.labelPdf, [invoice]) };
      }),

    cancelShipment: (shipment) =>
      guarded(async () => {
        assertSettings();
        const number = shipmentNumberOf(shipment);
        if (!number) throw new CarrierError(CarrierErrorCode.ShipmentUnknown, glsMessages.shipmentNumberInvalid(shipment.carrierShipmentNumber || shipment.trackingNumber));
        const answer = parseDeleteSpedResponse(await client.deleteSped(buildDeleteSpedForm(settings, number)));
        if ('fatal' in answer) throw fatalError('DeleteSped', answer.fatal);
        return deleteOutcome(answer.message, number);
      }),

    closeWorkday: (numbers) =>
      guarded(async () => {
        assertSettings();
        const valid = [...new Set(numbers.map((n) => n.trim()).filter((n) => /^\d{9}$/.test(n)))];
        const esiti = new Map<string, string>();
        if (valid.length > 0) {
          const answer = parseCloseWorkDayByShipmentNumberResponse(await client.closeWorkDayByShipmentNumber(buildCloseWorkDayByShipmentNumberXml(settings, valid)));
          if ('fatal' in answer) throw fatalError('CloseWorkDayByShipmentNumber', answer.fatal);
          for (const e of answer.esiti) esiti.set(e.number.padStart(9, '0'), e.esito);
        }
        const outcomes: CloseWorkdayOutcome[] = numbers.map((raw) => {
          const n = raw.trim();
          if (!/^\d{9}$/.test(n)) return { carrierShipmentNumber: raw, ok: false, message: glsMessages.closeNumberInvalid };
          const esito = esiti.get(n);
          return { carrierShipmentNumber: n, ok: esito?.toUpperCase() === 'OK', message: esito || glsMessages.closeMissingOutcome };
        });
        const confirmed = valid.filter((n) => esiti.get(n)?.toUpperCase() === 'OK');
        if (confirmed.length === 0) return { outcomes };
        return { outcomes, ...(await manifestFor(confirmed)) };
      }),

    track: (shipment) =>
      guarded(async () => {
        assertSettings();
        const number = shipmentNumberOf(shipment);
        if (!number) throw new CarrierError(CarrierErrorCode.ShipmentUnknown, glsMessages.shipmentNumberInvalid(shipment.trackingNumber || shipment.carrierShipmentNumber));
        const { body, contentType } = await client.track(buildTrackQuery(settings, shipment, number));
        const answer = parseTrackingResponse(decodeTrackingBody(body, contentType));
        if ('notFound' in answer) {
          throw new CarrierError(CarrierErrorCode.ShipmentUnknown, glsMessages.trackingNotYetAvailable(shipment.trackingNumber || number), `Tracking ${number}: ${answer.notFound}`);
        }
        // GLS lists the newest first: reversed, then ordered by time (stable for events of the same minute).
        const events = answer.events
          .slice()
          .reverse()
          .flatMap((e): TrackingEvent[] => {
            const at = glsDateTimeToIso(e.data, e.ora);
            if (!at) return [];
            const description = e.note ? `${e.stato} (${e.note})` : e.stato;
            return [{ at, status: trackingStatusOf(e.codice, e.stato), code: e.codice.trim(), description, ...(e.luogo ? { location: e.luogo } : {}) }];
          })
          .sort((a, b) => a.at.localeCompare(b.at));
        const delivered = events.some((e) => e.status === 'delivered') || trackingStatusOf('', answer.status) === 'delivered';
        return { events, delivered };
      }),

    close: () => client.close(),
  };

  /**
   * The manifest of the confirmed shipments. The shipments are already confirmed when this runs, so a
   * failure here must not turn the close into an error: it is logged and the outcomes stand.
   */
  async function manifestFor(confirmed: string[]): Promise<{ manifestPdf?: Uint8Array }> {
    try {
      const answer = parseCloseWorkDayResponse(await client.closeWorkDay(buildCloseWorkDayXml(settings, confirmed)));
      if ('fatal' in answer) {
        log.warn({ shipments: confirmed.length, reason: client.redact(answer.fatal) }, 'GLS CloseWorkDay refused the manifest');
        return {};
      }
      return answer.manifestPdf ? { manifestPdf: answer.manifestPdf } : {};
    } catch (err) {
      log.warn({ shipments: confirmed.length, err: client.redact(err instanceof Error ? err.message : String(err)) }, 'GLS manifest unavailable after the close');
      return {};
    }
  }
}

/**
 * The label result of an AddParcel answer: every parcel must carry the same 9-digit number (one
 * shipment), the first failure found is thrown, GLS Check notes become warnings and the labels are
 * merged in package order.
 */
async function labelFrom(settings: GlsSettings, request: LabelRequest, parcels: ParsedParcel[]): Promise<LabelResult> {
  if (parcels.length !== request.parcels.length) throw badResponse(`AddParcel: ${parcels.length} Parcel answers for ${request.parcels.length} packages`);
  // Answers are matched to packages by counter when GLS echoes it, else by position.
  const ordered = request.parcels.map((_, i) => {
    const counter = String(parcelCounter(request.sequence, i));
    return parcels.find((p) => p.contatoreProgressivo.replace(/^0+(?=\d)/, '') === counter) ?? parcels[i]!;
  });
  for (const p of ordered) {
    const failure = parcelFailure(p);
    if (failure) throw failure;
  }
  const numbers = new Set(ordered.map((p) => p.numeroSpedizione));
  if (numbers.size !== 1) throw new CarrierError(CarrierErrorCode.LabelRefused, glsMessages.splitShipment, `AddParcel: numbers ${[...numbers].join(', ')}`);
  const labels = ordered.map((p) => p.pdfLabel);
  if (labels.some((l) => !l || l.length === 0)) throw new CarrierError(CarrierErrorCode.BadResponse, glsMessages.labelMissing, 'AddParcel: PdfLabel missing');
  const number = ordered[0]!.numeroSpedizione;
  const sede = (ordered[0]!.siglaMittente || settings.siglaSede).trim().toUpperCase();
  const warnings = [...new Set(ordered.flatMap((p) => parcelWarning(p) ?? []))];
  return { trackingNumber: `${sede}${number}`, carrierShipmentNumber: number, labelPdf: await mergeLabels(labels as Uint8Array[]), warnings };
}
