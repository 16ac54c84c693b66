/**
 * The search of a list (orders, shipments): both the stored `search_text` and the searched term go
 * through {@link searchKey}, so the match ignores case and accents ("niccolo" finds "Niccolò")
 * whatever the database's locale; the store matches with ILIKE '%key%' through a trigram index.
 */

/**
 * Lower-cased, accents removed (NFKD without combining marks), blanks collapsed to one space.
 *
 * @example searchKey('  Niccolò  DE Luca ') // 'niccolo de luca'
 */
export function searchKey(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The LIKE pattern of a search term: its key with `\`, `%` and `_` escaped (they match themselves),
 * between `%`. Undefined when nothing is left to search for.
 *
 * @example likePattern('50%_off') // '%50\\%\\_off%'
 */
export function likePattern(term: string | undefined): string | undefined {
  const key = searchKey(term);
  if (!key) return undefined;
  return `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
