import { cancellationOf, customsMessages, shipmentMessages as m, STUCK_AFTER_DAYS, type Cancellation, type ShipmentStatus } from '@smista/contracts';
import { shipmentsErrors } from './errors';
import { labelBlocker } from './parcel';
import type { Shipment } from './shipment';

/**
 * Spec §4: what each status allows. Every `assert…` throws the refusal with its Italian text
 * (FAILED_PRECONDITION, 409 at the gateway); the `can…` forms answer the same as a boolean for the
 * bulk actions, which skip instead of refusing.
 */

type StatusOf = Pick<Shipment, 'status'>;

/**
 * Processing (a label from the carrier) only from pending, and (issue 25) only with a weight and,
 * outside the EU customs union, a complete declaration: the row action is refused naming what is
 * missing, before any carrier call.
 */
export function assertCanProcess(s: StatusOf & Pick<Shipment, 'parcel' | 'customsMissing'>): void {
  if (s.status !== 'pending') throw shipmentsErrors.notPending(s.status);
  const blocker = labelBlocker(s);
  if (blocker) throw shipmentsErrors.notReadyForLabel(blocker.message);
}

type CancelView = Pick<Shipment, 'status' | 'carrierProvider' | 'closeWorkdayStatus' | 'labelPrintedAt'>;

/**
 * How a shipment is cancelled (the contracts' `cancellationOf`, which the cancel dialog reads too):
 * a pending one here, a shipped one at the carrier where the carrier can; where it cannot, in
 * Smista only, and only when the merchant confirmed exactly that (`smistaOnly`), since the dialog
 * told them before the click. Throws the refusal otherwise.
 *
 * @example decideCancellation({ status: 'shipped', carrierProvider: 'poste_delivery', … }, true) // { kind: 'smista_only', reason: 'Poste Delivery Business non offre …' }
 */
export function decideCancellation(s: CancelView, smistaOnly: boolean): Cancellation {
  const cancellation = cancellationOf(s);
  if (!cancellation) throw shipmentsErrors.notCancellable(s.status);
  if (cancellation.kind === 'smista_only' && !smistaOnly) throw shipmentsErrors.smistaOnlyNotConfirmed(cancellation.reason ?? '');
  return cancellation;
}

type WorkdayView = Pick<Shipment, 'status' | 'carrierProvider' | 'closeWorkdayStatus'>;

/** GLS workday close: only GLS shipments that are shipped and not closed yet (a failed close may be retried). */
export function assertCanCloseWorkday(s: WorkdayView): void {
  if (s.carrierProvider !== 'gls' || s.status !== 'shipped') throw shipmentsErrors.notGlsShipped();
  if (s.closeWorkdayStatus === 'closed') throw shipmentsErrors.workdayAlreadyClosed();
}

export const canCloseWorkday = (s: WorkdayView): boolean => s.carrierProvider === 'gls' && s.status === 'shipped' && s.closeWorkdayStatus !== 'closed';

/** Tracking is asked of the carrier only with a tracking number. */
export function assertCanUpdateTracking(s: Pick<Shipment, 'trackingNumber'>): void {
  if (!s.trackingNumber) throw shipmentsErrors.noTrackingNumber();
}

/**
 * A label can be printed (downloaded) only once the carrier gave one, never once voided in Smista
 * only, and never after the recipient was erased (the PDF that printed them was deleted with them).
 */
export function assertCanPrint(s: Pick<Shipment, 'hasLabel' | 'labelVoidReason' | 'recipientErasedAt'>): void {
  if (s.recipientErasedAt) throw shipmentsErrors.labelErased();
  if (!s.hasLabel) throw shipmentsErrors.noLabel();
  if (s.labelVoidReason) throw shipmentsErrors.labelVoided();
}

/** Address and carrier can change only before a label exists: pending, or error (a refused label). */
export function assertEditable(s: StatusOf): void {
  if (s.status !== 'pending' && s.status !== 'error') throw shipmentsErrors.notEditable(s.status);
}

/**
 * The status after an address or carrier edit: a shipment the carrier refused goes back to pending,
 * so it can be processed again with the corrected data.
 */
export function statusAfterEdit(status: ShipmentStatus): ShipmentStatus {
  return status === 'error' ? 'pending' : status;
}

const DAY_MS = 86_400_000;

type ProblemView = Pick<Shipment, 'status' | 'errorMessage' | 'errorCode' | 'shippedAt' | 'trackingStatus' | 'trackingDescription' | 'trackingUpdatedAt' | 'orderPaymentStatus' | 'parcel' | 'customsMissing'>;

/**
 * The statuses in which a shipment of a refunded order is a problem (issue 19): still to leave, or
 * on its way. Delivered is done (a refund after delivery is the marketplace's return), cancelled
 * is no shipment.
 */
export const REFUND_PROBLEM_STATUSES: readonly ShipmentStatus[] = ['pending', 'processing', 'shipped', 'error'];

/**
 * Why a shipment is in the Errori tab, or null: its order was refunded on the marketplace while
 * it is live (issue 19); a label the carrier refused; a delivery problem the
 * carrier reported; a shipped shipment without tracking movement (its last event, or the shipping
 * itself) for more than {@link STUCK_AFTER_DAYS} days. `store/list-sql.ts` filters with the same
 * predicate.
 *
 * @example problemOf({ status: 'error', errorMessage: 'CAP non valido', ... }, now) // 'Etichetta non creata: CAP non valido'
 */
export function problemOf(s: ProblemView, now: Date): string | null {
  if (s.orderPaymentStatus === 'rimborsato' && REFUND_PROBLEM_STATUSES.includes(s.status)) return m.problemRefunded;
  if (s.status === 'error') return m.problemLabelFailed(s.errorMessage ?? s.errorCode ?? '');
  if (s.status === 'pending' && s.parcel.weightGrams === null) return customsMessages.problemWeightMissing;
  if (s.status === 'pending' && s.customsMissing.length > 0) return customsMessages.problemCustomsMissing(s.customsMissing);
  if (s.status !== 'shipped') return null;
  if (s.trackingStatus === 'exception') return m.problemException(s.trackingDescription ?? '');
  const lastMovement = s.trackingUpdatedAt ?? s.shippedAt;
  if (!lastMovement) return null;
  const idle = now.getTime() - lastMovement.getTime();
  return idle > STUCK_AFTER_DAYS * DAY_MS ? m.problemStuck(Math.floor(idle / DAY_MS)) : null;
}

/** The 'Da stampare' tab: labelled and shipped, the label never downloaded. */
export const isDaStampare = (s: Pick<Shipment, 'status' | 'hasLabel' | 'labelPrintedAt'>): boolean =>
  s.status === 'shipped' && s.hasLabel && s.labelPrintedAt === null;
