import { requireAdmin, requireMerchant } from '@smista/service-kit';
import { marketplaces } from '@smista/proto';
import { completeOAuth, startOAuth } from '../app';
import { jobsOfIntegrations, listMarketplaces } from '../store';
import type { HandlerDeps } from './deps';
import { toIntegrationMessage, toMarketplaceMessage } from './mapping';

/** The catalogue and the OAuth connect: anyone reads the catalogue; only an admin connects. */
export function oauthHandlers(deps: HandlerDeps) {
  const { pool, unary, now, oauthUrls } = deps;

  return {
    listMarketplaces: unary('ListMarketplaces', async () => {
      const all = await listMarketplaces(pool);
      return marketplaces.ListMarketplacesResponse.fromPartial({ marketplaces: all.map((m) => toMarketplaceMessage(m, oauthUrls)) });
    }),

    getOAuthParams: unary('GetOAuthParams', async (request: marketplaces.GetOAuthParamsRequest, ctx) => {
      const scope = requireAdmin(await requireMerchant(ctx));
      const params = await startOAuth(deps, scope, request.marketplace, request.account);
      return marketplaces.OAuthParams.fromPartial({
        clientId: params.clientId,
        redirectUri: params.redirectUri,
        authorizeUrl: params.authorizeUrl,
        scopes: params.scopes,
        state: params.state,
        consentUrl: params.consentUrl,
      });
    }),

    completeOAuth: unary('CompleteOAuth', async (request: marketplaces.CompleteOAuthRequest, ctx) => {
      const scope = requireAdmin(await requireMerchant(ctx));
      const integration = await completeOAuth(deps, scope, request, ctx.logger);
      const jobs = await jobsOfIntegrations(pool, scope.merchantId, [integration.id]);
      return marketplaces.CompleteOAuthResponse.fromPartial({
        integration: toIntegrationMessage(integration, jobs.get(integration.id), now()),
        redirectToDashboard: true,
      });
    }),
  };
}
