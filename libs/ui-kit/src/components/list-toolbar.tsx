import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Filter, Search, X } from 'lucide-react';
import { cn } from '../lib/cn';
import { uiText } from '../lib/ui-text';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';

/** The search waits for a pause in typing before it hands the text on (and the list asks the server). */
export const SEARCH_DEBOUNCE_MS = 400;

/** The longest search a list accepts (the services refuse longer ones). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * What the search hands on after the pause: the typed text, trimmed, when it differs from the
 * search in force; null when there is nothing new to ask.
 *
 * @example searchToCommit(' rossi ', '') // 'rossi'
 * @example searchToCommit('rossi ', 'rossi') // null
 */
export function searchToCommit(typed: string, current: string): string | null {
  const text = typed.trim();
  return text === current ? null : text;
}

/**
 * What the box shows when the search in force changes by other means ('Rimuovi filtri', the
 * browser's back): the new search, unless it is what is typed already (then the typing, with its
 * spaces, stays as it is).
 *
 * @example shownSearch('rossi ', 'rossi') // 'rossi '
 * @example shownSearch('rossi', '') // ''
 */
export function shownSearch(typed: string, current: string): string {
  return typed.trim() === current ? typed : current;
}

export interface SearchBoxProps {
  /** The search in force (the URL's); '' when not searching. */
  value: string;
  /** Called with the trimmed text after a pause in typing, or at once on Enter. */
  onSearch: (search: string) => void;
  placeholder: string;
  /** The box's accessible name. */
  label: string;
  testId: string;
  className?: string;
}

/**
 * The search box of a list. It keeps what is typed and hands it on after a pause
 * ({@link SEARCH_DEBOUNCE_MS}), or at once on Enter; when the search in force changes by other
 * means, the box shows it.
 */
export function SearchBox({ value, onSearch, placeholder, label, testId, className }: SearchBoxProps) {
  const [text, setText] = useState(value);
  // The latest callback, so that a re-render of the page (a progress that polls) does not restart the pause.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  useEffect(() => setText((typed) => shownSearch(typed, value)), [value]);
  useEffect(() => {
    const search = searchToCommit(text, value);
    if (search === null) return;
    const timer = setTimeout(() => onSearchRef.current(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className={cn('relative min-w-0 flex-1 sm:max-w-md', className)}>
      <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text.trim());
        }}
        placeholder={placeholder}
        aria-label={label}
        className="pl-8"
        maxLength={SEARCH_MAX_LENGTH}
        data-testid={testId}
      />
    </div>
  );
}

export interface ListToolbarProps {
  /** The search box; its test id is `<testIdPrefix>-search`. */
  search: Omit<SearchBoxProps, 'testId' | 'className'>;
  /** How many filters of the panel are set: the button reads 'Filtri (n)', and the panel starts open when any is. */
  filterCount: number;
  /** 'Rimuovi filtri', shown only when given (when anything narrows the list). */
  onClear?: () => void;
  /** The filter panel's accessible name ('Filtri degli ordini'). */
  panelLabel: string;
  /** The panel's columns from 640 px on (`sm:grid-cols-2` is given), e.g. `lg:grid-cols-5`. */
  panelClassName?: string;
  /**
   * `orders` → `orders-search`, `orders-filters-toggle`, `orders-clear-filters`, and the panel
   * `orders-filter-panel` (its id too).
   */
  testIdPrefix: string;
  /** The filter panel's fields (see {@link FilterField}). */
  children: ReactNode;
}

/**
 * The bar above a list: the search (debounced), the button that opens the filter panel (with the
 * number of filters set), 'Rimuovi filtri' when anything narrows the list; under it, the filter
 * panel while open. The panel starts open when a filter is set (a shared link shows why the list
 * is narrowed).
 */
export function ListToolbar({ search, filterCount, onClear, panelLabel, panelClassName, testIdPrefix, children }: ListToolbarProps) {
  const [panelOpen, setPanelOpen] = useState(() => filterCount > 0);
  const panelId = `${testIdPrefix}-filter-panel`;
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchBox {...search} testId={`${testIdPrefix}-search`} />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant={panelOpen ? 'secondary' : 'outline'}
            onClick={() => setPanelOpen((open) => !open)}
            aria-expanded={panelOpen}
            aria-controls={panelId}
            data-testid={`${testIdPrefix}-filters-toggle`}
          >
            <Filter aria-hidden />
            {filterCount > 0 ? uiText.filtersCount(filterCount) : uiText.filters}
          </Button>
          {onClear ? (
            <Button variant="ghost" onClick={onClear} data-testid={`${testIdPrefix}-clear-filters`}>
              <X aria-hidden />
              {uiText.clearFilters}
            </Button>
          ) : null}
        </div>
      </div>
      {panelOpen ? (
        <section id={panelId} className={cn('grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2', panelClassName)} aria-label={panelLabel} data-testid={panelId}>
          {children}
        </section>
      ) : null}
    </>
  );
}

/** One field of a filter panel: its label and its control (give the control `id`). */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
