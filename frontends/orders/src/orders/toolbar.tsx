import { useId } from 'react';
import { catalogueMessages, orderMarketplaceFilters, orderStatusFilters, type MarketplaceIntegrationJson, type OrderMarketplaceFilter, type OrderStatusFilter } from '@smista/contracts';
import { FilterField, Input, ListToolbar, NativeSelect, providerName, type SetListView } from '@smista/ui-kit';
import { t } from '../messages';
import { hasFilters, panelFilterCount, type OrdersView } from './orders-view';
import { integrationLabel } from './sync';

/** The filter values of spec §4 (and 'Da pagare', issue 19), in the order the panel offers them: the contracts' order. */
const STATUS_FILTERS = Object.keys(orderStatusFilters) as OrderStatusFilter[];

/**
 * Search ('Cerca per ID ordine o cliente...', debounced), the filter panel's button and 'Rimuovi
 * filtri' when anything narrows the list; under them, while open, the filter panel (spec §2: Stato
 * ordine, Integrazione, Marketplace; and the order date range).
 */
export function OrdersToolbar({
  view,
  setView,
  integrations,
  onClear,
}: {
  view: OrdersView;
  setView: SetListView<OrdersView>;
  integrations: MarketplaceIntegrationJson[];
  onClear: () => void;
}) {
  const id = useId();
  const several = (provider: string) => integrations.filter((i) => i.provider === provider).length > 1;
  return (
    <ListToolbar
      search={{ value: view.search, onSearch: (search) => setView({ search }, { replace: true }), placeholder: t.searchPlaceholder, label: t.searchLabel }}
      filterCount={panelFilterCount(view)}
      onClear={hasFilters(view) ? onClear : undefined}
      panelLabel={t.filterPanel}
      panelClassName="lg:grid-cols-5"
      testIdPrefix="orders"
    >
      <FilterField id={`${id}-status`} label={t.statusFilter}>
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
      </FilterField>
      <FilterField id={`${id}-integration`} label={t.integrationFilter}>
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
      </FilterField>
      <FilterField id={`${id}-marketplace`} label={t.marketplaceFilter}>
        <NativeSelect
          id={`${id}-marketplace`}
          value={view.marketplace ?? ''}
          onChange={(e) => setView({ marketplace: (e.target.value || null) as OrderMarketplaceFilter | null })}
          data-testid="orders-filter-marketplace"
        >
          <option value="">{t.all}</option>
          {orderMarketplaceFilters.map((marketplace) => (
            <option key={marketplace} value={marketplace}>
              {providerName(marketplace)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      <FilterField id={`${id}-problem`} label={t.problemFilter}>
        <NativeSelect
          id={`${id}-problem`}
          value={view.weightMissing ? 'weightMissing' : ''}
          onChange={(e) => setView({ weightMissing: e.target.value === 'weightMissing' ? true : null })}
          data-testid="orders-filter-problem"
        >
          <option value="">{t.all}</option>
          <option value="weightMissing">{catalogueMessages.weightMissing}</option>
        </NativeSelect>
      </FilterField>
      <FilterField id={`${id}-start`} label={t.startDate}>
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
      </FilterField>
      <FilterField id={`${id}-end`} label={t.endDate}>
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
      </FilterField>
    </ListToolbar>
  );
}
