import { pageMeta } from './pages';

describe('pageMeta', () => {
  it('counts pages and says whether there is a next and a previous one', () => {
    expect(pageMeta(2, 10, 28)).toEqual({ page: 2, pageSize: 10, totalItems: 28, totalPages: 3, hasNextPage: true, hasPrevPage: true });
    expect(pageMeta(3, 10, 30)).toMatchObject({ totalPages: 3, hasNextPage: false, hasPrevPage: true });
  });
  it('an empty list has one page', () => {
    expect(pageMeta(1, 20, 0)).toMatchObject({ totalPages: 1, hasNextPage: false, hasPrevPage: false });
  });
});
