import { useSearchParams } from 'react-router-dom';
import { Badge, NoMerchant, Tabs, TabsContent, TabsList, TabsTrigger } from '@smista/ui-kit';
import { useMerchantAccess, useSignedOut } from '../access';
import { AccessRequired } from '../components/access-required';
import { ReadOnlyNotice } from '../components/read-only-notice';
import { t } from '../messages';
import { parseMarketplacesTab, type MarketplacesTab } from '../paths';
import { AvailableMarketplaces } from './available-marketplaces';
import { ConnectedIntegrations } from './connected-integrations';
import { useMarketplaceIntegrations } from './marketplaces-api';

/**
 * /dashboard/marketplaces, 'Integrazioni Marketplace' (spec §2): the tabs 'Marketplace Disponibili'
 * (default, `disponibili`) and 'Integrati' with its count. The tab lives in `?tab=` so a reload or
 * a shared link opens the same one.
 */
export function MarketplacesPage() {
  const { merchant, isAdmin, role } = useMerchantAccess();
  const signedOut = useSignedOut();
  return (
    <div className="grid min-w-0 gap-6" data-testid="marketplaces-page">
      <div>
        <h1 className="text-2xl font-semibold">{t.marketplaces.title}</h1>
        <p className="text-sm text-muted-foreground">{t.marketplaces.subtitle}</p>
      </div>
      {signedOut ? (
        <AccessRequired />
      ) : merchant ? (
        <>
          {role === 'user' ? <ReadOnlyNotice text={t.readOnlyMarketplaces} /> : null}
          <MarketplaceTabs key={merchant.id} merchantId={merchant.id} isAdmin={isAdmin} />
        </>
      ) : (
        <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />
      )}
    </div>
  );
}

function MarketplaceTabs({ merchantId, isAdmin }: { merchantId: string; isAdmin: boolean }) {
  const [query, setQuery] = useSearchParams();
  const tab = parseMarketplacesTab(query);
  const integrations = useMarketplaceIntegrations(merchantId);

  const selectTab = (next: string) => {
    const params = new URLSearchParams(query);
    if (next === 'integrati') params.set('tab', next);
    else params.delete('tab');
    setQuery(params, { replace: true });
  };

  return (
    <Tabs value={tab} onValueChange={selectTab} className="grid min-w-0 gap-4">
      <TabsList className="h-auto w-full flex-wrap justify-start sm:w-auto sm:justify-self-start" data-testid="marketplaces-tabs">
        <TabsTrigger value="disponibili" className="flex-1 sm:flex-none" data-testid="tab-disponibili">
          {t.marketplaces.tabAvailable}
        </TabsTrigger>
        <TabsTrigger value="integrati" className="flex-1 sm:flex-none" data-testid="tab-integrati">
          {t.marketplaces.tabConnected}
          <Badge
            variant="secondary"
            className="min-w-5 justify-center rounded-full px-1.5"
            data-testid="tab-integrati-count"
            aria-label={t.marketplaces.connectedCount(integrations.data?.length ?? 0)}
          >
            {integrations.data?.length ?? 0}
          </Badge>
        </TabsTrigger>
      </TabsList>
      <TabsContent value="disponibili" className="mt-0 min-w-0">
        <AvailableMarketplaces merchantId={merchantId} isAdmin={isAdmin} integrations={integrations} />
      </TabsContent>
      <TabsContent value="integrati" className="mt-0 min-w-0">
        <ConnectedIntegrations merchantId={merchantId} isAdmin={isAdmin} integrations={integrations} onShowAvailable={() => selectTab('disponibili' satisfies MarketplacesTab)} />
      </TabsContent>
    </Tabs>
  );
}
