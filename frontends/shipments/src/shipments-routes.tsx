import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { mountPathOf } from './paths';
import { ShipmentsPage } from './shipments/shipments-page';

/**
 * The remote's routes below either of the shell's mounts (`/dashboard/shipments/*` and
 * `/shipments/*`): the index is the list; anything else goes back to the mount's list (replacing
 * the history entry).
 */
export function ShipmentsRoutes() {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route index element={<ShipmentsPage />} />
      <Route path="*" element={<Navigate to={mountPathOf(pathname)} replace />} />
    </Routes>
  );
}
