/**
 * The CSV file format of the orders' import (issue 25), apart from what the rows mean: the BOM, the
 * separator told by the header, header names matched without case, accents or spaces, dates. The
 * catalogue's bulk edit has helpers of its own for the same questions: the two are to become one.
 */

/** The text without a UTF-8 byte order mark at its start. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The separator of a file, told by its header line: `;` when it has more of them than commas (the
 * Italian Excel's default, which leaves commas to the decimals), else `,`.
 *
 * @example detectSeparator('numero_ordine;articolo\n1;Tazza, blu') // ';'
 */
export function detectSeparator(text: string): ';' | ',' {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

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
