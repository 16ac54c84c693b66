import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { SsoSignedInJson } from '@smista/contracts';
import {
  ApiError,
  buttonVariants,
  clearSelectedMerchant,
  displayNameOf,
  errorMessageFrom,
  toast,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  PasswordInput,
  Spinner,
} from '@smista/ui-kit';
import { hasOAuthCallbackMarker } from '../../lib/markers';
import { usePublicConfig } from '../../lib/public-config';
import { AUTO_SELECT_STATE, isInvitePath, postAuthDestination } from '../../lib/redirects';
import { acceptSessionUser } from '../../lib/session';
import { createSsoSession, finishSsoLogin } from '../../lib/sso';
import { t } from '../../messages';
import { AuthFrame } from './auth-shell';

type State =
  | { kind: 'working' }
  /** The e-mail belongs to a password account: its Smista password links the two, once. */
  | { kind: 'link'; idToken: string; message: string; error?: string; pending?: boolean }
  | { kind: 'failed'; message: string };

/**
 * /auth/sso, where Keycloak sends the browser back: keycloak-js exchanges the code, the gateway
 * turns the ID token into the Smista session, and the user goes where a login leads (spec §4).
 */
export function SsoCallbackPage() {
  const { data: config, isPending } = usePublicConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);

  const signedIn = ({ returnTo, ...user }: SsoSignedInJson) => {
    clearSelectedMerchant();
    acceptSessionUser(queryClient, user);
    toast({ title: t.auth.loginSuccess, description: t.auth.loginWelcome(displayNameOf(user)) });
    // Started from an invite: back to it, as a password login on /auth would go (spec §2).
    if (returnTo && isInvitePath(returnTo)) return navigate(returnTo, { replace: true });
    navigate(postAuthDestination({ from: undefined, hasOAuthMarker: hasOAuthCallbackMarker() }), { replace: true, state: AUTO_SELECT_STATE });
  };

  useEffect(() => {
    if (isPending || started.current) return;
    started.current = true;
    const sso = config?.sso;
    if (!sso) {
      setState({ kind: 'failed', message: t.auth.ssoFinishFailed });
      return;
    }
    finishSsoLogin(sso).then(
      (idToken) =>
        createSsoSession(idToken).then(signedIn, (error: unknown) => {
          const message = errorMessageFrom(error) ?? t.auth.ssoFinishFailed;
          setState(error instanceof ApiError && error.status === 409 ? { kind: 'link', idToken, message } : { kind: 'failed', message });
        }),
      () => setState({ kind: 'failed', message: t.auth.ssoFinishFailed }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isPending, config]);

  const link = (idToken: string, password: string) => {
    setState((s) => (s.kind === 'link' ? { ...s, pending: true, error: undefined } : s));
    createSsoSession(idToken, password).then(signedIn, (error: unknown) => {
      const message = errorMessageFrom(error) ?? t.auth.ssoFinishFailed;
      setState((s) => (s.kind === 'link' && error instanceof ApiError && error.status === 400 ? { ...s, pending: false, error: message } : { kind: 'failed', message }));
    });
  };

  return (
    <AuthFrame>
      <Card data-testid="sso-callback">
        {state.kind === 'working' ? (
          <CardContent className="flex justify-center py-10">
            <Spinner label={t.auth.ssoFinishing} />
          </CardContent>
        ) : state.kind === 'link' ? (
          <LinkForm state={state} onSubmit={(password) => link(state.idToken, password)} />
        ) : (
          <>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-xl">
                <AlertTriangle className="h-5 w-5 text-destructive" aria-hidden />
                {t.auth.ssoFailedTitle}
              </CardTitle>
              <CardDescription role="alert" data-testid="sso-error">
                {state.message}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Link to="/auth" replace className={buttonVariants({ className: 'w-full' })}>
                {t.auth.ssoBackToLogin}
              </Link>
            </CardContent>
          </>
        )}
      </Card>
    </AuthFrame>
  );
}

function LinkForm({ state, onSubmit }: { state: Extract<State, { kind: 'link' }>; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  return (
    <>
      <CardHeader>
        <CardTitle className="text-xl">{t.auth.ssoLinkTitle}</CardTitle>
        <CardDescription data-testid="sso-link-message">{state.message}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4"
          noValidate
          data-testid="sso-link-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (password) onSubmit(password);
          }}
        >
          <FormField id="sso-link-password" label={t.auth.password} error={state.error}>
            <PasswordInput id="sso-link-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <Button type="submit" className="w-full" disabled={state.pending || !password}>
            {state.pending ? t.auth.ssoLinkPending : t.auth.ssoLinkSubmit}
          </Button>
        </form>
      </CardContent>
    </>
  );
}
