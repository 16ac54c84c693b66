import { z } from 'zod';
import { amazonMessages } from '@smista/contracts';
import { env } from '@smista/service-kit';

/**
 * What the Amazon adapter needs: Smista's SP-API app (one per deployment, from configuration),
 * where Seller Central, Login with Amazon and the SP-API answer, the marketplaces it reads, and the
 * usage plans that pace its calls. The seller and their tokens are not settings: every call takes
 * the seller's credential (`<selling partner id>/<token>`, see `credential.ts`).
 *
 * From configuration (the service's `config.ts`): AMAZON_APPLICATION_ID, AMAZON_CLIENT_ID,
 * AMAZON_CLIENT_SECRET, AMAZON_REDIRECT_URL, AMAZON_DRAFT_APP, AMAZON_CONSENT_URL, AMAZON_LWA_URL,
 * AMAZON_API_URL, AMAZON_MARKETPLACE_IDS, AMAZON_RATE_LIMITS, AMAZON_PACING_MAX_WAIT_MS,
 * MARKETPLACE_MAX_CONCURRENT_REQUESTS.
 */
export interface AmazonSettings {
  /** The app's id in the consent URL (`application_id`). Empty when Amazon is not configured. */
  applicationId: string;
  /** The LWA client id and secret: the token calls. The secret is never logged. */
  clientId: string;
  clientSecret: string;
  /** Where Seller Central sends the seller back (one of the app's registered redirect URIs). */
  redirectUrl: string;
  /** The app is still a draft: the consent URL carries `version=beta`. */
  draftApp: boolean;
  /** Seller Central of the seller's region: `https://sellercentral.amazon.it`. */
  consentUrl: string;
  /** Login with Amazon: `https://api.amazon.com`. */
  lwaUrl: string;
  /** The SP-API of the region: `https://sellingpartnerapi-eu.amazon.com`. */
  apiUrl: string;
  /** The marketplaces whose orders are read; the first is the one shipments are confirmed in when the order does not say. */
  marketplaceIds: string[];
  /** Requests per second and burst of each operation Smista calls (Amazon's usage plans). */
  rateLimits: AmazonRateLimits;
  /** A wait for the usage plan up to this long is waited here; a longer one goes back to the job (QUOTA_EXCEEDED with the wait). */
  pacingMaxWaitMs: number;
  maxConcurrentRequests: number;
}

export type AmazonPacedOperation = 'searchOrders' | 'getOrder' | 'confirmShipment' | 'getMarketplaceParticipations';
export type AmazonRateLimits = Record<AmazonPacedOperation, { rate: number; burst: number }>;

/** Amazon's documented usage plans (providers.md). */
export const AMAZON_DEFAULT_RATE_LIMITS: AmazonRateLimits = {
  searchOrders: { rate: 0.0056, burst: 20 },
  getOrder: { rate: 0.5, burst: 30 },
  confirmShipment: { rate: 2, burst: 10 },
  getMarketplaceParticipations: { rate: 0.016, burst: 15 },
};

/** Amazon Italy. */
export const AMAZON_ITALY = 'APJ6JRA9NG5V4';

const optionalCredential = () =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim());

const httpUrl = (fallback: string, name: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v), { message: `${name} must be an http(s) URL` })
    .transform((v) => v.replace(/\/+$/, ''));

/**
 * `searchOrders=0.0056/20,getOrder=0.5/30`: each named operation's rate (requests per second) and
 * burst over Amazon's; the others keep Amazon's.
 */
export function parseRateLimits(text: string): AmazonRateLimits | string {
  const limits: AmazonRateLimits = structuredClone(AMAZON_DEFAULT_RATE_LIMITS);
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^(\w+)=([\d.]+)\/(\d+)$/.exec(part);
    if (!match || !(match[1]! in limits)) return `AMAZON_RATE_LIMITS: "${part}" is not <operation>=<rate>/<burst> of ${Object.keys(limits).join(', ')}`;
    const rate = Number(match[2]);
    const burst = Number(match[3]);
    if (!(rate > 0) || !(burst >= 1)) return `AMAZON_RATE_LIMITS: "${part}" needs a rate > 0 and a burst >= 1`;
    limits[match[1] as AmazonPacedOperation] = { rate, burst };
  }
  return limits;
}

