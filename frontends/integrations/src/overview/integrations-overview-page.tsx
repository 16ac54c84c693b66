import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, ArrowRight, ChevronRight, Store, Truck, type LucideIcon } from 'lucide-react';
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
  const list = (render: (merchantId: string) => ReactNode) => (merchant ? render(merchant.id) : <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />);
  return (
    <div className="grid min-w-0 gap-6" data-testid="integrations-overview">
      <div>
        <h1 className="text-2xl font-semibold">{t.overview.title}</h1>
        <p className="text-sm text-muted-foreground">{t.overview.subtitle}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <OverviewSection
          testId="overview-carriers"
          icon={Truck}
          title={t.overview.carriersTitle}
          description={t.overview.carriersDescription}
          manage={{ to: CARRIERS_PATH, label: t.overview.carriersManage }}
        >
          {list((merchantId) => (
            <CarrierIntegrationList key={merchantId} merchantId={merchantId} />
          ))}
        </OverviewSection>
        <OverviewSection
          testId="overview-marketplaces"
          icon={Store}
          title={t.overview.marketplacesTitle}
          description={t.overview.marketplacesDescription}
          manage={{ to: MARKETPLACES_PATH, label: t.overview.marketplacesManage }}
        >
          {list((merchantId) => (
            <MarketplaceIntegrationList key={merchantId} merchantId={merchantId} />
          ))}
        </OverviewSection>
      </div>
    </div>
  );
}

/** One half of the overview: title with its icon, description, the link to its management page, the list. */
function OverviewSection({
  testId,
  icon: Icon,
  title,
  description,
  manage,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  title: string;
  description: string;
  manage: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Icon className="h-5 w-5" aria-hidden />
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Link to={manage.to} className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid={`${testId}-link`}>
          {manage.label}
          <ArrowRight aria-hidden />
        </Link>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * A list of integrations: loading, a failure with a retry, an empty text with the way to add one,
 * or one row per integration, each a link to its own page.
 */
function IntegrationList<T extends { id: number }>({
  query,
  testId,
  loadFailed,
  loadFailedTestId,
  empty,
  rowTo,
  row,
}: {
  query: UseQueryResult<T[]>;
  /** `overview-carrier` → `overview-carriers-empty`, `overview-carrier-integration`. */
  testId: string;
  loadFailed: string;
  loadFailedTestId?: string;
  empty: { text: string; to: string; label: string };
  rowTo: (integration: T) => string;
  row: (integration: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailed title={loadFailed} onRetry={() => void query.refetch()} testId={loadFailedTestId} />;
  if (query.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center" data-testid={`${testId}s-empty`}>
        <p className="text-sm text-muted-foreground">{empty.text}</p>
        <Link to={empty.to} className={buttonVariants({ size: 'sm' })}>
          {empty.label}
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-2">
      {query.data.map((integration) => (
        <li key={integration.id}>
          <Link
            to={rowTo(integration)}
            className="flex items-center gap-3 rounded-md border border-border p-3 transition-colors hover:bg-accent"
            data-testid={`${testId}-integration`}
            data-id={integration.id}
          >
            {row(integration)}
            <ChevronRight className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CarrierIntegrationList({ merchantId }: { merchantId: string }) {
  return (
    <IntegrationList
      query={useCarrierIntegrations(merchantId)}
      testId="overview-carrier"
      loadFailed={t.overview.carriersLoadFailed}
      empty={{ text: t.overview.carriersEmpty, to: CARRIERS_PATH, label: t.overview.carriersManage }}
      rowTo={(integration) => carrierSetupPath(integration.provider, { mode: 'edit', integrationId: String(integration.id) })}
      row={(integration) => (
        <>
          <CarrierLogo name={integration.carrierName} logoUrl={integration.logoUrl} size="sm" />
          <span className="grid min-w-0 flex-1">
            <span className="truncate font-medium">{integration.connectionName}</span>
            <span className="truncate text-xs text-muted-foreground">{integration.carrierName}</span>
          </span>
          <IntegrationStatusBadge integration={integration} />
        </>
      )}
    />
  );
}

function MarketplaceIntegrationList({ merchantId }: { merchantId: string }) {
  return (
    <IntegrationList
      query={useMarketplaceIntegrations(merchantId)}
      testId="overview-marketplace"
      loadFailed={t.overview.marketplacesLoadFailed}
      loadFailedTestId="overview-marketplaces-load-failed"
      empty={{ text: t.overview.marketplacesEmpty, to: MARKETPLACES_PATH, label: t.overview.marketplacesConnect }}
      rowTo={(integration) => integrationDetailPath(integration.id)}
      row={(integration) => (
        <>
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
        </>
      )}
    />
  );
}
