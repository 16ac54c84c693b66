import {
  customsAmount,
  customsContentTypes,
  customsContentTypeUpu,
  customsNetWeightGrams,
  customsTotalCents,
  type CustomsContentType,
  type CustomsDeclaration,
} from '@smista/contracts';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PartyAddress } from './adapter';

/*
 * Issue 25: the customs documents printed with a label to a destination outside the EU customs
 * union (fields and limits in the carriers README, "Parcels and customs"): the UPU CN22 (letter
 * post up to 300 SDR) or CN23 for Poste's international letter services, and the commercial
 * invoice for GLS. Drawn with pdf-lib's standard fonts, in English and French as the UPU forms
 * are, and appended after the label's pages, as labels are merged.
 */

/** What every customs document prints. */
export interface CustomsDocumentData {
  declaration: CustomsDeclaration;
  sender: PartyAddress;
  recipient: PartyAddress;
  /** Gross weight of the parcel (grams). */
  grossWeightGrams: number;
  /** The label's tracking number or our reference. */
  itemNumber: string;
  /** `dd/mm/yyyy`. */
  date: string;
  /** The designated operator or carrier (`Poste Italiane`, `GLS Italy`). */
  operator: string;
}

const BLACK = rgb(0, 0, 0);
/** A6 and A4 in points. */
const A6 = { width: (105 / 25.4) * 72, height: (148 / 25.4) * 72 } as const;
const A4 = { width: 595.28, height: 841.89 } as const;

/** What the standard fonts can print (WinAnsi): accents kept, the rest folded or '?'. */
function printable(text: string): string {
  return [...text.normalize('NFC')]
    .map((c) => {
      const code = c.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return c;
      if (code < 0x20) return ' ';
      const base = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return base && [...base].every((b) => b.codePointAt(0)! <= 0xff) ? base : '?';
    })
    .join('');
}

function fit(font: PDFFont, text: string, size: number, width: number): string {
  let out = printable(text);
  if (font.widthOfTextAtSize(out, size) <= width) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out.trimEnd()}…`;
}

const kg = (grams: number) => (grams / 1000).toFixed(3);
const addressText = (a: PartyAddress) => [a.name, a.addressLine1, a.addressLine2, `${a.postalCode} ${a.city} ${a.province ?? ''}`.trim(), a.countryCode].filter((l) => l && l.trim());

/** A page writer: text at a cursor, moving down. */
class Writer {
  y: number;
  constructor(
    readonly page: PDFPage,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
    readonly margin: number,
  ) {
    this.y = page.getHeight() - margin;
  }
  get width() {
    return this.page.getWidth() - 2 * this.margin;
  }
  text(value: string, size: number, options: { bold?: boolean; x?: number; width?: number; advance?: boolean } = {}) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const x = this.margin + (options.x ?? 0);
    this.page.drawText(fit(font, value, size, options.width ?? this.width - (options.x ?? 0)), { x, y: this.y - size, size, font, color: BLACK });
    if (options.advance !== false) this.y -= size + 2;
  }
  rule() {
    this.y -= 2;
    this.page.drawLine({ start: { x: this.margin, y: this.y }, end: { x: this.margin + this.width, y: this.y }, thickness: 0.5, color: BLACK });
    this.y -= 3;
  }
}

async function newDocument(title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Smista');
  doc.setCreator('Smista');
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  return { doc, fonts };
}

const box = (type: CustomsContentType, chosen: CustomsContentType | '') => `[${type === chosen ? 'X' : ' '}] ${customsContentTypeUpu[type]}`;

/**
 * The UPU customs declaration: CN22 on an A6 page (category, contents with quantity, net weight,
 * value, HS number and origin, totals, the sender's certification, date), or CN23 (the same plus
 * sender, addressee and invoice number), for Poste's international letter services.
 */
export async function renderCustomsDeclaration(form: 'CN22' | 'CN23', data: CustomsDocumentData): Promise<Uint8Array> {
  const d = data.declaration;
  const { doc, fonts } = await newDocument(`${form} ${data.itemNumber}`);
  const page = doc.addPage(form === 'CN22' ? [A6.width, A6.height] : [A4.width, A4.height / 2]);
  const w = new Writer(page, fonts, 12);
  w.text(`CUSTOMS DECLARATION ${form === 'CN22' ? 'CN 22' : 'CN 23'}`, 10, { bold: true });
  w.text(`DÉCLARATION EN DOUANE · ${data.operator} · May be opened officially`, 5.5);
  w.text(`No. of item: ${data.itemNumber}`, 6);
  w.rule();
  if (form === 'CN23') {
    w.text(`From: ${addressText(data.sender).join(', ')}`, 6);
    w.text(`To: ${addressText(data.recipient).join(', ')}`, 6);
    w.rule();
  }
  const boxes = customsContentTypes.map((t) => box(t, d.contentType));
  w.text(boxes.slice(0, 3).join('   '), 6);
  w.text(boxes.slice(3).join('   '), 6);
  w.rule();
  const cols = [0, 0.4, 0.5, 0.63, 0.78, 0.92].map((f) => f * w.width);
  const header = ['Detailed description of contents', 'Qty', 'Net kg', 'Value', 'HS tariff No.', 'Origin'];
  header.forEach((h, i) => w.text(h, 5, { bold: true, x: cols[i], width: (cols[i + 1] ?? w.width) - cols[i] - 2, advance: i === header.length - 1 }));
  for (const item of d.items) {
    const values = [item.description, String(item.quantity), kg(item.weightGrams ?? 0), customsAmount(item.valueCents, d.currency), item.hsCode, item.originCountry];
    values.forEach((v, i) => w.text(v, 5.5, { x: cols[i], width: (cols[i + 1] ?? w.width) - cols[i] - 2, advance: i === values.length - 1 }));
  }
  w.rule();
  w.text(`Total gross weight (kg): ${kg(data.grossWeightGrams)}   Total value: ${customsAmount(customsTotalCents(d), d.currency)}`, 6, { bold: true });
  if (form === 'CN23' || d.invoiceNumber) w.text(`Invoice No.: ${d.invoiceNumber || '-'}   Net weight (kg): ${kg(customsNetWeightGrams(d))}`, 6);
  w.rule();
  w.text('I certify that the particulars given in this customs declaration are correct and that this item', 5);
  w.text('does not contain any dangerous article prohibited by legislation or by postal or customs regulations.', 5);
  w.text(`Date and sender's signature: ${data.date}  ${data.sender.name}`, 6, { bold: true });
  return doc.save();
}

