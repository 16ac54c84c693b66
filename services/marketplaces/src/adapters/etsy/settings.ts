import { z } from 'zod';
import { etsyMessages } from '@smista/contracts';

/**
 * What the Etsy adapter needs: Smista's Etsy app (keystring and shared secret, one per deployment,
 * from configuration), where Etsy's three hosts answer, the `carrier_name` each of our carriers is
 * sent as, and when a day's quota counts as running low. The seller's shop and tokens are not
 * settings: every call takes the seller's credential (`<shop id>/<token>`, see `credential.ts`).
 *
 * From configuration (the service's `config.ts`): ETSY_KEYSTRING, ETSY_SHARED_SECRET,
 * ETSY_REDIRECT_URL, ETSY_CONNECT_URL, ETSY_TOKEN_URL, ETSY_API_URL, ETSY_CARRIER_NAMES,
 * ETSY_DAILY_QUOTA_RESERVE, MARKETPLACE_MAX_CONCURRENT_REQUESTS.
 */
export interface EtsySettings {
  /** The app's keystring: the OAuth `client_id` and the first half of every `x-api-key`. Empty when Etsy is not configured. */
  keystring: string;
  /** The second half of every `x-api-key` (enforced since 9 Feb 2026). Never logged. */
  sharedSecret: string;
  /** Where Etsy sends the seller back (registered for the app; https in production). */
  redirectUrl: string;
  /** www.etsy.com: the consent page `/oauth/connect`. */
  connectUrl: string;
  /** api.etsy.com: `/v3/public/oauth/token`. */
  tokenUrl: string;
  /** openapi.etsy.com: `/v3/application/…`. */
  apiUrl: string;
  /** Our carrier code → Etsy's `carrier_name` (from getShippingCarriers for Italy); any other is sent as `other`. */
  carrierNames: Readonly<Record<string, string>>;
  /** The day's quota is "running low" when fewer than this share of it is left: the schedule slows down. */
  dailyQuotaReserve: number;
  maxConcurrentRequests: number;
}

/**
 * Our carriers as Etsy names them ([open] in providers.md: the names of getShippingCarriers'
 * answer for origin IT; the sandbox answers the same). Posta1 and the registered letters travel
 * with Poste Italiane.
 */
export const ETSY_DEFAULT_CARRIER_NAMES: Readonly<Record<string, string>> = {
  gls: 'GLS',
  poste_delivery: 'Poste Italiane',
  posta_1: 'Poste Italiane',
  posta_rc: 'Poste Italiane',
  posta_pr_intl: 'Poste Italiane',
  posta_rc_intl: 'Poste Italiane',
};

/** `gls=GLS,brt=BRT`: each named carrier's Etsy name over the defaults. An error text when malformed. */
export function parseCarrierNames(text: string): Record<string, string> | string {
  const names: Record<string, string> = { ...ETSY_DEFAULT_CARRIER_NAMES };
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z0-9_]+)=(.{1,60})$/.exec(part);
    if (!match) return `ETSY_CARRIER_NAMES: "${part}" is not <carrier code>=<Etsy carrier_name>`;
    names[match[1]!] = match[2]!.trim();
  }
  return names;
}

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
 * Etsy's variables of the service's environment (spread into its `config.ts` through the adapters
 * table). The keystring and shared secret are a Secret, never in the database; empty, connecting
 * Etsy answers 'Parametri OAuth incompleti: client_id mancante'.
 */
export const etsyEnv = {
  ETSY_KEYSTRING: optionalCredential(),
  ETSY_SHARED_SECRET: optionalCredential(),
  /** The app's redirect URI: the shell's `/marketplace/callback` on the gateway's public address. */
  ETSY_REDIRECT_URL: optionalCredential(),
  ETSY_CONNECT_URL: httpUrl('https://www.etsy.com', 'ETSY_CONNECT_URL'),
  ETSY_TOKEN_URL: httpUrl('https://api.etsy.com', 'ETSY_TOKEN_URL'),
  ETSY_API_URL: httpUrl('https://openapi.etsy.com', 'ETSY_API_URL'),
  /** Over the defaults: `gls=GLS,poste_delivery=Poste Italiane`. */
  ETSY_CARRIER_NAMES: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const names = parseCarrierNames(v);
      if (typeof names === 'string') {
        ctx.addIssue({ code: 'custom', message: names });
        return z.NEVER;
      }
      return names;
    }),
  /** Share of the day's quota below which the schedule slows down (0 never). */
  ETSY_DAILY_QUOTA_RESERVE: z.coerce.number().min(0).max(0.9).default(0.1),
};

/** The variables of the service's `config.ts` the Etsy settings come from. */
export type EtsyConfig = z.output<z.ZodObject<typeof etsyEnv>> & { MARKETPLACE_MAX_CONCURRENT_REQUESTS: number };

export function etsySettingsFrom(config: EtsyConfig): EtsySettings {
  return {
    keystring: config.ETSY_KEYSTRING,
    sharedSecret: config.ETSY_SHARED_SECRET,
    redirectUrl: config.ETSY_REDIRECT_URL,
    connectUrl: config.ETSY_CONNECT_URL,
    tokenUrl: config.ETSY_TOKEN_URL,
    apiUrl: config.ETSY_API_URL,
    carrierNames: config.ETSY_CARRIER_NAMES,
    dailyQuotaReserve: config.ETSY_DAILY_QUOTA_RESERVE,
    maxConcurrentRequests: config.MARKETPLACE_MAX_CONCURRENT_REQUESTS,
  };
}

/** The first missing piece of the app's configuration for `need`, as the Italian message; undefined when complete. */
export function settingsProblem(settings: EtsySettings, need: 'authorize' | 'token' | 'api'): string | undefined {
  if (!settings.keystring) return etsyMessages.clientIdMissing;
  if (need === 'authorize' && !settings.redirectUrl) return etsyMessages.redirectUrlMissing;
  if (need !== 'token' && !settings.sharedSecret) return etsyMessages.sharedSecretMissing;
  return undefined;
}
