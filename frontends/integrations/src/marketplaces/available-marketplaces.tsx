import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { ExternalLink, Info, Plug, Plus, RefreshCw, Unplug } from 'lucide-react';
import type { MarketplaceIntegrationJson, MarketplaceJson } from '@smista/contracts';
import { Badge, Button, buttonVariants, Card, CardContent, CardFooter, CardHeader, CardTitle, EmptyText, LoadFailed, Loading, Switch, toast } from '@smista/ui-kit';
import { MarketplaceLogo } from '../components/marketplace-logo';
import { serverMessageOr } from '../errors';
import { t } from '../messages';
import { integrationDetailPath } from '../paths';
import { ConnectDialog } from './connect-dialog';
import { RemoveIntegrationDialog, TokenWarning, useIntegrationActions, useRemoveTarget, type IntegrationActions } from './integration-actions';
import { useMarketplaces, useStartOAuth } from './marketplaces-api';
import { asksStoreDomain, connectModeOf, integrationsOf } from './marketplace-rules';
import { StoreDomainDialog } from './store-domain-dialog';

/**
 * The 'Marketplace Disponibili' tab (spec §2): a card per marketplace of the catalogue with its
 * logo, name and description, 'Connetti' (through the marketplace's consent page; Shopify's after
 * the store's domain; the connect dialog only for a marketplace that connects from settings, none
 * of the catalogue today) and, for each account already connected, the active switch, 'Dettagli',
 * 'Aggiorna token' and 'Disconnetti'. A marketplace without an adapter would say 'Presto disponibile'.
 */
export function AvailableMarketplaces({
  merchantId,
  isAdmin,
  integrations,
}: {
  merchantId: string;
  isAdmin: boolean;
  integrations: UseQueryResult<MarketplaceIntegrationJson[]>;
}) {
  const catalogue = useMarketplaces();
  const actions = useIntegrationActions(merchantId);
  const remove = useRemoveTarget();
  const oauth = useStartOAuth();
  const [dialogFor, setDialogFor] = useState<MarketplaceJson | null>(null);
  const [storeDialogFor, setStoreDialogFor] = useState<MarketplaceJson | null>(null);

  if (catalogue.isPending) return <Loading />;
  if (catalogue.isError) {
    return <LoadFailed title={`${t.marketplaces.catalogueLoadFailed}. ${t.marketplaces.loadFailedHint}`} onRetry={() => void catalogue.refetch()} testId="catalogue-load-failed" />;
  }
  if (catalogue.data.length === 0) return <EmptyText testId="catalogue-empty">{t.marketplaces.catalogueEmpty}</EmptyText>;

  const connect = (marketplace: MarketplaceJson) => {
    if (connectModeOf(marketplace) === 'settings') {
      setDialogFor(marketplace);
      return;
    }
    if (asksStoreDomain(marketplace)) {
      setStoreDialogFor(marketplace);
      return;
    }
    oauth.mutate({ identifier: marketplace.identifier }, {
      onError: (error) =>
        toast({ title: t.marketplaces.integrationErrorTitle, description: serverMessageOr(error, t.marketplaces.connectFailed), variant: 'destructive' }),
    });
  };

  return (
    <div className="grid gap-4">
      {integrations.isError ? (
        <LoadFailed title={`${t.marketplaces.integrationsLoadFailed}. ${t.marketplaces.loadFailedHint}`} onRetry={() => void integrations.refetch()} testId="integrations-load-failed" />
      ) : null}
      <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" data-testid="marketplace-grid">
        {catalogue.data.map((marketplace) => (
          <li key={marketplace.identifier} className="min-w-0">
            <MarketplaceCard
              marketplace={marketplace}
              connections={integrations.isSuccess ? integrationsOf(integrations.data, marketplace.identifier) : null}
              isAdmin={isAdmin}
              actions={actions}
              redirecting={oauth.isPending && oauth.variables?.identifier === marketplace.identifier}
              onConnect={() => connect(marketplace)}
              onRemove={remove.ask}
            />
          </li>
        ))}
      </ul>
      {dialogFor ? <ConnectDialog marketplace={dialogFor} merchantId={merchantId} onClose={() => setDialogFor(null)} /> : null}
      {storeDialogFor ? <StoreDomainDialog marketplace={storeDialogFor} onClose={() => setStoreDialogFor(null)} /> : null}
      <RemoveIntegrationDialog integration={remove.target} wording="disconnect" actions={actions} onClose={remove.close} />
    </div>
  );
}

/**
 * One marketplace. `connections` is null while the merchant's integrations are unknown (loading or
 * failed): then neither 'Connesso' nor 'Non connesso' is claimed.
 */
