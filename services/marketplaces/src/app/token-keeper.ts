import { withTransaction, type Keyring, type Logger, type Pool } from '@smista/service-kit';
import { marketplaceMessages } from '@smista/contracts';
import { MarketplaceError } from '../adapters';
import { accessTokenNeedsRefresh, marketplacesErrors, type Integration } from '../domain';
import { enqueueIntegrationChanged } from '../events/publishers';
import { findIntegrationById, markTokenRefused, readTokens, storeRefreshedTokens } from '../store';
import type { AdapterRegistry } from './adapter-registry';

export interface TokenKeeperDeps {
  pool: Pool;
  keyring: Keyring;
  adapters: AdapterRegistry;
  logger: Logger;
  now: () => Date;
  /** TOKEN_REFRESH_MARGIN_SECONDS. */
  marginSeconds: number;
}

/**
 * When to ask the marketplace for a new access token:
 * - `force`: now, whatever the expiry ('Aggiorna token');
 * - `if-expiring`: only when it expires within the margin (before a call; the periodic sweep);
 * - `if-unchanged`: after a 401 with `staleAccessToken`, unless another caller already replaced it.
 */
export type RefreshMode = { mode: 'force' } | { mode: 'if-expiring' } | { mode: 'if-unchanged'; staleAccessToken: string };

/**
 * Keeps the sellers' access tokens fresh. A refresh holds the integration's row lock from the read
 * to the write, so one refresh at a time runs per integration, across requests, jobs and replicas;
 * whoever waited finds the new token and does not refresh again. A refused refresh token turns the
 * integration to status 'error' with the marketplace's message (committed, with its event), and
 * the refusal is thrown: imports stop until the seller connects again.
 */
export class TokenKeeper {
  constructor(private readonly deps: TokenKeeperDeps) {}

  /** An access token good for at least the margin (refreshed first when it expires sooner). */
  async accessToken(integration: Pick<Integration, 'id'>): Promise<string> {
    const { pool, keyring, now, marginSeconds } = this.deps;
    const tokens = await readTokens(pool, keyring, integration.id);
    if (tokens?.accessToken && !accessTokenNeedsRefresh(tokens.accessTokenExpiresAt, now(), marginSeconds)) return tokens.accessToken;
    return (await this.refresh(integration.id, { mode: 'if-expiring' })).accessToken;
  }

  /** Refreshes as `how` says; answers the integration as it is afterwards and its access token. */
  async refresh(integrationId: number, how: RefreshMode, changedByUserId = ''): Promise<{ integration: Integration; accessToken: string }> {
    const { pool, keyring, adapters, now, marginSeconds, logger } = this.deps;
    let refused: MarketplaceError | undefined;
    const result = await withTransaction(pool, async (tx) => {
      // The row lock: a second refresher waits here, then finds the token already renewed.
      const integration = await findIntegrationById(tx, integrationId, true);
      if (!integration) throw marketplacesErrors.integrationNotFound();
      const tokens = await readTokens(tx, keyring, integrationId);
      const current = tokens?.accessToken ?? null;
      const at = now();
      if (current && how.mode === 'if-expiring' && !accessTokenNeedsRefresh(tokens!.accessTokenExpiresAt, at, marginSeconds)) {
        return { integration, accessToken: current };
      }
      if (current && how.mode === 'if-unchanged' && current !== how.staleAccessToken && !accessTokenNeedsRefresh(tokens!.accessTokenExpiresAt, at, 0)) {
        return { integration, accessToken: current };
      }
      if (how.mode !== 'force' && integration.tokenRefusedAt) {
        throw marketplacesErrors.integrationInError(integration.statusMessage ?? marketplaceMessages.tokenRefused(integration.marketplace.name));
      }
      if (!tokens?.refreshToken) throw marketplacesErrors.integrationInError(marketplaceMessages.integrationNotActive);
      const adapter = adapters.of(integration.marketplace);
      try {
        const fresh = await adapter.refreshAccessToken(tokens.refreshToken);
        const updated = await storeRefreshedTokens(tx, keyring, integrationId, fresh, now());
        await enqueueIntegrationChanged(tx, updated, { change: 'token_refreshed', changedByUserId, occurredAt: now() });
        logger.info({ merchantId: updated.merchantId, integrationId, marketplace: updated.marketplace.identifier, mode: how.mode }, 'access token refreshed');
        return { integration: updated, accessToken: fresh.accessToken };
      } catch (err) {
        if (!(err instanceof MarketplaceError) || err.code !== 'REFRESH_REFUSED') throw err;
        const updated = await markTokenRefused(tx, integrationId, err.message, now());
        await enqueueIntegrationChanged(tx, updated, { change: 'token_refused', changedByUserId, occurredAt: now() });
        logger.warn({ merchantId: updated.merchantId, integrationId, marketplace: updated.marketplace.identifier }, 'refresh token refused: the seller must connect again');
        refused = err;
        return { integration: updated, accessToken: '' };
      }
    });
    if (refused) throw refused;
    return result;
  }
}

/**
 * Calls the marketplace with the integration's access token; a 401 (`TOKEN_EXPIRED`) refreshes it
 * once, unless another caller already replaced it, and calls again. Any other failure, and a
 * second 401, is thrown as it came.
 */
export async function withAccessToken<T>(tokens: TokenKeeper, integration: Integration, call: (accessToken: string) => Promise<T>): Promise<T> {
  const first = await tokens.accessToken(integration);
  try {
    return await call(first);
  } catch (err) {
    if (!(err instanceof MarketplaceError) || err.code !== 'TOKEN_EXPIRED') throw err;
    await tokens.refresh(integration.id, { mode: 'if-unchanged', staleAccessToken: first });
    return call(await tokens.accessToken(integration));
  }
}
