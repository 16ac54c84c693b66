import { Link } from 'react-router-dom';
import { AlertTriangle, ChevronRight, Plus } from 'lucide-react';
import type { CarrierIntegrationJson, CarrierJson } from '@smista/contracts';
import { Badge, Button, buttonVariants, Card, CardContent, CardFooter, CardHeader, CardTitle, EmptyText, LoadFailed, Loading, NoMerchant } from '@smista/ui-kit';
import { useMerchantAccess } from '../access';
import { CarrierLogo } from '../components/carrier-logo';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { t } from '../messages';
import { carrierSetupPath } from '../paths';
import { useCarrierIntegrations, useCarriers } from './carriers-api';
import { IntegrationStatusBadge } from './status-badge';

/** /carriers: 'Gestione Corrieri' (spec §2), a card per carrier of the catalogue. */
export function CarriersPage() {
  const { merchant, isAdmin, role } = useMerchantAccess();
  return (
    <div className="grid min-w-0 gap-6" data-testid="carriers-page">
      <div>
        <h1 className="text-2xl font-semibold">{t.carriers.title}</h1>
        <p className="text-sm text-muted-foreground">{t.carriers.subtitle}</p>
      </div>
      {role === 'user' ? <ReadOnlyNotice /> : null}
      {merchant ? <CarrierGrid key={merchant.id} merchantId={merchant.id} isAdmin={isAdmin} /> : <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />}
    </div>
  );
}

function CarrierGrid({ merchantId, isAdmin }: { merchantId: string; isAdmin: boolean }) {
  const carriers = useCarriers();
  const integrations = useCarrierIntegrations(merchantId);

  if (carriers.isPending) return <Loading />;
  if (carriers.isError) return <LoadFailed title={t.carriers.loadFailed} onRetry={() => void carriers.refetch()} testId="carriers-load-failed" />;
  if (carriers.data.length === 0) return <EmptyText testId="carriers-empty">{t.carriers.empty}</EmptyText>;

  const byCarrier = new Map<string, CarrierIntegrationJson[]>();
  for (const integration of integrations.data ?? []) {
    byCarrier.set(integration.provider, [...(byCarrier.get(integration.provider) ?? []), integration]);
  }

  return (
    <div className="grid gap-4">
      {integrations.isError ? (
        <div
          className="flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
          role="alert"
          data-testid="integrations-load-failed"
        >
          <span className="flex items-center gap-2 text-destructive">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
            {t.carriers.integrationsLoadFailed}
          </span>
          <Button variant="outline" size="sm" onClick={() => void integrations.refetch()} className="self-start sm:self-auto">
            {t.retry}
          </Button>
        </div>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="carrier-grid">
        {carriers.data.map((carrier) => (
          <li key={carrier.code} className="min-w-0">
            <CarrierCard
              carrier={carrier}
              connections={integrations.isSuccess ? (byCarrier.get(carrier.code) ?? []) : null}
              isAdmin={isAdmin}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One carrier: logo, name, description; 'Non connessoo' when the merchant has no integration of
 * it, its connections otherwise (each a link to its setup page); 'Collega' for admins.
 * `connections` is null while the merchant's integrations are unknown (loading or failed).
 */
function CarrierCard({ carrier, connections, isAdmin }: { carrier: CarrierJson; connections: CarrierIntegrationJson[] | null; isAdmin: boolean }) {
  return (
    <Card className="flex h-full flex-col" data-testid="carrier-card" data-code={carrier.code}>
      <CardHeader className="gap-3">
        <div className="flex items-start justify-between gap-3">
          <CarrierLogo name={carrier.name} logoUrl={carrier.logoUrl} />
          {connections !== null && connections.length === 0 ? (
            <Badge variant="outline" className="whitespace-nowrap text-muted-foreground" data-testid="carrier-not-connected">
              {t.carriers.notConnected}
            </Badge>
          ) : null}
          {connections !== null && connections.length > 0 ? (
            <Badge variant="secondary" className="whitespace-nowrap" data-testid="carrier-connection-count">
              {t.carriers.connections(connections.length)}
            </Badge>
          ) : null}
        </div>
        <CardTitle className="text-base">{carrier.name}</CardTitle>
        <p className="text-sm text-muted-foreground">{carrier.description}</p>
      </CardHeader>
      {connections && connections.length > 0 ? (
        <CardContent className="flex-1">
          <ul className="grid gap-2" data-testid="carrier-connections">
            {connections.map((integration) => (
              <li key={integration.id}>
                <Link
                  to={carrierSetupPath(carrier.code, { mode: 'edit', integrationId: String(integration.id) })}
                  className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm transition-colors hover:bg-accent"
                  data-testid="carrier-connection"
                  data-id={integration.id}
                  aria-label={`${isAdmin ? t.carriers.manage : t.carriers.view}: ${integration.connectionName}`}
                >
                  <span className="min-w-0 truncate font-medium">{integration.connectionName}</span>
                  <span className="flex shrink-0 items-center gap-1">
                    <IntegrationStatusBadge integration={integration} />
                    <ChevronRight className="h-4 w-4 text-muted-foreground" aria-hidden />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      ) : (
        // Keeps the footers of a row of cards level.
        <div className="flex-1" />
      )}
      {isAdmin ? (
        <CardFooter>
          <Link
            to={carrierSetupPath(carrier.code)}
            className={buttonVariants({ variant: connections && connections.length > 0 ? 'outline' : 'default', className: 'w-full' })}
            data-testid="carrier-connect"
          >
            <Plus aria-hidden />
            {t.carriers.connect}
          </Link>
        </CardFooter>
      ) : null}
    </Card>
  );
}