/**
 * The commercial invoice that travels with a GLS parcel outside the EU customs union (A4): seller
 * and buyer, invoice number and date, reason for export, the lines with HS code, origin, quantity,
 * unit and total value, the totals and the weights, and the exporter's declaration.
 */
export async function renderCommercialInvoice(data: CustomsDocumentData): Promise<Uint8Array> {
  const d = data.declaration;
  const { doc, fonts } = await newDocument(`Commercial invoice ${d.invoiceNumber}`);
  const page = doc.addPage([A4.width, A4.height]);
  const w = new Writer(page, fonts, 40);
  w.text('COMMERCIAL INVOICE', 16, { bold: true });
  w.text(`Invoice No.: ${d.invoiceNumber}   Date: ${data.date}   Carrier: ${data.operator}   Tracking: ${data.itemNumber}`, 9);
  w.rule();
  const half = w.width / 2;
  const seller = ['Seller / exporter', ...addressText(data.sender)];
  const buyer = ['Buyer / consignee', ...addressText(data.recipient)];
  for (let i = 0; i < Math.max(seller.length, buyer.length); i++) {
    w.text(seller[i] ?? '', 9, { bold: i === 0, width: half - 10, advance: false });
    w.text(buyer[i] ?? '', 9, { bold: i === 0, x: half, width: half });
  }
  w.rule();
  w.text(`Reason for export: ${customsContentTypeUpu[(d.contentType || 'altro') as CustomsContentType]}   Currency: ${d.currency}   Incoterm: DAP`, 9);
  w.rule();
  const cols = [0, 0.38, 0.5, 0.58, 0.66, 0.8].map((f) => f * w.width);
  const header = ['Description', 'HS code', 'Origin', 'Qty', 'Unit value', 'Total value'];
  header.forEach((h, i) => w.text(h, 8, { bold: true, x: cols[i], width: (cols[i + 1] ?? w.width) - cols[i] - 4, advance: i === header.length - 1 }));
  for (const item of d.items) {
    const unit = Math.round(item.valueCents / Math.max(1, item.quantity));
    const values = [item.description, item.hsCode, item.originCountry, String(item.quantity), customsAmount(unit, d.currency), customsAmount(item.valueCents, d.currency)];
    values.forEach((v, i) => w.text(v, 8.5, { x: cols[i], width: (cols[i + 1] ?? w.width) - cols[i] - 4, advance: i === values.length - 1 }));
  }
  w.rule();
  w.text(`Total value: ${customsAmount(customsTotalCents(d), d.currency)}`, 10, { bold: true });
  w.text(`Net weight (kg): ${kg(customsNetWeightGrams(d))}   Gross weight (kg): ${kg(data.grossWeightGrams)}   Packages: 1`, 9);
  w.rule();
  w.text('I declare that the information on this invoice is true and correct and that the goods originate as stated.', 8);
  w.text(`Date and signature: ${data.date}  ${data.sender.name}`, 9, { bold: true });
  return doc.save();
}

/** The label's pages followed by each document's, in one PDF (as the shipments service merges labels). */
export async function appendDocuments(label: Uint8Array, documents: readonly Uint8Array[]): Promise<Uint8Array> {
  const out = await PDFDocument.load(label, { updateMetadata: false });
  for (const bytes of documents) {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const p of pages) out.addPage(p);
  }
  return out.save();
}

/** `dd/mm/yyyy` in Italian time. */
export const italianDay = (at: Date) => new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
