import { Link } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw, Settings2, Store, Trash2 } from 'lucide-react';
import type { MarketplaceIntegrationJson, MarketplaceJson } from '@smista/contracts';
import { Badge, Button, buttonVariants, Card, CardContent, Label, LoadFailed, Loading, Switch } from '@smista/ui-kit';
import { MarketplaceLogo } from '../components/marketplace-logo';
import { formatNumericDate, formatNumericDateTime } from '../format';
import { t } from '../messages';
import { integrationDetailPath } from '../paths';
import { RemoveIntegrationDialog, TokenWarning, useIntegrationActions, useRemoveTarget, type IntegrationActions } from './integration-actions';
import { useMarketplaces } from './marketplaces-api';
import { tokenStatusOf } from './marketplace-rules';

/**
 * The 'Integrati' tab (spec §2): one card per connected integration with its logo, name,
 * 'Connesso dal', Attivo/Inattivo, the masked refresh token, its expiry and Valido/Scaduto, the
 * service's token warning, the switch, 'Gestisci', 'Aggiorna token' and 'Elimina'; a reload button;
 * the empty state leads to the available tab.
 */
export function ConnectedIntegrations({
  merchantId,
  isAdmin,
  integrations,
  onShowAvailable,
}: {
  merchantId: string;
  isAdmin: boolean;
  integrations: UseQueryResult<MarketplaceIntegrationJson[]>;
  onShowAvailable: () => void;
}) {
  const actions = useIntegrationActions(merchantId);
  const remove = useRemoveTarget();
  // The catalogue says which marketplaces can refresh a token through OAuth (spec §5).
  const catalogue = useMarketplaces();
  const marketplaceOf = (integration: MarketplaceIntegrationJson) => catalogue.data?.find((m) => m.identifier === integration.provider);

  let body;
  if (integrations.isPending) body = <Loading />;
  else if (integrations.isError) {
    body = (
      <LoadFailed title={`${t.marketplaces.integrationsLoadFailed}. ${t.marketplaces.loadFailedHint}`} onRetry={() => void integrations.refetch()} testId="integrations-load-failed" />
    );
  } else if (integrations.data.length === 0) {
    body = (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center" data-testid="integrations-empty">
          <Store className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{t.marketplaces.empty}</p>
          <Button onClick={onShowAvailable} data-testid="integrations-empty-action">
            {t.marketplaces.emptyAction}
          </Button>
        </CardContent>
      </Card>
    );
  } else {
    body = (
      <ul className="grid gap-4" data-testid="integration-list">
        {integrations.data.map((integration) => (
          <li key={integration.id} className="min-w-0">
            <IntegrationCard
              integration={integration}
              marketplace={marketplaceOf(integration)}
              isAdmin={isAdmin}
              actions={actions}
              onRemove={() => remove.ask(integration)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" data-testid="integrations-count">
          {integrations.data ? t.marketplaces.connectedCount(integrations.data.length) : null}
        </p>
        <Button variant="outline" size="sm" onClick={() => void integrations.refetch()} disabled={integrations.isFetching} data-testid="integrations-reload">
          <RefreshCw aria-hidden className={integrations.isFetching ? 'animate-spin' : undefined} />
          {t.marketplaces.reload}
        </Button>
      </div>
      {body}
      <RemoveIntegrationDialog integration={remove.target} wording="delete" actions={actions} onClose={remove.close} />
    </div>
  );
}

function IntegrationCard({
  integration,
  marketplace,
  isAdmin,
  actions,
  onRemove,
}: {
  integration: MarketplaceIntegrationJson;
  marketplace: MarketplaceJson | undefined;
  isAdmin: boolean;
  actions: IntegrationActions;
  onRemove: () => void;
}) {
  const name = integration.marketplaceName || marketplace?.name || integration.provider;
  const tokenStatus = tokenStatusOf(integration.refreshTokenExpiresAt);
  const switchId = `integration-active-${integration.id}`;
  const refreshing = actions.isRefreshing(integration);
  return (
    <Card data-testid="integration-card" data-id={integration.id} data-provider={integration.provider}>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
          <MarketplaceLogo name={name} logoUrl={integration.logoUrl || marketplace?.logoUrl} />
          <div className="grid min-w-0 flex-1 basis-40 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-semibold" data-testid="integration-name">
                {name}
              </h3>
              <Badge variant={integration.active ? 'success' : 'secondary'} data-testid="integration-active-badge">
                {integration.active ? t.marketplaces.active : t.marketplaces.inactive}
              </Badge>
            </div>
            {integration.username ? (
              <p className="truncate text-sm" data-testid="integration-account">
                {t.marketplaces.account}: {integration.username}
              </p>
            ) : null}
            <p className="text-sm text-muted-foreground" data-testid="integration-connected-since">
              {t.marketplaces.connectedSince(formatNumericDate(integration.connectedAt ?? integration.createdAt))}
            </p>
          </div>
          {isAdmin ? (
            <div className="flex w-full items-center gap-2 sm:w-auto">
              <Switch
                id={switchId}
                checked={integration.active}
                onCheckedChange={(active) => actions.setActive(integration, active)}
                disabled={actions.isToggling(integration)}
                data-testid="integration-toggle"
              />
              <Label htmlFor={switchId}>{t.marketplaces.activeLabel}</Label>
            </div>
          ) : null}
        </div>

        <dl className="grid gap-3 rounded-md border border-border bg-muted/30 p-3 text-sm sm:grid-cols-3">
          <div className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">{t.marketplaces.refreshTokenLabel}</dt>
            <dd className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="integration-refresh-token">
              {integration.refreshTokenPreview || t.marketplaces.noDate}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{t.marketplaces.tokenExpiry}</dt>
            <dd data-testid="integration-token-expiry">{formatNumericDateTime(integration.refreshTokenExpiresAt) || t.marketplaces.noDate}</dd>
          </div>
          <div className="grid justify-items-start gap-0.5">
            <dt className="text-xs text-muted-foreground">{t.marketplaces.tokenStatus}</dt>
            <dd>
              <Badge variant={tokenStatus === 'valid' ? 'success' : 'destructive'} data-testid="integration-token-status" data-status={tokenStatus}>
                {tokenStatus === 'valid' ? t.marketplaces.tokenValid : t.marketplaces.tokenExpired}
              </Badge>
            </dd>
          </div>
        </dl>

        {integration.tokenWarning ? <TokenWarning>{integration.tokenWarning}</TokenWarning> : null}

        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <Link to={integrationDetailPath(integration.id)} className={buttonVariants({ variant: 'outline' })} data-testid="integration-manage">
            <Settings2 aria-hidden />
            {t.marketplaces.manage}
          </Link>
          {isAdmin ? (
            <>
              <Button variant="outline" onClick={() => actions.refreshToken(integration, marketplace)} disabled={refreshing} data-testid="integration-refresh">
                <RefreshCw aria-hidden className={refreshing ? 'animate-spin' : undefined} />
                {refreshing ? t.marketplaces.refreshingToken : t.marketplaces.refreshToken}
              </Button>
              <Button variant="outline" className="text-destructive hover:text-destructive" onClick={onRemove} data-testid="integration-delete">
                <Trash2 aria-hidden />
                {t.marketplaces.remove}
              </Button>
            </>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
