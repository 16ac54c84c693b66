import { italianDay, todayInItaly } from './days';

describe('days in Italy', () => {
  it('a winter day starts at 23:00 UTC the day before and lasts 24 hours', () => {
    const day = italianDay('2026-01-15')!;
    expect(day.from.toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(day.to.toISOString()).toBe('2026-01-15T23:00:00.000Z');
  });

  it('a summer day starts at 22:00 UTC', () => {
    const day = italianDay('2026-07-01')!;
    expect(day.from.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(day.to.getTime() - day.from.getTime()).toBe(24 * 3600_000);
  });

  it('the day the clocks go forward has 23 hours, the day they go back 25', () => {
    const spring = italianDay('2026-03-29')!;
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3600_000);
    const autumn = italianDay('2026-10-25')!;
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3600_000);
  });

  it('refuses dates that do not exist', () => {
    expect(italianDay('2026-02-30')).toBeNull();
    expect(italianDay('2026-13-01')).toBeNull();
    expect(italianDay('26-01-01')).toBeNull();
  });

  it("today is Italy's date, not UTC's", () => {
    expect(todayInItaly(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(todayInItaly(new Date('2026-11-23T22:30:00Z'))).toBe('2026-11-23');
  });
});
