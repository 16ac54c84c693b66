import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ShieldAlert, Store, XCircle } from 'lucide-react';
import { marketplaceName as marketplaceNameOf, type OAuthCallbackJson } from '@smista/contracts';
import {
  apiFetch,
  buttonVariants,
  errorMessageFrom,
  useSelectedMerchant,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Spinner,
  MERCHANTS_QUERY_KEY,
} from '@smista/ui-kit';
import { MARKETPLACES_QUERY_ROOT } from '../../lib/marketplace-integrations';
import {
  browserStorage,
  clearPendingCallback,
  clearStartedState,
  createOnce,
  decideCallback,
  readCallbackParams,
  readPendingCallback,
  startedState,
  type CallbackDecision,
} from '../../lib/oauth-callback';
import { MARKETPLACE_CALLBACK_PATH, type MerchantSelectionState } from '../../lib/redirects';
import { t } from '../../messages';
import { AuthFrame } from '../auth/auth-shell';

/** Spec §9: the redirect to the dashboard after a successful connection. */
export const OAUTH_SUCCESS_REDIRECT_MS = 2000;

// What the marketplace sent is kept by bootstrap.tsx as the shell loads (this page is a lazy chunk
// behind the login guard); the page reads it back from storage after the login.

/** One exchange per code for the life of the page, whatever runs the effect twice. */
const exchangeOnce = createOnce<OAuthCallbackJson>();

/** `POST /api/merchants/current/oauth/callback {code, marketplace, merchantId, state, callback}` (spec §7; `callback`: a signed query, Shopify's). */
const exchangeCode = (code: string, marketplace: string, state: string, merchantId: string, callback: Record<string, string>) =>
  apiFetch<OAuthCallbackJson>('/api/merchants/current/oauth/callback', { method: 'POST', body: { code, marketplace, merchantId, state, callback } });

type Result = { kind: 'success'; answer: OAuthCallbackJson } | { kind: 'error'; message: string };

/** The first decision of the page: from storage (where the shell put it), else from the address. */
function initialDecision(search: string): CallbackDecision {
  const now = Date.now();
  const fromUrl = readCallbackParams(search);
  const storage = browserStorage();
  return decideCallback(readPendingCallback(storage ?? NO_STORAGE) ?? (fromUrl && { ...fromUrl, savedAt: now }), startedState(storage), now);
}

const NO_STORAGE = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

/** The marketplace the callback's `state` names, as the catalogue calls it ('marketplace' when none). */
const marketplaceName = (identifier: string | undefined) => marketplaceNameOf(identifier ?? '');

/**
 * /marketplace/callback (spec §2, §4, §5): where the marketplace's consent page sends the browser
 * back. Processing while the code is exchanged (exactly once: the stored code is cleared as the
 * exchange starts and the query leaves the address), then 'Integrazione completata' and, when the
 * server says so, the dashboard after 2 s; or an error card ('Autorizzazione negata: {error}',
 * missing parameters, the server's message). Without a selected merchant (the route is exempt
 * from the merchant guard, and a login clears the selection) the code waits for one. A code that
 * comes back with a state this browser's 'Connetti' did not keep (a link from someone else, or a
 * consent started in another browser) is connected only after the user confirms; the server
 * connects nothing for a state that is not the user's in this merchant.
 */
