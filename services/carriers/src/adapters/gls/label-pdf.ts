import { PDFDocument } from 'pdf-lib';
import { badResponse } from './errors';

/**
 * Whether the bytes have a PDF's frame: the `%PDF-` header and the `%%EOF` marker in the last KB (a
 * label cut short or an HTML error page has not). Opening the document would cost more than all the
 * rest of a label's work in the service; the full parse is left to the merge of several.
 */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  const tailStart = Math.max(0, bytes.byteLength - 1024);
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + tailStart, bytes.byteLength - tailStart).toString('latin1');
  return head.startsWith('%PDF-') && tail.includes('%%EOF');
}

/**
 * The labels GLS returns one per package, as one PDF for the merchant to print: the pages of each
 * in package order. A single label is returned as it came, after checking it has a PDF's frame.
 */
export async function mergeLabels(labels: readonly Uint8Array[]): Promise<Uint8Array> {
  if (labels.length === 1) {
    if (!looksLikePdf(labels[0]!)) throw badResponse('AddParcel: label 1 is not a PDF (no %PDF- header or %%EOF marker)');
    return labels[0]!;
  }
  const docs = await Promise.all(
    labels.map((bytes, i) =>
      PDFDocument.load(bytes).catch((err: unknown) => {
        throw badResponse(`AddParcel: label ${i + 1} is not a readable PDF (${err instanceof Error ? err.message : String(err)})`);
      }),
    ),
  );
  const merged = await PDFDocument.create();
  merged.setProducer('Smista');
  for (const doc of docs) {
    const pages = await merged.copyPages(doc, doc.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
