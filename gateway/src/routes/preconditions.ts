import { GrpcStatus, isServiceError } from '@smista/service-kit';
import { HttpError } from '../middleware/errors';

/**
 * An action refused by the state of what it acts on (a shipment already labelled, a carrier that is
 * switched off): the resource exists and the request is well formed, so 409 with the service's
 * Italian reason, not the 400 every other FAILED_PRECONDITION gets.
 */
export async function conflictOnPrecondition<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (isServiceError(err) && err.code === GrpcStatus.FAILED_PRECONDITION) throw new HttpError(409, err.details);
    throw err;
  }
}
