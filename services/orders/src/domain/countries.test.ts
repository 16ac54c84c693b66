import { countryName } from './countries';

describe('countryName', () => {
  it.each([
    ['IT', 'Italia'],
    ['de', 'Germania'],
    ['GB', 'Regno Unito'],
    ['US', 'Stati Uniti'],
    ['FR', 'Francia'],
    ['ES', 'Spagna'],
  ])('%s → %s', (code, name) => {
    expect(countryName(code)).toBe(name);
  });

  it.each(['', 'ITA', 'Z', 'ZZ', 'QQ', '1A'])('%j → empty', (code) => {
    expect(countryName(code)).toBe('');
  });
});
