import { BitArray, Code128Reader } from '@zxing/library';
import { code128Values, code128Widths, isCode128Encodable, QUIET_ZONE_MODULES } from './code128';

/** The encoded row as a decoder sees it: quiet zones, then `pixels` bits per module. */
function decodeWidths(widths: number[], pixels = 2): string {
  const total = (widths.reduce((a, b) => a + b, 0) + 2 * QUIET_ZONE_MODULES) * pixels;
  const row = new BitArray(total);
  let x = QUIET_ZONE_MODULES * pixels;
  widths.forEach((w, i) => {
    if (i % 2 === 0) for (let p = 0; p < w * pixels; p++) row.set(x + p);
    x += w * pixels;
  });
  return new Code128Reader().decodeRow(0, row, new Map()).getText();
}

describe('Code 128', () => {
  it('encodes S10 and domestic codes with digit runs in code set C', () => {
    const s10 = code128Values('RR123456785IT');
    expect(s10.slice(0, -2)).toEqual([104, 50, 50, 17, 99, 23, 45, 67, 85, 100, 41, 52]);
    expect(code128Values('2IUP00000001').slice(0, -2)).toEqual([104, 18, 41, 53, 48, 99, 0, 0, 0, 1]);
    expect(code128Values('12345678').slice(0, -2)).toEqual([105, 12, 34, 56, 78]);
    expect(code128Values('123').slice(0, -2)).toEqual([104, 17, 18, 19]);
    expect(code128Values('AB12').slice(0, -2)).toEqual([104, 33, 34, 17, 18]);
  });

  it('ends with the modulo-103 check symbol and the stop symbol', () => {
    // Start B 104 + P(48)·1 + J(42)·2 + J(42)·3 + 1(17)·4 + 2(18)·5 + 3(19)·6 + C(35)·7 = 879 ≡ 55 (mod 103)
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it('draws 11 modules a symbol and 13 for the stop, bar first', () => {
    const widths = code128Widths('RR123456785IT');
    expect(widths.reduce((a, b) => a + b, 0)).toBe(13 * 11 + 13);
    expect(widths.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(widths.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
  });

  it.each(['RR123456785IT', 'RB000000015IT', 'LX987654329IT', '2IUP00000001', '2IUP0000000', '0', '12', '123456789', 'A', 'Posta1 #7', 'AB1234CD5678', '~!@ {}'])(
    'is read back by a decoder: %j',
    (code) => {
      expect(decodeWidths(code128Widths(code))).toBe(code);
    },
  );

  it('refuses what set B cannot carry', () => {
    expect(isCode128Encodable('')).toBe(false);
    expect(isCode128Encodable('RR123è')).toBe(false);
    expect(isCode128Encodable('RR\t1')).toBe(false);
    expect(() => code128Values('città')).toThrow(RangeError);
  });
});
