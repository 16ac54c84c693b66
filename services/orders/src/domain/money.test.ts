import { formatCents, toCents } from './money';

describe('toCents', () => {
  it.each([
    ['12.34', 1234n],
    ['12', 1200n],
    ['12.3', 1230n],
    ['0.005', 1n],
    ['12.344', 1234n],
    ['12.345', 1235n],
    ['12,50', 1250n],
    [' 7.00 ', 700n],
    ['-3.50', -350n],
    ['9999999999.99', 999999999999n],
  ])('%j → %s', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '1e3', '12.34 EUR', '99999999999', '1.2.3', '--1'])('refuses %j', (text) => {
    expect(toCents(text)).toBeNull();
  });
});

describe('formatCents', () => {
  it.each([
    [1234n, '12.34'],
    [5n, '0.05'],
    [0n, '0.00'],
    [-350n, '-3.50'],
  ])('%s → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});
