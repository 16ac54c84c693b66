import { likePattern, searchKey } from './search-text';

describe('searchKey', () => {
  it('lower-cases, drops accents and collapses blanks', () => {
    expect(searchKey('  Niccolò  DE Luca ')).toBe('niccolo de luca');
    expect(searchKey('JÜRGEN Müller', 'ÉLODIE@Example.FR')).toBe('jurgen muller elodie@example.fr');
  });

  it('skips missing parts', () => {
    expect(searchKey('12-34567-89012', null, undefined, '', 'mario_rossi')).toBe('12-34567-89012 mario_rossi');
    expect(searchKey()).toBe('');
  });
});

describe('likePattern', () => {
  it('wraps the key in % so it matches anywhere', () => {
    expect(likePattern('Rossi')).toBe('%rossi%');
    expect(likePattern('  Niccolò ')).toBe('%niccolo%');
  });

  it('escapes the LIKE wildcards and the escape character, so they match themselves', () => {
    expect(likePattern('50%_off')).toBe('%50\\%\\_off%');
    expect(likePattern('a\\b')).toBe('%a\\\\b%');
  });

  it('is undefined when nothing is left to search', () => {
    expect(likePattern(undefined)).toBeUndefined();
    expect(likePattern('   ')).toBeUndefined();
  });
});
