// The one module this remote exposes (`integrations/Module`): the carrier screens, the
// marketplace screens (list and integration detail) and the integrations overview, with their
// routes and styles.
import './styles.css';
import { PortalScope } from '@smista/ui-kit';
import { IntegrationsRoutes } from './integrations-routes';

/** The class that scopes this remote's Tailwind utilities (styles.css nests them under it). */
const SCOPE_CLASS = 'smista-integrations';

export default function IntegrationsRemote() {
  return (
    <PortalScope className={SCOPE_CLASS}>
      <IntegrationsRoutes />
    </PortalScope>
  );
}
