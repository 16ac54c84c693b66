import { z } from 'zod';
import {
  marketplaceIds,
  type MarketplaceIntegrationJson,
  type MarketplaceJson,
  type OAuthCallbackJson,
  type OAuthParamsJson,
  type SyncJobJson,
  type SyncStartedJson,
  type WebhookReceivedJson,
} from '@smista/contracts';

/**
 * What the marketplace routes answer (`marketplace-routes.ts`, built by `marketplace-presenters.ts`),
 * typed against `libs/contracts/src/api-types/marketplaces.ts`.
 */

/** A marketplace of the catalogue (`GET /api/marketplaces`). */
export const marketplaceResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  identifier: z.enum(marketplaceIds),
  description: z.string(),
  logoUrl: z.string(),
  active: z.boolean(),
  oauthUrl: z.string().nullable().describe('The authorization page; null when the marketplace connects from its requiredSettings instead'),
  apiDocUrl: z.string().nullable(),
  requiredSettings: z.array(z.string()).describe('Setting names the connect dialog asks for'),
  maxOrdersLimit: z.number().int(),
  supported: z.boolean().describe('An adapter exists and connecting works; false for the marketplaces still to come'),
}) satisfies z.ZodType<MarketplaceJson>;

export const marketplaceListResponse = z.array(marketplaceResponse);

/** `GET /api/marketplace/{marketplace}/oauth-params`. */
export const oauthParamsResponse = z.object({
  clientId: z.string(),
  redirectUri: z.string().describe('eBay: the RuName, sent as redirect_uri'),
  authorizeUrl: z.string(),
  scopes: z.array(z.string()),
  state: z.string().describe("The consent's `state`, to send as is: this user, merchant and marketplace, 15 minutes, used once"),
  consentUrl: z.string().describe('Where the browser goes: the consent page with its whole query'),
}) satisfies z.ZodType<OAuthParamsJson>;

/** An order-sync job. */
export const syncJobResponse = z.object({
  id: z.number().int(),
  merchantId: z.string(),
  integrationId: z.number().int(),
  provider: z.string(),
  type: z.literal('orders_sync'),
  executionMode: z.literal('background'),
  triggeredBy: z.enum(['user', 'schedule', 'auto']),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  ordersFound: z.number().int(),
  ordersSynced: z.number().int(),
  errorMessage: z.string().nullable().describe('Italian; null unless failed'),
  createdAt: z.string(),
}) satisfies z.ZodType<SyncJobJson>;

export const syncJobListResponse = z.array(syncJobResponse);

/** `POST /api/orders/sync/{integrationId}`: the started (or joined) job. */
export const syncStartedResponse = z.object({
  message: z.string(),
  joined: z.boolean().describe('A sync of this integration was already running and this request joined it'),
  job: syncJobResponse,
}) satisfies z.ZodType<SyncStartedJson>;

/** A marketplace integration; tokens only masked. */
export const marketplaceIntegrationResponse = z.object({
  id: z.number().int(),
  merchantId: z.string(),
  type: z.literal('marketplace'),
  provider: z.enum(marketplaceIds),
  marketplaceName: z.string(),
  logoUrl: z.string(),
  status: z.enum(['pending', 'active', 'error', 'inactive']),
  statusMessage: z.string().nullable(),
  active: z.boolean(),
  connectedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  accessToken: z.string().nullable().describe('Masked as the detail page shows it (8 + 6 dots + 8)'),
  refreshToken: z.string().nullable().describe('Masked as the detail page shows it (8 + 6 dots + 8)'),
  refreshTokenPreview: z.string().nullable().describe('Masked as the list shows it (10 + dots + 4)'),
  accessTokenExpiresAt: z.string().nullable(),
  refreshTokenExpiresAt: z.string().nullable(),
  config: z.string().describe('Provider config without secrets, JSON text'),
  autoUpdateTracking: z.boolean().describe("Push every new label's tracking number to the marketplace"),
  userId: z.string().nullable().describe("The marketplace account's user id"),
  username: z.string().nullable(),
  email: z.string().nullable(),
  accountType: z.string().nullable(),
  tokenWarning: z.string().nullable().describe('Italian: the refresh token expires within 30 days or was refused'),
  lastSyncedAt: z.string().nullable(),
  currentJob: syncJobResponse.nullable(),
  lastJob: syncJobResponse.nullable(),
}) satisfies z.ZodType<MarketplaceIntegrationJson>;

export const marketplaceIntegrationListResponse = z.array(marketplaceIntegrationResponse);

/** `POST /api/merchants/current/oauth/callback`. */
export const oauthCallbackResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  redirectToDashboard: z.boolean(),
  integration: marketplaceIntegrationResponse,
}) satisfies z.ZodType<OAuthCallbackJson>;

/** `POST /api/webhooks/{marketplace}`. */
export const webhookReceivedResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('The marketplace sent this delivery before: nothing done again'),
}) satisfies z.ZodType<WebhookReceivedJson>;
