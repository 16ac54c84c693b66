import { useEffect, useId, useRef, useState } from 'react';
import { Filter, Search, X } from 'lucide-react';
import type { CarrierIntegrationJson, ShipmentStatusCountsJson, ShipmentStatusFilter } from '@smista/contracts';
import { Button, cn, Input, Label, NativeSelect } from '@smista/ui-kit';
import { formatCount } from '../format';
import { t } from '../messages';
import { hasFilters, STATUS_TABS, type ShipmentsView } from './shipments-view';

/** The search waits for a pause in typing before it changes the URL (and asks the server). */
export const SEARCH_DEBOUNCE_MS = 400;

export type SetView = (patch: Partial<ShipmentsView>, options?: { replace?: boolean }) => void;

/**
 * Search ('Cerca per ordine, cliente o tracking...', debounced), the filter toggle that reveals the
 * carrier select, and 'Rimuovi filtri' when the search or a carrier narrows the list.
 */
export function ShipmentsToolbar({
  view,
  setView,
  panelOpen,
  onTogglePanel,
}: {
  view: ShipmentsView;
  setView: SetView;
  panelOpen: boolean;
  onTogglePanel: () => void;
}) {
  const count = view.carrier !== null ? 1 : 0;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <SearchBox value={view.search} onSearch={(search) => setView({ search }, { replace: true })} />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={panelOpen ? 'secondary' : 'outline'}
          onClick={onTogglePanel}
          aria-expanded={panelOpen}
          aria-controls="shipments-filter-panel"
          data-testid="shipments-filters-toggle"
        >
          <Filter aria-hidden />
          {count > 0 ? t.filtersCount(count) : t.filters}
        </Button>
        {hasFilters(view) ? (
          <Button variant="ghost" onClick={() => setView({ search: '', carrier: null })} data-testid="shipments-clear-filters">
            <X aria-hidden />
            {t.clearFilters}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The search box. It keeps what is typed and hands it on after a pause; when the URL's search
 * changes by other means ('Rimuovi filtri', back), the box shows it.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  // The latest callback, so a re-render of the page (the progress polls) does not restart the pause.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  useEffect(() => setText((typed) => (typed.trim() === value ? typed : value)), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearchRef.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="relative min-w-0 flex-1 sm:max-w-md">
      <Search className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text.trim());
        }}
        placeholder={t.searchPlaceholder}
        aria-label={t.searchLabel}
        className="pl-8"
        maxLength={200}
        data-testid="shipments-search"
      />
    </div>
  );
}

/**
 * The carrier filter (spec §2): 'Tutti i corrieri' and each of the merchant's carrier integrations
 * by connection name. A carrier from the URL that is not (or no longer) the merchant's still shows,
 * by its id, so the select never lies about the filter in force.
 */
export function FilterPanel({ view, setView, carriers }: { view: ShipmentsView; setView: SetView; carriers: CarrierIntegrationJson[] }) {
  const id = useId();
  const known = view.carrier === null || carriers.some((c) => c.id === view.carrier);
  return (
    <section
      id="shipments-filter-panel"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      aria-label={t.filterPanel}
      data-testid="shipments-filter-panel"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-carrier`}>{t.carrierFilter}</Label>
        <NativeSelect
          id={`${id}-carrier`}
          value={view.carrier === null ? '' : String(view.carrier)}
          onChange={(e) => setView({ carrier: e.target.value ? Number(e.target.value) : null })}
          data-testid="shipments-filter-carrier"
        >
          <option value="">{t.allCarriers}</option>
          {carriers.map((carrier) => (
            <option key={carrier.id} value={String(carrier.id)}>
              {carrier.connectionName}
            </option>
          ))}
          {!known && view.carrier !== null ? <option value={String(view.carrier)}>{t.carrierUnknown(view.carrier)}</option> : null}
        </NativeSelect>
      </div>
    </section>
  );
}

const tabClass = (selected: boolean) =>
  cn(
    'inline-flex cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    selected ? 'bg-background text-foreground shadow' : 'text-muted-foreground hover:text-foreground',
  );

/**
 * The status tabs (spec §2: Tutte, Attesa, Spedite, Errori, Da stampare) with the counts of
 * `meta.statusCounts` (same search and carrier, every status). A status from the URL that has no
 * tab (delivered, cancelled, processing) leaves none selected.
 */
export function StatusTabs({
  view,
  counts,
  onSelect,
}: {
  view: ShipmentsView;
  counts: ShipmentStatusCountsJson | undefined;
  onSelect: (status: ShipmentStatusFilter | null) => void;
}) {
  return (
    // Two columns on a phone; beside each other from 640 px, wrapping onto a second line when the
    // content column is narrow (a tablet beside the sidebar) rather than hiding a tab off the edge.
    <div>
      <div role="tablist" aria-label={t.statusTabs} className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:inline-flex sm:max-w-full sm:flex-wrap" data-testid="shipments-status-tabs">
        {STATUS_TABS.map(({ key, status }) => {
          const selected = view.status === status;
          const count = counts?.[key];
          return (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={selected}
              className={cn(tabClass(selected), key === 'all' && 'col-span-2 sm:col-span-1')}
              onClick={() => onSelect(status)}
              data-testid="status-tab"
              data-status={key}
            >
              {t.statusTabLabels[key]}
              {count !== undefined ? (
                <span
                  className={cn('rounded-full px-1.5 text-xs tabular-nums', key === 'error' && count > 0 ? 'bg-red-100 text-red-800' : 'bg-muted-foreground/10')}
                  data-testid="status-tab-count"
                >
                  {formatCount(count)}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
