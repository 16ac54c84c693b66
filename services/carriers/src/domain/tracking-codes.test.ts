import { carrierMessages as m, MAX_MANUAL_CODES, MAX_RANGE_CODES, poolCarrierCodes } from '@smista/contracts';
import { CarriersError, CarriersErrorCode } from './errors';
import { s10CheckDigit } from './s10';
import { describeCodes, expandRange, isValidS10, parseManualCodes, usesS10 } from './tracking-codes';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof CarriersError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
};
const invalid = (message: string) => ({ code: CarriersErrorCode.InvalidCodes, message });

/** `2IUP` + the number padded to 8 digits, as Poste's domestic ranges look in the spec. */
const domestic = (n: number) => `2IUP${String(n).padStart(8, '0')}`;

describe('which services use S10 codes', () => {
  it('the two international letter services, not the domestic ones', () => {
    expect(poolCarrierCodes.filter(usesS10)).toEqual(['posta_pr_intl', 'posta_rc_intl']);
  });
});

describe('describeCodes', () => {
  const letters = (n: number) => Array.from({ length: n }, (_, i) => `C${i + 1}`);

  it('lists up to ten codes, one more in full, then "e altri N"', () => {
    expect(describeCodes([])).toBe('');
    expect(describeCodes(['A'])).toBe('A');
    expect(describeCodes(['A', 'B', 'C'])).toBe('A, B, C');
    expect(describeCodes(letters(10))).toBe(letters(10).join(', '));
    expect(describeCodes(letters(11))).toBe(letters(11).join(', '));
    expect(describeCodes(letters(12))).toBe(`${letters(10).join(', ')} e altri 2`);
    expect(describeCodes(letters(17))).toBe(`${letters(10).join(', ')} e altri 7`);
  });

  it('takes another limit and writes large counts the Italian way', () => {
    expect(describeCodes(['A', 'B', 'C', 'D', 'E'], 3)).toBe('A, B, C e altri 2');
    expect(describeCodes(letters(10_010))).toBe(`${letters(10).join(', ')} e altri 10.000`);
  });

  it('cuts a very long code so the message stays readable', () => {
    const long = 'X'.repeat(500);
    expect(describeCodes([long, 'B'])).toBe(`${'X'.repeat(40)}…, B`);
  });
});

describe('parseManualCodes: domestic services', () => {
  it('splits by newline (LF, CRLF, CR) and comma mixed, trims, drops empties, upper-cases, keeps order', () => {
    const typed = ' 2iup0001 ,2IUP0002\r\n\r\n2IUP0003\n ,, \n2iup0004\r2IUP0005,\n';
    expect(parseManualCodes(typed, 'posta_1')).toEqual(['2IUP0001', '2IUP0002', '2IUP0003', '2IUP0004', '2IUP0005']);
  });

  it('splits the strings of a list too', () => {
    expect(parseManualCodes(['A1', ' b2, C3 ', 'D4\r\nE5', '', '   '], 'posta_rc')).toEqual(['A1', 'B2', 'C3', 'D4', 'E5']);
  });

  it('accepts any letters and digits up to 40 characters, S10-looking codes included', () => {
    const forty = '9'.repeat(40);
    expect(parseManualCodes([forty, 'RR123456784IT', '1'], 'posta_1')).toEqual([forty, 'RR123456784IT', '1']);
  });

  it.each<[string | string[]]>([[''], ['\n\r\n , ,\t'], [[]], [['', ' , ']]])('refuses a request with no code: %j', (input) => {
    expect(refusal(() => parseManualCodes(input, 'posta_1'))).toEqual(invalid(m.codesRequired));
  });

  it('names the codes that are not letters and digits or are over 40 characters', () => {
    const tooLong = 'A'.repeat(41);
    expect(refusal(() => parseManualCodes(`2IUP0001\n2IUP-0002\nAB CD\n${tooLong}\nèA1`, 'posta_1'))).toEqual(
      invalid(m.codeInvalid(`2IUP-0002, AB CD, ${'A'.repeat(40)}…, èA1`)),
    );
  });

  it('does not let upper-casing turn a foreign letter into a valid code', () => {
    // 'ß'.toUpperCase() is 'SS': checked as typed, it stays refused.
    expect(refusal(() => parseManualCodes('straße1', 'posta_1'))).toEqual(invalid(m.codeInvalid('straße1')));
  });

  it('names at most ten bad codes, then how many more', () => {
    const bad = Array.from({ length: 25 }, (_, i) => `X-${i + 1}`);
    const { message } = refusal(() => parseManualCodes(bad, 'posta_1'));
    expect(message).toBe(m.codeInvalid(`${bad.slice(0, 10).join(', ')} e altri 15`));
  });

  it(`takes ${MAX_MANUAL_CODES} codes and refuses one more`, () => {
    const codes = Array.from({ length: MAX_MANUAL_CODES }, (_, i) => domestic(i + 1));
    expect(parseManualCodes(codes.join('\n'), 'posta_1')).toHaveLength(MAX_MANUAL_CODES);
    expect(refusal(() => parseManualCodes([...codes, domestic(0)], 'posta_1'))).toEqual(invalid(m.tooManyCodes(MAX_MANUAL_CODES)));
  });

  it('refuses codes repeated in the request, naming each once, case not mattering', () => {
    expect(refusal(() => parseManualCodes('A1, a1, B2\nB2\nB2, C3, D4, d4', 'posta_1'))).toEqual({
      code: CarriersErrorCode.InvalidCodes,
      message: m.duplicateInRequest('A1, B2, D4'),
    });
  });

  it('reports bad codes (each once) before repeated ones', () => {
    expect(refusal(() => parseManualCodes('A-1, A-1, B2, B2', 'posta_1'))).toEqual(invalid(m.codeInvalid('A-1')));
  });
});

