import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Info } from 'lucide-react';
import { roleLabel } from '@smista/contracts';
import { apiFetch, displayNameOf, toast, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner, type User } from '@smista/ui-kit';
import { FullPageSpinner } from '../../components/full-page-spinner';
import type { InviteDetails } from '../../lib/invite-state';
import { clearSelectedMerchant, MERCHANTS_QUERY_KEY } from '@smista/ui-kit';
import { hasOAuthCallbackMarker, setLoggingOut } from '../../lib/markers';
import { AUTO_SELECT_STATE, loggedInAuthRedirect, postAuthDestination, postRegisterNavigation } from '../../lib/redirects';
import { acceptSessionUser, useCurrentUser, useSelectedMerchantRaw } from '../../lib/session';
import type { FromState } from '../../routes/guards';
import { t } from '../../messages';
import { AuthFrame } from './auth-shell';
import { LoginForm } from './login-form';
import { RegisterForm, type RegistrationInvite } from './register-form';
import { SsoButton } from './sso-button';

type Mode = 'login' | 'register';

/** `POST /api/check-email`; any failure counts as "no account" (spec §2, §7). */
async function emailExists(email: string): Promise<boolean> {
  try {
    const res = await apiFetch<{ exists?: boolean }>('/api/check-email', { method: 'POST', body: { email } });
    return res?.exists === true;
  } catch {
    return false;
  }
}

/** `GET /api/invites/{token}`; failure is treated as no invite (spec §7). */
async function fetchInvite(token: string): Promise<InviteDetails | null> {
  try {
    return await apiFetch<InviteDetails>(`/api/invites/${encodeURIComponent(token)}`);
  } catch {
    return null;
  }
}

