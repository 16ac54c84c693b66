import { posteMessages } from '@smista/contracts';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PartyAddress } from '../adapter';
import { addressLines, clean, countryName, isoDayToItalian, italianDateTime, winAnsi } from './units';

/*
 * The day's "distinta" of a letter service: the list of codes the merchant hands in with the letters
 * at acceptance (providers.md), as a CSV for Excel and as a printable PDF. Pure: rows in, bytes out.
 */

/** One letter of the distinta: a used code of the pool and what it was used for. */
export interface DistintaRow {
  /** 1, 2, 3… in the order the codes were used. */
  progressivo: number;
  code: string;
  /** The recipient saved with the code when it was used (null for codes used before recipients were kept). */
  recipient: PartyAddress | null;
  reference?: string;
  usedAt: Date;
}

/** Who hands the letters in, and which list it is. */
export interface DistintaMeta {
  carrierCode: string;
  /** The service's name (`Raccomandata`), in the title. */
  serviceName: string;
  /** The merchant's name for the connection. */
  connectionName?: string;
  /** The day, `YYYY-MM-DD`. */
  date: string;
  /** The merchant's pickup address (the sender of the letters), when known. */
  sender?: PartyAddress;
}

const d = posteMessages.letters.distinta;

/** A CSV cell for Excel-it: quoted when it holds `;`, a quote or a line break; a leading `= + - @` neutralised (no formula runs). */
function cell(value: string | number): string {
  let text = String(value).replace(/\r\n?/g, '\n');
  if (/^[=+\-@\t]/.test(text)) text = `'${text}`;
  return /[;"\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The distinta as CSV: UTF-8 with a byte-order mark (so Excel in Italian reads the accents), `;`
 * between fields, CRLF between rows, a header row in Italian (Progressivo;Codice;Servizio;
 * Destinatario;Indirizzo;CAP;Città;Provincia;Paese;Riferimento;Data), dates `dd/mm/yyyy HH:MM` in
 * Italian time.
 *
 * @example buildDistintaCsv([{ progressivo: 1, code: 'RR123456785IT', recipient, usedAt }], { carrierCode: 'posta_rc_intl', serviceName: 'Raccomandata Internazionale', date: '2026-03-05' })
 * // '\uFEFFProgressivo;Codice;…\r\n1;RR123456785IT;Raccomandata Internazionale;Jean Dupont;…\r\n'
 */
export function buildDistintaCsv(rows: readonly DistintaRow[], meta: DistintaMeta): string {
  const lines = [d.csvHeader.map(cell).join(';')];
  for (const r of rows) {
    const a = r.recipient;
    lines.push(
      [
        r.progressivo,
        r.code,
        meta.serviceName,
        clean(a?.name),
        [clean(a?.addressLine1), clean(a?.addressLine2)].filter(Boolean).join(' '),
        clean(a?.postalCode),
        clean(a?.city),
        clean(a?.province).toUpperCase(),
        a ? countryName(a.countryCode) : '',
        clean(r.reference),
        italianDateTime(r.usedAt),
      ]
        .map(cell)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A4 in points. */
const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 40;
const ROW = 14;
const FOOTER = 28;
/** Room the totals and the two signature lines need at the end of the last page. */
const CLOSING = 96;
const GREY = rgb(0.45, 0.45, 0.45);

const COLUMNS: { key: keyof typeof d.columns; x: number; width: number }[] = [
  { key: 'progressivo', x: 0, width: 26 },
  { key: 'code', x: 30, width: 100 },
  { key: 'recipient', x: 134, width: 125 },
  { key: 'address', x: 263, width: 130 },
  { key: 'postalCode', x: 397, width: 40 },
  { key: 'city', x: 441, width: 74 },
];

function fit(font: PDFFont, text: string, size: number, width: number): string {
  let out = winAnsi(text);
  if (font.widthOfTextAtSize(out, size) <= width) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out.trimEnd()}…`;
}

function senderText(sender: PartyAddress | undefined): string {
  if (!sender) return '';
  const a = addressLines(sender);
  return [a.name, ...a.lines, a.destination, a.country].filter(Boolean).join(', ');
}

/**
 * The distinta as an A4 PDF: the title "Distinta di accettazione — <servizio>", the sender, the
 * connection and the day on every page, a table of the codes with recipient, address, CAP and
 * city (as many pages as the rows need, "Pagina n di m"), and at the end the total and the
 * signature lines of the sender and of the accepting office.
 */
export async function buildDistintaPdf(rows: readonly DistintaRow[], meta: DistintaMeta): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = d.title(meta.serviceName);
  doc.setTitle(`${title} ${isoDayToItalian(meta.date)}`);
  doc.setProducer('Smista');
  doc.setCreator('Smista');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4.width - 2 * MARGIN;
  const sender = senderText(meta.sender);

  let page!: PDFPage;
  let y = 0;
  const draw = (text: string, x: number, size: number, font: PDFFont = regular, maxWidth = width) =>
    page.drawText(fit(font, text, size, maxWidth), { x: MARGIN + x, y, size, font });
  const rule = (thickness = 0.6) => page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness });

  const newPage = () => {
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN - 16;
    draw(title, 0, 16, bold);
    y -= 18;
    if (sender) {
      draw(`${d.sender}: ${sender}`, 0, 9.5);
      y -= 13;
    }
    const info = [meta.connectionName ? `${d.connection}: ${meta.connectionName}` : '', `${d.date}: ${isoDayToItalian(meta.date)}`].filter(Boolean).join('    ');
    draw(info, 0, 9.5);
    y -= 22;
    for (const c of COLUMNS) draw(d.columns[c.key], c.x, 9, bold, c.width);
    y -= 5;
    rule(0.8);
    y -= ROW - 2;
  };

  newPage();
  if (rows.length === 0) {
    draw(d.noRows, 0, 10);
    y -= ROW;
  }
  for (const r of rows) {
    if (y < MARGIN + FOOTER) newPage();
    const a = r.recipient ? addressLines(r.recipient) : undefined;
    const cells: Record<keyof typeof d.columns, string> = {
      progressivo: String(r.progressivo),
      code: r.code,
      recipient: a?.name ?? '',
      address: a?.lines.join(' ') ?? '',
      postalCode: clean(r.recipient?.postalCode),
      city: [clean(r.recipient?.city), a?.country ?? clean(r.recipient?.province).toUpperCase()].filter(Boolean).join(' '),
    };
    for (const c of COLUMNS) draw(cells[c.key], c.x, 9, c.key === 'code' ? bold : regular, c.width);
    y -= ROW;
  }

  if (y - CLOSING < MARGIN + FOOTER) newPage();
  y -= 4;
  rule(0.8);
  y -= 16;
  draw(d.total(rows.length), 0, 11, bold);
  y -= 50;
  const half = width / 2;
  for (const [i, label] of [d.signatureSender, d.signatureOffice].entries()) {
    page.drawLine({ start: { x: MARGIN + i * half, y }, end: { x: MARGIN + i * half + half - 30, y }, thickness: 0.6 });
    page.drawText(fit(regular, label, 8.5, half - 30), { x: MARGIN + i * half, y: y - 11, size: 8.5, font: regular });
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const text = d.page(i + 1, pages.length);
    p.drawText(text, { x: A4.width - MARGIN - regular.widthOfTextAtSize(text, 8), y: MARGIN - 14, size: 8, font: regular, color: GREY });
    p.drawText(fit(regular, `${meta.serviceName} · ${isoDayToItalian(meta.date)}`, 8, width / 2), { x: MARGIN, y: MARGIN - 14, size: 8, font: regular, color: GREY });
  });
  return doc.save();
}
