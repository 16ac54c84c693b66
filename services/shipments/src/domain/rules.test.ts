import { cancellationMessages, shipmentMessages as m, type ShipmentStatus } from '@smista/contracts';
import { ShipmentsError } from './errors';
import {
  assertCanCloseWorkday,
  assertCanPrint,
  assertCanProcess,
  assertCanUpdateTracking,
  assertEditable,
  canCloseWorkday,
  decideCancellation,
  isDaStampare,
  problemOf,
  statusAfterEdit,
} from './rules';

const ALL: ShipmentStatus[] = ['pending', 'processing', 'shipped', 'delivered', 'error', 'cancelled'];

/** The refusal's message, or null when allowed. */
function refusal(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(ShipmentsError);
    expect((err as ShipmentsError).code).toBe('ACTION_NOT_ALLOWED');
    return (err as Error).message;
  }
}

/** A weighed parcel (issue 25): no weight is a refusal of its own. */
const PARCEL = { weightGrams: 1200, lengthMm: null, widthMm: null, heightMm: null, packageName: '' };

describe('spec §4 allowed actions', () => {
  it('processes only a pending shipment', () => {
    for (const status of ALL) expect(refusal(() => assertCanProcess({ status, parcel: PARCEL, customsMissing: [] }))).toBe(status === 'pending' ? null : m.notPending(status));
    expect(m.notPending('shipped')).toContain('Spedito');
  });

  it('cancels a pending or a shipped shipment', () => {
    for (const status of ALL) {
      const s = { status, carrierProvider: 'gls', closeWorkdayStatus: null, labelPrintedAt: null };
      expect(refusal(() => decideCancellation(s, false))).toBe(status === 'pending' || status === 'shipped' ? null : m.notCancellable(status));
    }
  });

  it('voids in Smista only where the carrier cannot cancel, and only when the merchant confirmed it', () => {
    const poste = { status: 'shipped' as const, carrierProvider: 'poste_delivery', closeWorkdayStatus: null, labelPrintedAt: null };
    expect(refusal(() => decideCancellation(poste, false))).toBe(cancellationMessages.confirmationRequired(cancellationMessages.posteDelivery));
    expect(decideCancellation(poste, true)).toEqual({ kind: 'smista_only', reason: cancellationMessages.posteDelivery });
    const closedGls = { ...poste, carrierProvider: 'gls', closeWorkdayStatus: 'closed' as const };
    expect(refusal(() => decideCancellation(closedGls, false))).toBe(cancellationMessages.confirmationRequired(cancellationMessages.glsAfterClose));
    expect(decideCancellation({ ...closedGls, closeWorkdayStatus: null }, false)).toEqual({ kind: 'carrier' });
    // smistaOnly never keeps a carrier that can cancel from doing it.
    expect(decideCancellation({ ...closedGls, closeWorkdayStatus: null }, true)).toEqual({ kind: 'carrier' });
    const letter = { ...poste, carrierProvider: 'posta_1' };
    expect(decideCancellation(letter, false)).toEqual({ kind: 'pool' });
    expect(decideCancellation({ ...letter, labelPrintedAt: new Date() }, true).kind).toBe('smista_only');
    expect(decideCancellation({ ...poste, status: 'pending' }, false)).toEqual({ kind: 'here' });
  });

  it('closes the GLS workday only for GLS, shipped, not closed yet (a failed close may be retried)', () => {
    const gls = { carrierProvider: 'gls', status: 'shipped' as const, closeWorkdayStatus: null };
    expect(refusal(() => assertCanCloseWorkday(gls))).toBeNull();
    expect(refusal(() => assertCanCloseWorkday({ ...gls, closeWorkdayStatus: 'failed' }))).toBeNull();
    expect(refusal(() => assertCanCloseWorkday({ ...gls, closeWorkdayStatus: 'closed' }))).toBe(m.workdayAlreadyClosed);
    expect(refusal(() => assertCanCloseWorkday({ ...gls, carrierProvider: 'posta_1' }))).toBe(m.notGlsShipped);
    expect(refusal(() => assertCanCloseWorkday({ ...gls, carrierProvider: null }))).toBe(m.notGlsShipped);
    for (const status of ALL.filter((s) => s !== 'shipped')) expect(refusal(() => assertCanCloseWorkday({ ...gls, status }))).toBe(m.notGlsShipped);
    expect(canCloseWorkday(gls)).toBe(true);
    expect(canCloseWorkday({ ...gls, closeWorkdayStatus: 'closed' })).toBe(false);
    expect(canCloseWorkday({ ...gls, status: 'delivered' })).toBe(false);
  });

  it('updates tracking only with a tracking number, prints only with a label', () => {
    expect(refusal(() => assertCanUpdateTracking({ trackingNumber: 'MI800000001' }))).toBeNull();
    expect(refusal(() => assertCanUpdateTracking({ trackingNumber: null }))).toBe(m.noTrackingNumber);
    expect(refusal(() => assertCanUpdateTracking({ trackingNumber: '' }))).toBe(m.noTrackingNumber);
    expect(refusal(() => assertCanPrint({ hasLabel: true, labelVoidReason: null, recipientErasedAt: null }))).toBeNull();
    expect(refusal(() => assertCanPrint({ hasLabel: false, labelVoidReason: null, recipientErasedAt: null }))).toBe(m.noLabel);
    expect(refusal(() => assertCanPrint({ hasLabel: true, labelVoidReason: cancellationMessages.posteDelivery, recipientErasedAt: null }))).toBe(cancellationMessages.labelVoidedNotPrintable);
    // The recipient erased on a privacy request: the label went with them, and the refusal says so.
    expect(refusal(() => assertCanPrint({ hasLabel: false, labelVoidReason: null, recipientErasedAt: new Date() }))).toBe(m.labelErased);
  });

  it('edits address and carrier only before a label (pending, error); an edited error is pending again', () => {
    for (const status of ALL) {
      expect(refusal(() => assertEditable({ status }))).toBe(status === 'pending' || status === 'error' ? null : m.notEditable(status));
    }
    expect(statusAfterEdit('error')).toBe('pending');
    expect(statusAfterEdit('pending')).toBe('pending');
  });
});

