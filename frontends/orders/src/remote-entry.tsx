// The one module this remote exposes (`orders/Module`): the orders list and one order's page,
// with their routes and styles.
import './styles.css';
import { PortalScope } from '@smista/ui-kit';
import { OrdersRoutes } from './orders-routes';

/** The class that scopes this remote's Tailwind utilities (styles.css nests them under it). */
const SCOPE_CLASS = 'smista-orders';

export default function OrdersRemote() {
  return (
    <PortalScope className={SCOPE_CLASS}>
      <OrdersRoutes />
    </PortalScope>
  );
}
