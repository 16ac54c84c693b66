// The one module this remote exposes (`rules/Module`): the shipping rules (list, dialog and dry
// run), with its routes and styles.
import './styles.css';
import { PortalScope } from '@smista/ui-kit';
import { RulesRoutes } from './rules-routes';

/** The class that scopes this remote's Tailwind utilities (styles.css nests them under it). */
const SCOPE_CLASS = 'smista-rules';

export default function RulesRemote() {
  return (
    <PortalScope className={SCOPE_CLASS}>
      <RulesRoutes />
    </PortalScope>
  );
}
