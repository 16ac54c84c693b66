import { decideImport, isNewerVersion } from './versions';

const at = (iso: string) => new Date(iso);

describe('the version of an imported order', () => {
  it('creates an order it has not stored', () => {
    expect(decideImport(null, at('2026-11-01T10:00:00Z'))).toBe('create');
  });

  it('updates only with a strictly later last-modified date', () => {
    const stored = { lastModifiedAt: at('2026-11-01T10:00:00.000Z') };
    expect(decideImport(stored, at('2026-11-01T10:00:00.001Z'))).toBe('update');
    expect(decideImport(stored, at('2026-11-02T00:00:00Z'))).toBe('update');
  });

  it('changes nothing for the same or an older version (a replay)', () => {
    const stored = { lastModifiedAt: at('2026-11-01T10:00:00.000Z') };
    expect(decideImport(stored, at('2026-11-01T10:00:00.000Z'))).toBe('unchanged');
    expect(decideImport(stored, at('2026-10-31T23:59:59Z'))).toBe('unchanged');
    expect(isNewerVersion(stored.lastModifiedAt, stored.lastModifiedAt)).toBe(false);
  });
});
