import { z } from 'zod';
import {
  MARKETPLACE_WEBHOOK_MAX_BYTES,
  createMarketplaceIntegrationSchema,
  marketplaceParamsSchema,
  oauthParamsQuerySchema,
  merchantIdParam,
  numericIdParam,
  oauthCallbackSchema,
  patchMarketplaceIntegrationSchema,
  startSyncSchema,
  syncJobsQuerySchema,
  toggleMarketplaceIntegrationSchema,
  type WebhookReceivedJson,
} from '@smista/contracts';
import { marketplaceIntegrationJson, marketplaceJson, oauthCallbackJson, oauthParamsJson, syncJobJson, syncStartedJson } from './marketplace-presenters';
import { successResponse } from './response-schemas/common';
import {
  marketplaceIntegrationListResponse,
  marketplaceIntegrationResponse,
  marketplaceListResponse,
  oauthCallbackResponse,
  oauthParamsResponse,
  syncJobListResponse,
  syncJobResponse,
  syncStartedResponse,
  webhookReceivedResponse,
} from './response-schemas/marketplaces';
import { route, type RouteDef } from './route';

/**
 * `current` in a path is the merchant selected in the session (the service's empty merchant id); any
 * other id must be that merchant, else 404 'Merchant non trovato' (the service decides).
 */
const merchantId = merchantIdParam;
const merchantParams = z.object({ merchantId });
const merchantIntegrationParams = z.object({ merchantId, integrationId: numericIdParam });
const idParams = z.object({ id: numericIdParam });
const syncParams = z.object({ integrationId: numericIdParam });
const jobParams = z.object({ jobId: numericIdParam });

/** The spec's client switches an integration of the session's merchant through two paths. */
function toggleRoute(method: 'PATCH' | 'PUT', path: string): RouteDef {
  return route({
    method,
    path,
    auth: 'session',
    rpc: 'marketplaces.ToggleIntegration',
    response: { schema: marketplaceIntegrationResponse },
    params: idParams,
    body: toggleMarketplaceIntegrationSchema,
    handle: async ({ params, body, marketplaces }) => ({
      body: marketplaceIntegrationJson(await marketplaces.toggleIntegration({ merchantId: '', id: params.id, active: body.active })),
    }),
  });
}

/** ...and deletes one through two paths. */
function deleteRoute(path: string): RouteDef {
  return route({
    method: 'DELETE',
    path,
    auth: 'session',
    rpc: 'marketplaces.DeleteIntegration',
    response: { schema: successResponse },
    params: idParams,
    handle: async ({ params, marketplaces }) => {
      await marketplaces.deleteIntegration({ merchantId: '', id: params.id });
      return { body: { success: true } };
    },
  });
}

/**
 * Spec §7 "Marketplaces and integrations" (both path families the spec's client uses) and the
 * order-sync jobs of issue 9. The marketplaces service takes the merchant and the role from the
 * caller token: any member reads and syncs; connecting, creating, switching, deleting and refreshing
 * are for admins (403 in Italian). An integration or job id that is malformed, unknown or another
 * merchant's is the same 404. Routes with `current` come before their `:merchantId` twins.
 */
