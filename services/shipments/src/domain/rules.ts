import { cancellationOf, customsMessages, isProblemTrackingStatus, shipmentMessages as m, STUCK_AFTER_DAYS, type Cancellation, type ProblemTrackingStatus, type ShipmentStatus } from '@smista/contracts';
import { shipmentsErrors } from './errors';
import { labelBlocker } from './parcel';
import type { Shipment } from './shipment';
import { workingDaysBetween } from './working-days';

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

type ProblemView = Pick<
  Shipment,
  'status' | 'errorMessage' | 'errorCode' | 'shippedAt' | 'trackingStatus' | 'trackingDescription' | 'trackingUpdatedAt' | 'trackingAlerts' | 'orderPaymentStatus' | 'parcel' | 'customsMissing'
>;

/**
 * The statuses in which a shipment of a refunded order is a problem (issue 19): still to leave, or
 * on its way. Delivered is done (a refund after delivery is the marketplace's return), cancelled
 * is no shipment.
 */
export const REFUND_PROBLEM_STATUSES: readonly ShipmentStatus[] = ['pending', 'processing', 'shipped', 'error'];

/**
 * The stored alerts (issue 26, `shipments.tracking_alerts`, worked out by each tracking read) that
 * put a shipped shipment in the Errori tab. held, exception and returned are read from the last
 * event's status instead, so a shipment read before the alerts existed counts too.
 */
export const PROBLEM_TRACKING_ALERTS = ['stalled', 'late'] as const;

/** The Errori tab's words for a last event that is a delivery problem, with the carrier's text. */
const trackingProblemText: Readonly<Record<ProblemTrackingStatus, (description: string) => string>> = {
  held: m.problemHeld,
  exception: m.problemException,
  returned: m.problemReturned,
};

/**
 * Why a shipment is in the Errori tab, or null: its order was refunded on the marketplace while
 * it is live (issue 19); a label the carrier refused; a pending one without a weight or with
 * customs data missing (issue 25); a shipped one (issue 26) whose last tracking event is held,
 * exception or returned (the carrier's text quoted), or whose stored alerts say 'stalled' (no
 * movement for {@link STUCK_AFTER_DAYS} Italian working days: it says how many since its last
 * event, or its shipping) or 'late' (the promised date passed); both reasons when both hold.
 * A letter service without a tracking call is never read, so never stalled. `store/list-sql.ts`
 * filters with the same predicate.
 *
 * @example problemOf({ status: 'error', errorMessage: 'CAP non valido', ... }, now) // 'Etichetta non creata: CAP non valido'
 * @example problemOf({ status: 'shipped', trackingStatus: 'held', trackingDescription: 'IN GIACENZA - MILANO', ... }, now) // 'Pacco in giacenza: IN GIACENZA - MILANO'
 */
export function problemOf(s: ProblemView, now: Date): string | null {
  if (s.orderPaymentStatus === 'rimborsato' && REFUND_PROBLEM_STATUSES.includes(s.status)) return m.problemRefunded;
  if (s.status === 'error') return m.problemLabelFailed(s.errorMessage ?? s.errorCode ?? '');
  if (s.status === 'pending' && s.parcel.weightGrams === null) return customsMessages.problemWeightMissing;
  if (s.status === 'pending' && s.customsMissing.length > 0) return customsMessages.problemCustomsMissing(s.customsMissing);
  if (s.status !== 'shipped') return null;
  const reasons: string[] = [];
  if (isProblemTrackingStatus(s.trackingStatus)) reasons.push(trackingProblemText[s.trackingStatus](s.trackingDescription ?? ''));
  if (s.trackingAlerts.includes('stalled')) {
    const since = s.trackingUpdatedAt ?? s.shippedAt;
    reasons.push(m.problemStalled(since ? workingDaysBetween(since, now) : STUCK_AFTER_DAYS));
  }
  if (s.trackingAlerts.includes('late')) reasons.push(m.problemLate);
  return reasons.length > 0 ? reasons.join(' · ') : null;
}

/** The 'Da stampare' tab: labelled and shipped, the label never downloaded. */
export const isDaStampare = (s: Pick<Shipment, 'status' | 'hasLabel' | 'labelPrintedAt'>): boolean =>
  s.status === 'shipped' && s.hasLabel && s.labelPrintedAt === null;
