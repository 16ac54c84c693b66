import { renderToStaticMarkup } from 'react-dom/server';
import { PagerFooter, shownText, type PagerFooterProps } from './pager-footer';

const noop = () => undefined;
const shown = (from: string, to: string, total: string) => `Mostrando ${from} - ${to} di ${total} spedizioni`;
const props: PagerFooterProps = {
  meta: { pageSize: 20, totalItems: 12345, totalPages: 618 },
  view: { page: 3, pageSize: 20 },
  setView: noop,
  pageSizes: [10, 20, 50, 100],
  busy: false,
  text: { label: 'Paginazione delle spedizioni', shown },
  testIdPrefix: 'shipments',
};
/** The opening tag of the element with a test id. */
const tag = (html: string, testId: string) => new RegExp(`<[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';
const testIds = (html: string) => [...html.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]);

describe('shownText', () => {
  it("says which items the page shows in the list's words", () => {
    expect(shownText(2, 20, 45, shown)).toBe('Mostrando 21 - 40 di 45 spedizioni');
    expect(shownText(3, 20, 12345, shown)).toBe('Mostrando 41 - 60 di 12.345 spedizioni');
    expect(shownText(500, 20, 10000, shown)).toBe('Mostrando 9981 - 10.000 di 10.000 spedizioni');
  });
  it('reads 0 - 0 for an empty list', () => {
    expect(shownText(1, 20, 0, shown)).toBe('Mostrando 0 - 0 di 0 spedizioni');
  });
});

describe('PagerFooter', () => {
  it('shows the text, the sizes and first / previous / pages / next / last, named after the list', () => {
    const html = renderToStaticMarkup(<PagerFooter {...props} />);
    expect(html).toContain('aria-label="Paginazione delle spedizioni" data-testid="shipments-pagination"');
    expect(html).toMatch(/data-testid="shipments-shown">Mostrando 41 - 60 di 12.345 spedizioni</);
    expect(html).toContain('Righe per pagina');
    expect([...html.matchAll(/<option value="(\d+)"/g)].map((m) => m[1])).toEqual(['10', '20', '50', '100']);
    expect(testIds(html).filter((id) => id !== 'shipments-page-number')).toEqual([
      'shipments-pagination',
      'shipments-shown',
      'shipments-page-size',
      'shipments-first',
      'shipments-prev',
      'shipments-page-of',
      'shipments-next',
      'shipments-last',
    ]);
    expect(tag(html, 'shipments-first')).toContain('aria-label="Prima pagina"');
    expect(tag(html, 'shipments-last')).toContain('aria-label="Ultima pagina"');
    expect(html).toMatch(/data-testid="shipments-page-of">Pagina 3 di 618</);
    const numbers = [...html.matchAll(/<button[^>]*data-testid="shipments-page-number"[^>]*>(\d+)<\/button>/g)];
    expect(numbers.map((m) => m[1])).toEqual(['1', '2', '3', '4', '618']);
    expect(numbers.filter((m) => m[0].includes('aria-current="page"')).map((m) => m[1])).toEqual(['3']);
  });

  it('turns off the way back on the first page and the way on at the last', () => {
    const first = renderToStaticMarkup(<PagerFooter {...props} view={{ page: 1, pageSize: 20 }} />);
    expect(tag(first, 'shipments-first')).toContain('disabled=""');
    expect(tag(first, 'shipments-prev')).toContain('disabled=""');
    expect(tag(first, 'shipments-next')).not.toContain('disabled=""');
    const last = renderToStaticMarkup(<PagerFooter {...props} view={{ page: 900, pageSize: 20 }} />);
    expect(last).toMatch(/data-testid="shipments-page-of">Pagina 618 di 618</);
    expect(tag(last, 'shipments-next')).toContain('disabled=""');
    expect(tag(last, 'shipments-last')).toContain('disabled=""');
  });

  it('waits while the next page loads', () => {
    const html = renderToStaticMarkup(<PagerFooter {...props} busy />);
    expect(tag(html, 'shipments-next')).toContain('disabled=""');
    expect([...html.matchAll(/<button[^>]*data-testid="shipments-page-number"[^>]*>/g)].filter((m) => !m[0].includes('disabled=""')).length).toBe(1);
  });

  it("has no page buttons for a single page, and offers a link's own page size", () => {
    const html = renderToStaticMarkup(<PagerFooter {...props} meta={{ pageSize: 30, totalItems: 7, totalPages: 1 }} view={{ page: 1, pageSize: 30 }} />);
    expect(html).toMatch(/Mostrando 1 - 7 di 7 spedizioni/);
    expect(html).not.toContain('shipments-next');
    expect([...html.matchAll(/<option value="(\d+)"/g)].map((m) => m[1])).toEqual(['10', '20', '30', '50', '100']);
  });
});
