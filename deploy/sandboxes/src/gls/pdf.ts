import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { commaDecimal } from './parcel-rules';

/** Page sizes in points. */
const SIZES = { A6: [297.64, 419.53], A5: [419.53, 595.28], A4: [595.28, 841.89] } as const;

/** The standard fonts speak WinAnsi only: anything else becomes '?', never an exception. */
function printable(text: string): string {
  return text.normalize('NFC').replace(/[^\x20-\x7E\xA0-\xFF€]/g, '?');
}

function fit(font: PDFFont, text: string, size: number, width: number): string {
  let out = printable(text);
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -1);
  return out;
}

export interface LabelData {
  format: 'A6' | 'A5';
  siglaMittente: string;
  numeroSpedizione: string;
  progressivoCollo: number;
  contract: string;
  siglaSedeDestino: string;
  descrizioneSedeDestino: string;
  ragioneSociale: string;
  indirizzo: string;
  zipcode: string;
  localita: string;
  provincia: string;
  pesoKg: number;
  codCents: number;
  bda: string;
  note: string;
  dataSpedizione: string;
}

/** One parcel's label: a real one-page PDF with the data a GLS label carries. */
export async function renderLabel(d: LabelData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`GLS ${d.siglaMittente}${d.numeroSpedizione} collo ${d.progressivoCollo}`);
  doc.setProducer('Smista GLS sandbox');
  const [w, h] = SIZES[d.format];
  const page = doc.addPage([w, h]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const scale = w / SIZES.A6[0];
  const margin = 14 * scale;
  const width = w - 2 * margin;
  let y = h - margin;
  const line = (text: string, size: number, font: PDFFont = regular, gap = 4) => {
    y -= size * scale;
    page.drawText(fit(font, text, size * scale, width), { x: margin, y, size: size * scale, font });
    y -= gap * scale;
  };
  const rule = () => {
    page.drawLine({ start: { x: margin, y }, end: { x: w - margin, y }, thickness: 1, color: rgb(0, 0, 0) });
    y -= 6 * scale;
  };

  line('GLS Italy', 20, bold);
  line(`Sede mittente ${d.siglaMittente} - Contratto ${d.contract} - ${d.dataSpedizione}`, 8);
  rule();
  line(`${d.siglaSedeDestino}  ${d.descrizioneSedeDestino}`, 22, bold);
  line(`Spedizione ${d.siglaMittente} ${d.numeroSpedizione}`, 14, bold);
  line(`Collo ${d.progressivoCollo} - Peso ${commaDecimal(d.pesoKg, 1)} kg`, 11);
  rule();
  line('Destinatario', 8);
  line(d.ragioneSociale, 12, bold);
  line(d.indirizzo, 11);
  line(`${d.zipcode} ${d.localita} (${d.provincia})`, 11);
  rule();
  if (d.codCents > 0) line(`CONTRASSEGNO EUR ${commaDecimal(d.codCents / 100, 2)}`, 12, bold);
  if (d.bda) line(`Bda ${d.bda}`, 9);
  if (d.note) line(`Note: ${d.note}`, 9);
  drawCodeBox(page, bold, `${d.siglaMittente}${d.numeroSpedizione}`, margin, margin + 18 * scale, width, 40 * scale);
  page.drawText('SANDBOX - non valida per la spedizione', { x: margin, y: margin, size: 7 * scale, font: regular, color: rgb(0.4, 0.4, 0.4) });
  return doc.save();
}

/** A framed box with the tracking number, where the real label has its barcode. */
function drawCodeBox(page: PDFPage, font: PDFFont, code: string, x: number, y: number, width: number, height: number): void {
  page.drawRectangle({ x, y, width, height, borderColor: rgb(0, 0, 0), borderWidth: 1.5 });
  const size = height * 0.45;
  const textWidth = font.widthOfTextAtSize(code, size);
  page.drawText(code, { x: x + (width - textWidth) / 2, y: y + height * 0.3, size, font });
}

export interface ManifestRow {
  numeroSpedizione: string;
  ragioneSociale: string;
  localita: string;
  provincia: string;
  colli: number;
  pesoKg: number;
  codCents: number;
}

/** The day's "distinta": every closed shipment of the request, with totals, on as many A4 pages as needed. */
export async function renderManifest(m: { sede: string; codiceCliente: string; date: string; rows: ManifestRow[] }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Distinta GLS ${m.sede} ${m.codiceCliente} ${m.date}`);
  doc.setProducer('Smista GLS sandbox');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [w, h] = SIZES.A4;
  const margin = 40;
  const columns = [
    { title: 'Spedizione', x: 0, width: 70 },
    { title: 'Destinatario', x: 75, width: 170 },
    { title: 'Località', x: 250, width: 130 },
    { title: 'Colli', x: 385, width: 30 },
    { title: 'Peso kg', x: 420, width: 45 },
    { title: 'Contrassegno', x: 470, width: 60 },
  ];
  let page = doc.addPage([w, h]);
  let y = h - margin;
  const header = () => {
    page.drawText(printable('Distinta di consegna GLS Italy'), { x: margin, y: (y -= 18), size: 16, font: bold });
    page.drawText(printable(`Sede ${m.sede} - Cliente ${m.codiceCliente} - Data ${m.date}`), { x: margin, y: (y -= 16), size: 10, font: regular });
    y -= 20;
    for (const c of columns) page.drawText(printable(c.title), { x: margin + c.x, y, size: 9, font: bold });
    y -= 6;
    page.drawLine({ start: { x: margin, y }, end: { x: w - margin, y }, thickness: 0.8 });
    y -= 12;
  };
  header();
  let colli = 0;
  let peso = 0;
  let cod = 0;
  for (const r of m.rows) {
    if (y < margin + 40) {
      page = doc.addPage([w, h]);
      y = h - margin;
      header();
    }
    const cells = [r.numeroSpedizione, r.ragioneSociale, `${r.localita} (${r.provincia})`, String(r.colli), commaDecimal(r.pesoKg, 1), r.codCents ? commaDecimal(r.codCents / 100, 2) : ''];
    columns.forEach((c, i) => page.drawText(fit(regular, cells[i]!, 9, c.width), { x: margin + c.x, y, size: 9, font: regular }));
    y -= 13;
    colli += r.colli;
    peso += r.pesoKg;
    cod += r.codCents;
  }
  y -= 8;
  page.drawText(printable(`Spedizioni ${m.rows.length} - Colli ${colli} - Peso ${commaDecimal(peso, 1)} kg - Contrassegni EUR ${commaDecimal(cod / 100, 2)}`), {
    x: margin,
    y,
    size: 10,
    font: bold,
  });
  page.drawText(printable('SANDBOX - documento di prova'), { x: margin, y: margin / 2, size: 7, font: regular, color: rgb(0.4, 0.4, 0.4) });
  return doc.save();
}
