import { useId } from 'react';
import type { CarrierIntegrationJson, ShipmentStatusCountsJson, ShipmentStatusFilter } from '@smista/contracts';
import { FilterField, ListToolbar, NativeSelect, StatusTabs as KitStatusTabs, type SetListView } from '@smista/ui-kit';
import { t } from '../messages';
import { hasFilters, STATUS_TABS, type ShipmentsView } from './shipments-view';

/**
 * Search ('Cerca per ordine, cliente o tracking...', debounced), the filter toggle and 'Rimuovi
 * filtri' when the search or a carrier narrows the list; under them, while open, the carrier filter
 * (spec §2): 'Tutti i corrieri' and each of the merchant's carrier integrations by connection name.
 * A carrier from the URL that is not (or no longer) the merchant's still shows, by its id, so the
 * select never lies about the filter in force.
 */
export function ShipmentsToolbar({
  view,
  setView,
  carriers,
  onClear,
}: {
  view: ShipmentsView;
  setView: SetListView<ShipmentsView>;
  carriers: CarrierIntegrationJson[];
  onClear: () => void;
}) {
  const id = useId();
  const known = view.carrier === null || carriers.some((c) => c.id === view.carrier);
  return (
    <ListToolbar
      search={{ value: view.search, onSearch: (search) => setView({ search }, { replace: true }), placeholder: t.searchPlaceholder, label: t.searchLabel }}
      filterCount={view.carrier !== null ? 1 : 0}
      onClear={hasFilters(view) ? onClear : undefined}
      panelLabel={t.filterPanel}
      panelClassName="lg:grid-cols-3"
      testIdPrefix="shipments"
    >
      <FilterField id={`${id}-carrier`} label={t.carrierFilter}>
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
      </FilterField>
    </ListToolbar>
  );
}

/**
 * The status tabs (spec §2: Tutte, Attesa, Spedite, Errori, Da stampare) with the counts of
 * `meta.statusCounts` (same search and carrier, every status), the Errori count in red when there
 * are any. A status from the URL that has no tab (delivered, cancelled, processing) leaves none
 * selected.
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
  const selected = STATUS_TABS.find((tab) => tab.status === view.status)?.key ?? null;
  return (
    <KitStatusTabs
      tabs={STATUS_TABS.map(({ key }) => ({ key, label: t.statusTabLabels[key], count: counts?.[key], alert: key === 'error' }))}
      selected={selected}
      onSelect={(key) => onSelect(STATUS_TABS.find((tab) => tab.key === key)?.status ?? null)}
      label={t.statusTabs}
      testId="shipments-status-tabs"
    />
  );
}
