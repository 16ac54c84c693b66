import { pageRange, shownText } from './pagination';

describe('pageRange and shownText (spec §2 footer)', () => {
  it('says which shipments the page shows', () => {
    expect(pageRange(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(shownText(2, 20, 45)).toBe('Mostrando 21 - 40 di 45 spedizioni');
    expect(shownText(3, 20, 12345)).toBe('Mostrando 41 - 60 di 12.345 spedizioni');
  });
  it('reads 0 - 0 for an empty list and never passes the total', () => {
    expect(shownText(1, 20, 0)).toBe('Mostrando 0 - 0 di 0 spedizioni');
    expect(pageRange(9, 20, 45)).toEqual({ from: 45, to: 45 });
  });
});
