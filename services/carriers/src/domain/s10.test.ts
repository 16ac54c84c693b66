import { formatS10, isValidS10, parseS10, s10CheckDigit } from './s10';

describe('the S10 check digit', () => {
  // Each row worked by hand: Σ digit × (8,6,4,2,3,5,9,7), then 11 − (Σ mod 11), 10 → 0, 11 → 5.
  it.each([
    ['12345678', 5], // 8+12+12+8+15+30+63+56 = 204; 204 mod 11 = 6; 11 − 6 = 5 (RR123456785IT)
    ['47312482', 9], // 32+42+12+2+6+20+72+14 = 200; mod 11 = 2; 11 − 2 = 9 (the UPU example RA473124829GB)
    ['12345679', 9], // 211; mod 11 = 2
    ['12345680', 8], // 157; mod 11 = 3
    ['00000003', 1], // 21; mod 11 = 10; 11 − 10 = 1
    ['00000008', 0], // 56; mod 11 = 1; 11 − 1 = 10 → 0
    ['12345671', 0], // 155; mod 11 = 1 → 10 → 0
    ['00000000', 5], // 0; mod 11 = 0; 11 → 5
    ['12345674', 5], // 176 = 16 × 11 → 11 → 5
    ['99999999', 5], // 396 = 36 × 11 → 11 → 5
  ])('%s → %i', (serial, digit) => {
    expect(s10CheckDigit(serial)).toBe(digit);
  });

  it('refuses anything but 8 digits (a programming error, not user input)', () => {
    for (const bad of ['1234567', '123456789', '1234567A', '', ' 12345678']) expect(() => s10CheckDigit(bad)).toThrow(RangeError);
  });

  it('exactly one digit makes each serial valid', () => {
    for (const serial of ['00000000', '12345671', '12345674', '55555555', '98765432']) {
      const valid = [...'0123456789'].filter((d) => isValidS10(`RR${serial}${d}IT`));
      expect(valid).toEqual([String(s10CheckDigit(serial))]);
    }
  });
});

describe('isValidS10', () => {
  it('accepts well-formed codes whose check digit is right', () => {
    expect(isValidS10('RR123456785IT')).toBe(true);
    expect(isValidS10('EE123456785IT')).toBe(true);
    expect(isValidS10('RA473124829GB')).toBe(true);
    expect(isValidS10('RR123456710IT', 'IT')).toBe(true);
  });

  it('refuses a wrong check digit, a foreign country when one is asked, and malformed codes', () => {
    expect(isValidS10('RR123456784IT')).toBe(false);
    expect(isValidS10('RR123456786IT')).toBe(false);
    expect(isValidS10('RA473124829GB', 'IT')).toBe(false);
    for (const bad of ['RR12345678IT', 'RR1234567855IT', 'R1123456785IT', 'RR123456785I1', 'rr123456785it', 'RR 123 456 785 IT', '']) {
      expect(isValidS10(bad)).toBe(false);
    }
  });
});

describe('parseS10', () => {
  it('reads the parts, zero padding kept, without judging the check digit', () => {
    expect(parseS10('RR001234568IT')).toEqual({ service: 'RR', serial: '00123456', checkDigit: 8, country: 'IT' });
    expect(parseS10('RR123456784IT')).toEqual({ service: 'RR', serial: '12345678', checkDigit: 4, country: 'IT' });
    expect(parseS10('2IUP00000001')).toBeNull();
  });
});

describe('formatS10', () => {
  it('pads the serial to 8 digits and appends the computed check digit', () => {
    expect(formatS10('RR', 12345678, 'IT')).toBe('RR123456785IT');
    expect(formatS10('RR', '12345678')).toBe('RR123456785IT');
    expect(formatS10('RR', 123456)).toBe('RR001234568IT'); // 0+0+4+4+9+20+45+42 = 124; mod 11 = 3 → 8
    expect(formatS10('EE', 0, 'IT')).toBe('EE000000005IT');
    expect(formatS10('RA', '47312482', 'GB')).toBe('RA473124829GB');
  });

  it('refuses parts that cannot make an S10 code', () => {
    for (const [service, serial, country] of [
      ['R', 1, 'IT'],
      ['rr', 1, 'IT'],
      ['RR', -1, 'IT'],
      ['RR', 1.5, 'IT'],
      ['RR', 100_000_000, 'IT'],
      ['RR', '123456789', 'IT'],
      ['RR', '', 'IT'],
      ['RR', 1, 'I'],
    ] as const) {
      expect(() => formatS10(service, serial, country)).toThrow(RangeError);
    }
  });
});