/** /auth: combined login and registration (spec §2). */
export function AuthPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const emailParam = params.get('email')?.trim() || null;
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user, isPending } = useCurrentUser();
  // Any stored merchant counts: an unreadable one is repaired by the dashboard's guard.
  const hasMerchant = useSelectedMerchantRaw() !== null;
  const handled = useRef(false);
  const [mode, setMode] = useState<Mode>(token ? 'register' : 'login');

  useEffect(() => setLoggingOut(false), []);

  const invite = useQuery({
    queryKey: ['invite', token],
    queryFn: () => fetchInvite(token as string),
    enabled: Boolean(token) && !user,
    staleTime: Infinity,
  });

  // The e-mail decides between login and registration (an invited address that already has an
  // account logs in, then accepts as an existing user); a token alone opens the registration. The
  // invite's own address, once known, is the one that counts.
  const lookupEmail = invite.data?.email ?? emailParam;
  const emailCheck = useQuery({
    queryKey: ['check-email', lookupEmail],
    queryFn: () => emailExists(lookupEmail as string),
    enabled: Boolean(lookupEmail) && !user,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (emailCheck.data !== undefined) setMode(emailCheck.data ? 'login' : 'register');
  }, [emailCheck.data]);
  // After 'Accedi con SSO' the invite, as after a password login (spec §2): Keycloak comes back to
  // /auth/sso only, so the gateway keeps the place in its httpOnly nonce cookie.
  const ssoReturnTo = token ? loggedInAuthRedirect({ token, email: emailParam, hasOAuthMarker: false, hasMerchant: false }) : undefined;

  if (isPending) return <FullPageSpinner />;
  if (user && !handled.current) {
    return (
      <Navigate
        replace
        to={loggedInAuthRedirect({ token, email: emailParam, hasOAuthMarker: hasOAuthCallbackMarker(), hasMerchant })}
        state={AUTO_SELECT_STATE}
      />
    );
  }

  const defaultEmail = invite.data?.email ?? emailParam ?? '';
  // The invite the registration joins; a link whose invite cannot be used is said so at once.
  const registrationInvite: RegistrationInvite | null =
    token && invite.data ? { token, email: invite.data.email, merchantName: invite.data.merchant?.name ?? '' } : null;
  const inviteUnusable = Boolean(token) && invite.isSuccess && invite.data === null;

  const complete = (kind: Mode) => (signedIn: User) => {
    handled.current = true;
    clearSelectedMerchant();
    acceptSessionUser(queryClient, signedIn);
    const name = displayNameOf(signedIn);
    const from = (location.state as FromState | null)?.from;
    if (kind === 'register') {
      void queryClient.invalidateQueries({ queryKey: MERCHANTS_QUERY_KEY });
      toast({ title: t.auth.registerSuccess, description: t.auth.registerWelcome(name) });
      // With a usable invite the membership is added a moment later: merchant selection waits for it.
      const next = postRegisterNavigation({ from, hasOAuthMarker: hasOAuthCallbackMarker(), inviteToken: registrationInvite?.token });
      navigate(next.to, { replace: true, state: next.state });
      return;
    }
    toast({ title: t.auth.loginSuccess, description: t.auth.loginWelcome(name) });
    const destination = token
      ? loggedInAuthRedirect({ token, email: emailParam, hasOAuthMarker: false, hasMerchant: false })
      : postAuthDestination({ from, hasOAuthMarker: hasOAuthCallbackMarker() });
    navigate(destination, { replace: true, state: AUTO_SELECT_STATE });
  };

  const checking = (emailCheck.isFetching && emailCheck.data === undefined) || (invite.isFetching && invite.data === undefined);

  return (
    <AuthFrame>
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">{mode === 'login' ? t.auth.loginTitle : t.auth.registerTitle}</CardTitle>
          <CardDescription>{mode === 'login' ? t.auth.loginSubtitle : t.auth.registerSubtitle}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {invite.data ? (
            <div className="flex gap-3 rounded-lg border border-primary/30 bg-accent p-3 text-sm text-accent-foreground" data-testid="invite-banner">
              <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <div>
                <p className="font-medium">{t.auth.inviteBannerTitle}</p>
                <p>{t.auth.inviteBanner(invite.data.inviterEmail, invite.data.merchant?.name ?? '', roleLabel(invite.data.role))}</p>
              </div>
            </div>
          ) : null}
          {inviteUnusable ? (
            <div
              className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              role="alert"
              data-testid="invite-unusable"
            >
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <div>
                <p className="font-medium">{t.auth.inviteUnusableTitle}</p>
                <p>{t.auth.inviteUnusable}</p>
              </div>
            </div>
          ) : null}
          {checking ? (
            <div className="flex justify-center py-8">
              <Spinner label={t.auth.checkingEmail} />
            </div>
          ) : mode === 'login' ? (
            <>
              <LoginForm key={`login-${defaultEmail}`} defaultEmail={defaultEmail} onSuccess={complete('login')} />
              <SsoButton returnTo={ssoReturnTo} />
            </>
          ) : (
            <RegisterForm
              key={`register-${defaultEmail}-${registrationInvite ? 'invite' : 'free'}`}
              defaultEmail={defaultEmail}
              invite={registrationInvite}
              onSuccess={complete('register')}
            />
          )}
          {/* With an invite, SSO also signs up: a first sign-in creates the account, then the invite (once the e-mail check has decided the form). */}
          {mode === 'register' && token && !checking ? <SsoButton returnTo={ssoReturnTo} /> : null}
          <div className="flex items-center justify-center gap-1 text-sm text-muted-foreground">
            <span>{mode === 'login' ? t.auth.switchToRegister : t.auth.switchToLogin}</span>
            <Button
              variant="link"
              className="h-auto p-0"
              data-testid={mode === 'login' ? 'switch-to-register' : 'switch-to-login'}
              onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
            >
              {mode === 'login' ? t.auth.switchToRegisterAction : t.auth.switchToLoginAction}
            </Button>
          </div>
        </CardContent>
      </Card>
    </AuthFrame>
  );
}
