import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronRight, LogOut, Plus, Store } from 'lucide-react';
import { limits } from '@smista/contracts';
import {
  apiFetch,
  errorMessageFrom,
  initialOf,
  toast,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Input,
  Label,
  Spinner,
  MERCHANTS_QUERY_KEY,
} from '@smista/ui-kit';
import { LoadingOverlay } from '../../components/full-page-spinner';
import { Logo } from '../../components/logo';
import { membershipPollInterval, MEMBERSHIP_POLL_TIMEOUT_MS } from '../../lib/invite-membership';
import { activateMerchant, resetMerchantScopedQueries } from '../../lib/merchant-activation';
import { clearSelectedMerchant, resolveSelectedMerchant, type MerchantListItem } from '@smista/ui-kit';
import { postSelectionDestination, shouldAutoSelect, type MerchantSelectionState } from '../../lib/redirects';
import { capitalisedRole } from '../../lib/roles';
import { useCurrentUser, useLogout, useSelectedMerchantRaw } from '../../lib/session';
import { t } from '../../messages';

export { MERCHANTS_QUERY_KEY };
/** Spec §9: post-selection redirect delay. */
export const POST_SELECTION_DELAY_MS = 800;

/** /merchant-selection (spec §2). */
export function MerchantSelectionPage() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const storedRaw = useSelectedMerchantRaw();
  const [redirecting, setRedirecting] = useState(false);
  const autoChecked = useRef(false);
  const state = location.state as MerchantSelectionState | null;

  // After registering with an invite token the membership arrives a moment later: poll the
  // list every second while it is empty, for at most 15 s, before showing the empty state.
  const awaiting = state?.awaitInviteMembership === true;
  const [deadlinePassed, setDeadlinePassed] = useState(!awaiting);
  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => setDeadlinePassed(true), MEMBERSHIP_POLL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [awaiting]);

  const merchants = useQuery<MerchantListItem[]>({
    queryKey: MERCHANTS_QUERY_KEY,
    enabled: Boolean(user),
    refetchInterval: (query) => membershipPollInterval({ awaiting, deadlinePassed, listLength: query.state.data?.length ?? 0 }),
  });
  const list = merchants.data ?? [];
  // A merchant that requires SSO cannot be entered from a session opened with a password (issue 24).
  const blocked = (m: MerchantListItem) => m.ssoRequired === true && user?.signedInWithSso !== true;
  const highlighted = resolveSelectedMerchant(list, storedRaw);
  const waitingForMembership =
    membershipPollInterval({ awaiting, deadlinePassed, listLength: list.length }) !== false && !merchants.isError;

  const select = async (merchant: MerchantListItem, auto = false) => {
    setRedirecting(true);
    const ok = await activateMerchant(merchant);
    if (!ok && auto) {
      // Spec §2: a failed automatic selection leaves the user on merchant selection.
      clearSelectedMerchant();
      setRedirecting(false);
      return;
    }
    resetMerchantScopedQueries(queryClient);
    setTimeout(() => navigate(postSelectionDestination(state?.from), { replace: true }), POST_SELECTION_DELAY_MS);
  };

  // Spec §2: exactly one merchant (once any wait for an invited membership is over) → selected
  // automatically, when the app sent the user here; a user who came to choose (or to create a
  // merchant) stays on the list.
  useEffect(() => {
    if (autoChecked.current || !merchants.isSuccess || waitingForMembership) return;
    autoChecked.current = true;
    if (shouldAutoSelect(state, merchants.data.length) && !blocked(merchants.data[0])) void select(merchants.data[0], true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [merchants.isSuccess, merchants.data, waitingForMembership]);

  return (
    <div className="min-h-screen bg-muted/40">
      {redirecting ? <LoadingOverlay /> : null}
      <header className="flex items-center justify-between border-b border-border bg-background px-4 py-3 sm:px-8">
        <Logo />
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-muted-foreground sm:inline">{user?.email}</span>
          <Button variant="outline" size="sm" onClick={() => void logout()}>
            <LogOut aria-hidden />
            {t.merchants.signOut}
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-xl gap-6 p-4 sm:p-8">
        <div>
          <h1 className="text-2xl font-semibold">{t.merchants.title}</h1>
          <p className="text-sm text-muted-foreground">{t.merchants.subtitle}</p>
        </div>

        <Card>
          <CardContent className="grid gap-2 p-4">
            {merchants.isPending ? (
              <div className="flex justify-center py-6">
                <Spinner label={t.common.loading} />
              </div>
            ) : waitingForMembership ? (
              <div className="flex justify-center py-6" data-testid="merchants-waiting">
                <Spinner label={t.merchants.waitingForInvite} />
              </div>
            ) : merchants.isError ? (
              <p className="py-4 text-center text-sm text-destructive">{t.merchants.loadFailed}</p>
            ) : list.length === 0 ? (
              <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground" data-testid="merchants-empty">
                <Store className="h-8 w-8" aria-hidden />
                {awaiting ? <span data-testid="invite-not-applied">{t.merchants.inviteNotApplied}</span> : t.merchants.empty}
              </div>
            ) : (
              <ul className="grid gap-2" data-testid="merchant-list">
                {list.map((m) => {
                  const ssoOnly = blocked(m);
                  // A merchant this session can no longer enter is not its current one, whatever was stored.
                  const isCurrent = highlighted?.id === m.id && !ssoOnly;
                  return (
                    <li key={m.id}>
                      <button
                        type="button"
                        onClick={() => void select(m)}
                        disabled={redirecting || ssoOnly}
                        aria-describedby={ssoOnly ? `sso-required-${m.id}` : undefined}
                        data-testid="merchant-option"
                        data-merchant-id={m.id}
                        className="flex w-full cursor-pointer items-center gap-3 rounded-lg border border-border bg-background p-3 text-left transition-colors hover:border-primary hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60"
                      >
                        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary" aria-hidden>
                          {initialOf(m.name)}
                        </span>
                        <span className="grid flex-1 gap-0.5">
                          <span className="font-medium">{m.name}</span>
                          <span className="text-xs text-muted-foreground">{capitalisedRole(m.role)}</span>
                          {ssoOnly ? (
                            <span id={`sso-required-${m.id}`} className="text-xs text-destructive" data-testid="merchant-sso-required">
                              {t.merchants.ssoRequired}
                            </span>
                          ) : null}
                        </span>
                        {isCurrent ? (
                          <Badge variant="secondary" className="gap-1">
                            <Check className="h-3 w-3" aria-hidden />
                            {t.merchants.current}
                          </Badge>
                        ) : null}
                        <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden />
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>

        <CreateMerchant />
      </main>
    </div>
  );
}

/** The inline 'Crea nuovo merchant' form (spec §2): whitespace-only names are not submitted. */
function CreateMerchant() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: (merchantName: string) =>
      apiFetch<{ id: string; name: string }>('/api/merchants', { method: 'POST', body: { name: merchantName } }),
    onSuccess: (merchant, merchantName) => {
      toast({ title: t.merchants.created, description: t.merchants.createdDescription(merchant?.name ?? merchantName) });
      setOpen(false);
      setName('');
      void queryClient.invalidateQueries({ queryKey: MERCHANTS_QUERY_KEY });
    },
    onError: (error) =>
      toast({
        title: t.merchants.createFailed,
        description: errorMessageFrom(error) ?? t.merchants.createFailedDefault,
        variant: 'destructive',
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || create.isPending) return;
    create.mutate(trimmed);
  };

  if (!open) {
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        {t.merchants.createOpen}
      </Button>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.merchants.createTitle}</CardTitle>
        <CardDescription>{t.merchants.createDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} data-testid="create-merchant-form">
          <div className="grid gap-2">
            <Label htmlFor="merchant-name">{t.merchants.nameLabel}</Label>
            <Input
              id="merchant-name"
              name="name"
              value={name}
              maxLength={limits.merchantNameMax}
              placeholder={t.merchants.namePlaceholder}
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" disabled={!name.trim() || create.isPending}>
              {create.isPending ? t.merchants.createPending : t.merchants.createSubmit}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setOpen(false);
                setName('');
              }}
            >
              {t.common.cancel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
