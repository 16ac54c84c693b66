import { useEffect, useId, useRef, useState } from 'react';
import { Filter, Search, X } from 'lucide-react';
import { marketplaceIds, type MarketplaceIntegrationJson, type MarketplaceId, type OrderStatusFilter } from '@smista/contracts';
import { Button, Input, Label, NativeSelect } from '@smista/ui-kit';
import { t } from '../messages';
import { hasFilters, panelFilterCount, type OrdersView } from './orders-view';
import { integrationLabel } from './sync';

/** The search waits for a pause in typing before it changes the URL (and asks the server). */
export const SEARCH_DEBOUNCE_MS = 400;

/** The filter values of spec §4, in the order the panel offers them. */
const STATUS_FILTERS: OrderStatusFilter[] = ['TO_SHIP', 'IN_TRANSIT', 'SHIPPED', 'DELIVERED', 'CANCELLED'];

export type SetView = (patch: Partial<OrdersView>, options?: { replace?: boolean }) => void;

/**
 * Search ('Cerca per ID ordine o cliente...', debounced), the filter panel's button and 'Rimuovi
 * filtri' when anything narrows the list.
 */
export function OrdersToolbar({
  view,
  setView,
  panelOpen,
  onTogglePanel,
  onClear,
}: {
  view: OrdersView;
  setView: SetView;
  panelOpen: boolean;
  onTogglePanel: () => void;
  onClear: () => void;
}) {
  const count = panelFilterCount(view);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <SearchBox value={view.search} onSearch={(search) => setView({ search }, { replace: true })} />
      <div className="flex items-center gap-2">
        <Button
          variant={panelOpen ? 'secondary' : 'outline'}
          onClick={onTogglePanel}
          aria-expanded={panelOpen}
          aria-controls="orders-filter-panel"
          data-testid="orders-filters-toggle"
        >
          <Filter aria-hidden />
          {count > 0 ? t.filtersCount(count) : t.filters}
        </Button>
        {hasFilters(view) ? (
          <Button variant="ghost" onClick={onClear} data-testid="orders-clear-filters">
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
  // The latest callback, so that a re-render of the page (the sync progress polls) does not
  // restart the pause.
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
        data-testid="orders-search"
      />
    </div>
  );
}

/** The filter panel (spec §2: Stato ordine, Integrazione, Marketplace; and the order date range). */
export function FilterPanel({ view, setView, integrations }: { view: OrdersView; setView: SetView; integrations: MarketplaceIntegrationJson[] }) {
  const id = useId();
  const several = (provider: string) => integrations.filter((i) => i.provider === provider).length > 1;
  return (
    <section
      id="orders-filter-panel"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5"
      aria-label={t.filterPanel}
      data-testid="orders-filter-panel"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>{t.statusFilter}</Label>
        <NativeSelect
          id={`${id}-status`}
          value={view.status ?? ''}
          onChange={(e) => setView({ status: (e.target.value || null) as OrderStatusFilter | null })}
          data-testid="orders-filter-status"
        >
          <option value="">{t.all}</option>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {t.statusLabels[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-integration`}>{t.integrationFilter}</Label>
        <NativeSelect
          id={`${id}-integration`}
          value={view.integration === null ? '' : String(view.integration)}
          onChange={(e) => setView({ integration: e.target.value ? Number(e.target.value) : null })}
          data-testid="orders-filter-integration"
        >
          <option value="">{t.allFeminine}</option>
          {integrations.map((integration) => (
            <option key={integration.id} value={String(integration.id)}>
              {integrationLabel(integration, several(integration.provider) || integration.username !== null)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-marketplace`}>{t.marketplaceFilter}</Label>
        <NativeSelect
          id={`${id}-marketplace`}
          value={view.marketplace ?? ''}
          onChange={(e) => setView({ marketplace: (e.target.value || null) as MarketplaceId | null })}
          data-testid="orders-filter-marketplace"
        >
          <option value="">{t.all}</option>
          {marketplaceIds.map((marketplace) => (
            <option key={marketplace} value={marketplace}>
              {t.marketplaceNames[marketplace]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-start`}>{t.startDate}</Label>
        <Input
          id={`${id}-start`}
          type="date"
          value={view.startDate ?? ''}
          max={view.endDate ?? undefined}
          onChange={(e) => {
            const startDate = e.target.value || null;
            // A start after the end would be refused: the end gives way.
            setView({ startDate, ...(startDate && view.endDate && startDate > view.endDate ? { endDate: null } : {}) });
          }}
          data-testid="orders-filter-start"
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-end`}>{t.endDate}</Label>
        <Input
          id={`${id}-end`}
          type="date"
          value={view.endDate ?? ''}
          min={view.startDate ?? undefined}
          onChange={(e) => {
            const endDate = e.target.value || null;
            setView({ endDate, ...(endDate && view.startDate && endDate < view.startDate ? { startDate: null } : {}) });
          }}
          data-testid="orders-filter-end"
        />
      </div>
    </section>
  );
}
