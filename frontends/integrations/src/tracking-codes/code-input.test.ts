import { checkManualCodes, checkRange, codeExamples, codeListQuery, pageRange, s10Code, splitTrackingCodes, todayInItaly, usesS10 } from './code-input';

describe('manual codes (spec §5)', () => {
  it('splits by newline or comma, trims and drops empties', () => {
    expect(splitTrackingCodes(' 2IUP001 ,2IUP002\n\n 2IUP003 \r\n,,')).toEqual(['2IUP001', '2IUP002', '2IUP003']);
  });
  it("refuses an empty entry with 'Inserisci almeno un tracking code'", () => {
    expect(checkManualCodes('')).toEqual({ ok: false, message: 'Inserisci almeno un tracking code' });
    expect(checkManualCodes(' ,\n , ')).toEqual({ ok: false, message: 'Inserisci almeno un tracking code' });
  });
  it('sends the text as typed for the server to split and check', () => {
    expect(checkManualCodes('A1, A2')).toEqual({ ok: true, body: { method: 'manual', trackingCodes: 'A1, A2' } });
  });
});

describe('range (spec §5)', () => {
  it("needs both ends: 'Inserisci entrambi i codici DA e A'", () => {
    expect(checkRange('2IUP001', ' ')).toEqual({ ok: false, message: 'Inserisci entrambi i codici DA e A' });
    expect(checkRange('', '2IUP100')).toEqual({ ok: false, message: 'Inserisci entrambi i codici DA e A' });
  });
  it('sends both ends trimmed', () => {
    expect(checkRange(' 2IUP001 ', '2IUP100')).toEqual({ ok: true, body: { method: 'range', fromCode: '2IUP001', toCode: '2IUP100' } });
  });
});

describe('examples', () => {
  it('computes the S10 check digit as providers.md says', () => {
    // 8·1+6·2+4·3+2·4+3·5+5·6+9·7+7·8 = 204; 204 mod 11 = 6; 11 − 6 = 5
    expect(s10Code('RR', '12345678')).toBe('RR123456785IT');
    // sum 7·1 = 7 → 4
    expect(s10Code('RR', '00000001')).toBe('RR000000014IT');
    // sum 0 → 11 → 5
    expect(s10Code('RR', '00000000')).toBe('RR000000005IT');
    // sum 8 → 3
    expect(s10Code('RR', '10000000')).toBe('RR100000003IT');
    // sum 3·4 = 12, 12 mod 11 = 1 → 10 → 0
    expect(s10Code('RR', '00004000')).toBe('RR000040000IT');
  });
  it('shows the 2IUP prefix at home and S10 codes for the international services', () => {
    expect(codeExamples('posta_1')).toEqual({ manual: '2IUP00000001\n2IUP00000002', from: '2IUP00000001', to: '2IUP00000100' });
    expect(codeExamples('posta_rc_intl').from).toBe('RR000000014IT');
    expect(codeExamples('posta_pr_intl').manual.split('\n')[0]).toMatch(/^LX\d{9}IT$/);
    expect(usesS10('posta_rc')).toBe(false);
    expect(usesS10('posta_pr_intl')).toBe(true);
  });
});

describe('list query and pages', () => {
  it('leaves the status out for Tutti', () => {
    expect(codeListQuery('all', 1)).toBe('page=1&pageSize=20');
    expect(codeListQuery('available', 3, 10)).toBe('status=available&page=3&pageSize=10');
  });
  it('counts the rows of a page', () => {
    expect(pageRange(1, 20, 28)).toEqual({ from: 1, to: 20 });
    expect(pageRange(2, 20, 28)).toEqual({ from: 21, to: 28 });
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('todayInItaly', () => {
  it("is Italy's calendar day, not UTC's", () => {
    expect(todayInItaly(new Date('2026-03-05T23:30:00Z'))).toBe('2026-03-06');
    expect(todayInItaly(new Date('2026-07-01T10:00:00Z'))).toBe('2026-07-01');
  });
});
