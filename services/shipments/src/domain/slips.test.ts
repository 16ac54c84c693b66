import { addressLines, italianDate, orderNumberOf, paginate, pickListLines, slipLines, unitsOf } from './slips';

const item = (sku: string, title: string, quantity: number) => ({ externalItemId: `${sku}-${title}`, title, quantity, fulfillmentStatus: '', sku, unitPrice: '10.00', currency: 'EUR', weightGrams: null, hsCode: '', originCountry: '', customsDescription: '' });

describe('pickListLines', () => {
  it('sums each SKU over the selection and counts the orders that have it', () => {
    const lines = pickListLines([
      { items: [item('TZ-1', 'Tazza blu', 2), item('PT-9', 'Piatto', 1)] },
      { items: [item('TZ-1', 'Tazza blu (variante)', 3)] },
      { items: [item('TZ-1', 'Tazza blu', 1), item('TZ-1', 'Tazza blu', 1)] },
    ]);
    expect(lines).toEqual([
      { sku: 'PT-9', title: 'Piatto', quantity: 1, orders: 1 },
      { sku: 'TZ-1', title: 'Tazza blu', quantity: 7, orders: 3 },
    ]);
  });

  it('sorts by SKU in Italian order with numbers as numbers, lines without SKU grouped by title after them', () => {
    const lines = pickListLines([
      { items: [item('SKU-10', 'Dieci', 1), item('', 'Candela   al limone', 1), item('sku-2', 'Due', 4), item('  ', 'Borsa', 2)] },
      { items: [item('', 'candela al limone', 2), item('SKU-1', 'Uno', 1), item('Àncora', 'Ancora', 1)] },
    ]);
    expect(lines.map((l) => [l.sku, l.title, l.quantity])).toEqual([
      ['Àncora', 'Ancora', 1],
      ['SKU-1', 'Uno', 1],
      ['sku-2', 'Due', 4],
      ['SKU-10', 'Dieci', 1],
      ['', 'Borsa', 2],
      ['', 'Candela   al limone', 3],
    ]);
  });

  it('trims SKUs, leaves out empty quantities and answers nothing for no items', () => {
    expect(pickListLines([{ items: [item(' A1 ', 'X', 1), item('A1', 'X', 0)] }, { items: [] }])).toEqual([{ sku: 'A1', title: 'X', quantity: 1, orders: 1 }]);
    expect(pickListLines([])).toEqual([]);
  });
});

describe('paginate', () => {
  it('fills the first page, then the following ones, always answering one page', () => {
    expect(paginate([1, 2, 3, 4, 5], 2, 3)).toEqual([[1, 2], [3, 4, 5]]);
    expect(paginate([1, 2, 3, 4, 5, 6], 2, 3)).toEqual([[1, 2], [3, 4, 5], [6]]);
    expect(paginate([1, 2], 2, 3)).toEqual([[1, 2]]);
    expect(paginate([], 2, 3)).toEqual([[]]);
    expect(() => paginate([1], 0, 3)).toThrow(RangeError);
  });
});

describe('a packing slip', () => {
  it('keeps the order of the items, their SKU and quantity; totals the pieces', () => {
    const lines = slipLines({ items: [item('B', 'Secondo', 1), item('', 'Senza SKU', 2), item('A', 'Zero', 0)] });
    expect(lines).toEqual([
      { sku: 'B', title: 'Secondo', quantity: 1 },
      { sku: '', title: 'Senza SKU', quantity: 2 },
    ]);
    expect(unitsOf(lines)).toBe(3);
  });

  it("prints the marketplace's order number, else Smista's id", () => {
    expect(orderNumberOf({ id: 7, externalId: ' 12-34567-89012 ' })).toBe('12-34567-89012');
    expect(orderNumberOf({ id: 7, externalId: '' })).toBe('7');
  });

  it('writes addresses as they are posted in Italy, and dates in Italian', () => {
    expect(addressLines({ name: 'Mario Rossi', company: 'Rossi Srl', line1: 'Via Roma 1', line2: '', postalCode: '20121', city: 'Milano', province: 'MI', country: 'Italia' })).toEqual([
      'Mario Rossi',
      'Rossi Srl',
      'Via Roma 1',
      '20121 Milano (MI)',
      'Italia',
    ]);
    expect(italianDate('2026-11-28T23:30:00Z')).toBe('29/11/2026');
    expect(italianDate('')).toBeNull();
    expect(italianDate('not a date')).toBeNull();
  });
});
