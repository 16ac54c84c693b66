import { randomBytes } from 'node:crypto';
import { withTransaction, type Keyring, type Logger, type MerchantScope, type Pool } from '@smista/service-kit';
import type { AuthorizeParams } from '../adapters';
import {
  assertOAuthMarketplace,
  codeChallengeOf,
  assertSelectedMerchant,
  DEFAULT_OAUTH_STATE_TTL_SECONDS,
  marketplaceByIdentifier,
  marketplaceOfOAuthState,
  marketplacesErrors,
  oauthStateOf,
  type Integration,
} from '../domain';
import { enqueueIntegrationChanged } from '../events/publishers';
import { consumeOAuthStateWithVerifier, findSellerIntegration, insertConnectedIntegration, insertOAuthState, listMarketplaces, renewConnectedIntegration } from '../store';
import type { AdapterRegistry } from './adapter-registry';

export interface ConnectDeps {
  pool: Pool;
  keyring: Keyring;
  adapters: AdapterRegistry;
  now: () => Date;
  /** OAUTH_STATE_TTL_SECONDS: how long a consent may take. */
  oauthStateTtlSeconds?: number;
}

/**
 * GetOAuthParams: what the browser needs to send the user to the marketplace's consent page, with a
 * new `state` issued to this user in this merchant for this marketplace (one use, short-lived).
 */
export async function startOAuth(deps: ConnectDeps, scope: MerchantScope, identifier: string, account = ''): Promise<AuthorizeParams & { state: string; consentUrl: string }> {
  const marketplace = marketplaceByIdentifier(await listMarketplaces(deps.pool), identifier);
  assertOAuthMarketplace(marketplace);
  // The adapter refuses an app without client id or RuName with spec §5's message.
  // Shopify's install page is the shop's own: its domain is checked (in Italian) before anything.
  const adapter = deps.adapters.of(marketplace);
  const authorize = adapter.authorizeParams(account);
  const state = oauthStateOf(marketplace.identifier, randomBytes(32));
  const owner = { merchantId: scope.merchantId, userId: scope.userId, marketplaceId: marketplace.id };
  // PKCE (Etsy): the verifier stays here, sealed with the state; the browser sees only its challenge.
  const codeVerifier = adapter.pkce ? randomBytes(32).toString('base64url') : undefined;
  const params = codeVerifier ? { ...authorize, codeChallenge: codeChallengeOf(codeVerifier) } : authorize;
  await insertOAuthState(deps.pool, state, owner, deps.oauthStateTtlSeconds ?? DEFAULT_OAUTH_STATE_TTL_SECONDS, codeVerifier ? { codeVerifier, keyring: deps.keyring } : undefined);
  return { ...params, state, consentUrl: adapter.consentUrl(params, state) };
}

/** The parameters the shell read from the marketplace's redirect (`/marketplace/callback`). */
export interface OAuthCallback {
  merchantId: string;
  marketplace: string;
  code: string;
  /** The marketplace's `error` parameter (eBay: access_denied when the seller refused). */
  error: string;
  /** The `state` the marketplace sent back: the one GetOAuthParams issued to this user. */
  state: string;
  /** The callback's whole query where the marketplace signs it (Shopify); empty or absent otherwise. */
  callback?: Readonly<Record<string, string>>;
}

/**
 * CompleteOAuth (spec §5 and §7, providers.md): the callback's refusals first (another merchant,
 * the seller refused, a parameter missing, a marketplace without OAuth, a state not issued to this
 * user in this merchant or already used), then the code exchange and
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
  // An app without client id or RuName: spec §5's message before anything about the consent.
  // (Shopify: the shop the callback names, which its HMAC check covers below.)
  adapter.authorizeParams(callback.callback?.shop);
  // The consent must be this user's, in this merchant, for this marketplace, started lately and not
  // used before: a link made from someone else's consent connects nothing (OAuth CSRF).
  const state = callback.state.trim();
  const owner = { merchantId: scope.merchantId, userId: scope.userId, marketplaceId: marketplace.id };
  const used = marketplaceOfOAuthState(state) === marketplace.identifier ? await consumeOAuthStateWithVerifier(deps.pool, state, owner, deps.keyring) : null;
  if (!used) {
    logger.warn({ merchantId: scope.merchantId, userId: scope.userId, marketplace: marketplace.identifier }, 'oauth callback refused: state not issued to this user');
    throw marketplacesErrors.oauthStateInvalid();
  }

  const tokens = await adapter.exchangeCode(callback.code, callback.callback ?? {}, used.codeVerifier || undefined);
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
        await enqueueIntegrationChanged(tx, row, { change: existing ? 'reconnected' : 'connected', changedByUserId: scope.userId, occurredAt: at });
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
