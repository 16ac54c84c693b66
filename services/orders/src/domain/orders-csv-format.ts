/**
 * The orders' CSV import's own conventions (issue 25), apart from what the rows mean: header names
 * matched without case, accents or spaces, and dates. The file itself (BOM, separator, quotes) is
 * read by service-kit's `readCsv`, as the catalogue's bulk edit reads its file.
 */

/**
 * A header name as the columns are matched: lower case, without accents, spaces and dashes as `_`.
 *
 * @example headerKey(' Città ') // 'citta'
 * @example headerKey('Prezzo unitario') // 'prezzo_unitario'
 */
export function headerKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * A calendar day written `AAAA-MM-GG` or `GG/MM/AAAA` (also `GG-MM-AAAA`, `GG.MM.AAAA`), as noon
 * UTC of that day; null when it is not one (a day the calendar lacks included).
 *
 * @example csvDate('20/11/2026')?.toISOString() // '2026-11-20T12:00:00.000Z'
 */
export function csvDate(text: string): Date | null {
  const v = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const day = new Date(Date.UTC(y, m - 1, d, 12));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d && y >= 2000 && y <= 2100 ? day : null;
}
