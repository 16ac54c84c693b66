import { isPublicTokenShape, publicCarrierWords, publicItemsOf, publicPageShown } from './public-page';

const day = 86_400_000;
const now = new Date('2026-06-30T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * day);

describe('publicPageShown', () => {
  it('shows a shipped parcel with a tracking number', () => {
    expect(publicPageShown({ status: 'shipped', trackingNumber: 'AB123', deliveredAt: null }, now)).toBe(true);
  });
  it('hides what has no label, what was cancelled and what is in error', () => {
    for (const status of ['pending', 'processing', 'error', 'cancelled'] as const) {
      expect(publicPageShown({ status, trackingNumber: 'AB123', deliveredAt: null }, now)).toBe(false);
    }
    expect(publicPageShown({ status: 'shipped', trackingNumber: null, deliveredAt: null }, now)).toBe(false);
  });
  it('shows a delivered parcel for 90 days, not a minute more', () => {
    expect(publicPageShown({ status: 'delivered', trackingNumber: 'AB123', deliveredAt: ago(90) }, now)).toBe(true);
    expect(publicPageShown({ status: 'delivered', trackingNumber: 'AB123', deliveredAt: new Date(ago(90).getTime() - 60_000) }, now)).toBe(false);
  });
});

describe('isPublicTokenShape', () => {
  it('takes 43 base64url characters only', () => {
    expect(isPublicTokenShape('a'.repeat(43))).toBe(true);
    expect(isPublicTokenShape('A-_0'.repeat(10) + 'abc')).toBe(true);
    expect(isPublicTokenShape('a'.repeat(42))).toBe(false);
    expect(isPublicTokenShape('12')).toBe(false);
    expect(isPublicTokenShape('a'.repeat(42) + '/')).toBe(false);
  });
});

describe('publicItemsOf', () => {
  const items = [
    { externalItemId: 'L1', title: 'Tazza', quantity: 2 },
    { externalItemId: 'L2', title: 'Piatto', quantity: 1 },
  ];
  it("answers the shipment's lines with their quantities", () => {
    expect(publicItemsOf([{ lineItemId: 'L2', quantity: 1 }], items)).toEqual([{ title: 'Piatto', quantity: 1 }]);
  });
  it('answers every item when the shipment names no line', () => {
    expect(publicItemsOf([], items)).toEqual([{ title: 'Tazza', quantity: 2 }, { title: 'Piatto', quantity: 1 }]);
  });
});

describe('publicCarrierWords', () => {
  it('drops who signed for the parcel, keeps the rest', () => {
    expect(publicCarrierWords('CONSEGNATA. (Firmato da: Lucia CONSEGNA IMMEDIATA)')).toBe('CONSEGNATA.');
    expect(publicCarrierWords('Consegnata, firmato da Mario Rossi')).toBe('Consegnata,');
    expect(publicCarrierWords('IN TRANSITO PRESSO IL CENTRO DI SMISTAMENTO GLS')).toBe('IN TRANSITO PRESSO IL CENTRO DI SMISTAMENTO GLS');
  });
});
