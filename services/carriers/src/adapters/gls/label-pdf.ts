import { PDFDocument } from 'pdf-lib';
import { badResponse } from './errors';

/**
 * The labels GLS returns one per package, as one PDF for the merchant to print: the pages of each
 * in package order. A single label is returned as it came, after checking that it opens.
 */
export async function mergeLabels(labels: readonly Uint8Array[]): Promise<Uint8Array> {
  const docs = await Promise.all(
    labels.map((bytes, i) =>
      PDFDocument.load(bytes).catch((err: unknown) => {
        throw badResponse(`AddParcel: label ${i + 1} is not a readable PDF (${err instanceof Error ? err.message : String(err)})`);
      }),
    ),
  );
  if (docs.length === 1) return labels[0]!;
  const merged = await PDFDocument.create();
  merged.setProducer('Smista');
  for (const doc of docs) {
    const pages = await merged.copyPages(doc, doc.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