function MarketplaceCard({
  marketplace,
  connections,
  isAdmin,
  actions,
  redirecting,
  onConnect,
  onRemove,
}: {
  marketplace: MarketplaceJson;
  connections: MarketplaceIntegrationJson[] | null;
  isAdmin: boolean;
  actions: IntegrationActions;
  redirecting: boolean;
  onConnect: () => void;
  onRemove: (integration: MarketplaceIntegrationJson) => void;
}) {
  const connected = connections !== null && connections.length > 0;
  return (
    <Card className="flex h-full flex-col" data-testid="marketplace-card" data-identifier={marketplace.identifier} data-supported={marketplace.supported}>
      <CardHeader className="gap-3">
        <div className="flex items-start justify-between gap-3">
          <MarketplaceLogo name={marketplace.name} logoUrl={marketplace.logoUrl} />
          <div className="flex flex-wrap justify-end gap-1">
            {!marketplace.supported ? (
              <Badge variant="outline" className="whitespace-nowrap text-muted-foreground" data-testid="marketplace-coming-soon">
                {t.marketplaces.comingSoon}
              </Badge>
            ) : null}
            {connected ? (
              <Badge variant="success" className="whitespace-nowrap" data-testid="marketplace-connected">
                {t.marketplaces.connected}
              </Badge>
            ) : null}
            {connections !== null && !connected && marketplace.supported ? (
              <Badge variant="outline" className="whitespace-nowrap text-muted-foreground" data-testid="marketplace-not-connected">
                {t.marketplaces.notConnected}
              </Badge>
            ) : null}
          </div>
        </div>
        <CardTitle className="text-base">{marketplace.name}</CardTitle>
        <p className="text-sm text-muted-foreground">{marketplace.description}</p>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        {!marketplace.supported ? (
          <p className="flex items-start gap-2 rounded-md bg-muted/60 px-3 py-2 text-xs text-muted-foreground" data-testid="marketplace-coming-soon-hint">
            <Info className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
            {t.marketplaces.comingSoonHint(marketplace.name)}
          </p>
        ) : null}
        {connected ? (
          <ul className="grid min-w-0 gap-2" data-testid="marketplace-accounts">
            {connections.map((integration) => (
              <AccountRow
                key={integration.id}
                integration={integration}
                marketplace={marketplace}
                isAdmin={isAdmin}
                actions={actions}
                onRemove={() => onRemove(integration)}
              />
            ))}
          </ul>
        ) : null}
      </CardContent>
      {isAdmin ? (
        <CardFooter>
          <Button
            className="w-full"
            variant={connected || !marketplace.supported ? 'outline' : 'default'}
            onClick={onConnect}
            disabled={redirecting}
            data-testid="marketplace-connect"
          >
            {connected ? <Plus aria-hidden /> : <Plug aria-hidden />}
            {redirecting ? t.marketplaces.connecting : connected ? t.marketplaces.connectAnother : t.marketplaces.connect}
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}

/** A connected account of the marketplace: its switch, 'Dettagli', 'Aggiorna token' and 'Disconnetti'. */
function AccountRow({
  integration,
  marketplace,
  isAdmin,
  actions,
  onRemove,
}: {
  integration: MarketplaceIntegrationJson;
  marketplace: MarketplaceJson;
  isAdmin: boolean;
  actions: IntegrationActions;
  onRemove: () => void;
}) {
  const switchId = `marketplace-account-active-${integration.id}`;
  const name = integration.username || integration.marketplaceName || marketplace.name;
  const refreshing = actions.isRefreshing(integration);
  return (
    <li className="grid min-w-0 gap-2 rounded-md border border-border p-3" data-testid="marketplace-account" data-id={integration.id}>
      {/* min-w-0 down the grids: a long account name (a shop's domain) is cut, never the card widened. */}
      <div className="flex min-w-0 items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate text-sm font-medium" data-testid="marketplace-account-name">
            {name}
          </span>
          <Badge variant={integration.active ? 'success' : 'secondary'} data-testid="marketplace-account-active">
            {integration.active ? t.marketplaces.active : t.marketplaces.inactive}
          </Badge>
        </div>
        {isAdmin ? (
          <Switch
            id={switchId}
            checked={integration.active}
            onCheckedChange={(active) => actions.setActive(integration, active)}
            disabled={actions.isToggling(integration)}
            aria-label={t.marketplaces.activeSwitch(name)}
            data-testid="marketplace-account-toggle"
          />
        ) : null}
      </div>
      {integration.tokenWarning ? <TokenWarning testId="marketplace-account-warning">{integration.tokenWarning}</TokenWarning> : null}
      <div className="flex flex-wrap gap-2">
        <Link to={integrationDetailPath(integration.id)} className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="marketplace-account-details">
          <ExternalLink aria-hidden />
          {t.marketplaces.details}
        </Link>
        {isAdmin ? (
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={() => actions.refreshToken(integration, marketplace)}
              disabled={refreshing}
              data-testid="marketplace-account-refresh"
            >
              <RefreshCw aria-hidden className={refreshing ? 'animate-spin' : undefined} />
              {refreshing ? t.marketplaces.refreshingToken : t.marketplaces.refreshToken}
            </Button>
            <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={onRemove} data-testid="marketplace-account-disconnect">
              <Unplug aria-hidden />
              {t.marketplaces.disconnect}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