export function MarketplaceCallbackPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const merchantId = useSelectedMerchant()?.id ?? null;
  // Decided once: the effects below clear the storage, later renders must not read it again.
  const [decision] = useState(() => initialDecision(location.search));
  const [result, setResult] = useState<Result | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const mustConfirm = decision.kind === 'exchange' && !decision.startedHere && !confirmed;

  // A reload must not bring the code back from the address.
  useEffect(() => {
    if (location.search) navigate(MARKETPLACE_CALLBACK_PATH, { replace: true });
  }, [location.search, navigate]);

  useEffect(() => {
    const storage = browserStorage();
    if (decision.kind !== 'exchange') {
      if (storage) clearPendingCallback(storage);
      // A refused or expired consent is over: its state will never be used.
      if (storage && (decision.kind === 'denied' || decision.kind === 'expired')) clearStartedState(storage);
      return;
    }
    // The code waits in storage until a merchant is chosen, and until the user confirms a consent
    // this browser did not start.
    if (!merchantId || mustConfirm || cancelled) return;
    if (storage) {
      clearPendingCallback(storage);
      clearStartedState(storage);
    }
    let live = true;
    exchangeOnce(decision.code, () => exchangeCode(decision.code, decision.marketplace, decision.state, merchantId, decision.signed)).then(
      (answer) => live && setResult({ kind: 'success', answer }),
      (error: unknown) => live && setResult({ kind: 'error', message: errorMessageFrom(error) ?? t.callback.failedDefault }),
    );
    return () => {
      live = false;
    };
  }, [decision, merchantId, mustConfirm, cancelled]);

  const cancel = () => {
    const storage = browserStorage();
    if (storage) clearPendingCallback(storage);
    setCancelled(true);
  };

  useEffect(() => {
    if (result?.kind !== 'success') return;
    // The new integration shows on every screen at once (dashboard tile, marketplaces, settings).
    void queryClient.invalidateQueries({ queryKey: MARKETPLACES_QUERY_ROOT });
    if (!result.answer.redirectToDashboard) return;
    void queryClient.invalidateQueries({ queryKey: MERCHANTS_QUERY_KEY });
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), OAUTH_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, queryClient, navigate]);

  const name = marketplaceName(decision.kind === 'exchange' ? decision.marketplace : undefined);
  let body: ReactNode;
  let state: string;
  if (decision.kind === 'denied' || decision.kind === 'missing' || decision.kind === 'expired' || result?.kind === 'error') {
    state = 'error';
    const message =
      decision.kind === 'denied'
        ? t.callback.denied(decision.error)
        : decision.kind === 'missing'
          ? t.callback.missing
          : decision.kind === 'expired'
            ? t.callback.expired
            : (result as { message: string }).message;
    body = (
      <Outcome icon={<XCircle className="h-10 w-10 text-destructive" aria-hidden />} title={t.callback.errorTitle} text={message} alert>
        <BackButton />
      </Outcome>
    );
  } else if (cancelled) {
    state = 'cancelled';
    body = (
      <Outcome icon={<XCircle className="h-10 w-10 text-muted-foreground" aria-hidden />} title={t.callback.cancelledTitle} text={t.callback.cancelledText(name)}>
        <BackButton />
      </Outcome>
    );
  } else if (mustConfirm) {
    state = 'confirm';
    body = (
      <Outcome icon={<ShieldAlert className="h-10 w-10 text-amber-600" aria-hidden />} title={t.callback.confirmTitle(name)} text={t.callback.confirmText(name)} alert>
        <Button className="w-full" data-testid="callback-confirm" onClick={() => setConfirmed(true)}>
          {t.callback.confirm}
        </Button>
        <Button variant="outline" className="w-full" data-testid="callback-cancel" onClick={cancel}>
          {t.callback.cancel}
        </Button>
      </Outcome>
    );
  } else if (!merchantId) {
    state = 'no-merchant';
    const selection: MerchantSelectionState = { from: MARKETPLACE_CALLBACK_PATH, autoSelect: true };
    body = (
      <Outcome icon={<Store className="h-10 w-10 text-muted-foreground" aria-hidden />} title={t.callback.noMerchantTitle} text={t.callback.noMerchantText(name)}>
        <Link to="/merchant-selection" state={selection} className={buttonVariants({ className: 'w-full' })} data-testid="callback-choose-merchant">
          {t.callback.chooseMerchant}
        </Link>
      </Outcome>
    );
  } else if (result?.kind === 'success') {
    state = 'success';
    body = (
      <Outcome icon={<CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />} title={t.callback.successTitle} text={t.callback.successText(name, result.answer.integration?.username ?? null)}>
        {result.answer.redirectToDashboard ? (
          <p className="text-sm text-muted-foreground" data-testid="callback-redirecting">
            {t.callback.redirecting}
          </p>
        ) : null}
        <BackButton />
      </Outcome>
    );
  } else {
    state = 'processing';
    body = (
      <Outcome icon={<Spinner className="h-10 w-10 text-primary" />} title={t.callback.processingTitle} text={t.callback.processingText(name)} />
    );
  }

  return (
    <AuthFrame>
      <Card data-testid="callback-page" data-state={state}>
        {body}
      </Card>
    </AuthFrame>
  );
}

function BackButton() {
  return (
    <Link to="/dashboard" className={buttonVariants({ variant: 'outline', className: 'w-full' })} data-testid="callback-back">
      {t.callback.back}
    </Link>
  );
}

function Outcome({ icon, title, text, alert, children }: { icon: ReactNode; title: string; text: string; alert?: boolean; children?: ReactNode }) {
  return (
    <>
      <CardHeader className="items-center text-center">
        {icon}
        <CardTitle className="text-2xl" data-testid="callback-title">
          {title}
        </CardTitle>
        <CardDescription data-testid="callback-message" role={alert ? 'alert' : undefined} className="[overflow-wrap:anywhere]">
          {text}
        </CardDescription>
      </CardHeader>
      {children ? <CardContent className="grid gap-3 text-center">{children}</CardContent> : null}
    </>
  );
}
