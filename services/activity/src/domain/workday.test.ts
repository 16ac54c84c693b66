import { localDay, parseClock, workdayReminderDay } from './workday';

const at1730 = { hour: 17, minute: 30 };

describe('parseClock', () => {
  it.each([
    ['17:30', { hour: 17, minute: 30 }],
    ['9:05', { hour: 9, minute: 5 }],
    [' 00:00 ', { hour: 0, minute: 0 }],
    ['23:59', { hour: 23, minute: 59 }],
  ])('%s', (text, clock) => expect(parseClock(text)).toEqual(clock));

  it.each(['24:00', '17:60', '1730', '5pm', '', '17:3', '-1:00'])('refuses %j', (text) => expect(parseClock(text)).toBeNull());
});

describe('the end-of-afternoon decision, in Europe/Rome time', () => {
  it.each([
    // winter (CET, UTC+1): 17:30 local is 16:30Z
    ['2026-01-15T16:29:00Z', null],
    ['2026-01-15T16:30:00Z', '2026-01-15'],
    ['2026-01-15T22:59:00Z', '2026-01-15'],
    // 00:30 in Rome is already the next day, and before 17:30 of it
    ['2026-01-15T23:30:00Z', null],
    // summer (CEST, UTC+2): 17:30 local is 15:30Z
    ['2026-07-01T15:29:00Z', null],
    ['2026-07-01T15:30:00Z', '2026-07-01'],
    ['2026-07-01T16:30:00Z', '2026-07-01'],
    // the day summer time starts (29 March 2026, 02:00 → 03:00): the afternoon is already CEST
    ['2026-03-29T15:29:00Z', null],
    ['2026-03-29T15:30:00Z', '2026-03-29'],
    // the day it ends (25 October 2026, 03:00 → 02:00): the afternoon is CET again
    ['2026-10-25T15:30:00Z', null],
    ['2026-10-25T16:29:00Z', null],
    ['2026-10-25T16:30:00Z', '2026-10-25'],
  ])('%s → %s', (iso, day) => expect(workdayReminderDay(new Date(iso), at1730)).toBe(day));

  it('follows the configured time', () => {
    expect(workdayReminderDay(new Date('2026-07-01T06:00:00Z'), { hour: 8, minute: 0 })).toBe('2026-07-01');
    expect(workdayReminderDay(new Date('2026-07-01T05:59:00Z'), { hour: 8, minute: 0 })).toBeNull();
  });

  it("reads the merchant's calendar day of a label in Rome, not in UTC", () => {
    expect(localDay(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02');
    expect(localDay(new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-01');
    expect(localDay(new Date('2026-01-01T23:00:00Z'))).toBe('2026-01-02');
  });
});
