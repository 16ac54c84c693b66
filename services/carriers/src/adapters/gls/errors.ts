import { glsMessages } from '@smista/contracts';
import { DomainError, KitErrorCode } from '@smista/service-kit';
import { CarrierError, CarrierErrorCode, type CancelResult } from '../adapter';

/*
 * GLS Italy's failure forms (providers.md) as errors with a stable code and the Italian message the
 * merchant reads. GLS's own reason is quoted where it gave one.
 *
 * | GLS answer                                        | code                 |
 * |---------------------------------------------------|----------------------|
 * | `<DescrizioneErrore>` about the login             | CREDENTIALS_REFUSED  |
 * | `<DescrizioneErrore>` otherwise, in AddParcel     | LABEL_REFUSED        |
 * | `<DescrizioneErrore>` otherwise, in DeleteSped    | CANCEL_REFUSED       |
 * | `<DescrizioneErrore>` otherwise, elsewhere        | PROVIDER_REFUSED (kit) |
 * | NoteSpedizione "Dati non accettabili: …"          | LABEL_REFUSED        |
 * | NumeroSpedizione 999999999                        | LABEL_REFUSED        |
 * | DescrizioneSedeDestino "ERRORE"                   | LABEL_REFUSED        |
 * | DescrizioneSedeDestino "GLS Check"                | a warning, not an error |
 * | DeleteSped "Spedizione N non presente."           | SHIPMENT_UNKNOWN     |
 * | DeleteSped any other refusal (a closed shipment)  | CANCEL_REFUSED       |
 * | an answer we cannot read                          | BAD_RESPONSE         |
 */

/** GLS's number for "no number assigned". */
export const NO_NUMBER = '999999999';

export type GlsOperation = 'AddParcel' | 'DeleteSped' | 'ListSped' | 'CloseWorkDay' | 'CloseWorkDayByShipmentNumber' | 'Tracking';

/** A refusal of the shipment's data, found before sending or answered by GLS. */
export function labelRefused(reason: string, detail?: string): CarrierError {
  return new CarrierError(CarrierErrorCode.LabelRefused, glsMessages.labelRefused(reason), detail);
}

export function credentialsRefused(reason: string, detail?: string): CarrierError {
  return new CarrierError(CarrierErrorCode.CredentialsRefused, glsMessages.credentialsRefused(reason), detail);
}

export function badResponse(detail: string): CarrierError {
  return new CarrierError(CarrierErrorCode.BadResponse, glsMessages.badResponse, detail);
}

/** GLS's login refusals speak of authentication, credentials, password or login. */
const LOGIN = /autenticazion|credenzial|password|login|utente|non autorizzat/i;

/**
 * The fatal form `<DescrizioneErrore>…</DescrizioneErrore>` of an operation: a login failure is
 * CREDENTIALS_REFUSED wherever it happens; anything else (bad XML, a feature not enabled) is a
 * refusal of what the operation asked.
 */
export function fatalError(operation: GlsOperation, reason: string): DomainError {
  const detail = `${operation}: DescrizioneErrore ${JSON.stringify(reason)}`;
  if (operation === 'ListSped' || LOGIN.test(reason)) return credentialsRefused(reason, detail);
  if (operation === 'AddParcel') return labelRefused(reason, detail);
  if (operation === 'DeleteSped') return new CarrierError(CarrierErrorCode.CancelRefused, glsMessages.cancelRefused(reason), detail);
  return new DomainError(KitErrorCode.ProviderRefused, glsMessages.requestRefused(reason));
}

const NOT_ACCEPTABLE = /^\s*dati non accettabili\s*:?\s*/i;

/**
 * The fields of one AddParcel `<Parcel>` answer that tell its outcome (parse.ts's `ParsedParcel`
 * has them): declared here so that parse.ts, which throws {@link badResponse}, and this file do not
 * import each other.
 */
export type ParcelAnswer = { numeroSpedizione: string; noteSpedizione: string; descrizioneSedeDestino: string; contatoreProgressivo: string };

/**
 * The failure of one AddParcel `<Parcel>` answer, or undefined when it carries a shipment number
 * (possibly with a GLS Check warning, see {@link parcelWarning}).
 */
export function parcelFailure(p: ParcelAnswer): CarrierError | undefined {
  const note = p.noteSpedizione.trim();
  const detail = `AddParcel parcel ${p.contatoreProgressivo || '?'}: NumeroSpedizione ${JSON.stringify(p.numeroSpedizione)}, DescrizioneSedeDestino ${JSON.stringify(p.descrizioneSedeDestino)}, NoteSpedizione ${JSON.stringify(note)}`;
  if (NOT_ACCEPTABLE.test(note)) return labelRefused(note.replace(NOT_ACCEPTABLE, '') || note, detail);
  if (p.descrizioneSedeDestino.trim().toUpperCase() === 'ERRORE') return new CarrierError(CarrierErrorCode.LabelRefused, glsMessages.noDestinationBranch(note), detail);
  if (p.numeroSpedizione === NO_NUMBER) return new CarrierError(CarrierErrorCode.LabelRefused, glsMessages.noShipmentNumber(note), detail);
  if (/^\d{9}$/.test(p.numeroSpedizione)) return undefined;
  if (note) return labelRefused(note, detail);
  return badResponse(detail);
}

/** The merchant's warning of a parcel GLS accepted without knowing the street ("GLS Check"). */
export function parcelWarning(p: ParcelAnswer): string | undefined {
  return p.descrizioneSedeDestino.trim().toUpperCase() === 'GLS CHECK' ? glsMessages.glsCheckWarning(p.noteSpedizione.trim()) : undefined;
}

/**
 * DeleteSped's message: "Eliminazione della spedizione N avvenuta." is the success; "Spedizione N non
 * presente." means GLS does not know it (already deleted, or never made); any other text is GLS
 * refusing (a shipment whose workday is closed).
 */
export function deleteOutcome(message: string, number: string): CancelResult {
  const text = message.trim();
  if (/^eliminazione della spedizione\s+\d+\s+avvenuta/i.test(text)) return { message: text, cancelledAtCarrier: true };
  const detail = `DeleteSped ${number}: ${JSON.stringify(text.slice(0, 200))}`;
  if (/non presente/i.test(text)) throw new CarrierError(CarrierErrorCode.ShipmentUnknown, glsMessages.shipmentUnknown(number), detail);
  if (!text) throw badResponse(detail);
  throw new CarrierError(CarrierErrorCode.CancelRefused, glsMessages.cancelRefused(text), detail);
}
