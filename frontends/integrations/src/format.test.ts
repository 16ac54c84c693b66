import { formatCount, formatItalianDate, formatItalianDateTime, formatNumericDate, formatNumericDateTime } from './format';

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

describe('numeric formats (spec §2 integration detail)', () => {
  it('writes dd/MM/yyyy and dd/MM/yyyy HH:mm', () => {
    expect(formatNumericDate('2026-03-05T14:05:00')).toBe('05/03/2026');
    expect(formatNumericDateTime('2026-03-05T14:05:00')).toBe('05/03/2026 14:05');
    expect(formatNumericDateTime('2026-12-31T23:59:00')).toBe('31/12/2026 23:59');
  });
  it('keeps unparseable values and blanks as they are', () => {
    expect(formatNumericDate('mai')).toBe('mai');
    expect(formatNumericDateTime(null)).toBe('');
  });
});
