import { latestEvent, trackingUpdate } from './tracking';

const shipped = { status: 'shipped' as const, trackingStatus: null, trackingDescription: null, trackingUpdatedAt: null, deliveredAt: null };

describe('trackingUpdate', () => {
  it('nothing without events', () => {
    expect(trackingUpdate(shipped, [], false)).toBeNull();
  });

  it('stores the latest event by time and marks a shipped shipment delivered', () => {
    const events = [
      { at: '2026-11-20T10:00:00.000Z', status: 'in_transit', description: 'PARTITA', location: 'MILANO' },
      { at: '2026-11-21T09:30:00.000Z', status: 'delivered', description: 'CONSEGNATA.' },
      { at: '2026-11-20T18:00:00.000Z', status: 'in_transit', description: 'IN CONSEGNA' },
    ];
    expect(latestEvent(events)?.description).toBe('CONSEGNATA.');
    expect(trackingUpdate(shipped, events, true)).toEqual({
      trackingStatus: 'delivered',
      description: 'CONSEGNATA.',
      at: new Date('2026-11-21T09:30:00.000Z'),
      status: 'delivered',
      deliveredAt: new Date('2026-11-21T09:30:00.000Z'),
      changed: true,
    });
  });

  it('the same event again changes nothing; a cancelled shipment never becomes delivered', () => {
    const e = { at: '2026-11-20T10:00:00.000Z', status: 'in_transit', description: 'PARTITA', location: 'MILANO' };
    const first = trackingUpdate(shipped, [e], false)!;
    expect(first).toMatchObject({ description: 'PARTITA - MILANO', status: 'shipped', changed: true });
    const stored = { ...shipped, trackingStatus: first.trackingStatus, trackingDescription: first.description, trackingUpdatedAt: first.at };
    expect(trackingUpdate(stored, [e], false)?.changed).toBe(false);
    expect(trackingUpdate({ ...shipped, status: 'cancelled' }, [{ ...e, status: 'delivered' }], true)?.status).toBe('cancelled');
  });
});
