/**
 * The carrier adapter interface: what the carriers service asks of each carrier, whatever its wire
 * format. One folder per carrier (`gls/`, `poste-delivery/`, `poste-letters/`) with the same files:
 * `settings.ts` (what the adapter needs, from the integration and the configuration), `client.ts`
 * (HTTP only, through the kit's `provider-http`), pure `build*` / `parse*` functions, `units.ts`
 * (provider codes to ours) and `errors.ts` (the carrier's failure forms as {@link CarrierError}s).
 *
 * An operation a carrier lacks throws the kit's `NotSupportedError`. Failures the merchant can act
 * on (refused credentials, an address the carrier does not accept) are {@link CarrierError}s with a
 * stable code and an Italian message; an unreachable carrier is the kit's
 * `ProviderUnavailableError`.
 */
import type { CustomsDeclaration, PostalAddress, TrackingStatus } from '@smista/contracts';
import { DomainError } from '@smista/service-kit';

/** An address as a carrier needs it: the contracts' one postal address (`postalAddressSchema`). */
export type PartyAddress = PostalAddress;

export interface Parcel {
  /** Grams, > 0. */
  weightGrams: number;
  lengthCm?: number;
  widthCm?: number;
  heightCm?: number;
}

export interface LabelRequest {
  /** Our stable reference of the shipment (≤ 25 characters reach the carrier). */
  reference: string;
  /**
   * A number unique per package of the integration, ≤ 9 digits; the carrier de-duplicates on it
   * where it can (GLS `ContatoreProgressivo`), so a retried call never makes a second label.
   */
  sequence: number;
  recipient: PartyAddress;
  sender: PartyAddress;
  parcels: Parcel[];
  /** Cash on delivery in euro cents; 0 or absent = none. */
  cashOnDeliveryCents?: number;
  /** Printed on the label where the carrier has a notes field. */
  notes?: string;
  contentDescription?: string;
  orderId?: string;
  /**
   * The tracking code taken from the pool (letter services only; the service takes it atomically
   * before calling the adapter).
   */
  poolCode?: string;
  /**
   * The customs declaration of a destination outside the EU customs union (issue 25), complete
   * (the service checked it): the letters print a CN22/CN23 after the label, GLS sends its
   * extra-EU data and prints a commercial invoice after the label.
   */
  customs?: CustomsDeclaration;
}

export interface LabelResult {
  /** What the recipient tracks with (GLS: sede + 9 digits, `MI123456789`). */
  trackingNumber: string;
  /** The carrier's own number of the shipment (GLS `NumeroSpedizione`, 9 digits), used to cancel and close. */
  carrierShipmentNumber: string;
  /** The label, a PDF. */
  labelPdf: Uint8Array;
  /** Accepted with a caveat (GLS Check: the street is unknown to GLS), in Italian. */
  warnings: string[];
}

export interface CancelResult {
  /** The carrier's answer, in Italian. */
  message: string;
  /**
   * True when the carrier itself deleted the shipment (GLS `DeleteSped`); false when the carrier
   * offers no cancellation and the shipment can only be voided in Smista (Poste Delivery, whose
   * adapter checked that Poste does not have the parcel yet; a letter, which Poste never knew).
   */
  cancelledAtCarrier: boolean;
}

export interface CloseWorkdayOutcome {
  carrierShipmentNumber: string;
  ok: boolean;
  /** The carrier's answer for this shipment, in Italian (`OK`, `Spedizione inesistente o precedentemente cancellata`). */
  message: string;
}

export interface CloseWorkdayResult {
  outcomes: CloseWorkdayOutcome[];
  /** The manifest ("distinta") PDF where the carrier gives one. */
  manifestPdf?: Uint8Array;
}

/** Smista's tracking statuses (the contracts' `trackingStatuses`), to which each adapter maps its carrier's codes in its `units.ts`. */
export type { TrackingStatus };

export interface TrackingEvent {
  /** ISO-8601. */
  at: string;
  /** Smista's status of the event, mapped inside the adapter (never the carrier's own code). */
  status: TrackingStatus;
  /** The carrier's own event code, as it sent it (GLS `Codice` `906`, Poste `status` `GIA`); '' when it gave none. */
  code: string;
  /** The carrier's text. */
  description: string;
  location?: string;
}

export interface TrackResult {
  /** Oldest first. */
  events: TrackingEvent[];
  /** Whether any event says delivered (a parcel returned to the sender is not delivered). */
  delivered: boolean;
}

/**
 * One carrier account (an integration's decrypted credentials bound to the carrier's base URL).
 * The service builds one per call from the integration; adapters keep no state between calls
 * except caches keyed by the credentials (a session token).
 */
