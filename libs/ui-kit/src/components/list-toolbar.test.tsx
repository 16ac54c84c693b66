import { renderToStaticMarkup } from 'react-dom/server';
import { FilterField, ListToolbar, SearchBox, searchToCommit, shownSearch } from './list-toolbar';

const noop = () => undefined;
const search = { value: 'rossi', onSearch: noop, placeholder: 'Cerca per ID ordine o cliente...', label: 'Cerca ordini' };

describe('searchToCommit (what the pause hands on)', () => {
  it('hands on the trimmed text when it differs from the search in force', () => {
    expect(searchToCommit(' rossi ', '')).toBe('rossi');
    expect(searchToCommit('', 'rossi')).toBe('');
  });
  it('hands on nothing when the typing only added spaces', () => {
    expect(searchToCommit('rossi ', 'rossi')).toBeNull();
    expect(searchToCommit('', '')).toBeNull();
  });
});

describe('shownSearch (the box after the search changed elsewhere)', () => {
  it("shows the new search ('Rimuovi filtri', back)", () => {
    expect(shownSearch('rossi', '')).toBe('');
    expect(shownSearch('', 'bianchi')).toBe('bianchi');
  });
  it('keeps the typing when it already says the same', () => {
    expect(shownSearch('rossi ', 'rossi')).toBe('rossi ');
  });
});

describe('SearchBox', () => {
  it('shows the search in force, named and bounded', () => {
    const html = renderToStaticMarkup(<SearchBox {...search} testId="orders-search" />);
    expect(html).toContain('type="search"');
    expect(html).toContain('value="rossi"');
    expect(html).toContain('placeholder="Cerca per ID ordine o cliente..."');
    expect(html).toContain('aria-label="Cerca ordini"');
    expect(html).toContain('maxLength="200"');
    expect(html).toContain('data-testid="orders-search"');
  });
});

describe('ListToolbar', () => {
  it("names its controls after the list, counts the panel's filters and shows the panel when one is set", () => {
    const html = renderToStaticMarkup(
      <ListToolbar search={search} filterCount={2} onClear={noop} panelLabel="Filtri degli ordini" panelClassName="lg:grid-cols-5" testIdPrefix="orders">
        <FilterField id="f-status" label="Stato ordine">
          <select id="f-status" />
        </FilterField>
      </ListToolbar>,
    );
    expect(html).toContain('data-testid="orders-search"');
    expect(html).toMatch(/aria-expanded="true" aria-controls="orders-filter-panel" data-testid="orders-filters-toggle">.*Filtri \(2\)<\/button>/);
    expect(html).toMatch(/data-testid="orders-clear-filters">.*Rimuovi filtri<\/button>/);
    expect(html).toMatch(/<section id="orders-filter-panel" class="[^"]*lg:grid-cols-5[^"]*" aria-label="Filtri degli ordini" data-testid="orders-filter-panel">/);
    expect(html).toContain('<label class="');
    expect(html).toMatch(/for="f-status">Stato ordine<\/label><select id="f-status"><\/select>/);
  });

  it("reads 'Filtri' with none set, keeps the panel closed and has no 'Rimuovi filtri' when nothing narrows the list", () => {
    const html = renderToStaticMarkup(
      <ListToolbar search={search} filterCount={0} panelLabel="Filtri delle spedizioni" testIdPrefix="shipments">
        <p>campi</p>
      </ListToolbar>,
    );
    expect(html).toMatch(/aria-expanded="false"[^>]*data-testid="shipments-filters-toggle">.*Filtri<\/button>/);
    expect(html).not.toContain('Rimuovi filtri');
    expect(html).not.toContain('<section');
    expect(html).not.toContain('campi');
  });
});
