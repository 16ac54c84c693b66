const names = new Intl.DisplayNames(['it'], { type: 'region', fallback: 'none' });

/**
 * The Italian name of an ISO 3166-1 alpha-2 country code (the address's `country`), or '' when the
 * code is not one.
 *
 * @example countryName('DE') // 'Germania'
 */
export function countryName(code: string): string {
  const upper = code.trim().toUpperCase();
  // ZZ is CLDR's "unknown region": not a country.
  if (!/^[A-Z]{2}$/.test(upper) || upper === 'ZZ') return '';
  try {
    return names.of(upper) ?? '';
  } catch {
    return '';
  }
}
