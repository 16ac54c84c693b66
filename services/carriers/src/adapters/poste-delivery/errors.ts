import { posteMessages } from '@smista/contracts';
import { DomainError, KitErrorCode } from '@smista/service-kit';
import { CarrierError, CarrierErrorCode } from '../adapter';

/*
 * Poste Delivery Business's failure forms (providers.md) as errors with a stable code and the
 * Italian message the merchant reads. Poste's own words (`error_description`, `errorDescription`,
 * tracking `messages`) are quoted where it gave some.
 *
 * | Poste answer                                               | code                 |
 * |------------------------------------------------------------|----------------------|
 * | `/user/sessions` `{error: "unauthorized_client", …}` (401) | CREDENTIALS_REFUSED  |
 * | `/user/sessions` other OAuth errors (400: scope, grant)    | CREDENTIALS_REFUSED  |
 * | a call refused with 401 twice (a fresh token too)          | CREDENTIALS_REFUSED  |
 * | waybill `errorCode` ≠ 0 (the waybill's, else `result`'s)   | LABEL_REFUSED        |
 * | a field breaking Poste's limits, found before sending      | LABEL_REFUSED        |
 * | waybill without `code`, without `downloadURL`, label not a PDF | BAD_RESPONSE     |
 * | a void in Smista only while tracking shows Poste has the parcel | CANCEL_REFUSED  |
 * | tracking `outcome` KO with a business code (2xx)           | SHIPMENT_UNKNOWN     |
 * | tracking `outcome` KO otherwise                            | PROVIDER_REFUSED (kit) |
 * | an answer we cannot read                                   | BAD_RESPONSE         |
 * | HTTP 429/5xx after the retries, network failure            | PROVIDER_UNAVAILABLE (kit, provider-http) |
 */

export function credentialsRefused(reason: string | undefined, detail?: string): CarrierError {
  return new CarrierError(
    CarrierErrorCode.CredentialsRefused,
    reason ? posteMessages.credentialsRefused(reason) : posteMessages.credentialsRefusedNoReason,
    detail,
  );
}

/** A refusal of the shipment's data, found before sending or answered by Poste. */
export function labelRefused(reason: string, detail?: string): CarrierError {
  return new CarrierError(CarrierErrorCode.LabelRefused, posteMessages.labelRefused(reason), detail);
}

export function badResponse(detail: string, message: string = posteMessages.badResponse): CarrierError {
  return new CarrierError(CarrierErrorCode.BadResponse, message, detail);
}

export function shipmentUnknown(number: string, detail?: string): CarrierError {
  return new CarrierError(CarrierErrorCode.ShipmentUnknown, posteMessages.shipmentUnknown(number), detail);
}

/** A request Poste refused for a reason the merchant cannot act on (a malformed tracking request). */
export function requestRefused(reason: string): DomainError {
  return new DomainError(KitErrorCode.ProviderRefused, posteMessages.trackingRefused(reason));
}

/** A void in Smista only refused: Poste's tracking shows it already has the parcel (`lastEvent`). */
export function voidRefused(number: string, lastEvent: string): CarrierError {
  return new CarrierError(CarrierErrorCode.CancelRefused, posteMessages.voidRefused(number, lastEvent), `void of ${number}: Poste tracking shows "${lastEvent}"`);
}
