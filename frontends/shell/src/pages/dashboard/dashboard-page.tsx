import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Activity, ArrowRight, Bell, Package, Store } from 'lucide-react';
import { activityMessages as am, type OrderPageJson } from '@smista/contracts';
import { apiRequest, displayNameOf, shouldRetryIntegration, toast, ApiError, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, INTEGRATION_RETRY_DELAY_MS, type ApiFetchOptions } from '@smista/ui-kit';
import { toShipError, toShipValue } from './to-ship-tile';
import { activeMarketplaces, fetchMarketplaceIntegrations, marketplaceIntegrationsKey } from '../../lib/marketplace-integrations';
import { relativeTime, TILE_NOTIFICATIONS, useActivity, useMarkRead, useNotifications } from '../../lib/notifications';
import { AUTO_SELECT_STATE } from '../../lib/redirects';
import { useCurrentUser, useSelectedMerchant } from '../../lib/session';
import { t } from '../../messages';

/** Spec §9: no-merchant redirect delay and order-count polling. */
export const NO_MERCHANT_REDIRECT_MS = 100;
export const TO_SHIP_POLL_MS = 30_000;
/**
 * `GET /api/orders?status=TO_SHIP&pageSize=1&_t=…` → `meta.totalItems` (spec §7). A failure toasts
 * 'Errore nel recupero degli ordini: {status} {body}' (§8) and fails the query, so the tile says so
 * instead of showing a 0 that would look real.
 */
export async function fetchToShipCount(options: Pick<ApiFetchOptions, 'signal'> = {}): Promise<number> {
  const res = await apiRequest(`/api/orders?status=TO_SHIP&pageSize=1&_t=${Date.now()}`, options);
  if (!res.ok) {
    const body = (await res.text().catch(() => '')).slice(0, 300);
    toast({ title: t.common.error, description: t.dashboard.ordersCountFailed(res.status, body), variant: 'destructive' });
    throw new ApiError(res.status, body);
  }
  const json = (await res.json().catch(() => null)) as Partial<OrderPageJson> | null;
  return Number(json?.meta?.totalItems ?? 0) || 0;
}

/**
 * /dashboard (spec §2, made true by issue 11): welcome card, three tiles (orders to ship, active
 * marketplaces, the user's unread notifications with the newest few) and the recent activity,
 * all from the merchant's own data: a new merchant sees empty states, never a sample.
 */
