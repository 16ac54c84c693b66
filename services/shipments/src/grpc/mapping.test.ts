import { toTrackingEventMessages } from './mapping';

describe('the tracking events of GetShipment (issue 26)', () => {
  it('newest first (the store keeps them oldest first), each with its time, status, code, words and place as stored', () => {
    const at = (iso: string) => new Date(iso);
    const stored = [
      { at: at('2026-11-20T09:00:00Z'), status: 'info', code: '901', description: 'DATI SPEDIZIONE TRASMESSI A GLS', location: 'MILANO' },
      { at: at('2026-11-20T09:00:00Z'), status: 'in_transit', code: '902', description: 'PARTITA', location: 'MILANO' },
      { at: at('2026-11-21T10:30:00Z'), status: 'held', code: '68', description: 'IN GIACENZA', location: '' },
    ];
    expect(toTrackingEventMessages(stored)).toEqual([
      { at: '2026-11-21T10:30:00.000Z', status: 'held', code: '68', description: 'IN GIACENZA', location: '' },
      { at: '2026-11-20T09:00:00.000Z', status: 'in_transit', code: '902', description: 'PARTITA', location: 'MILANO' },
      { at: '2026-11-20T09:00:00.000Z', status: 'info', code: '901', description: 'DATI SPEDIZIONE TRASMESSI A GLS', location: 'MILANO' },
    ]);
    // The store's list is left as it was.
    expect(stored[0]!.code).toBe('901');
    expect(toTrackingEventMessages([])).toEqual([]);
  });
});
