import { renderToStaticMarkup } from 'react-dom/server';
import { canonicalQuery, pageToClamp, useUrlView, type SetListView } from './use-url-view';

interface View {
  page: number;
  status: string | null;
}
const read = (params: URLSearchParams): View => {
  const page = Number(params.get('page'));
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, status: params.get('status') || null };
};
const write = (view: View): URLSearchParams => {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.page !== 1) params.set('page', String(view.page));
  return params;
};

describe('canonicalQuery', () => {
  it('puts defaults, bad values and the order right', () => {
    expect(canonicalQuery(new URLSearchParams('page=1'), read, write)?.toString()).toBe('');
    expect(canonicalQuery(new URLSearchParams('page=zero&status=error'), read, write)?.toString()).toBe('status=error');
    expect(canonicalQuery(new URLSearchParams('page=2&status=error'), read, write)?.toString()).toBe('status=error&page=2');
  });
  it('is null for an address that is already right', () => {
    expect(canonicalQuery(new URLSearchParams(''), read, write)).toBeNull();
    expect(canonicalQuery(new URLSearchParams('status=error&page=2'), read, write)).toBeNull();
  });
});

describe('useUrlView', () => {
  it('reads the view from the query and writes a change to it, page 1 unless only the page moved', () => {
    const written: { query: string; replace?: boolean }[] = [];
    let setView: SetListView<View> = () => undefined;
    function List({ query }: { query: string }) {
      const url = useUrlView({ params: new URLSearchParams(query), setParams: (next, options) => written.push({ query: next.toString(), replace: options?.replace }), read, write });
      setView = url.setView;
      return <span>{`${url.view.status ?? 'tutte'} ${url.view.page}`}</span>;
    }
    expect(renderToStaticMarkup(<List query="status=error&page=3" />)).toBe('<span>error 3</span>');
    setView({ status: 'pending' });
    setView({ page: 4 });
    setView({ status: null }, { replace: true });
    expect(written).toEqual([
      { query: 'status=pending', replace: undefined },
      { query: 'status=error&page=4', replace: undefined },
      { query: '', replace: true },
    ]);
  });
});

describe('pageToClamp', () => {
  it('steps a page past the end back to the last one', () => {
    expect(pageToClamp(7, { totalPages: 3, current: true })).toBe(3);
  });
  it('leaves a page in range, an empty list and an answer for another page alone', () => {
    expect(pageToClamp(3, { totalPages: 3, current: true })).toBeNull();
    expect(pageToClamp(2, { totalPages: 0, current: true })).toBeNull();
    expect(pageToClamp(7, { totalPages: 3, current: false })).toBeNull();
    expect(pageToClamp(7, undefined)).toBeNull();
  });
});
