import { CsvUnreadableError, readCsv, type CsvTable } from '@smista/service-kit';
import {
  hasHiddenCharacters,
  manualOrderSchema,
  ORDER_CSV_COLUMNS,
  ORDER_CSV_MAX_ROWS,
  orderCsvMessages as m,
  type ManualOrderData,
  type OrderCsvColumnName,
  type OrderCsvProblemJson,
} from '@smista/contracts';
import { countryName } from './countries';
import { csvDate, headerKey } from './orders-csv-format';

/** One order of a file, checked: its number, the file rows it came from, what to store. */
export interface CsvOrder {
  externalId: string;
  /** The file's row numbers of its items (the header is row 1). */
  rows: number[];
  data: ManualOrderData;
  /** The `data_ordine` column; null when empty (the import's day is used). */
  orderDate: Date | null;
}

/** A file read: the orders without problems, and every problem by row and column. */
export type CsvReading =
  | { ok: true; rows: number; orders: CsvOrder[]; problems: OrderCsvProblemJson[]; problemRows: number }
  /** The file as a whole is refused (empty, not CSV, columns missing, too many rows): why, in Italian. */
  | { ok: false; reason: string };

/** Where each field of the order's body comes from in the file. */
const ADDRESS_COLUMNS: Record<string, OrderCsvColumnName> = {
  recipientName: 'destinatario',
  recipientEmail: 'email',
  phoneNumber: 'telefono',
  addressLine1: 'indirizzo',
  addressLine2: 'indirizzo_2',
  postalCode: 'cap',
  city: 'citta',
  state: 'provincia',
  country: 'paese',
  countryCode: 'paese',
};
const ITEM_COLUMNS: Record<string, OrderCsvColumnName> = { sku: 'sku', title: 'articolo', quantity: 'quantita', unitPrice: 'prezzo_unitario' };

type Row = Record<OrderCsvColumnName, string> & { line: number };

/**
 * Reads a CSV of orders (issue 25, the columns of `ORDER_CSV_COLUMNS`): one row per item, the rows
 * of an order grouped by `numero_ordine` in the order they first appear, the order's columns read
 * from its first row. Each order is checked with `manualOrderSchema`, the rules of 'Nuovo ordine';
 * an order with a problem is left out, its problems said with the row and column. Pure: no database.
 *
 * @example readOrdersCsv('numero_ordine;destinatario;...\nA-1;Giulia Bianchi;...').ok // true
 */
export function readOrdersCsv(raw: string): CsvReading {
  if (raw.includes('\u0000') || raw.includes('\uFFFD')) return { ok: false, reason: m.notText };
  let table: CsvTable;
  try {
    // One more row than allowed is read, so a file too long is told apart from one just long enough.
    table = readCsv(raw, { maxRows: ORDER_CSV_MAX_ROWS + 1 });
  } catch (err) {
    if (!(err instanceof CsvUnreadableError)) throw err;
    return { ok: false, reason: err.reason === 'syntax' ? m.unreadable(err.message.replace(/^Invalid [A-Za-z ]+: /, '').slice(0, 200)) : err.reason === 'encoding' ? m.notText : m.empty };
  }
  // Columns are matched by their key (no case, accents or spaces); the file's own spelling reads the value.
  const headerOf = new Map<string, string>();
  for (const name of table.headers) if (!headerOf.has(headerKey(name))) headerOf.set(headerKey(name), name);
  const missing = ORDER_CSV_COLUMNS.filter((c) => c.required && !headerOf.has(c.name)).map((c) => c.name);
  if (missing.length > 0) return { ok: false, reason: m.missingColumns(missing) };
  if (table.rows.length === 0) return { ok: false, reason: m.empty };
  if (table.rows.length > ORDER_CSV_MAX_ROWS) return { ok: false, reason: m.tooManyRows };

  const rows: Row[] = table.rows.map(({ row: line, record }) => {
    const row = { line } as Row;
    for (const c of ORDER_CSV_COLUMNS) {
      const header = headerOf.get(c.name);
      row[c.name] = header === undefined ? '' : (record[header] ?? '');
    }
    return row;
  });

  const problems: OrderCsvProblemJson[] = [];
  const problem = (row: number, column: string, message: string) => problems.push({ row, column, message });
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const number = row.numero_ordine;
    if (!number) problem(row.line, 'numero_ordine', m.orderNumberRequired);
    else if (number.length > 50) problem(row.line, 'numero_ordine', m.orderNumberTooLong);
    else if (hasHiddenCharacters(number)) problem(row.line, 'numero_ordine', m.orderNumberRequired);
    else {
      const group = groups.get(number);
      if (group) group.push(row);
      else groups.set(number, [row]);
    }
  }

  const orders: CsvOrder[] = [];
  for (const [externalId, group] of groups) {
    const first = group[0]!;
    const before = problems.length;
    let orderDate: Date | null = null;
    if (first.data_ordine) {
      orderDate = csvDate(first.data_ordine);
      if (!orderDate) problem(first.line, 'data_ordine', m.dateInvalid);
    }
    const code = first.paese.toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) problem(first.line, 'paese', m.countryInvalid);
    const parsed = manualOrderSchema.safeParse({
      address: {
        recipientName: first.destinatario,
        recipientEmail: first.email,
        phoneNumber: first.telefono,
        addressLine1: first.indirizzo,
        addressLine2: first.indirizzo_2,
        postalCode: first.cap,
        city: first.citta,
        state: first.provincia,
        country: countryName(code) || code,
        countryCode: code,
      },
      items: group.map((r) => ({ sku: r.sku, title: r.articolo, quantity: r.quantita, unitPrice: r.prezzo_unitario })),
      notes: first.note,
      currency: 'EUR',
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [part, at, field] = issue.path as (string | number)[];
        if (part === 'address') {
          const column = ADDRESS_COLUMNS[String(at)] ?? 'destinatario';
          // The country's own check said it already.
          if (column === 'paese' && problems.slice(before).some((p) => p.column === 'paese')) continue;
          problem(first.line, column, issue.message);
        } else if (part === 'items' && typeof at === 'number') problem(group[at]?.line ?? first.line, ITEM_COLUMNS[String(field)] ?? 'articolo', issue.message);
        else if (part === 'notes') problem(first.line, 'note', issue.message);
        else problem(first.line, 'numero_ordine', issue.message);
      }
    }
    if (parsed.success && problems.length === before) orders.push({ externalId, rows: group.map((r) => r.line), data: parsed.data, orderDate });
  }
  problems.sort((a, b) => a.row - b.row);
  return { ok: true, rows: rows.length, orders, problems, problemRows: new Set(problems.map((p) => p.row)).size };
}
