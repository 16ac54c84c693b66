import { formatMoney } from './format';

describe('formatMoney', () => {
  it('writes amounts Italian style in the order currency', () => {
    // Italian groups thousands from five digits on (CLDR minimum grouping digits 2).
    expect(formatMoney('12345.5', 'EUR')).toBe('12.345,50\u00a0€');
    expect(formatMoney('1234.5', 'EUR')).toBe('1234,50\u00a0€');
    expect(formatMoney('19.9', 'eur')).toBe('19,90\u00a0€');
    expect(formatMoney(0, 'GBP')).toBe('0,00\u00a0£');
    expect(formatMoney('12', 'USD')).toBe('12,00\u00a0USD');
  });
  it('defaults to EUR and keeps what it cannot read', () => {
    expect(formatMoney('5', null)).toBe('5,00\u00a0€');
    expect(formatMoney('gratis', 'EUR')).toBe('gratis');
    expect(formatMoney('', 'EUR')).toBe('');
    expect(formatMoney('7', 'XXXX')).toBe('7,00 XXXX');
  });
});
