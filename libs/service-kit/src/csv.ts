import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * CSV files merchants fill in a spreadsheet (the catalogue's bulk edit, the orders' CSV import):
 * UTF-8 with or without a BOM, `;` (Excel in Italy) or `,` or a tab as the separator, quoted
 * fields, CRLF or LF. Parsing and writing go through csv-parse and csv-stringify; what is ours is
 * which separator and the Italian spreadsheet conventions. Decimal commas are read per field with
 * the contracts' `parseDecimalComma`.
 */

const SEPARATORS = [';', ',', '\t'] as const;
export type CsvSeparator = (typeof SEPARATORS)[number];

/** Why a file could not be read at all (the caller says it in Italian). */
export class CsvUnreadableError extends Error {
  constructor(
    readonly reason: 'empty' | 'encoding' | 'syntax',
    readonly line: number | null,
    detail: string,
  ) {
    super(detail);
  }
}

/** The text of an upload: UTF-8, the BOM dropped; a byte sequence that is not UTF-8 is refused. */
export function csvText(bytes: Uint8Array | string): string {
  let text: string;
  if (typeof bytes === 'string') text = bytes;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new CsvUnreadableError('encoding', null, 'not UTF-8');
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The separator of a file, from its header line: the one of `;`, `,` and tab that occurs most
 * outside quotes (`;` when none does: a one-column file).
 *
 * @example detectSeparator('SKU;Peso (g)\nA;1') // ';'
 */
export function detectSeparator(text: string): CsvSeparator {
  const counts = new Map<CsvSeparator, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch as CsvSeparator)) counts.set(ch as CsvSeparator, counts.get(ch as CsvSeparator)! + 1);
  }
  let best: CsvSeparator = ';';
  for (const s of SEPARATORS) if (counts.get(s)! > counts.get(best)!) best = s;
  return best;
}

/** A read file: its headers as written (trimmed) and each data row keyed by them, with its spreadsheet row number (the header is 1). */
export interface CsvTable {
  separator: CsvSeparator;
  headers: string[];
  rows: { row: number; record: Record<string, string> }[];
}

/**
 * Reads an upload: BOM, separator, quotes; blank lines skipped; every value trimmed. A row with
 * fewer columns than the header gets '' for the rest; a malformed file (an unclosed quote) throws
 * {@link CsvUnreadableError} with its line. `maxRows` bounds the rows read.
 */
export function readCsv(bytes: Uint8Array | string, options: { maxRows?: number } = {}): CsvTable {
  const text = csvText(bytes);
  if (!text.trim()) throw new CsvUnreadableError('empty', null, 'empty');
  const separator = detectSeparator(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separator,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      to: options.maxRows === undefined ? undefined : options.maxRows + 1,
      // A spreadsheet row is never this long; a file that is one huge field is refused, not held.
      max_record_size: 64 * 1024,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const e = err as { lines?: number; message?: string };
    throw new CsvUnreadableError('syntax', e.lines ?? null, e.message ?? 'syntax');
  }
  if (records.length === 0) throw new CsvUnreadableError('empty', null, 'empty');
  const headers = records[0]!.record.map((h) => h.trim());
  const rows = records.slice(1).map(({ record, info }) => ({
    row: info.lines,
    record: Object.fromEntries(headers.map((h, i) => [h, record[i] ?? ''])),
  }));
  return { separator, headers, rows };
}

/** A file for a spreadsheet in Italy: UTF-8 with a BOM (Excel then reads accents right), `;`, CRLF. */
export function writeCsv(headers: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): Buffer {
  const body = stringify([headers as string[], ...rows.map((r) => r.map((v) => (v === null || v === undefined ? '' : String(v))))], { delimiter: ';', record_delimiter: '\r\n' });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body, 'utf8')]);
}
