// The one module this remote exposes (`shipments/Module`): the shipments list with its dialogs and
// details drawer, with its routes and styles.
import './styles.css';
import { PortalScope } from '@smista/ui-kit';
import { ShipmentsRoutes } from './shipments-routes';

/** The class that scopes this remote's Tailwind utilities (styles.css nests them under it). */
const SCOPE_CLASS = 'smista-shipments';

export default function ShipmentsRemote() {
  return (
    <PortalScope className={SCOPE_CLASS}>
      <ShipmentsRoutes />
    </PortalScope>
  );
}
