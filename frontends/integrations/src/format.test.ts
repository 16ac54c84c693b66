import { formatCount, formatItalianDate, formatItalianDateTime } from './format';

describe('Italian formats', () => {
  it('formats dates and times in the Italian locale', () => {
    expect(formatItalianDate('2026-11-22T10:00:00')).toBe('22 nov 2026');
    expect(formatItalianDate('2026-03-05T10:00:00')).toBe('5 mar 2026');
    expect(formatItalianDateTime('2026-03-05T14:05:00')).toBe('5 mar 2026, 14:05');
  });
  it('keeps unparseable values and blanks as they are', () => {
    expect(formatItalianDate('ieri')).toBe('ieri');
    expect(formatItalianDate(null)).toBe('');
    expect(formatItalianDateTime(undefined)).toBe('');
  });
  it('groups thousands with a dot', () => {
    expect(formatCount(100000)).toBe('100.000');
    expect(formatCount(25)).toBe('25');
  });
});