export function DashboardPage() {
  const navigate = useNavigate();
  const merchant = useSelectedMerchant();
  const { data: user } = useCurrentUser();

  useEffect(() => {
    if (merchant) return;
    const timer = setTimeout(() => navigate('/merchant-selection', { replace: true, state: AUTO_SELECT_STATE }), NO_MERCHANT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [merchant, navigate]);

  const toShip = useQuery({
    queryKey: ['/api/orders', 'to-ship-count', merchant?.id],
    queryFn: ({ signal }) => fetchToShipCount({ signal }),
    refetchInterval: TO_SHIP_POLL_MS,
    staleTime: 0,
    refetchOnMount: 'always',
    enabled: Boolean(merchant),
  });

  // The integrations remote's cache entry of the merchant's marketplace integrations.
  const marketplaces = useQuery({
    queryKey: marketplaceIntegrationsKey(merchant?.id ?? ''),
    queryFn: ({ signal }) => fetchMarketplaceIntegrations(signal),
    enabled: Boolean(merchant),
    retry: shouldRetryIntegration,
    retryDelay: INTEGRATION_RETRY_DELAY_MS,
  });
  const active = activeMarketplaces(marketplaces.data ?? []);
  const notifications = useNotifications(merchant?.id);
  const markRead = useMarkRead(merchant?.id);
  const activity = useActivity(merchant?.id);
  const unread = notifications.data?.unreadCount;
  const newest = (notifications.data?.notifications ?? []).slice(0, TILE_NOTIFICATIONS);

  const name = displayNameOf(user);
  return (
    <div className="grid gap-6">
      <Card className="bg-gradient-to-r from-primary to-blue-500 text-primary-foreground" data-testid="welcome-card">
        <CardHeader>
          <CardTitle className="text-2xl">{name ? t.dashboard.welcomeName(name) : t.dashboard.welcome}</CardTitle>
          <CardDescription className="text-primary-foreground/85">{t.dashboard.welcomeText}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="secondary" onClick={() => navigate('/dashboard/orders')}>
            {t.dashboard.start}
            <ArrowRight aria-hidden />
          </Button>
        </CardContent>
      </Card>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Tile
          icon={<Package className="h-5 w-5" aria-hidden />}
          title={t.dashboard.toShip}
          value={toShipValue(toShip)}
          hint={toShip.error ? toShipError(toShip.error) : t.dashboard.toShipHint}
          failed={Boolean(toShip.error) && toShip.data === undefined}
          testId="tile-to-ship"
        />
        <Tile
          icon={<Store className="h-5 w-5" aria-hidden />}
          title={t.dashboard.activeMarketplaces}
          value={active.count}
          hint={active.names.length > 0 ? active.names.join(', ') : t.dashboard.activeMarketplacesNone}
          testId="tile-marketplaces"
          link={{ to: '/dashboard/marketplaces', label: t.dashboard.activeMarketplacesManage }}
        />
        <Tile
          icon={<Bell className="h-5 w-5" aria-hidden />}
          title={t.dashboard.notifications}
          value={unread === undefined ? '—' : unread}
          hint={
            notifications.isError && unread === undefined
              ? am.notificationsFailed
              : unread === undefined
                ? t.dashboard.notificationsHint
                : newest.length === 0
                  ? am.noNotifications
                  : unread > 0
                    ? am.unread(unread)
                    : am.allRead
          }
          failed={notifications.isError && unread === undefined}
          testId="tile-notifications"
        >
          {newest.length > 0 ? (
            <ul className="mt-2 grid gap-1.5" data-testid="tile-notifications-list">
              {newest.map((n) => (
                <li key={n.id} className="min-w-0">
                  <Link
                    to={n.link}
                    onClick={() => (n.read ? undefined : markRead.mutate(n.id))}
                    className="flex min-w-0 items-start gap-1.5 text-xs text-primary hover:underline"
                    data-testid="tile-notification"
                    data-read={n.read ? 'true' : 'false'}
                    title={n.text}
                  >
                    {!n.read ? <span className="mt-1 h-1.5 w-1.5 shrink-0 rounded-full bg-destructive" aria-label={am.unreadMarker} /> : null}
                    <span className={n.read ? '' : 'font-semibold'}>{n.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </Tile>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Activity className="h-5 w-5" aria-hidden />
            {t.dashboard.recentActivity}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {activity.data && activity.data.length > 0 ? (
            <ul className="divide-y divide-border" data-testid="activity-list">
              {activity.data.map((a) => (
                <li key={a.id} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4" data-testid="activity-item" data-kind={a.kind}>
                  <span className="text-sm">{a.text}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{relativeTime(a.occurredAt)}</span>
                </li>
              ))}
            </ul>
          ) : activity.isError ? (
            <p className="text-sm text-destructive" role="alert" data-testid="activity-failed">
              {am.activityFailed}
            </p>
          ) : activity.data ? (
            <div className="grid gap-1 py-2" data-testid="activity-empty">
              <p className="text-sm font-medium">{am.noActivity}</p>
              <p className="text-xs text-muted-foreground">{am.noActivityHint}</p>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">…</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Tile({
  icon,
  title,
  value,
  hint,
  testId,
  link,
  failed = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  value: number | string;
  hint: string;
  testId: string;
  link?: { to: string; label: string };
  failed?: boolean;
  /** More below the hint (the notifications tile's newest ones). */
  children?: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex items-start justify-between gap-4 p-6">
        <div className="grid min-w-0 gap-1">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          <p className="text-3xl font-semibold" data-testid={`${testId}-value`}>
            {value}
          </p>
          <p className={failed ? 'text-xs text-destructive' : 'truncate text-xs text-muted-foreground'} data-testid={`${testId}-hint`} role={failed ? 'alert' : undefined}>
            {hint}
          </p>
          {link ? (
            <Link to={link.to} className="text-xs font-medium text-primary hover:underline" data-testid={`${testId}-link`}>
              {link.label}
            </Link>
          ) : null}
          {children}
        </div>
        <span className="rounded-lg bg-primary/10 p-2 text-primary">{icon}</span>
      </CardContent>
    </Card>
  );
}
