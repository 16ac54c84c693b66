import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { CarrierSetupPage } from './carriers/carrier-setup-page';
import { CarriersPage } from './carriers/carriers-page';
import { IntegrationsOverviewPage } from './overview/integrations-overview-page';
import { CARRIERS_PATH, INTEGRATIONS_PATH, mountOf } from './paths';

/**
 * The remote's own routes, below either of the shell's mounts (paths relative to the mount):
 * - `/carriers/*`: the index is 'Gestione Corrieri', `:carrierCode/setup` the setup page;
 * - `/dashboard/integrations/*`: the index is the overview.
 * Anything else goes to the mount's index (replacing the history entry).
 */
export function IntegrationsRoutes() {
  const { pathname } = useLocation();
  if (mountOf(pathname) === 'carriers') {
    return (
      <Routes>
        <Route index element={<CarriersPage />} />
        <Route path=":carrierCode/setup" element={<CarrierSetupPage />} />
        <Route path="*" element={<Navigate to={CARRIERS_PATH} replace />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<IntegrationsOverviewPage />} />
      <Route path="*" element={<Navigate to={INTEGRATIONS_PATH} replace />} />
    </Routes>
  );
}
