import { formatCount, formatDate, formatDateTime, parseDate } from './format';
import { providerName } from './provider-names';

describe('formatCount', () => {
  it('groups thousands the Italian way', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12345)).toBe('12.345');
    expect(formatCount(100000)).toBe('100.000');
  });
});

describe('dates (Italian locale, local time)', () => {
  it('writes a day and a day with its time', () => {
    expect(formatDate('2026-11-22T10:00:00')).toBe('22 nov 2026');
    expect(formatDateTime('2026-03-05T14:05:00')).toBe('5 mar 2026, 14:05');
    expect(formatDateTime('2026-01-09T00:07:00')).toBe('9 gen 2026, 00:07');
    expect(formatDateTime('2026-12-31T23:59:00')).toBe('31 dic 2026, 23:59');
  });
  it('names every month the Italian way', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDate(`2026-${String(m + 1).padStart(2, '0')}-15T12:00:00`).split(' ')[1]);
    expect(months).toEqual(['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic']);
  });
  it('keeps text that is not a date and writes nothing for none', () => {
    expect(formatDate('ieri')).toBe('ieri');
    expect(formatDateTime('non una data')).toBe('non una data');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(parseDate('')).toBeNull();
    expect(parseDate('2026-11-22T10:00:00Z')?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });
});

describe('providerName', () => {
  it('names carriers, Poste services and marketplaces, whatever the case', () => {
    expect(providerName('gls')).toBe('GLS');
    expect(providerName('POSTE_DELIVERY')).toBe('Poste Delivery');
    expect(providerName('posta_rc_intl')).toBe('Posta Raccomandata Internazionale');
    expect(providerName('ebay')).toBe('eBay');
    expect(providerName(' AliExpress ')).toBe('AliExpress');
  });
  it('shows an unknown code as it came', () => {
    expect(providerName('dhl')).toBe('dhl');
    expect(providerName('constructor')).toBe('constructor');
    expect(providerName(null)).toBe('');
  });
});
