import { formatRelative } from './format';

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
