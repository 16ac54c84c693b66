import { Navigate } from 'react-router-dom';
import { AUTO_SELECT_STATE, homeRedirect } from '../../lib/redirects';
import { useSelectedMerchantRaw } from '../../lib/session';

/**
 * `/` and `/home` (spec §2). Any stored merchant counts: an unreadable one is repaired by the
 * dashboard's guard (it falls back to the first merchant).
 */
export function HomeRedirect() {
  const stored = useSelectedMerchantRaw() !== null;
  return <Navigate replace to={homeRedirect(stored)} state={stored ? undefined : AUTO_SELECT_STATE} />;
}
