import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { CarrierSetupPage } from './carriers/carrier-setup-page';
import { CarriersPage } from './carriers/carriers-page';
import { IntegrationDetailPage } from './integration-detail/integration-detail-page';
import { MarketplacesPage } from './marketplaces/marketplaces-page';
import { IntegrationsOverviewPage } from './overview/integrations-overview-page';
import { CARRIERS_PATH, INTEGRATIONS_PATH, MARKETPLACES_PATH, mountOf } from './paths';

/**
 * The remote's own routes, below each of the shell's mounts (paths relative to the mount):
 * - `/carriers/*`: the index is 'Gestione Corrieri', `:carrierCode/setup` the setup page;
 * - `/dashboard/marketplaces/*`: the index is 'Integrazioni Marketplace';
 * - `/dashboard/integration/*`: `:integrationId` is one integration's detail (no index: the
 *   marketplaces list is where integrations are chosen);
 * - `/dashboard/integrations/*`: the index is the overview.
 * Anything else goes to the mount's index (replacing the history entry).
 */
export function IntegrationsRoutes() {
  const { pathname } = useLocation();
  switch (mountOf(pathname)) {
    case 'carriers':
      return (
        <Routes>
          <Route index element={<CarriersPage />} />
          <Route path=":carrierCode/setup" element={<CarrierSetupPage />} />
          <Route path="*" element={<Navigate to={CARRIERS_PATH} replace />} />
        </Routes>
      );
    case 'marketplaces':
      return (
        <Routes>
          <Route index element={<MarketplacesPage />} />
          <Route path="*" element={<Navigate to={MARKETPLACES_PATH} replace />} />
        </Routes>
      );
    case 'integration':
      return (
        <Routes>
          <Route path=":integrationId" element={<IntegrationDetailPage />} />
          <Route path="*" element={<Navigate to={MARKETPLACES_PATH} replace />} />
        </Routes>
      );
    case 'integrations':
      return (
        <Routes>
          <Route index element={<IntegrationsOverviewPage />} />
          <Route path="*" element={<Navigate to={INTEGRATIONS_PATH} replace />} />
        </Routes>
      );
  }
}
