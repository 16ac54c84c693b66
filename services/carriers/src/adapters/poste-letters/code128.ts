/*
 * Code 128 (ISO/IEC 15417), the symbology of the letter labels: the code is encoded in code set B
 * (printable ASCII) with runs of digits in code set C (two digits a symbol), so a UPU S10 code
 * (`RR123456785IT`) or a domestic code (`2IUP00000001`) stays short enough for an A6 label.
 * Written here because no barcode library is installed; the table is the standard one (checked
 * against a decoder in the tests).
 */

/** Bar and space widths (in modules) of the 107 symbols: values 0–102, Start A/B/C (103–105), Stop (106). */
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
)
  .split(' ')
  .map((p) => [...p].map(Number));

const START_B = 104;
const START_C = 105;
/** In code set B: switch to C; in C: switch to B. */
const CODE_C = 99;
const CODE_B = 100;
const STOP = 106;

/** Quiet zone each side, in modules (the standard asks for at least 10). */
export const QUIET_ZONE_MODULES = 10;

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

function digitRun(text: string, from: number): number {
  let n = 0;
  while (isDigit(text[from + n])) n++;
  return n;
}

/** Whether a text can be encoded: printable ASCII (code set B), at least one character. */
export function isCode128Encodable(text: string): boolean {
  return text.length > 0 && /^[\x20-\x7E]+$/.test(text);
}

/**
 * The symbol values of `text`: the start symbol, the data (with code-set switches), the check
 * symbol and the stop symbol. Runs of at least four digits go into code set C (an odd run leaves its
 * first digit in B); a text of only digits, even in number, is all in C.
 *
 * @example code128Values('RR123456785IT') // [104, 50, 50, 17, 99, 23, 45, 67, 85, 100, 41, 52, <check>, 106]
 */
export function code128Values(text: string): number[] {
  if (!isCode128Encodable(text)) throw new RangeError(`Code 128 set B/C cannot encode ${JSON.stringify(text)}`);
  const values: number[] = [];
  let set: 'B' | 'C' | undefined;
  let i = 0;
  while (i < text.length) {
    const run = digitRun(text, i);
    const allDigitsToEnd = run >= 2 && i + run === text.length && run % 2 === 0;
    if (set !== 'C' && (run >= 4 || (set === undefined && allDigitsToEnd))) {
      if (run % 2 === 1) {
        // An odd run: its first digit in B, the even rest in C.
        if (set === undefined) values.push(START_B);
        set = 'B';
        values.push(text.charCodeAt(i) - 32);
        i += 1;
      }
      values.push(set === undefined ? START_C : CODE_C);
      set = 'C';
      continue;
    }
    if (set === 'C') {
      if (run >= 2) {
        values.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      values.push(CODE_B);
      set = 'B';
      continue;
    }
    if (set === undefined) {
      values.push(START_B);
      set = 'B';
    }
    values.push(text.charCodeAt(i) - 32);
    i += 1;
  }
  // Check symbol: the start value plus each data value times its position, modulo 103.
  const check = values.reduce((sum, v, pos) => sum + v * (pos === 0 ? 1 : pos), 0) % 103;
  return [...values, check, STOP];
}

/**
 * The widths of `text`'s bars and spaces in modules, bar first, alternating, without quiet zones:
 * what a printer draws, one module being the narrowest bar.
 *
 * @example code128Widths('A').slice(0, 6) // [2, 1, 1, 2, 1, 4]: Start B
 */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((v) => PATTERNS[v]!);
}
