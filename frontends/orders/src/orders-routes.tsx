import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { CsvImportPage } from './csv-import/csv-import-page';
import { NewOrderPage } from './new-order/new-order-page';
import { OrderDetailPage } from './orders/order-detail-page';
import { OrdersPage } from './orders/orders-page';
import { CataloguePage } from './catalogue/catalogue-page';
import { CATALOGUE_PATH, DASHBOARD_ORDERS_PATH, mountOf, ORDERS_PATH } from './paths';

/**
 * The remote's own routes, below either of the shell's mounts (paths relative to the mount):
 * - `/dashboard/orders/*`: the index is the list, `new` 'Nuovo ordine', `import` 'Importa CSV';
 * - `/orders/*`: the index is the list too, `new` 'Nuovo ordine', `import` 'Importa CSV', `:orderId` one order;
 * - `/catalogo/*`: the product catalogue (issue 25).
 * Anything else goes to the mount's list (replacing the history entry).
 */
export function OrdersRoutes() {
  const { pathname } = useLocation();
  if (mountOf(pathname) === 'catalogue') {
    return (
      <Routes>
        <Route index element={<CataloguePage />} />
        <Route path="*" element={<Navigate to={CATALOGUE_PATH} replace />} />
      </Routes>
    );
  }
  if (mountOf(pathname) === 'orders') {
    return (
      <Routes>
        <Route index element={<OrdersPage />} />
        <Route path="new" element={<NewOrderPage />} />
      <Route path="import" element={<CsvImportPage />} />
        <Route path="import" element={<CsvImportPage />} />
        <Route path=":orderId" element={<OrderDetailPage />} />
        <Route path="*" element={<Navigate to={ORDERS_PATH} replace />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<OrdersPage />} />
      <Route path="new" element={<NewOrderPage />} />
      <Route path="import" element={<CsvImportPage />} />
      <Route path="*" element={<Navigate to={DASHBOARD_ORDERS_PATH} replace />} />
    </Routes>
  );
}
