import { isWorkingDay, romeDate, workingDaysBetween } from './working-days';

describe('Italian working days', () => {
  it('weekends and national holidays are not working days (Pasquetta moves with Easter)', () => {
    expect(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'].map(isWorkingDay)).toEqual([true, false, false, true]);
    // Capodanno, Epifania, Liberazione, Festa del Lavoro, Repubblica, Ferragosto (a Saturday in 2026), Ognissanti, Immacolata, Natale, Santo Stefano
    for (const day of ['2026-01-01', '2026-01-06', '2027-04-26', '2026-05-01', '2026-06-02', '2027-08-16', '2027-11-01', '2026-12-08', '2026-12-25', '2027-12-24']) {
      expect([day, isWorkingDay(day)]).toEqual([day, day === '2027-08-16' || day === '2027-12-24' || day === '2027-04-26']);
    }
    expect(isWorkingDay('2026-04-06')).toBe(false); // Pasquetta 2026
    expect(isWorkingDay('2027-03-29')).toBe(false); // Pasquetta 2027
    expect(isWorkingDay('2027-04-25')).toBe(false); // Liberazione on a Sunday
  });

  it('counts the working days wholly between two instants, in Rome time', () => {
    expect(workingDaysBetween(new Date('2026-11-27T17:00:00Z'), new Date('2026-12-03T09:00:00Z'))).toBe(3);
    expect(workingDaysBetween(new Date('2026-11-27T17:00:00Z'), new Date('2026-11-27T18:00:00Z'))).toBe(0);
    expect(workingDaysBetween(new Date('2026-12-03T09:00:00Z'), new Date('2026-11-27T17:00:00Z'))).toBe(0);
    // 23:30 UTC on 30 Nov is already 1 Dec in Rome.
    expect(romeDate(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(workingDaysBetween(new Date('2026-04-03T10:00:00Z'), new Date('2026-04-09T10:00:00Z'))).toBe(2); // Pasquetta, then Tue and Wed
  });
});
