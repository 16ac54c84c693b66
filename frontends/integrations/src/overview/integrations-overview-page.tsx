import { Link } from 'react-router-dom';
import { AlertTriangle, ArrowRight, ChevronRight, Store, Truck } from 'lucide-react';
import { Badge, buttonVariants, Card, CardContent, CardDescription, CardHeader, CardTitle, LoadFailed, Loading, NoMerchant } from '@smista/ui-kit';
import { useMerchantAccess } from '../access';
import { useCarrierIntegrations } from '../carriers/carriers-api';
import { IntegrationStatusBadge } from '../carriers/status-badge';
import { CarrierLogo } from '../components/carrier-logo';
import { MarketplaceLogo } from '../components/marketplace-logo';
import { useMarketplaceIntegrations } from '../marketplaces/marketplaces-api';
import { t } from '../messages';
import { CARRIERS_PATH, MARKETPLACES_PATH, carrierSetupPath, integrationDetailPath } from '../paths';

/**
 * /dashboard/integrations (spec §2): links to marketplace management (/dashboard/marketplaces) and
 * carrier management (/carriers), and the lists of the merchant's marketplace and carrier
 * integrations, each entry a link to its own page.
 */
export function IntegrationsOverviewPage() {
  const { merchant } = useMerchantAccess();
  return (
    <div className="grid min-w-0 gap-6" data-testid="integrations-overview">
      <div>
        <h1 className="text-2xl font-semibold">{t.overview.title}</h1>
        <p className="text-sm text-muted-foreground">{t.overview.subtitle}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card data-testid="overview-carriers">
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1.5">
              <CardTitle className="flex items-center gap-2">
                <Truck className="h-5 w-5" aria-hidden />
                {t.overview.carriersTitle}
              </CardTitle>
              <CardDescription>{t.overview.carriersDescription}</CardDescription>
            </div>
            <Link to={CARRIERS_PATH} className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="overview-carriers-link">
              {t.overview.carriersManage}
              <ArrowRight aria-hidden />
            </Link>
          </CardHeader>
          <CardContent>{merchant ? <CarrierIntegrationList key={merchant.id} merchantId={merchant.id} /> : <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />}</CardContent>
        </Card>
        <Card data-testid="overview-marketplaces">
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1.5">
              <CardTitle className="flex items-center gap-2">
                <Store className="h-5 w-5" aria-hidden />
                {t.overview.marketplacesTitle}
              </CardTitle>
              <CardDescription>{t.overview.marketplacesDescription}</CardDescription>
            </div>
            <Link to={MARKETPLACES_PATH} className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="overview-marketplaces-link">
              {t.overview.marketplacesManage}
              <ArrowRight aria-hidden />
            </Link>
          </CardHeader>
          <CardContent>{merchant ? <MarketplaceIntegrationList key={merchant.id} merchantId={merchant.id} /> : <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />}</CardContent>
        </Card>
      </div>
    </div>
  );
}

function CarrierIntegrationList({ merchantId }: { merchantId: string }) {
  const integrations = useCarrierIntegrations(merchantId);
  if (integrations.isPending) return <Loading />;
  if (integrations.isError) return <LoadFailed title={t.overview.carriersLoadFailed} onRetry={() => void integrations.refetch()} />;
  if (integrations.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center" data-testid="overview-carriers-empty">
        <p className="text-sm text-muted-foreground">{t.overview.carriersEmpty}</p>
        <Link to={CARRIERS_PATH} className={buttonVariants({ size: 'sm' })}>
          {t.overview.carriersManage}
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-2">
      {integrations.data.map((integration) => (
        <li key={integration.id}>
          <Link
            to={carrierSetupPath(integration.provider, { mode: 'edit', integrationId: String(integration.id) })}
            className="flex items-center gap-3 rounded-md border border-border p-3 transition-colors hover:bg-accent"
            data-testid="overview-carrier-integration"
            data-id={integration.id}
          >
            <CarrierLogo name={integration.carrierName} logoUrl={integration.logoUrl} size="sm" />
            <span className="grid min-w-0 flex-1">
              <span className="truncate font-medium">{integration.connectionName}</span>
              <span className="truncate text-xs text-muted-foreground">{integration.carrierName}</span>
            </span>
            <IntegrationStatusBadge integration={integration} />
            <ChevronRight className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function MarketplaceIntegrationList({ merchantId }: { merchantId: string }) {
  const integrations = useMarketplaceIntegrations(merchantId);
  if (integrations.isPending) return <Loading />;
  if (integrations.isError) {
    return <LoadFailed title={t.overview.marketplacesLoadFailed} onRetry={() => void integrations.refetch()} testId="overview-marketplaces-load-failed" />;
  }
  if (integrations.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center" data-testid="overview-marketplaces-empty">
        <p className="text-sm text-muted-foreground">{t.overview.marketplacesEmpty}</p>
        <Link to={MARKETPLACES_PATH} className={buttonVariants({ size: 'sm' })}>
          {t.overview.marketplacesConnect}
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-2">
      {integrations.data.map((integration) => (
        <li key={integration.id}>
          <Link
            to={integrationDetailPath(integration.id)}
            className="flex items-center gap-3 rounded-md border border-border p-3 transition-colors hover:bg-accent"
            data-testid="overview-marketplace-integration"
            data-id={integration.id}
          >
            <MarketplaceLogo name={integration.marketplaceName} logoUrl={integration.logoUrl} size="sm" />
            <span className="grid min-w-0 flex-1">
              <span className="truncate font-medium">{integration.marketplaceName || integration.provider}</span>
              {integration.username ? <span className="truncate text-xs text-muted-foreground">{integration.username}</span> : null}
            </span>
            {integration.tokenWarning ? (
              <AlertTriangle className="h-4 w-4 shrink-0 text-amber-600" aria-label={integration.tokenWarning} data-testid="overview-marketplace-warning" />
            ) : null}
            <Badge variant={integration.active ? 'success' : 'secondary'} className="whitespace-nowrap" data-testid="overview-marketplace-active">
              {integration.active ? t.marketplaces.active : t.marketplaces.inactive}
            </Badge>
            <ChevronRight className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
