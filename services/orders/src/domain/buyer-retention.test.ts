import { byMerchant, deliveredAt, erasureCutoff } from '.';

describe('buyer data retention', () => {
  it('the cutoff is whole days before now', () => {
    expect(erasureCutoff(new Date('2026-11-28T10:00:00Z'), 30).toISOString()).toBe('2026-10-29T10:00:00.000Z');
    expect(() => erasureCutoff(new Date(), 0)).toThrow(RangeError);
    expect(() => erasureCutoff(new Date(), 1.5)).toThrow(RangeError);
  });

  it('groups due orders by merchant, ids ascending', () => {
    const groups = byMerchant([
      { merchantId: 'b', id: 9 },
      { merchantId: 'a', id: 7 },
      { merchantId: 'b', id: 3 },
    ]);
    expect([...groups.entries()].map(([m, os]) => [m, os.map((o) => o.id)])).toEqual([
      ['b', [3, 9]],
      ['a', [7]],
    ]);
  });

  it('an order is delivered when its earliest live delivered shipment says so, only while consegnato', () => {
    const d1 = new Date('2026-10-01T10:00:00Z');
    const d2 = new Date('2026-10-03T10:00:00Z');
    const shipments = [
      { status: 'delivered' as const, trackingStatus: 'delivered' as const, updatedAt: d2 },
      { status: 'shipped' as const, trackingStatus: 'delivered' as const, updatedAt: d1 },
      { status: 'cancelled' as const, trackingStatus: 'delivered' as const, updatedAt: new Date('2026-09-01T00:00:00Z') },
      { status: 'shipped' as const, trackingStatus: 'in_transit' as const, updatedAt: new Date('2026-09-02T00:00:00Z') },
    ];
    expect(deliveredAt('consegnato', shipments)).toEqual(d1);
    expect(deliveredAt('spedito', shipments)).toBeNull();
    expect(deliveredAt('consegnato', [])).toBeNull();
  });
});
