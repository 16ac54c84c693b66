// The one module this remote exposes (`settings/Module`): the settings area with its routes and styles.
import './styles.css';
import { PortalScope } from '@smista/ui-kit';
import { SettingsRoutes } from './settings-routes';

/** The class that scopes this remote's Tailwind utilities (styles.css nests them under it). */
const SCOPE_CLASS = 'smista-settings';

export default function SettingsRemote() {
  return (
    <PortalScope className={SCOPE_CLASS}>
      <SettingsRoutes />
    </PortalScope>
  );
}