export const marketplaceRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/marketplaces',
    auth: 'session',
    rpc: 'marketplaces.ListMarketplaces',
    response: { schema: marketplaceListResponse },
    handle: async ({ marketplaces }) => ({ body: (await marketplaces.listMarketplaces({})).marketplaces.map(marketplaceJson) }),
  }),
  route({
    method: 'GET',
    path: '/api/marketplace/:marketplace/oauth-params',
    auth: 'session',
    rpc: 'marketplaces.GetOAuthParams',
    response: { schema: oauthParamsResponse },
    params: marketplaceParamsSchema,
    query: oauthParamsQuerySchema,
    handle: async ({ params, query, marketplaces }) => ({
      body: oauthParamsJson(await marketplaces.getOAuthParams({ marketplace: params.marketplace, account: query.shop })),
    }),
  }),
  route({
    method: 'POST',
    path: '/api/merchants/current/oauth/callback',
    auth: 'session',
    rpc: 'marketplaces.CompleteOAuth',
    response: { schema: oauthCallbackResponse },
    body: oauthCallbackSchema,
    handle: async ({ body, marketplaces }) => ({
      body: oauthCallbackJson(
        await marketplaces.completeOAuth({ merchantId: body.merchantId, marketplace: body.marketplace, code: body.code, error: body.error, state: body.state, callback: body.callback }),
      ),
    }),
  }),
  route({
    method: 'GET',
    path: '/api/merchants/current/integrations',
    auth: 'session',
    rpc: 'marketplaces.ListIntegrations',
    response: { schema: marketplaceIntegrationListResponse },
    handle: async ({ marketplaces }) => ({ body: (await marketplaces.listIntegrations({ merchantId: '' })).integrations.map(marketplaceIntegrationJson) }),
  }),
  route({
    method: 'POST',
    path: '/api/merchants/current/integrations',
    auth: 'session',
    rpc: 'marketplaces.CreateIntegration',
    response: { status: 201, schema: marketplaceIntegrationResponse },
    body: createMarketplaceIntegrationSchema,
    handle: async ({ body, marketplaces }) => ({
      status: 201,
      body: marketplaceIntegrationJson(
        await marketplaces.createIntegration({
          merchantId: body.merchantId,
          type: body.type,
          provider: body.provider,
          configJson: JSON.stringify(body.config),
          active: body.active,
        }),
      ),
    }),
  }),
  toggleRoute('PATCH', '/api/merchants/current/integrations/:id/toggle'),
  deleteRoute('/api/merchants/current/integrations/:id'),
  route({
    method: 'GET',
    path: '/api/merchants/:merchantId/integrations',
    auth: 'session',
    rpc: 'marketplaces.ListIntegrations',
    response: { schema: marketplaceIntegrationListResponse },
    params: merchantParams,
    handle: async ({ params, marketplaces }) => ({
      body: (await marketplaces.listIntegrations({ merchantId: params.merchantId })).integrations.map(marketplaceIntegrationJson),
    }),
  }),
  route({
    method: 'GET',
    path: '/api/merchants/:merchantId/integrations/:integrationId',
    auth: 'session',
    rpc: 'marketplaces.GetIntegration',
    response: { schema: marketplaceIntegrationResponse },
    params: merchantIntegrationParams,
    handle: async ({ params, marketplaces }) => ({
      body: marketplaceIntegrationJson(await marketplaces.getIntegration({ merchantId: params.merchantId, id: params.integrationId })),
    }),
  }),
  route({
    method: 'PATCH',
    path: '/api/merchants/:merchantId/integrations/:integrationId',
    auth: 'session',
    rpc: 'marketplaces.ToggleIntegration, marketplaces.UpdateIntegrationSettings',
    response: { schema: marketplaceIntegrationResponse },
    params: merchantIntegrationParams,
    body: patchMarketplaceIntegrationSchema,
    // `{active}` switches the integration (spec §7); `{autoUpdateTracking}` is the merchant's choice to
    // push every new label's tracking number to the marketplace. Both may come together.
    handle: async ({ params, body, marketplaces }) => {
      const ref = { merchantId: params.merchantId, id: params.integrationId };
      let integration = body.autoUpdateTracking === undefined ? undefined : await marketplaces.updateIntegrationSettings({ ...ref, autoUpdateTracking: body.autoUpdateTracking });
      if (body.active !== undefined) integration = await marketplaces.toggleIntegration({ ...ref, active: body.active });
      return { body: marketplaceIntegrationJson(integration!) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/merchants/:merchantId/integrations/:integrationId',
    auth: 'session',
    rpc: 'marketplaces.DeleteIntegration',
    response: { schema: successResponse },
    params: merchantIntegrationParams,
    handle: async ({ params, marketplaces }) => {
      await marketplaces.deleteIntegration({ merchantId: params.merchantId, id: params.integrationId });
      return { body: { success: true } };
    },
  }),
  toggleRoute('PUT', '/api/integrations/:id/toggle-active'),
  deleteRoute('/api/integrations/:id'),
  route({
    method: 'POST',
    path: '/api/integrations/:id/refresh-token',
    auth: 'session',
    rpc: 'marketplaces.RefreshToken',
    response: { schema: marketplaceIntegrationResponse },
    params: idParams,
    handle: async ({ params, marketplaces }) => ({ body: marketplaceIntegrationJson(await marketplaces.refreshToken({ merchantId: '', id: params.id })) }),
  }),
  route({
    method: 'POST',
    path: '/api/orders/sync/:integrationId',
    auth: 'session',
    rpc: 'marketplaces.StartSync',
    response: { status: 202, schema: syncStartedResponse, description: 'The sync job, started (or the running one joined)' },
    params: syncParams,
    body: startSyncSchema,
    handle: async ({ params, body, marketplaces }) => ({
      status: 202,
      body: syncStartedJson(await marketplaces.startSync({ merchantId: '', integrationId: params.integrationId, triggeredBy: body.triggeredBy })),
    }),
  }),
  route({
    method: 'GET',
    path: '/api/orders/sync/jobs/:jobId',
    auth: 'session',
    rpc: 'marketplaces.GetJob',
    response: { schema: syncJobResponse },
    params: jobParams,
    handle: async ({ params, marketplaces }) => ({ body: syncJobJson(await marketplaces.getJob({ merchantId: '', id: params.jobId })) }),
  }),
  route({
    method: 'GET',
    path: '/api/orders/sync/jobs',
    auth: 'session',
    rpc: 'marketplaces.ListJobs',
    response: { schema: syncJobListResponse },
    query: syncJobsQuerySchema,
    handle: async ({ query, marketplaces }) => ({
      body: (await marketplaces.listJobs({ merchantId: '', integrationId: query.integrationId, limit: query.limit })).jobs.map(syncJobJson),
    }),
  }),
  // The marketplaces' webhooks (Shopify: orders/*, the privacy topics). Public: the marketplace signs
  // the raw body, and the service checks the signature before anything is parsed. Over the limit,
  // 413 here; the service answers at once (the work is queued), within Shopify's 5 seconds.
  route({
    method: 'POST',
    path: '/api/webhooks/:marketplace',
    auth: 'public',
    rpc: 'marketplaces.ReceiveWebhook',
    response: {
      schema: webhookReceivedResponse,
      description: 'The delivery taken (the work is queued); 401 when the signature does not match the exact bytes',
      // A public route: 401 is the service's refusal of a wrong signature, not a session's.
      alsoRefuses: [401],
    },
    params: marketplaceParamsSchema,
    rawBody: true,
    bodyLimit: MARKETPLACE_WEBHOOK_MAX_BYTES,
    handle: async ({ params, headers, rawBody, marketplaces }) => {
      const answer = await marketplaces.receiveWebhook({
        marketplace: params.marketplace,
        headers: webhookHeaders(headers),
        body: Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0),
      });
      return { body: { received: true, duplicate: answer.duplicate } satisfies WebhookReceivedJson };
    },
  }),
];

/** Never forwarded: a browser's session or credentials have nothing to do with a webhook. */
const PRIVATE_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization']);

/** The headers as the service's map: one value each (a repeated header's first), none of the private ones. */
export function webhookHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (PRIVATE_HEADERS.has(name)) continue;
    const one = Array.isArray(value) ? value[0] : value;
    if (one !== undefined) out[name] = one;
  }
  return out;
}
