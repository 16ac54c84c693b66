import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AlertTriangle, ArrowRight, RefreshCw, Store } from 'lucide-react';
import type { MarketplaceIntegrationJson, MarketplaceJson } from '@smista/contracts';
import { Badge, Button, buttonVariants, cn, errorMessageFrom, LoadFailed, Loading, toast } from '@smista/ui-kit';
import { format } from 'date-fns';
import { t } from '../messages';
import { IntegrationsCard } from './integrations-card';
import { canRefreshToken, marketplaceManagePath, useMarketplaceIntegrations, useMarketplaces, useRefreshMarketplaceToken } from './marketplace-integrations-api';

const MARKETPLACES_PATH = '/dashboard/marketplaces';

const dateTime = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? format(date, 'dd/MM/yyyy HH:mm') : null;
};

/**
 * The carriers tab's panel of marketplace-type integrations (spec §2): each with its logo, name,
 * account, Attivo/Inattivo, the refresh token's expiry and the service's warning, 'Gestisci' (its
 * detail page) and, for admins, 'Aggiorna' (a new access token). Empty, it points to the
 * Marketplaces page.
 */
export function MarketplacePanel({ merchantId, isAdmin }: { merchantId: string; isAdmin: boolean }) {
  const integrations = useMarketplaceIntegrations(merchantId);
  const catalogue = useMarketplaces();
  const refresh = useRefreshMarketplaceToken(merchantId);

  const refreshToken = (integration: MarketplaceIntegrationJson) => {
    const marketplace = catalogue.data?.find((m) => m.identifier === integration.provider);
    if (!canRefreshToken(marketplace)) {
      toast({ title: t.carriers.marketplacesNotSupportedTitle, description: t.carriers.marketplacesRefreshNotSupported, variant: 'destructive' });
      return;
    }
    refresh.mutate(integration.id, {
      onSuccess: (saved) => {
        const expiry = dateTime(saved?.accessTokenExpiresAt);
        toast({ title: t.carriers.marketplacesTokenRefreshed, description: expiry ? t.carriers.marketplacesTokenRefreshedText(expiry) : undefined });
      },
      onError: (error) =>
        toast({ title: t.error, description: errorMessageFrom(error) ?? t.carriers.marketplacesRefreshFailed, variant: 'destructive' }),
    });
  };

  let body;
  if (integrations.isPending) body = <Loading />;
  else if (integrations.isError) body = <LoadFailed title={t.carriers.marketplacesLoadFailed} onRetry={() => void integrations.refetch()} />;
  else if (integrations.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="marketplace-integrations-empty">
        <Store className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t.carriers.marketplacesEmpty}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{t.carriers.marketplacesEmptyHint}</p>
        <Link to={MARKETPLACES_PATH} className={buttonVariants({ variant: 'outline' })}>
          {t.carriers.marketplacesLink}
          <ArrowRight aria-hidden />
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-3" data-testid="marketplace-integration-list">
        {integrations.data.map((integration) => (
          <MarketplaceRow
            key={integration.id}
            integration={integration}
            marketplace={catalogue.data?.find((m) => m.identifier === integration.provider)}
            isAdmin={isAdmin}
            refreshing={refresh.isPending && refresh.variables === integration.id}
            onRefresh={() => refreshToken(integration)}
          />
        ))}
      </ul>
    );
  }

  return (
    <IntegrationsCard
      title={t.carriers.marketplacesTitle}
      description={t.carriers.marketplacesDescription}
      link={integrations.data && integrations.data.length > 0 ? { to: MARKETPLACES_PATH, label: t.carriers.marketplacesLink, testId: 'marketplace-integrations-all' } : null}
      testId="marketplace-integrations"
    >
      {body}
    </IntegrationsCard>
  );
}

function MarketplaceRow({
  integration,
  marketplace,
  isAdmin,
  refreshing,
  onRefresh,
}: {
  integration: MarketplaceIntegrationJson;
  marketplace: MarketplaceJson | undefined;
  isAdmin: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const name = integration.marketplaceName || marketplace?.name || integration.provider;
  const expiry = integration.refreshTokenExpiresAt ? new Date(integration.refreshTokenExpiresAt) : null;
  const valid = expiry !== null && expiry.getTime() > Date.now();
  return (
    <li
      className="grid gap-3 rounded-lg border border-border p-3"
      data-testid="marketplace-integration-row"
      data-id={integration.id}
      data-provider={integration.provider}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <MarketplaceLogo name={name} logoUrl={integration.logoUrl || marketplace?.logoUrl} />
          <div className="grid min-w-0">
            <span className="truncate font-medium" data-testid="marketplace-integration-name">
              {name}
            </span>
            {integration.username ? <span className="truncate text-sm text-muted-foreground">{integration.username}</span> : null}
            <span className="text-xs text-muted-foreground" data-testid="marketplace-integration-expiry">
              {valid ? t.carriers.marketplacesTokenExpiry(dateTime(integration.refreshTokenExpiresAt)!) : t.carriers.marketplacesTokenExpired}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 sm:justify-end">
          <Badge variant={integration.active ? 'success' : 'secondary'} data-testid="marketplace-integration-active">
            {integration.active ? t.carriers.marketplacesActive : t.carriers.marketplacesInactive}
          </Badge>
          <div className="flex gap-2">
            {isAdmin ? (
              <Button
                variant="outline"
                size="sm"
                onClick={onRefresh}
                disabled={refreshing}
                aria-label={t.carriers.marketplacesRefreshLabel(name)}
                data-testid="marketplace-integration-refresh"
              >
                <RefreshCw aria-hidden className={refreshing ? 'animate-spin' : undefined} />
                {refreshing ? t.carriers.marketplacesRefreshing : t.carriers.marketplacesRefresh}
              </Button>
            ) : null}
            <Link to={marketplaceManagePath(integration.id)} className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="marketplace-integration-manage">
              {t.carriers.marketplacesManage}
            </Link>
          </div>
        </div>
      </div>
      {integration.tokenWarning ? (
        <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="alert" data-testid="marketplace-integration-warning">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {integration.tokenWarning}
        </p>
      ) : null}
    </li>
  );
}

/** The marketplace's logo in a fixed box (a shop icon if there is none or it fails). */
function MarketplaceLogo({ name, logoUrl }: { name: string; logoUrl: string | undefined }) {
  const [failed, setFailed] = useState(false);
  const image = Boolean(logoUrl) && !failed;
  return (
    <span className={cn('flex h-10 w-20 shrink-0 items-center justify-center overflow-hidden rounded-md', !image && 'border border-border bg-muted')}>
      {image ? (
        <img src={logoUrl} alt={t.carriers.logoAlt(name)} className="h-full w-full object-contain" onError={() => setFailed(true)} />
      ) : (
        <Store className="h-5 w-5 text-muted-foreground" aria-label={t.carriers.logoAlt(name)} />
      )}
    </span>
  );
}