describe('the Errori tab (problemOf)', () => {
  // Friday 20 November 2026, 13:00 in Rome.
  const now = new Date('2026-11-20T12:00:00.000Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  const base = {
    status: 'shipped' as ShipmentStatus,
    errorMessage: null,
    errorCode: null,
    shippedAt: daysAgo(1),
    trackingStatus: null as string | null,
    trackingDescription: null as string | null,
    trackingUpdatedAt: null as Date | null,
    trackingAlerts: [] as string[],
    orderPaymentStatus: 'pagato' as string | null,
    parcel: PARCEL,
    customsMissing: [] as string[],
  };

  it('a refused label, with the carrier reason', () => {
    expect(problemOf({ ...base, status: 'error', errorMessage: 'CAP non valido' }, now)).toBe(m.problemLabelFailed('CAP non valido'));
  });

  it('a last event held, in trouble or returned, quoting the carrier (issue 26)', () => {
    const at = { trackingUpdatedAt: daysAgo(0.1) };
    expect(problemOf({ ...base, ...at, trackingStatus: 'held', trackingDescription: 'IN GIACENZA: INDIRIZZO ERRATO - MILANO', trackingAlerts: ['held'] }, now)).toBe(
      'Pacco in giacenza: IN GIACENZA: INDIRIZZO ERRATO - MILANO',
    );
    expect(problemOf({ ...base, ...at, trackingStatus: 'returned', trackingDescription: 'RESO AL MITTENTE', trackingAlerts: ['returned'] }, now)).toBe('Reso al mittente: RESO AL MITTENTE');
    expect(problemOf({ ...base, ...at, trackingStatus: 'exception', trackingDescription: 'DESTINATARIO ASSENTE' }, now)).toBe(
      'Problema di consegna segnalato dal corriere: DESTINATARIO ASSENTE',
    );
    // The carrier said nothing: the reason alone, no dangling colon.
    expect(problemOf({ ...base, ...at, trackingStatus: 'held', trackingDescription: null }, now)).toBe('Pacco in giacenza');
    // Read from the status: a shipment read before the alerts were stored counts too.
    expect(problemOf({ ...base, ...at, trackingStatus: 'held', trackingDescription: 'GIACENZA', trackingAlerts: [] }, now)).toBe(m.problemHeld('GIACENZA'));
  });

  it("'stalled' (stored by the tracking read) says the Italian working days since the last movement, or since the shipping", () => {
    // Last movement Friday 13 November: Mon 16 to Thu 19 are four working days.
    expect(problemOf({ ...base, shippedAt: daysAgo(10), trackingStatus: 'in_transit', trackingUpdatedAt: daysAgo(7), trackingAlerts: ['stalled'] }, now)).toBe(
      'Nessun movimento da 4 giorni lavorativi',
    );
    // No event yet: counted from the shipping (Monday 16 → Tue, Wed, Thu).
    expect(problemOf({ ...base, shippedAt: daysAgo(4), trackingAlerts: ['stalled'] }, now)).toBe(m.problemStalled(3));
    expect(m.problemStalled(1)).toBe('Nessun movimento da 1 giorno lavorativo');
  });

  it('a parcel that is only old is no problem without the stored alert (no calendar-day rule; a letter without tracking is never stalled)', () => {
    expect(problemOf(base, now)).toBeNull();
    expect(problemOf({ ...base, shippedAt: daysAgo(30) }, now)).toBeNull();
    expect(problemOf({ ...base, shippedAt: daysAgo(30), trackingStatus: 'in_transit', trackingUpdatedAt: daysAgo(20) }, now)).toBeNull();
  });

  it("'late': the promised date passed; with another reason both are said", () => {
    expect(problemOf({ ...base, trackingStatus: 'in_transit', trackingUpdatedAt: daysAgo(0.5), trackingAlerts: ['late'] }, now)).toBe(m.problemLate);
    expect(problemOf({ ...base, trackingStatus: 'held', trackingDescription: 'GIACENZA', trackingAlerts: ['held', 'late'] }, now)).toBe(`${m.problemHeld('GIACENZA')} · ${m.problemLate}`);
    expect(problemOf({ ...base, shippedAt: daysAgo(7), trackingAlerts: ['stalled', 'late'] }, now)).toBe(`${m.problemStalled(4)} · ${m.problemLate}`);
  });

  it('in transit, out for delivery or an info event with no alert is no problem', () => {
    for (const trackingStatus of ['in_transit', 'out_for_delivery', 'info']) {
      expect(problemOf({ ...base, trackingStatus, trackingDescription: 'IN TRANSITO', trackingUpdatedAt: daysAgo(1) }, now)).toBeNull();
    }
  });

  it('a live shipment of an order refunded on the marketplace, before any other reason (issue 19)', () => {
    for (const status of ['pending', 'processing', 'shipped', 'error'] as const) {
      expect(problemOf({ ...base, status, errorMessage: 'CAP non valido', orderPaymentStatus: 'rimborsato' }, now)).toBe(m.problemRefunded);
    }
    // Delivered is done, cancelled is no shipment; a partial refund ships.
    for (const status of ['delivered', 'cancelled'] as const) expect(problemOf({ ...base, status, orderPaymentStatus: 'rimborsato' }, now)).toBeNull();
    expect(problemOf({ ...base, orderPaymentStatus: 'parzialmente_rimborsato' }, now)).toBeNull();
    expect(problemOf({ ...base, status: 'pending', orderPaymentStatus: null }, now)).toBeNull();
  });

  it('nothing for the other statuses, whatever their tracking says', () => {
    for (const status of ['pending', 'processing', 'delivered', 'cancelled'] as const) {
      expect(problemOf({ ...base, status, shippedAt: daysAgo(30), trackingStatus: 'returned', trackingDescription: 'RESO', trackingAlerts: ['stalled', 'late'] }, now)).toBeNull();
    }
  });
});
