import { pageButtons, pageRange, shownText } from './pagination';

describe('pageRange and shownText', () => {
  it('says which orders the page shows', () => {
    expect(pageRange(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(shownText(2, 20, 45)).toBe('Mostrando 21 - 40 di 45 ordini');
    expect(shownText(3, 20, 12345)).toBe('Mostrando 41 - 60 di 12.345 ordini');
    expect(shownText(500, 20, 10000)).toBe('Mostrando 9981 - 10.000 di 10.000 ordini');
  });
  it('reads 0 - 0 for an empty list and never passes the total', () => {
    expect(shownText(1, 20, 0)).toBe('Mostrando 0 - 0 di 0 ordini');
    expect(pageRange(9, 20, 45)).toEqual({ from: 45, to: 45 });
  });
});

describe('pageButtons', () => {
  it('shows first, last and the neighbours of the current page', () => {
    expect(pageButtons(6, 20)).toEqual([1, 'gap', 5, 6, 7, 'gap', 20]);
    expect(pageButtons(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageButtons(20, 20)).toEqual([1, 'gap', 19, 20]);
  });
  it('fills a single missing page instead of a gap', () => {
    expect(pageButtons(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageButtons(2, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(1, 0)).toEqual([]);
  });
});