export interface CarrierAdapter {
  /** The carrier's display name, in logs and messages (`GLS Italia`). */
  readonly provider: string;

  /**
   * Called when an integration is created or its credentials change, and on 'Verifica credenziali':
   * asks the carrier whether it accepts the credentials with the cheapest read it has (GLS
   * `ListSped`, Poste Delivery a session token). Resolves when accepted; throws a
   * {@link CarrierError} with code `CREDENTIALS_REFUSED` and the carrier's reason otherwise.
   *
   * @example await adapter.validateCredentials(); // then the integration turns active
   */
  validateCredentials(): Promise<void>;

  /**
   * Called by the shipments service (through `CreateLabel`) when a pending shipment is processed:
   * creates the shipment at the carrier and answers its numbers and label PDF.
   *
   * @example
   * const label = await adapter.createLabel({ reference: 'SHP-42', sequence: 42, recipient, sender, parcels: [{ weightGrams: 2500 }] });
   * // label.trackingNumber 'MI000000042', label.carrierShipmentNumber '000000042', label.labelPdf %PDF-…
   */
  createLabel(request: LabelRequest): Promise<LabelResult>;

  /**
   * Called when a shipped shipment is cancelled: deletes it at the carrier where the carrier can
   * (GLS `DeleteSped`, only before the workday is closed: `cancelledAtCarrier` true). A carrier
   * without cancellation answers `cancelledAtCarrier` false after checking what it can (Poste
   * Delivery: that its tracking shows no parcel in Poste's hands), and the shipment is voided in
   * Smista only. Throws a {@link CarrierError} `CANCEL_REFUSED` when the carrier no longer allows
   * it, or the parcel already travels.
   *
   * @example await adapter.cancelShipment({ carrierShipmentNumber: '000000042', trackingNumber: 'MI000000042' }); // { message: 'Eliminazione…', cancelledAtCarrier: true }
   */
  cancelShipment(shipment: { carrierShipmentNumber: string; trackingNumber: string }): Promise<CancelResult>;

  /**
   * Called on 'Chiudi Giornata GLS' / 'Trasmetti GLS': confirms the shipments to the carrier (after
   * this they travel and can no longer be deleted) and answers one outcome per shipment, plus the
   * manifest where the carrier gives one.
   *
   * @example const { outcomes, manifestPdf } = await adapter.closeWorkday(['000000042', '000000043']);
   */
  closeWorkday(carrierShipmentNumbers: string[]): Promise<CloseWorkdayResult>;

  /**
   * Called on 'Aggiorna tracking' and by the shipments service's tracking refresher (issue 26) for
   * every shipped, undelivered shipment of a carrier it reads: the carrier's events for one shipment,
   * oldest first, each with the carrier's own code and Smista's status (mapped in the adapter's
   * `units.ts`). A carrier without a tracking call (the letter services) throws `NotSupportedError`.
   *
   * @example const { delivered, events } = await adapter.track({ trackingNumber: 'MI000000042', carrierShipmentNumber: '000000042' });
   * // events.at(-1): { at: '2026-03-05T10:10:00.000Z', status: 'delivered', code: '906', description: 'CONSEGNATA.', location: 'TORINO' }
   */
  track(shipment: { trackingNumber: string; carrierShipmentNumber: string }): Promise<TrackResult>;

  /** Releases the HTTP client's connections. */
  close(): Promise<void>;
}

/** Stable codes of carrier failures the merchant can act on. */
export const CarrierErrorCode = {
  /** The carrier refused the credentials. */
  CredentialsRefused: 'CREDENTIALS_REFUSED',
  /** The carrier refused the shipment's data ("Dati non accettabili", a field too long, ...). */
  LabelRefused: 'LABEL_REFUSED',
  /** The carrier no longer allows cancelling (the GLS workday was closed). */
  CancelRefused: 'CANCEL_REFUSED',
  /** The carrier does not know the shipment. */
  ShipmentUnknown: 'SHIPMENT_UNKNOWN',
  /** The carrier answered something we cannot read. */
  BadResponse: 'BAD_RESPONSE',
  /** A letter service has no code left in its pool. */
  NoCodesAvailable: 'NO_CODES_AVAILABLE',
} as const;
export type CarrierErrorCode = (typeof CarrierErrorCode)[keyof typeof CarrierErrorCode];

/**
 * A carrier's refusal as data: a stable `code`, the Italian `message` the merchant reads (the
 * carrier's own words where it gave some, e.g. `GLS Italia: Dati non accettabili: CAP errato`)
 * and, for operators, `detail` (never a credential).
 */
export class CarrierError extends DomainError<CarrierErrorCode> {
  constructor(
    code: CarrierErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(code, message);
  }
}
