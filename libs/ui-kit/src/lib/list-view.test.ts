import { changeListView, pageButtons, pageRange, pageSizeOptions, toggleId } from './list-view';

describe('changeListView (spec §4: a change of the list goes back to page 1)', () => {
  const view = { page: 4, pageSize: 20, status: null as string | null, search: '' };

  it('resets the page on a filter, size or sort change', () => {
    expect(changeListView(view, { status: 'error' })).toEqual({ ...view, status: 'error', page: 1 });
    expect(changeListView(view, { pageSize: 50 }).page).toBe(1);
    expect(changeListView(view, { search: 'rossi' }).page).toBe(1);
  });
  it('keeps everything else on a change of page, and a page the patch names', () => {
    expect(changeListView(view, { page: 5 })).toEqual({ ...view, page: 5 });
    expect(changeListView(view, { status: 'error', page: 2 }).page).toBe(2);
  });
  it('keeps the page when the patch changes nothing', () => {
    expect(changeListView(view, { status: null, search: '' }).page).toBe(4);
  });
});

describe('pageRange', () => {
  it('gives the first and last position of a page', () => {
    expect(pageRange(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
  });
  it('is 0 - 0 for an empty list or a nonsense page', () => {
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(0, 20, 10)).toEqual({ from: 0, to: 0 });
    expect(pageRange(1, 0, 10)).toEqual({ from: 0, to: 0 });
  });
});

describe('pageButtons', () => {
  it('shows every page of a short list', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it('leaves gaps around the current page of a long list', () => {
    expect(pageButtons(6, 20)).toEqual([1, 'gap', 5, 6, 7, 'gap', 20]);
    expect(pageButtons(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageButtons(20, 20)).toEqual([1, 'gap', 19, 20]);
  });
  it('shows one missing page instead of a gap', () => {
    expect(pageButtons(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });
  it('is empty without pages', () => {
    expect(pageButtons(1, 0)).toEqual([]);
  });
});

describe('pageSizeOptions', () => {
  it("adds a link's own size among the usual ones", () => {
    expect(pageSizeOptions([10, 20, 50, 100], 20)).toEqual([10, 20, 50, 100]);
    expect(pageSizeOptions([10, 20, 50, 100], 30)).toEqual([10, 20, 30, 50, 100]);
  });
});

describe('toggleId', () => {
  it('adds an absent id and removes a present one, leaving the old set alone', () => {
    const before = new Set([1, 2]);
    expect([...toggleId(before, 3)]).toEqual([1, 2, 3]);
    expect([...toggleId(before, 2)]).toEqual([1]);
    expect([...before]).toEqual([1, 2]);
  });
});
