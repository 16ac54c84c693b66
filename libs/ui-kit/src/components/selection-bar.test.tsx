import { renderToStaticMarkup } from 'react-dom/server';
import { SelectionBar, SelectPageCheckbox } from './selection-bar';

const noop = () => undefined;
const text = { count: (n: number) => (n === 0 ? 'Nessun ordine selezionato' : `${n} ordini selezionati`), selectAll: 'Seleziona tutti', deselectAll: 'Deseleziona tutti' };
const buttons = (html: string) => (html.match(/<button[^>]*>[^<]*<\/button>/g) ?? []).map((b) => ({ text: b.replace(/<[^>]+>/g, ''), disabled: b.includes('disabled=""') }));

describe('SelectionBar', () => {
  it("says how many are selected and names its parts after the list; the list's actions follow", () => {
    const html = renderToStaticMarkup(
      <SelectionBar count={2} pageCount={20} onSelectAll={noop} onDeselectAll={noop} text={text} testIdPrefix="orders">
        <button type="button">Crea spedizioni</button>
      </SelectionBar>,
    );
    expect(html).toContain('role="region" aria-label="Selezione" data-testid="orders-selection-bar"');
    expect(html).toMatch(/data-testid="orders-selection-count">2 ordini selezionati</);
    expect(html).toContain('data-testid="orders-select-all"');
    expect(html).toContain('data-testid="orders-deselect-all"');
    expect(buttons(html)).toEqual([
      { text: 'Seleziona tutti', disabled: false },
      { text: 'Deseleziona tutti', disabled: false },
      { text: 'Crea spedizioni', disabled: false },
    ]);
  });

  it("turns off 'select all' once the whole page is selected and 'deselect all' with none", () => {
    expect(buttons(renderToStaticMarkup(<SelectionBar count={20} pageCount={20} onSelectAll={noop} onDeselectAll={noop} text={text} testIdPrefix="o" />))).toEqual([
      { text: 'Seleziona tutti', disabled: true },
      { text: 'Deseleziona tutti', disabled: false },
    ]);
    const none = renderToStaticMarkup(<SelectionBar count={0} pageCount={20} onSelectAll={noop} onDeselectAll={noop} text={text} testIdPrefix="o" />);
    expect(buttons(none)).toEqual([
      { text: 'Seleziona tutti', disabled: false },
      { text: 'Deseleziona tutti', disabled: true },
    ]);
    expect(none).toContain('Nessun ordine selezionato');
  });
});

describe('SelectPageCheckbox', () => {
  const state = (all: boolean, some: boolean) =>
    /data-state="([^"]+)"/.exec(renderToStaticMarkup(<SelectPageCheckbox all={all} some={some} onToggle={noop} label="Seleziona tutti gli ordini della pagina" testId="orders-select-page" />))?.[1];
  it('is checked with the whole page, half-checked with some, empty with none', () => {
    expect(state(true, false)).toBe('checked');
    expect(state(false, true)).toBe('indeterminate');
    expect(state(false, false)).toBe('unchecked');
  });
  it('is named and found as the list asks', () => {
    const html = renderToStaticMarkup(<SelectPageCheckbox all={false} some={false} onToggle={noop} label="Seleziona tutte le spedizioni della pagina" testId="shipments-select-page" />);
    expect(html).toContain('aria-label="Seleziona tutte le spedizioni della pagina"');
    expect(html).toContain('data-testid="shipments-select-page"');
  });
});
