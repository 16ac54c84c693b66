import { formatCount, formatDateTime, formatRelative, providerName } from './format';

describe('formatRelative (spec §2: relative Italian time)', () => {
  it('says how long ago, in Italian, with its suffix', () => {
    expect(formatRelative(new Date(Date.now() - 5 * 60_000).toISOString())).toBe('5 minuti fa');
    expect(formatRelative(new Date(Date.now() - 3 * 24 * 3600_000).toISOString())).toBe('3 giorni fa');
    expect(formatRelative(new Date(Date.now() + 2 * 24 * 3600_000 + 60_000).toISOString())).toBe('tra 2 giorni');
  });
  it('is empty without a valid date', () => {
    expect(formatRelative(null)).toBe('');
    expect(formatRelative('ieri')).toBe('');
  });
});

describe('formatDateTime and formatCount', () => {
  it('writes Italian dates and counts', () => {
    expect(formatDateTime('2026-11-22T14:05:00')).toBe('22 nov 2026, 14:05');
    expect(formatDateTime('non una data')).toBe('non una data');
    expect(formatDateTime(null)).toBe('');
    expect(formatCount(12345)).toBe('12.345');
  });
});

describe('providerName', () => {
  it('names the known carriers and marketplaces, case-insensitively, and leaves the others as they came', () => {
    expect(providerName('gls')).toBe('GLS');
    expect(providerName('POSTE_DELIVERY')).toBe('Poste Delivery');
    expect(providerName('ebay')).toBe('eBay');
    expect(providerName('brt')).toBe('brt');
    expect(providerName('constructor')).toBe('constructor');
    expect(providerName(null)).toBe('');
  });
});
