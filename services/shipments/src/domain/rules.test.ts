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
  const now = new Date('2026-11-20T12:00:00.000Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  const base = {
    status: 'shipped' as ShipmentStatus,
    errorMessage: null,
    errorCode: null,
    shippedAt: daysAgo(1),
    trackingStatus: null,
    trackingDescription: null,
    trackingUpdatedAt: null,
    orderPaymentStatus: 'pagato' as string | null,
    parcel: PARCEL,
    customsMissing: [] as string[],
  };

  it('a refused label, with the carrier reason', () => {
    expect(problemOf({ ...base, status: 'error', errorMessage: 'CAP non valido' }, now)).toBe(m.problemLabelFailed('CAP non valido'));
  });

  it('a shipped shipment without movement for more than 3 days, counted from the last event or the shipping', () => {
    expect(problemOf(base, now)).toBeNull();
    expect(problemOf({ ...base, shippedAt: daysAgo(3) }, now)).toBeNull();
    expect(problemOf({ ...base, shippedAt: daysAgo(4.5) }, now)).toBe(m.problemStuck(4));
    expect(problemOf({ ...base, shippedAt: daysAgo(10), trackingUpdatedAt: daysAgo(1) }, now)).toBeNull();
    expect(problemOf({ ...base, shippedAt: daysAgo(10), trackingUpdatedAt: daysAgo(6) }, now)).toBe(m.problemStuck(6));
  });

  it('a delivery problem reported by the carrier', () => {
    expect(problemOf({ ...base, trackingStatus: 'exception', trackingDescription: 'IN GIACENZA', trackingUpdatedAt: daysAgo(0) }, now)).toBe(m.problemException('IN GIACENZA'));
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

  it('nothing for the other statuses, however old', () => {
    for (const status of ['pending', 'processing', 'delivered', 'cancelled'] as const) expect(problemOf({ ...base, status, shippedAt: daysAgo(30) }, now)).toBeNull();
  });
});

describe("'Da stampare'", () => {
  it('is a shipped shipment with a label never downloaded', () => {
    expect(isDaStampare({ status: 'shipped', hasLabel: true, labelPrintedAt: null })).toBe(true);
    expect(isDaStampare({ status: 'shipped', hasLabel: true, labelPrintedAt: new Date() })).toBe(false);
    expect(isDaStampare({ status: 'shipped', hasLabel: false, labelPrintedAt: null })).toBe(false);
    expect(isDaStampare({ status: 'delivered', hasLabel: true, labelPrintedAt: null })).toBe(false);
  });
});
