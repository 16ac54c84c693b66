import { Navigate } from 'react-router-dom';
import { homeRedirect } from '../../lib/redirects';
import { useSelectedMerchant } from '../../lib/session';

/** `/` and `/home` (spec §2). */
export function HomeRedirect() {
  const merchant = useSelectedMerchant();
  return <Navigate replace to={homeRedirect(Boolean(merchant))} />;
}
