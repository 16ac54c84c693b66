import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import { POSTE_PRODUCTS } from './accounts';
import type { SandboxWaybill } from './store';
import { posteDateTime } from './tracking';

/** Page sizes in points: A4, and `1011` (10 × 11 cm, the label-printer format). */
const SIZES = { A4: [595.28, 841.89], '1011': [283.46, 311.81] } as const;

/** The standard fonts speak WinAnsi only: anything else becomes '?', never an exception. */
function printable(text: string): string {
  return text.normalize('NFC').replace(/[^\x20-\x7E\xA0-\xFF€]/g, '?');
}

function fit(font: PDFFont, text: string, size: number, width: number): string {
  let out = printable(text);
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -1);
  return out;
}

const euro = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
const kg = (grams: number) => (grams / 1000).toFixed(2).replace('.', ',');

/** The waybill's label: a real PDF, one page per declared parcel, in the requested format. */
export async function renderWaybillLabel(w: SandboxWaybill): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Poste Delivery Business ${w.code}`);
  doc.setProducer('Smista Poste Delivery sandbox');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [pw, ph] = w.printFormat === '1011' ? SIZES['1011'] : SIZES.A4;
  // An A4 sheet carries the label in its top half, as Poste's A4 waybills do.
  const [lw, lh] = w.printFormat === '1011' ? [pw, ph] : [pw, ph / 2];
  const scale = lw / SIZES['1011'][0];
  const margin = 12 * scale;
  const width = lw - 2 * margin;

  w.parcels.forEach((parcel, index) => {
    const page = doc.addPage([pw, ph]);
    let y = ph - margin;
    const line = (text: string, size: number, font: PDFFont = regular, gap = 3) => {
      y -= size * scale;
      page.drawText(fit(font, text, size * scale, width), { x: margin, y, size: size * scale, font });
      y -= gap * scale;
    };
    const rule = () => {
      page.drawLine({ start: { x: margin, y }, end: { x: lw - margin, y }, thickness: 1, color: rgb(0, 0, 0) });
      y -= 5 * scale;
    };
    line('Poste Delivery Business', 14, bold);
    line(`${POSTE_PRODUCTS[w.product].name} - ${posteDateTime(w.createdAt)}`, 7);
    rule();
    line(w.code, 20, bold);
    line(`Collo ${index + 1} di ${w.parcels.length} - Peso ${kg(parcel.weightGrams)} kg`, 9);
    rule();
    line('Mittente', 6);
    line(w.sender.nameSurname, 8, bold, 1);
    line(`${w.sender.address} ${w.sender.streetNumber}`.trim(), 7, regular, 1);
    line(`${w.sender.zipCode} ${w.sender.city} ${w.sender.province}`.trim(), 7);
    rule();
    line('Destinatario', 6);
    line(w.receiver.nameSurname, 12, bold);
    if (w.receiver.contactName) line(`c.a. ${w.receiver.contactName}`, 9);
    line(`${w.receiver.address} ${w.receiver.streetNumber}`.trim(), 10);
    line(`${w.receiver.zipCode} ${w.receiver.city} ${w.receiver.province} ${w.receiver.country}`.trim(), 10, bold);
    rule();
    if (w.codCents > 0) line(`CONTRASSEGNO EUR ${euro(w.codCents)}`, 10, bold);
    if (w.clientReferenceId) line(`Rif. ${w.clientReferenceId}`, 8);
    if (w.content) line(`Contenuto: ${w.content}`, 8);
    if (w.sender.note1) line(`Note: ${w.sender.note1}`, 8);
    page.drawRectangle({ x: margin, y: ph - lh + margin + 12 * scale, width, height: 28 * scale, borderColor: rgb(0, 0, 0), borderWidth: 1.2 });
    const codeSize = 16 * scale;
    page.drawText(w.code, { x: margin + (width - bold.widthOfTextAtSize(w.code, codeSize)) / 2, y: ph - lh + margin + 20 * scale, size: codeSize, font: bold });
    page.drawText('SANDBOX - non valida per la spedizione', { x: margin, y: ph - lh + margin, size: 6 * scale, font: regular, color: rgb(0.4, 0.4, 0.4) });
  });
  return doc.save();
}

/** The waybill's label in ZPL, for `printFormat` ZPL. */
export function renderWaybillZpl(w: SandboxWaybill): string {
  const safe = (t: string) => t.replace(/[\^~]/g, ' ');
  return w.parcels
    .map(
      (_p, i) =>
        `^XA^CI28^FO40,40^A0N,40,40^FDPoste Delivery Business^FS^FO40,100^BCN,120,Y,N,N^FD${w.code}^FS` +
        `^FO40,280^A0N,30,30^FD${safe(w.receiver.nameSurname)}^FS^FO40,320^A0N,30,30^FD${safe(w.receiver.zipCode)} ${safe(w.receiver.city)}^FS` +
        `^FO40,370^A0N,24,24^FDCollo ${i + 1}/${w.parcels.length}^FS^XZ`,
    )
    .join('\n');
}
