import { withTransaction, type Keyring, type Logger, type MerchantScope, type Pool } from '@smista/service-kit';
import { assertOAuthMarketplace, assertSelectedMerchant, marketplaceByIdentifier, marketplacesErrors, type Integration } from '../domain';
import { enqueueIntegrationChanged } from '../events/publishers';
import { findSellerIntegration, insertConnectedIntegration, listMarketplaces, renewConnectedIntegration } from '../store';
import type { AdapterRegistry } from './adapter-registry';

export interface ConnectDeps {
  pool: Pool;
  keyring: Keyring;
  adapters: AdapterRegistry;
  now: () => Date;
}

/** The parameters the shell read from the marketplace's redirect (`/marketplace/callback`). */
export interface OAuthCallback {
  merchantId: string;
  marketplace: string;
  code: string;
  /** The marketplace's `error` parameter (eBay: access_denied when the seller refused). */
  error: string;
}

/**
 * CompleteOAuth (spec §5 and §7, providers.md): the callback's refusals first (another merchant,
 * the seller refused, a parameter missing, a marketplace without OAuth), then the code exchange and
 * the seller's identity, then one transaction storing the integration (tokens sealed for its row)
 * with `marketplaces.integration.changed`. The same seller connected again in the same merchant
 * renews that integration (new tokens, status active, a refused token forgotten) instead of adding
 * a second one; a race of two callbacks for one seller ends on one row.
 */
export async function completeOAuth(deps: ConnectDeps, scope: MerchantScope, callback: OAuthCallback, logger: Logger): Promise<Integration> {
  assertSelectedMerchant(callback.merchantId, scope.merchantId);
  const denied = callback.error.trim();
  if (denied) throw marketplacesErrors.authorizationDenied(denied.slice(0, 200));
  if (!callback.code.trim() || !callback.marketplace.trim()) throw marketplacesErrors.callbackParamsMissing();
  const marketplace = marketplaceByIdentifier(await listMarketplaces(deps.pool), callback.marketplace);
  assertOAuthMarketplace(marketplace);
  const adapter = deps.adapters.of(marketplace);

  const tokens = await adapter.exchangeCode(callback.code);
  const seller = await adapter.getIdentity(tokens.accessToken);
  const config = seller.registrationMarketplaceId ? { registrationMarketplaceId: seller.registrationMarketplaceId } : {};
  const at = deps.now();

  const integration = await withTransaction(deps.pool, async (tx) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await findSellerIntegration(tx, scope.merchantId, marketplace.id, seller.userId);
      const row = existing
        ? await renewConnectedIntegration(tx, deps.keyring, existing, { tokens, seller, config, now: at })
        : await insertConnectedIntegration(tx, deps.keyring, { merchantId: scope.merchantId, marketplaceId: marketplace.id, tokens, seller, config, now: at });
      if (row) {
        await enqueueIntegrationChanged(tx, row, { changedByUserId: scope.userId, occurredAt: at });
        return row;
      }
    }
    throw new Error(`could not store the ${marketplace.identifier} integration of seller ${seller.userId}`);
  });
  logger.info(
    { merchantId: scope.merchantId, userId: scope.userId, integrationId: integration.id, marketplace: marketplace.identifier, sellerUsername: seller.username },
    'marketplace connected',
  );
  return integration;
}
