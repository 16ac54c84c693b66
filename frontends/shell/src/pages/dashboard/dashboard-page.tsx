import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { it } from 'date-fns/locale';
import { Activity, ArrowRight, Bell, Package, Store } from 'lucide-react';
import type { OrderPageJson } from '@smista/contracts';
import { apiRequest, displayNameOf, shouldRetryIntegration, toast, ApiError, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, INTEGRATION_RETRY_DELAY_MS, type ApiFetchOptions } from '@smista/ui-kit';
import { toShipError, toShipValue } from './to-ship-tile';
import { activeMarketplaces, fetchMarketplaceIntegrations, marketplaceIntegrationsKey } from '../../lib/marketplace-integrations';
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
 * /dashboard (spec §2): welcome card, three tiles (orders to ship and active marketplaces live, the
 * notifications a sample), recent activity.
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

  const activity = useMemo(
    () =>
      t.dashboard.sampleActivity.map((a) => ({
        text: a.text,
        when: formatDistanceToNow(new Date(Date.now() - a.minutesAgo * 60_000), { locale: it, addSuffix: true }),
      })),
    [],
  );

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
          value={t.layout.sampleNotifications.length}
          hint={t.dashboard.notificationsHint}
          testId="tile-notifications"
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Activity className="h-5 w-5" aria-hidden />
            {t.dashboard.recentActivity}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border">
            {activity.map((a) => (
              <li key={a.text} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-center sm:justify-between">
                <span className="text-sm">{a.text}</span>
                <span className="text-xs text-muted-foreground">{a.when}</span>
              </li>
            ))}
          </ul>
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
}: {
  icon: ReactNode;
  title: string;
  value: number | string;
  hint: string;
  testId: string;
  link?: { to: string; label: string };
  failed?: boolean;
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
        </div>
        <span className="rounded-lg bg-primary/10 p-2 text-primary">{icon}</span>
      </CardContent>
    </Card>
  );
}
