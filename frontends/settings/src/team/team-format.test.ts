import { formatItalianDate, memberDisplayName, teamRoleLabel } from './team-format';

describe('memberDisplayName', () => {
  it('joins first and last name, falling back to the username then the e-mail', () => {
    expect(memberDisplayName({ firstName: 'Anna', lastName: 'Rossi', username: 'anna', email: 'a@b.it' })).toBe('Anna Rossi');
    expect(memberDisplayName({ firstName: ' ', lastName: null, username: 'anna', email: 'a@b.it' })).toBe('anna');
    expect(memberDisplayName({ firstName: null, lastName: null, username: '', email: 'a@b.it' })).toBe('a@b.it');
  });
});

describe('teamRoleLabel', () => {
  it('shows Admin or Utente', () => {
    expect(teamRoleLabel('admin')).toBe('Admin');
    expect(teamRoleLabel('user')).toBe('Utente');
    expect(teamRoleLabel(undefined)).toBe('Utente');
  });
});

describe('formatItalianDate', () => {
  it('formats in the Italian locale', () => {
    expect(formatItalianDate('2026-11-22T10:00:00')).toBe('22 nov 2026');
    expect(formatItalianDate('2026-03-05T10:00:00')).toBe('5 mar 2026');
  });
  it('keeps unparseable values and blanks as they are', () => {
    expect(formatItalianDate('ieri')).toBe('ieri');
    expect(formatItalianDate(null)).toBe('');
  });
});
