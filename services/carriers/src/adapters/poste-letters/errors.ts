import { posteMessages } from '@smista/contracts';
import { CarrierError, CarrierErrorCode } from '../adapter';

/*
 * The letter services' failures as errors with a stable code and the Italian message the merchant
 * reads. They are all Smista's own: no provider answers.
 *
 * | case                                                   | code               |
 * |--------------------------------------------------------|--------------------|
 * | no code from the pool reached the adapter              | NO_CODES_AVAILABLE |
 * | a pool code a barcode cannot carry (not ASCII)          | LABEL_REFUSED      |
 * | a domestic service abroad, an international one at home | LABEL_REFUSED      |
 * | a recipient without name, street or city                | LABEL_REFUSED      |
 */

export function noCodesAvailable(serviceName: string): CarrierError {
  return new CarrierError(CarrierErrorCode.NoCodesAvailable, posteMessages.letters.noCodesAvailable(serviceName), 'createLabel without request.poolCode');
}

export function labelRefused(message: string, detail?: string): CarrierError {
  return new CarrierError(CarrierErrorCode.LabelRefused, message, detail);
}
