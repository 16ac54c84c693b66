import { outcomeTone, previewOrderLabel, previewTotal, shownNote, summaryItems } from './preview';

const summary = { total: 250, assigned: 120, unchanged: 30, manual: 40, noMatch: 50, hasShipment: 10, unpaid: 7 };

describe('summaryItems', () => {
  it('lists every count in order with its Italian label', () => {
    expect(summaryItems(summary)).toEqual([
      { key: 'total', label: 'Ordini da spedire', value: 250 },
      { key: 'assigned', label: 'Riceverebbero un corriere', value: 120 },
      { key: 'unchanged', label: 'Già con il corriere della regola', value: 30 },
      { key: 'manual', label: 'Corriere scelto a mano', value: 40 },
      { key: 'noMatch', label: 'Senza regola', value: 50 },
      { key: 'hasShipment', label: 'Con spedizione già creata', value: 10 },
      { key: 'unpaid', label: 'Non pagati (esclusi)', value: 7 },
    ]);
  });
});

describe('an order of the dry run', () => {
  it("is shown by its marketplace id, else by ours", () => {
    expect(previewOrderLabel({ externalId: '12-34567-89012', orderId: 5 })).toBe('#12-34567-89012');
    expect(previewOrderLabel({ externalId: ' ', orderId: 5 })).toBe('#5');
  });
  it('shows euro totals in Italian and other currencies as they came', () => {
    expect(previewTotal({ total: '45.9', currency: 'EUR' })).toBe('45,90 €');
    expect(previewTotal({ total: '12345.6', currency: 'EUR' })).toBe('12.345,60 €');
    expect(previewTotal({ total: '12.00', currency: 'usd' })).toBe('12.00 USD');
    expect(previewTotal({ total: 'n/d', currency: 'EUR' })).toBe('n/d EUR');
  });
  it('colours an assignment green, a missing rule orange, a manual choice blue, the rest grey', () => {
    expect(outcomeTone('assign')).toBe('green');
    expect(outcomeTone('no_match')).toBe('orange');
    expect(outcomeTone('manual')).toBe('blue');
    expect(['unchanged', 'has_shipment', 'not_to_ship'].map((o) => outcomeTone(o as 'unchanged'))).toEqual(['grey', 'grey', 'grey']);
  });
});

describe('shownNote', () => {
  it('says how many of how many when the answer is cut at its rows', () => {
    expect(shownNote({ orders: new Array(200).fill(null), summary })).toBe('Mostrati i primi 200 ordini di 250.');
    expect(shownNote({ orders: new Array(250).fill(null), summary })).toBeNull();
  });
});
