import { posteMessages } from '@smista/contracts';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LetterLabel } from './build';
import { code128Widths, QUIET_ZONE_MODULES } from './code128';
import { winAnsi } from './units';

/** A6 in points (105 × 148 mm). */
export const A6 = { width: (105 / 25.4) * 72, height: (148 / 25.4) * 72 } as const;

const MARGIN = 14;
const BLACK = rgb(0, 0, 0);
/** The widest module drawn (0.53 mm): wide enough for any scanner, narrow enough for long codes to fit. */
const MAX_MODULE = 1.5;
const BAR_HEIGHT = 58;

const t = posteMessages.letters.label;

function fit(font: PDFFont, text: string, size: number, width: number): string {
  let out = winAnsi(text);
  if (font.widthOfTextAtSize(out, size) <= width) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out.trimEnd()}…`;
}

/**
 * Draws `code` as Code 128 bars, centred in `width` from `x`: each bar a filled rectangle whose
 * edges fall on exact multiples of the module, with the quiet zones left white.
 */
function drawBarcode(page: PDFPage, code: string, x: number, width: number, bottom: number, height: number): void {
  const widths = code128Widths(code);
  const modules = widths.reduce((a, b) => a + b, 0) + 2 * QUIET_ZONE_MODULES;
  const module = Math.min(MAX_MODULE, width / modules);
  let cursor = x + (width - modules * module) / 2 + QUIET_ZONE_MODULES * module;
  widths.forEach((w, i) => {
    if (i % 2 === 0) page.drawRectangle({ x: cursor, y: bottom, width: w * module, height, color: BLACK });
    cursor += w * module;
  });
}

/**
 * The letter's label: an A6 page with the service and its mark (the boxed R of registered mail,
 * PRIORITAIRE), date and reference, the code as a Code 128 barcode with the code in clear text
 * under it, then the sender and, larger, the recipient.
 */
export async function renderLetterLabel(label: LetterLabel): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${label.service} ${label.code}`);
  doc.setSubject(label.reference);
  doc.setProducer('Smista');
  doc.setCreator('Smista');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([A6.width, A6.height]);
  const width = A6.width - 2 * MARGIN;
  let y = A6.height - MARGIN;

  const text = (value: string, size: number, font: PDFFont = regular, maxWidth = width, x = MARGIN) => {
    page.drawText(fit(font, value, size, maxWidth), { x, y, size, font, color: BLACK });
  };
  const line = (value: string, size: number, font: PDFFont = regular, gap = 2) => {
    y -= size;
    text(value, size, font);
    y -= gap;
  };
  const rule = (gap = 7) => {
    y -= 3;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A6.width - MARGIN, y }, thickness: 0.8, color: BLACK });
    y -= gap;
  };

  // Header: the service on the left, its mark boxed on the right.
  const mark = label.registered ? t.registeredMark : label.priority ? t.priorityMark : '';
  let markWidth = 0;
  if (mark) {
    const size = label.registered ? 24 : 9;
    markWidth = label.registered ? 34 : bold.widthOfTextAtSize(mark, size) + 10;
    const boxHeight = label.registered ? 34 : 18;
    const bx = A6.width - MARGIN - markWidth;
    page.drawRectangle({ x: bx, y: A6.height - MARGIN - boxHeight, width: markWidth, height: boxHeight, borderColor: BLACK, borderWidth: 1.5 });
    page.drawText(mark, { x: bx + (markWidth - bold.widthOfTextAtSize(mark, size)) / 2, y: A6.height - MARGIN - boxHeight / 2 - size * 0.35, size, font: bold, color: BLACK });
  }
  y -= 15;
  text(label.service, 15, bold, width - markWidth - 6);
  y -= 13;
  text(`${t.date} ${label.date}   ${t.reference} ${label.reference}`, 8, regular, width - markWidth - 6);
  y = Math.min(y, A6.height - MARGIN - 34) - 4;
  rule(10);

  // The code: bars, then its clear text.
  y -= BAR_HEIGHT;
  drawBarcode(page, label.code, MARGIN, width, y, BAR_HEIGHT);
  y -= 15;
  const codeText = fit(bold, label.code, 13, width);
  page.drawText(codeText, { x: (A6.width - bold.widthOfTextAtSize(codeText, 13)) / 2, y, size: 13, font: bold, color: BLACK });
  rule();

  // Sender, small.
  line(t.sender, 6.5);
  line(label.sender.name, 8, bold, 1.5);
  if (label.sender.contact) line(label.sender.contact, 7.5, regular, 1.5);
  for (const l of label.sender.lines) line(l, 7.5, regular, 1.5);
  line(label.sender.destination, 7.5, regular, 1.5);
  if (label.sender.country) line(label.sender.country, 7.5, regular, 1.5);
  rule();

  // Recipient, large.
  line(t.recipient, 7);
  line(label.recipient.name, 13, bold, 3);
  if (label.recipient.contact) line(`c.a. ${label.recipient.contact}`, 10, regular, 2.5);
  for (const l of label.recipient.lines) line(l, 11, regular, 2.5);
  line(label.recipient.destination, 12, bold, 2.5);
  if (label.recipient.country) line(label.recipient.country, 12, bold, 2.5);

  // Footer: what the merchant finds the letter by.
  const footer = [label.orderId ? `${t.order} ${label.orderId}` : '', label.content ? `${t.content}: ${label.content}` : ''].filter(Boolean).join('   ');
  if (footer) page.drawText(fit(regular, footer, 7, width), { x: MARGIN, y: MARGIN, size: 7, font: regular, color: BLACK });

  return doc.save();
}