describe('parseManualCodes: international services (UPU S10 of Poste Italiane)', () => {
  it('accepts S10 codes with the right check digit, upper-casing them', () => {
    expect(parseManualCodes('rr123456785it\nRR123456799IT, EE123456785IT', 'posta_rc_intl')).toEqual([
      'RR123456785IT',
      'RR123456799IT',
      'EE123456785IT',
    ]);
    expect(parseManualCodes(['RR123456710IT'], 'posta_pr_intl')).toEqual(['RR123456710IT']);
  });

  it('refuses codes that are not S10 or not issued in Italy, naming them', () => {
    expect(refusal(() => parseManualCodes('RR123456785IT, 2IUP0001, RA473124829GB, RR12345678IT, RR-123456785IT', 'posta_rc_intl'))).toEqual(
      invalid(m.s10Invalid('2IUP0001, RA473124829GB, RR12345678IT, RR-123456785IT')),
    );
  });

  it('names the codes whose check digit is wrong', () => {
    expect(refusal(() => parseManualCodes('RR123456785IT\nRR123456784IT\nrr123456790it', 'posta_pr_intl'))).toEqual(
      invalid(m.s10CheckDigit('RR123456784IT, rr123456790it')),
    );
  });

  it('names both kinds of problem in one answer', () => {
    expect(refusal(() => parseManualCodes('XX1, RR123456784IT', 'posta_rc_intl'))).toEqual(
      invalid(`${m.s10Invalid('XX1')}. ${m.s10CheckDigit('RR123456784IT')}`),
    );
  });

  it('refuses repeated codes', () => {
    expect(refusal(() => parseManualCodes('RR123456785IT, rr123456785it', 'posta_rc_intl'))).toEqual({
      code: CarriersErrorCode.InvalidCodes,
      message: m.duplicateInRequest('RR123456785IT'),
    });
  });
});

