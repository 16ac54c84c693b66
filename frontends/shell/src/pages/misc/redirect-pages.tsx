import { Navigate, useSearchParams } from 'react-router-dom';
import { homeRedirect, inviteLoginRedirect } from '../../lib/redirects';
import { useCurrentUser, useSelectedMerchant } from '../../lib/session';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { t } from '../../messages';
import { StandalonePlaceholder } from './placeholder-page';

/** `/` and `/home` (spec §2). */
export function HomeRedirect() {
  const merchant = useSelectedMerchant();
  return <Navigate replace to={homeRedirect(Boolean(merchant))} />;
}

/**
 * /accept-invite and /accept-existing-invite until the invite screens land: unauthenticated users
 * go to /auth carrying token and email; a link without token says so (spec §2).
 */
export function InvitePlaceholder() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const email = params.get('email');
  const { data: user, isPending } = useCurrentUser();
  if (!token) return <StandalonePlaceholder title={t.pages.acceptInvite} text={t.pages.inviteNoToken} />;
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate replace to={inviteLoginRedirect(token, email)} />;
  return <StandalonePlaceholder title={t.pages.acceptInvite} />;
}
