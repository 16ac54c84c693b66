import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { it } from 'date-fns/locale';
import { MailWarning, UserPlus, XCircle } from 'lucide-react';
import { roleLabel } from '@smista/contracts';
import {
  apiFetch,
  buttonVariants,
  errorMessageFrom,
  errorStatusOf,
  toast,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  MERCHANTS_QUERY_KEY,
} from '@smista/ui-kit';
import { FullPageSpinner, LoadingOverlay } from '../../components/full-page-spinner';
import { acceptedMerchant, inviteStateFor, type InviteDetails } from '../../lib/invite-state';
import { activateMerchant, resetMerchantScopedQueries } from '../../lib/merchant-activation';
import { AUTO_SELECT_STATE, inviteLoginRedirect } from '../../lib/redirects';
import { useCurrentUser, useLogout } from '../../lib/session';
import { t } from '../../messages';
import { AuthFrame } from '../auth/auth-shell';

/** `/accept-invite` (a new user, after registration) or `/accept-existing-invite` (a user who already had an account). */
export type InviteVariant = 'new' | 'existing';

interface AcceptResponse {
  success: boolean;
  merchant?: { id: string; name: string; role: string };
}

class MissingTokenError extends Error {}

function formatExpiry(value: string | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : format(date, 'd MMMM yyyy, HH:mm', { locale: it });
}

/**
 * /accept-invite?token&email and /accept-existing-invite?token&email (spec §2, §4, §5, §8): the
 * invite check, then an accept button that enters the merchant and goes to /dashboard.
 */
export function AcceptInvitePage({ variant }: { variant: InviteVariant }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const email = params.get('email')?.trim() || null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const { data: user, isPending: userPending } = useCurrentUser();

  const inviteKey = ['/api/invites', token] as const;
  const invite = useQuery({
    queryKey: inviteKey,
    queryFn: ({ signal }) => apiFetch<InviteDetails>(`/api/invites/${encodeURIComponent(token as string)}`, { signal }),
    enabled: Boolean(token && user),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  // A lookup that failed for another reason than "no such invite" is still shown as invalid
  // (spec §7), but the user is told the details could not be loaded.
  useEffect(() => {
    if (invite.isError && errorStatusOf(invite.error) !== 404) {
      toast({ title: t.common.error, description: t.invite.loadFailed, variant: 'destructive' });
    }
  }, [invite.isError, invite.error, invite.errorUpdatedAt]);

  const accept = useMutation({
    mutationFn: async () => {
      if (!token) throw new MissingTokenError(t.invite.tokenMissing);
      return apiFetch<AcceptResponse>(`/api/invites/${encodeURIComponent(token)}/accept`, { method: 'POST', body: {} });
    },
    onSuccess: async (res) => {
      const merchant = acceptedMerchant(res, invite.data);
      void queryClient.invalidateQueries({ queryKey: MERCHANTS_QUERY_KEY });
      if (!merchant) {
        navigate('/merchant-selection', { replace: true, state: AUTO_SELECT_STATE });
        return;
      }
      // Spec §4: the client goes on to the dashboard whether set-current succeeds or not.
      await activateMerchant(merchant);
      toast({ title: t.invite.accepted, description: t.invite.acceptedText(merchant.name) });
      navigate('/dashboard', { replace: true });
      resetMerchantScopedQueries(queryClient);
    },
    onError: (error) => {
      const description =
        error instanceof MissingTokenError ? t.invite.tokenMissing : (errorMessageFrom(error) ?? t.invite.acceptFailedDefault);
      toast({ title: t.invite.acceptFailed, description, variant: 'destructive' });
      // Used or expired meanwhile: look again so the page shows the invalid invite.
      if (errorStatusOf(error) === 404) void queryClient.invalidateQueries({ queryKey: inviteKey });
    },
  });

  const state = inviteStateFor({
    token,
    email,
    userPending,
    user,
    invitePending: invite.isPending,
    invite: invite.isError ? null : invite.data,
  });

  if (state.kind === 'login-required') return <Navigate replace to={state.to} />;
  if (state.kind === 'loading') return <FullPageSpinner label={t.invite.checking} />;

  const entering = accept.isPending || accept.isSuccess;
  let body: ReactNode;
  switch (state.kind) {
    case 'no-token':
      body = (
        <Outcome icon={<XCircle className="h-10 w-10 text-destructive" aria-hidden />} title={t.invite.noTokenTitle} text={t.invite.noToken}>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            {t.invite.backHome}
          </Link>
        </Outcome>
      );
      break;
    case 'invalid':
      body = (
        <Outcome icon={<XCircle className="h-10 w-10 text-destructive" aria-hidden />} title={t.invite.invalidTitle} text={t.invite.invalidText}>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            {t.invite.backHome}
          </Link>
        </Outcome>
      );
      break;
    case 'email-mismatch':
      body = (
        <Outcome icon={<MailWarning className="h-10 w-10 text-amber-600" aria-hidden />} title={t.invite.mismatchTitle} text={t.invite.mismatchText}>
          <dl className="grid w-full gap-2 rounded-lg border border-border p-3 text-left text-sm">
            <Detail label={t.invite.invitedEmail} value={state.invite.email} testId="invite-email" />
            <Detail label={t.invite.loggedInAs} value={state.userEmail} testId="invite-user-email" />
          </dl>
          <div className="grid w-full gap-2">
            <Button onClick={() => void logout(inviteLoginRedirect(token, state.invite.email))}>{t.invite.switchAccount}</Button>
            <Link to="/" className={buttonVariants({ variant: 'outline' })}>
              {t.invite.backHome}
            </Link>
          </div>
        </Outcome>
      );
      break;
    case 'ready': {
      const role = roleLabel(state.invite.role);
      const expires = formatExpiry(state.invite.expiresAt);
      body = (
        <>
          <CardHeader className="items-center text-center">
            <UserPlus className="h-10 w-10 text-primary" aria-hidden />
            <CardTitle className="text-2xl">{t.invite.readyTitle}</CardTitle>
            <CardDescription>
              {variant === 'existing' ? t.invite.existingText : t.invite.readyText(state.invite.merchant.name, role)}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {variant === 'existing' ? (
              <dl className="grid gap-2 rounded-lg border border-border p-3 text-sm">
                <Detail label={t.invite.merchant} value={state.invite.merchant.name} testId="invite-merchant" />
                <Detail label={t.invite.role} value={role} testId="invite-role" />
                <Detail label={t.invite.inviter} value={state.invite.inviterEmail} testId="invite-inviter" />
                {expires ? <Detail label={t.invite.expires} value={expires} testId="invite-expires" /> : null}
              </dl>
            ) : null}
            <Button className="w-full" onClick={() => accept.mutate()} disabled={entering} data-testid="invite-accept">
              {entering ? t.invite.accepting : t.invite.accept}
            </Button>
          </CardContent>
        </>
      );
      break;
    }
  }

  return (
    <AuthFrame>
      {entering ? <LoadingOverlay /> : null}
      <Card data-testid="invite-page" data-state={state.kind} data-variant={variant}>
        {body}
      </Card>
    </AuthFrame>
  );
}

function Outcome({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <>
      <CardHeader className="items-center text-center">
        {icon}
        <CardTitle className="text-2xl">{title}</CardTitle>
        <CardDescription data-testid="invite-message">{text}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">{children}</CardContent>
    </>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-all" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