describe('expandRange: domestic services', () => {
  it('expands 2IUP00000001 to 2IUP00000025 into 25 codes in order', () => {
    const codes = expandRange('2IUP00000001', '2IUP00000025', 'posta_1');
    expect(codes).toEqual(Array.from({ length: 25 }, (_, i) => domestic(i + 1)));
    expect(codes[9]).toBe('2IUP00000010');
  });

  it('keeps the zero padding across a change in the number of digits', () => {
    expect(expandRange('A0098', 'A0102', 'posta_rc')).toEqual(['A0098', 'A0099', 'A0100', 'A0101', 'A0102']);
    expect(expandRange('0009', '0011', 'posta_1')).toEqual(['0009', '0010', '0011']);
    expect(expandRange('X998', 'X999', 'posta_1')).toEqual(['X998', 'X999']);
  });

  it('takes the trailing number only: digits inside the prefix stay put', () => {
    expect(expandRange('A1B2C0008', 'A1B2C0010', 'posta_1')).toEqual(['A1B2C0008', 'A1B2C0009', 'A1B2C0010']);
  });

  it('trims and upper-cases both ends; a range of one code is fine', () => {
    expect(expandRange('  2iup0007 ', '2IUP0008\n', 'posta_1')).toEqual(['2IUP0007', '2IUP0008']);
    expect(expandRange('2IUP0007', '2iup0007', 'posta_1')).toEqual(['2IUP0007']);
  });

  it('counts exactly with numbers wider than a double holds', () => {
    // 38 digits, far past 2^53: the carry from …99 to …00 is exact.
    const from = `P${'1'.repeat(20)}${'9'.repeat(17)}8`;
    const to = `P${'1'.repeat(19)}2${'0'.repeat(17)}1`;
    expect(expandRange(from, to, 'posta_1')).toEqual([
      from,
      `P${'1'.repeat(20)}${'9'.repeat(18)}`,
      `P${'1'.repeat(19)}2${'0'.repeat(18)}`,
      to,
    ]);
  });

  it.each([
    ['', '2IUP0001'],
    ['2IUP0001', ''],
    ['  ', ' \n '],
  ])('needs both ends: %j → %j', (from, to) => {
    expect(refusal(() => expandRange(from, to, 'posta_1'))).toEqual(invalid(m.rangeRequired));
  });

  it('refuses ends of a different width or prefix', () => {
    expect(refusal(() => expandRange('2IUP001', '2IUP0025', 'posta_1'))).toEqual(invalid(m.rangePrefixMismatch));
    expect(refusal(() => expandRange('2IUP0001', '2IUQ0025', 'posta_1'))).toEqual(invalid(m.rangePrefixMismatch));
    expect(refusal(() => expandRange('0001', 'A001', 'posta_1'))).toEqual(invalid(m.rangePrefixMismatch));
  });

  it('refuses codes without a trailing number', () => {
    expect(refusal(() => expandRange('2IUP', '2IUQ', 'posta_1'))).toEqual(invalid(m.rangeNoNumber));
    expect(refusal(() => expandRange('ABC1X', 'ABC9X', 'posta_1'))).toEqual(invalid(m.rangeNoNumber));
    expect(refusal(() => expandRange('ABC1', 'ABC9X', 'posta_1'))).toEqual(invalid(m.rangeNoNumber));
  });

  it('names ends that are not letters and digits', () => {
    expect(refusal(() => expandRange('2IUP-0001', '2IUP 0009', 'posta_1'))).toEqual(invalid(m.codeInvalid('2IUP-0001, 2IUP 0009')));
    expect(refusal(() => expandRange('2IUP0001', `2IUP${'0'.repeat(37)}`, 'posta_1'))).toEqual(invalid(m.codeInvalid(`2IUP${'0'.repeat(36)}…`)));
  });

  it('refuses a reversed range', () => {
    expect(refusal(() => expandRange('2IUP00000025', '2IUP00000001', 'posta_1'))).toEqual(invalid(m.rangeReversed));
    expect(refusal(() => expandRange('2IUP00000002', '2IUP00000001', 'posta_1'))).toEqual(invalid(m.rangeReversed));
  });

  it(`takes ${MAX_RANGE_CODES} codes and refuses one more, or a huge range, without building it`, () => {
    const codes = expandRange(domestic(1), domestic(100_000), 'posta_1');
    expect(codes).toHaveLength(MAX_RANGE_CODES);
    expect(codes[0]).toBe('2IUP00000001');
    expect(codes[99_999]).toBe('2IUP00100000');
    expect(new Set(codes).size).toBe(MAX_RANGE_CODES);
    expect(refusal(() => expandRange(domestic(1), domestic(100_001), 'posta_1'))).toEqual(invalid(m.rangeTooLarge(MAX_RANGE_CODES)));
    expect(refusal(() => expandRange(`A${'0'.repeat(39)}`, `A${'9'.repeat(39)}`, 'posta_1'))).toEqual(invalid(m.rangeTooLarge(MAX_RANGE_CODES)));
  });
});

