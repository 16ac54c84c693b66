import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Plus, Truck } from 'lucide-react';
import type { CarrierIntegrationJson } from '@smista/contracts';
import { Badge, buttonVariants, cn, LoadFailed, Loading, NoMerchant, useSelectedMerchant } from '@smista/ui-kit';
import { t } from '../messages';
import { useMerchantAccess } from '../team/team-api';
import { carrierManagePath, carrierStatusLabel } from './carrier-status';
import { useCarrierIntegrations } from './carriers-api';
import { IntegrationsCard } from './integrations-card';
import { MarketplacePanel } from './marketplace-panel';

const CARRIERS_PATH = '/carriers';

/**
 * /dashboard/settings/carriers (spec §2 "Carriers tab"): the merchant's carrier integrations with
 * 'Gestisci' to their setup page, and the panel of marketplace integrations ('Gestisci' to their
 * detail page, 'Aggiorna' for a new token; empty, it points to the Marketplaces page).
 */
export function CarriersTab() {
  const merchant = useSelectedMerchant();
  if (!merchant) return <NoMerchant title={t.noMerchantTitle} text={t.carriers.noMerchant} testId="carriers-no-merchant" />;
  return <CarriersPanel key={merchant.id} merchantId={merchant.id} />;
}

function CarriersPanel({ merchantId }: { merchantId: string }) {
  const { isAdmin } = useMerchantAccess();
  const integrations = useCarrierIntegrations(merchantId);

  let body;
  if (integrations.isPending) body = <Loading />;
  else if (integrations.isError) body = <LoadFailed title={t.carriers.loadFailed} onRetry={() => void integrations.refetch()} />;
  else if (integrations.data.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-8 text-center" data-testid="carriers-empty">
        <Truck className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t.carriers.empty}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{t.carriers.emptyHint}</p>
        <Link to={CARRIERS_PATH} className={buttonVariants()} data-testid="carriers-empty-link">
          <Plus aria-hidden />
          {t.carriers.connect}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-3" data-testid="carrier-integrations">
        {integrations.data.map((integration) => (
          <CarrierIntegrationRow key={integration.id} integration={integration} isAdmin={isAdmin} />
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-6" data-testid="carriers-tab">
      <IntegrationsCard
        title={t.carriers.title}
        description={t.carriers.description}
        link={integrations.data && integrations.data.length > 0 ? { to: CARRIERS_PATH, label: t.carriers.manageAll, testId: 'carriers-manage-all' } : null}
      >
        {body}
      </IntegrationsCard>

      <MarketplacePanel merchantId={merchantId} isAdmin={isAdmin} />
    </div>
  );
}

/** Logo, carrier name, connection name, 'Connesso e attivo' or 'Configurato', and 'Gestisci'. */
function CarrierIntegrationRow({ integration, isAdmin }: { integration: CarrierIntegrationJson; isAdmin: boolean }) {
  const active = integration.status === 'active';
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row sm:items-center"
      data-testid="carrier-integration-row"
      data-id={integration.id}
      data-provider={integration.provider}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <CarrierLogo name={integration.carrierName} logoUrl={integration.logoUrl} />
        <div className="grid min-w-0">
          <span className="truncate font-medium" data-testid="carrier-integration-name">
            {integration.carrierName}
          </span>
          <span className="truncate text-sm text-muted-foreground" data-testid="carrier-integration-connection">
            {integration.connectionName}
          </span>
        </div>
      </div>
      <div className="flex items-center justify-between gap-2 sm:justify-end">
        <div className="flex flex-wrap gap-1">
          <Badge variant={active ? 'success' : 'warning'} data-testid="carrier-integration-status">
            {carrierStatusLabel(integration.status)}
          </Badge>
          {integration.active ? null : (
            <Badge variant="secondary" data-testid="carrier-integration-disabled">
              {t.carriers.disabled}
            </Badge>
          )}
        </div>
        <Link to={carrierManagePath(integration)} className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="carrier-integration-manage">
          {isAdmin ? t.carriers.manage : t.carriers.view}
        </Link>
      </div>
    </li>
  );
}

/** The carrier's logo in a fixed box (a truck if the image fails). */
function CarrierLogo({ name, logoUrl }: { name: string; logoUrl: string }) {
  const [failed, setFailed] = useState(false);
  const image = Boolean(logoUrl) && !failed;
  return (
    // The artwork is a badge of its own; only the fallback gets a frame.
    <span className={cn('flex h-10 w-24 shrink-0 items-center justify-center overflow-hidden rounded-md', !image && 'border border-border bg-muted')}>
      {image ? (
        <img src={logoUrl} alt={t.carriers.logoAlt(name)} className="h-full w-full object-contain" onError={() => setFailed(true)} />
      ) : (
        <Truck className="h-5 w-5 text-muted-foreground" aria-label={t.carriers.logoAlt(name)} />
      )}
    </span>
  );
}