/**
 * Amazon's variables of the service's environment (spread into its `config.ts` through the
 * adapters table). The app's id, client id and secret are a Secret, never in the database; empty,
 * connecting Amazon answers 'Parametri OAuth incompleti: client_id mancante'.
 */
export const amazonEnv = {
  AMAZON_APPLICATION_ID: optionalCredential(),
  AMAZON_CLIENT_ID: optionalCredential(),
  AMAZON_CLIENT_SECRET: optionalCredential(),
  /** The app's redirect URI: the shell's `/marketplace/callback` on the gateway's public address. */
  AMAZON_REDIRECT_URL: optionalCredential(),
  /** A draft app's consent needs `version=beta`. */
  AMAZON_DRAFT_APP: env.bool(false),
  AMAZON_CONSENT_URL: httpUrl('https://sellercentral.amazon.it', 'AMAZON_CONSENT_URL'),
  AMAZON_LWA_URL: httpUrl('https://api.amazon.com', 'AMAZON_LWA_URL'),
  AMAZON_API_URL: httpUrl('https://sellingpartnerapi-eu.amazon.com', 'AMAZON_API_URL'),
  /** Comma-separated; Italy by default ([open]: the other EU marketplaces by configuration). */
  AMAZON_MARKETPLACE_IDS: z
    .string()
    .default(AMAZON_ITALY)
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .refine((ids) => ids.length > 0 && ids.every((id) => /^[A-Z0-9]{8,20}$/.test(id)), { message: 'AMAZON_MARKETPLACE_IDS must be comma-separated marketplace ids' }),
  /** Usage plans over Amazon's (tests use fast ones): `searchOrders=0.0056/20,getOrder=0.5/30`. */
  AMAZON_RATE_LIMITS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const limits = parseRateLimits(v);
      if (typeof limits === 'string') {
        ctx.addIssue({ code: 'custom', message: limits });
        return z.NEVER;
      }
      return limits;
    }),
  AMAZON_PACING_MAX_WAIT_MS: z.coerce.number().int().min(0).default(15_000),
};

/** The variables of the service's `config.ts` the Amazon settings come from. */
export type AmazonConfig = z.output<z.ZodObject<typeof amazonEnv>> & { MARKETPLACE_MAX_CONCURRENT_REQUESTS: number };

export function amazonSettingsFrom(config: AmazonConfig): AmazonSettings {
  return {
    applicationId: config.AMAZON_APPLICATION_ID,
    clientId: config.AMAZON_CLIENT_ID,
    clientSecret: config.AMAZON_CLIENT_SECRET,
    redirectUrl: config.AMAZON_REDIRECT_URL,
    draftApp: config.AMAZON_DRAFT_APP,
    consentUrl: config.AMAZON_CONSENT_URL,
    lwaUrl: config.AMAZON_LWA_URL,
    apiUrl: config.AMAZON_API_URL,
    marketplaceIds: config.AMAZON_MARKETPLACE_IDS,
    rateLimits: config.AMAZON_RATE_LIMITS,
    pacingMaxWaitMs: config.AMAZON_PACING_MAX_WAIT_MS,
    maxConcurrentRequests: config.MARKETPLACE_MAX_CONCURRENT_REQUESTS,
  };
}

/**
 * The first missing piece of the app's configuration for `need`, as the Italian message; undefined
 * when complete. Checked before any call.
 */
export function settingsProblem(settings: AmazonSettings, need: 'authorize' | 'token'): string | undefined {
  if (!settings.clientId) return amazonMessages.clientIdMissing;
  if (need === 'authorize' && !settings.applicationId) return amazonMessages.applicationIdMissing;
  if (need === 'authorize' && !settings.redirectUrl) return amazonMessages.redirectUrlMissing;
  if (!settings.clientSecret) return amazonMessages.clientSecretMissing;
  return undefined;
}