describe('expandRange: international services', () => {
  it('runs the serial from DA to A and recomputes every check digit', () => {
    expect(expandRange('RR123456785IT', 'RR123456808IT', 'posta_rc_intl')).toEqual(['RR123456785IT', 'RR123456799IT', 'RR123456808IT']);
  });

  it('gets the check digits right where 11 − (Σ mod 11) is 10 (→ 0) or 11 (→ 5)', () => {
    // Worked by hand: …671 has Σ = 155 (mod 11 = 1 → 10 → 0); …674 has Σ = 176 (mod 11 = 0 → 11 → 5).
    expect(expandRange('rr123456706it', 'RR123456754IT', 'posta_pr_intl')).toEqual([
      'RR123456706IT',
      'RR123456710IT',
      'RR123456723IT',
      'RR123456737IT',
      'RR123456745IT',
      'RR123456754IT',
    ]);
  });

  it('reaches the last serial 99999999; a range of one code is fine', () => {
    expect(expandRange('EE999999987IT', 'EE999999995IT', 'posta_rc_intl')).toEqual(['EE999999987IT', 'EE999999995IT']);
    expect(expandRange('RR123456785IT', 'RR123456785IT', 'posta_rc_intl')).toEqual(['RR123456785IT']);
  });

  it('refuses ends that are not S10 of Poste Italiane or whose check digit is wrong, naming them', () => {
    expect(refusal(() => expandRange('2IUP0001', 'RR123456785IT', 'posta_rc_intl'))).toEqual(invalid(m.s10Invalid('2IUP0001')));
    expect(refusal(() => expandRange('RA473124829GB', 'RA473124832GB', 'posta_rc_intl'))).toEqual(
      invalid(m.s10Invalid('RA473124829GB, RA473124832GB')),
    );
    expect(refusal(() => expandRange('RR123456785IT', 'RR123456800IT', 'posta_rc_intl'))).toEqual(invalid(m.s10CheckDigit('RR123456800IT')));
  });

  it('refuses ends of different service indicators', () => {
    expect(refusal(() => expandRange('RR123456785IT', 'RA123456808IT', 'posta_rc_intl'))).toEqual(invalid(m.rangePrefixMismatch));
  });

  it('refuses a reversed range', () => {
    expect(refusal(() => expandRange('RR123456808IT', 'RR123456785IT', 'posta_rc_intl'))).toEqual(invalid(m.rangeReversed));
    expect(refusal(() => expandRange('RR123456799IT', 'RR123456785IT', 'posta_rc_intl'))).toEqual(invalid(m.rangeReversed));
  });

  it(`takes ${MAX_RANGE_CODES} codes, all valid and distinct, and refuses one more`, () => {
    const codes = expandRange('RR000000005IT', 'RR000999998IT', 'posta_rc_intl');
    expect(codes).toHaveLength(MAX_RANGE_CODES);
    expect(codes.every((code) => isValidS10(code, 'IT'))).toBe(true);
    expect(new Set(codes).size).toBe(MAX_RANGE_CODES);
    expect(codes[99_999]).toBe(`RR00099999${s10CheckDigit('00099999')}IT`);
    expect(refusal(() => expandRange('RR000000005IT', 'RR001000007IT', 'posta_rc_intl'))).toEqual(invalid(m.rangeTooLarge(MAX_RANGE_CODES)));
  });
});

describe('expanding the largest range is linear', () => {
  // A sanity check, not a benchmark: a quadratic expansion of 100,000 codes would take minutes and
  // hit the test's time limit; the linear one takes milliseconds. The figures are printed for a look.
  it('100,000 domestic and 100,000 S10 codes well within the time limit', () => {
    const time = (fn: () => unknown) => {
      const start = performance.now();
      fn();
      return Math.round(performance.now() - start);
    };
    const domesticMs = time(() => expandRange(domestic(1), domestic(100_000), 'posta_1'));
    const s10Ms = time(() => expandRange('RR000000005IT', 'RR000999998IT', 'posta_rc_intl'));
    const manualMs = time(() => parseManualCodes(Array.from({ length: MAX_MANUAL_CODES }, (_, i) => domestic(i)).join('\n'), 'posta_1'));
    console.info(`expandRange 100,000 domestic: ${domesticMs} ms; S10: ${s10Ms} ms; parseManualCodes 10,000: ${manualMs} ms`);
  }, 10_000);
});
