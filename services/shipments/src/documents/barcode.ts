import bwipjs from 'bwip-js';

/**
 * The modules of a Code 128 symbol for `text` (bwip-js, the Barcode Writer in Pure PostScript
 * port): widths in modules, bar first, alternating bar and space, without the quiet zones.
 * bwip-js picks the code sets (A, B, C) and the check character.
 *
 * @example code128Widths('ABC') // [2, 1, 1, 2, 1, 4, ...] (start B, A, B, C, check, stop)
 */
export function code128Widths(text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text }) as unknown as { sbs: number[] }[];
  if (!symbol?.sbs?.length) throw new Error('code128: nothing encoded');
  return symbol.sbs;
}

/** Whether Code 128 can carry the text: printable ASCII only, up to 80 characters. */
export function fitsCode128(text: string): boolean {
  return text.length > 0 && text.length <= 80 && /^[\x20-\x7e]+$/.test(text);
}
