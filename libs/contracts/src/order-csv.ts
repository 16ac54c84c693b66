import { z } from 'zod';
import { visibleText } from './text';
/**
 * CSV import of orders (issue 25): the template's columns with what each holds, the example file
 * the import screen offers, and the Italian texts of the preview's problems and of the job. One row
 * per item; the rows of one order share its `numero_ordine` (its order-level columns are read from
 * its first row). Separators `;` or `,` (told by the header), UTF-8 with or without BOM, amounts
 * with a decimal comma (`12,50`) or point (`12.50`). Documented in services/orders/README.md.
 */

export interface OrderCsvColumn {
  /** The header's name (matched without case, accents or spaces). */
  name: string;
  required: boolean;
  /** What it holds, as the README and the screen say it. */
  description: string;
}

export const ORDER_CSV_COLUMNS = [
  { name: 'numero_ordine', required: true, description: "Il numero dell'ordine (al massimo 50 caratteri): le righe con lo stesso numero sono un ordine, un articolo per riga" },
  { name: 'data_ordine', required: false, description: "La data dell'ordine, AAAA-MM-GG o GG/MM/AAAA (vuota: oggi)" },
  { name: 'destinatario', required: true, description: 'Nome e cognome (o ragione sociale) del destinatario' },
  { name: 'email', required: false, description: 'Email del destinatario' },
  { name: 'telefono', required: false, description: 'Telefono del destinatario' },
  { name: 'indirizzo', required: true, description: 'Via e numero civico' },
  { name: 'indirizzo_2', required: false, description: 'Scala, interno, presso' },
  { name: 'cap', required: true, description: 'Codice postale' },
  { name: 'citta', required: true, description: 'Città' },
  { name: 'provincia', required: false, description: 'Sigla della provincia (es. MI) o stato' },
  { name: 'paese', required: true, description: 'Codice del paese a due lettere (IT, DE, FR, GB, CH...)' },
  { name: 'sku', required: false, description: "Codice dell'articolo" },
  { name: 'articolo', required: true, description: "Descrizione dell'articolo" },
  { name: 'quantita', required: true, description: 'Quantità, numero intero da 1 a 10000' },
  { name: 'prezzo_unitario', required: true, description: 'Prezzo di un pezzo in euro, con la virgola o il punto (12,50)' },
  { name: 'note', required: false, description: "Note dell'ordine" },
] as const satisfies readonly OrderCsvColumn[];
export type OrderCsvColumnName = (typeof ORDER_CSV_COLUMNS)[number]['name'];

/** Rows of one file at most (a job imports them in batches). */
export const ORDER_CSV_MAX_ROWS = 10_000;
/** Bytes of one file at most (10,000 rows of ordinary orders are about 2 MB). */
export const ORDER_CSV_MAX_BYTES = 3 * 1024 * 1024;
/** Problems the preview lists at most (their total is always said). */
export const ORDER_CSV_MAX_PROBLEMS = 200;

/** The template the import screen offers: the header alone. */
export const ORDER_CSV_TEMPLATE = `${ORDER_CSV_COLUMNS.map((c) => c.name).join(';')}\n`;

/** The example file: two orders, the second with two items, Italian decimal commas, `;`. */
export const ORDER_CSV_EXAMPLE = [
  ORDER_CSV_COLUMNS.map((c) => c.name).join(';'),
  'NEG-1001;2026-11-20;Giulia Bianchi;giulia.bianchi@example.it;+39 333 1234567;Via Garibaldi 5;;10121;Torino;TO;IT;TAZZA-01;Tazza in ceramica;2;12,50;Consegnare di mattina',
  'NEG-1002;20/11/2026;Marco Verdi;;;Corso Buenos Aires 12;Scala B;20124;Milano;MI;IT;PIATTO-02;Piatto fondo;4;8,90;',
  'NEG-1002;;;;;;;;;;;TOV-03;Tovaglietta in lino;1;15,00;',
  '',
].join('\n');

export const orderCsvMessages = {
  empty: 'Il file è vuoto: scarica il modello e compilalo',
  notText: 'Il file non è un CSV di testo in UTF-8',
  tooBig: `Il file è troppo grande: al massimo ${ORDER_CSV_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `Il file ha troppe righe: al massimo ${ORDER_CSV_MAX_ROWS.toLocaleString('it-IT')}`,
  unreadable: (reason: string) => `Il file non si legge come CSV: ${reason}`,
  missingColumns: (names: string[]) => `Mancano le colonne obbligatorie: ${names.join(', ')}`,
  fileNameInvalid: 'Il nome del file non è valido',
  contentRequired: 'Scegli un file CSV da importare',
  orderNumberRequired: "Il numero dell'ordine è obbligatorio",
  orderNumberTooLong: "Il numero dell'ordine può contenere al massimo 50 caratteri",
  dateInvalid: 'Data non valida: usa AAAA-MM-GG o GG/MM/AAAA',
  countryInvalid: 'Il codice paese deve essere di 2 lettere (es. IT)',
  hasProblems: (rows: number) => `Il file ha ${rows === 1 ? 'una riga' : `${rows.toLocaleString('it-IT')} righe`} con problemi: correggile e caricalo di nuovo`,
  nothingToImport: 'Nessun ordine nuovo da importare: sono già stati importati tutti',
  importNotFound: 'Importazione non trovata',
  /** A problem as the preview lists it. */
  problem: (row: number, column: string, reason: string) => `Riga ${row}, colonna ${column}: ${reason}`,
} as const;

/** One problem of the preview: the file's row (the header is row 1), the column's name, the reason in Italian. */
export interface OrderCsvProblemJson {
  row: number;
  column: string;
  message: string;
}

/** `POST /api/orders/imports/preview`. */
export interface OrderImportPreviewJson {
  rows: number;
  orders: number;
  /** Orders the import would create (not already imported, without problems). */
  newOrders: number;
  /** Order numbers already imported (nothing is done for them), the first 200. */
  alreadyImported: string[];
  alreadyImportedCount: number;
  problems: OrderCsvProblemJson[];
  problemCount: number;
  /** The first orders that would be created: number, recipient, city, country, items, total. */
  sample: { externalId: string; recipientName: string; city: string; countryCode: string; items: number; total: string }[];
}

/** `GET /api/orders/imports/:id`, and the answer of `POST /api/orders/imports`. */
export interface OrderImportJobJson {
  id: number;
  status: 'pending' | 'running' | 'completed' | 'failed';
  fileName: string;
  totalOrders: number;
  processedOrders: number;
  createdOrders: number;
  skippedOrders: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * `POST /api/orders/imports/preview` and `POST /api/orders/imports`: the file's name (shown in the
 * job) and its text. The rows are checked by the orders service (`readOrdersCsv`).
 */
export const orderImportFileSchema = z.object({
  fileName: z
    .string({ error: orderCsvMessages.fileNameInvalid })
    .trim()
    .max(200, orderCsvMessages.fileNameInvalid)
    .refine(...visibleText)
    .nullish()
    .transform((v) => v || 'ordini.csv'),
  content: z
    .string({ error: orderCsvMessages.contentRequired })
    .refine((v) => v.trim().length > 0, orderCsvMessages.contentRequired)
    .refine((v) => utf8Bytes(v) <= ORDER_CSV_MAX_BYTES, orderCsvMessages.tooBig),
});
export type OrderImportFileInput = z.input<typeof orderImportFileSchema>;
