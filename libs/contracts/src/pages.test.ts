import { pageMeta, pageMetaSchema } from './pages';

describe('pageMeta', () => {
  it('counts pages and says whether there is a next and a previous one', () => {
    expect(pageMeta(2, 10, 28)).toEqual({ page: 2, pageSize: 10, totalItems: 28, totalPages: 3, hasNextPage: true, hasPrevPage: true });
    expect(pageMeta(3, 10, 30)).toMatchObject({ totalPages: 3, hasNextPage: false, hasPrevPage: true });
  });
  it('an empty list has one page', () => {
    expect(pageMeta(1, 20, 0)).toMatchObject({ totalPages: 1, hasNextPage: false, hasPrevPage: false });
  });
});

describe('pageMetaSchema', () => {
  it('is the shape pageMeta answers, for an empty list and a full one', () => {
    for (const meta of [pageMeta(1, 20, 0), pageMeta(2, 10, 28), pageMeta(3, 10, 30)]) {
      expect(pageMetaSchema.parse(meta)).toEqual(meta);
    }
  });
  it('refuses a meta with a field missing, one more, or no page at all', () => {
    const { hasPrevPage: _dropped, ...missing } = pageMeta(2, 10, 28);
    expect(pageMetaSchema.safeParse(missing).success).toBe(false);
    expect(pageMetaSchema.safeParse({ ...pageMeta(1, 10, 5), statusCounts: {} }).success).toBe(false);
    expect(pageMetaSchema.safeParse({ ...pageMeta(1, 10, 5), totalPages: 0 }).success).toBe(false);
  });
});
