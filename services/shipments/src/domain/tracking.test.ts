import { latestEvent, trackingAlerts, trackingUpdate } from './tracking';

const now = new Date('2026-11-20T12:00:00.000Z');
const shipped = {
  status: 'shipped' as const,
  trackingStatus: null,
  trackingDescription: null,
  trackingUpdatedAt: null,
  deliveredAt: null,
  shippedAt: new Date('2026-11-19T15:00:00.000Z'),
  estimatedDeliveryDate: null,
  trackingAlerts: [],
};

describe('trackingUpdate', () => {
  it('nothing without events while nothing is wrong', () => {
    expect(trackingUpdate(shipped, [], false, now)).toBeNull();
  });

  it('stores the latest event by time and marks a shipped shipment delivered', () => {
    const events = [
      { at: '2026-11-20T10:00:00.000Z', status: 'in_transit', description: 'PARTITA', location: 'MILANO' },
      { at: '2026-11-21T09:30:00.000Z', status: 'delivered', description: 'CONSEGNATA.', code: '906' },
      { at: '2026-11-20T18:00:00.000Z', status: 'out_for_delivery', description: 'IN CONSEGNA' },
    ];
    expect(latestEvent(events)?.description).toBe('CONSEGNATA.');
    expect(trackingUpdate(shipped, events, true, now)).toEqual({
      trackingStatus: 'delivered',
      description: 'CONSEGNATA.',
      at: new Date('2026-11-21T09:30:00.000Z'),
      status: 'delivered',
      deliveredAt: new Date('2026-11-21T09:30:00.000Z'),
      alerts: [],
      changed: true,
    });
  });

  it('the same event again changes nothing; a cancelled shipment never becomes delivered', () => {
    const e = { at: '2026-11-20T10:00:00.000Z', status: 'in_transit', description: 'PARTITA', location: 'MILANO' };
    const first = trackingUpdate(shipped, [e], false, now)!;
    expect(first).toMatchObject({ description: 'PARTITA - MILANO', status: 'shipped', alerts: [], changed: true });
    const stored = { ...shipped, trackingStatus: first.trackingStatus, trackingDescription: first.description, trackingUpdatedAt: first.at };
    expect(trackingUpdate(stored, [e], false, now)?.changed).toBe(false);
    expect(trackingUpdate({ ...shipped, status: 'cancelled' }, [{ ...e, status: 'delivered' }], true, now)?.status).toBe('cancelled');
  });

  it('a parcel held is an alert; delivered later, none is left', () => {
    const held = { at: '2026-11-20T11:00:00.000Z', status: 'held', description: 'IN GIACENZA', location: 'ROMA' };
    const first = trackingUpdate(shipped, [held], false, now)!;
    expect(first).toMatchObject({ trackingStatus: 'held', status: 'shipped', alerts: ['held'], changed: true });
    const stored = { ...shipped, trackingStatus: 'held', trackingDescription: first.description, trackingUpdatedAt: first.at, trackingAlerts: first.alerts };
    const delivered = trackingUpdate(stored, [held, { at: '2026-11-23T09:00:00.000Z', status: 'delivered', description: 'CONSEGNATA.' }], true, new Date('2026-11-23T10:00:00.000Z'))!;
    expect(delivered).toMatchObject({ status: 'delivered', alerts: [], changed: true });
  });

  it('no new event, but 3 working days without movement: the alert changes, and so the shipment', () => {
    const moved = new Date('2026-11-20T09:00:00.000Z'); // a Friday
    const stored = { ...shipped, trackingStatus: 'in_transit', trackingDescription: 'IN TRANSITO', trackingUpdatedAt: moved };
    // Mon 23, Tue 24: two working days wholly passed on Wednesday.
    expect(trackingUpdate(stored, [], false, new Date('2026-11-25T10:00:00.000Z'))).toBeNull();
    // Thursday: Mon, Tue, Wed without a movement.
    expect(trackingUpdate(stored, [], false, new Date('2026-11-26T10:00:00.000Z'))).toMatchObject({ alerts: ['stalled'], status: 'shipped', trackingStatus: 'in_transit', at: moved, changed: true });
  });
});

describe('trackingAlerts', () => {
  const base = { status: 'shipped' as const, trackingStatus: 'in_transit', lastMovementAt: new Date('2026-11-20T09:00:00.000Z'), shippedAt: new Date('2026-11-19T09:00:00.000Z'), promisedAt: null };

  it('each problem status is its own alert, never also stalled', () => {
    const later = new Date('2026-12-10T10:00:00.000Z');
    expect(trackingAlerts({ ...base, trackingStatus: 'held' }, later)).toEqual(['held']);
    expect(trackingAlerts({ ...base, trackingStatus: 'exception' }, later)).toEqual(['exception']);
    expect(trackingAlerts({ ...base, trackingStatus: 'returned' }, later)).toEqual(['returned']);
    expect(trackingAlerts({ ...base, trackingStatus: 'in_transit' }, later)).toEqual(['stalled']);
  });

  it('Italian holidays do not count: the Immacolata (Tue 8 Dec 2026) keeps a parcel last seen on Friday from stalling by Thursday', () => {
    const friday = new Date('2026-12-04T16:00:00.000Z');
    expect(trackingAlerts({ ...base, lastMovementAt: friday }, new Date('2026-12-10T10:00:00.000Z'))).toEqual([]);
    expect(trackingAlerts({ ...base, lastMovementAt: friday }, new Date('2026-12-11T10:00:00.000Z'))).toEqual(['stalled']);
  });

  it('without any event the shipping counts; a promised date passed is late; only shipped shipments have alerts', () => {
    expect(trackingAlerts({ ...base, trackingStatus: null, lastMovementAt: null, shippedAt: new Date('2026-11-13T09:00:00.000Z') }, new Date('2026-11-19T09:00:00.000Z'))).toEqual(['stalled']);
    expect(trackingAlerts({ ...base, promisedAt: new Date('2026-11-21T22:59:59.000Z') }, new Date('2026-11-22T08:00:00.000Z'))).toEqual(['late']);
    expect(trackingAlerts({ ...base, promisedAt: new Date('2026-11-21T22:59:59.000Z') }, new Date('2026-11-21T08:00:00.000Z'))).toEqual([]);
    expect(trackingAlerts({ ...base, status: 'delivered', trackingStatus: 'held' }, new Date('2026-12-10T10:00:00.000Z'))).toEqual([]);
  });
});
