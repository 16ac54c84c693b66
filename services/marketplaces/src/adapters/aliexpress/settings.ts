import { z } from 'zod';
import { ALIEXPRESS_DEFAULT_TIME_ZONE } from './time';
import { parseLogisticsServices } from './units';

/**
 * What the AliExpress adapter needs: Smista's Open Platform app (app key and secret), where the
 * authorize page and the gateway answer, the platform's time zone and our carriers' logistics
 * services. Spread into the service's configuration through `adaptersEnv`.
 */
export interface AliexpressSettings {
  appKey: string;
  appSecret: string;
  redirectUrl: string;
  /** The authorize page's host: `https://api-sg.aliexpress.com` (`/oauth/authorize`). */
  authUrl: string;
  /** The gateway: `https://api-sg.aliexpress.com` (`/rest/…`, `/sync`). */
  apiUrl: string;
  timeZone: string;
  logisticsServices: Readonly<Record<string, string>>;
  maxConcurrentRequests: number;
}

const optional = () => z.string().optional().transform((v) => (v ?? '').trim());
const httpUrl = (fallback: string, name: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v), { message: `${name} must be an http(s) URL` })
    .transform((v) => v.replace(/\/+$/, ''));

export const aliexpressEnv = {
  ALIEXPRESS_APP_KEY: optional(),
  ALIEXPRESS_APP_SECRET: optional(),
  ALIEXPRESS_REDIRECT_URL: optional(),
  ALIEXPRESS_AUTH_URL: httpUrl('https://api-sg.aliexpress.com', 'ALIEXPRESS_AUTH_URL'),
  ALIEXPRESS_API_URL: httpUrl('https://api-sg.aliexpress.com', 'ALIEXPRESS_API_URL'),
  ALIEXPRESS_TIME_ZONE: z
    .string()
    .default(ALIEXPRESS_DEFAULT_TIME_ZONE)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, { message: 'ALIEXPRESS_TIME_ZONE must be an IANA time zone' }),
  ALIEXPRESS_LOGISTICS_SERVICES: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const services = parseLogisticsServices(v);
      if (typeof services === 'string') {
        ctx.addIssue({ code: 'custom', message: services });
        return z.NEVER;
      }
      return services;
    }),
};

export type AliexpressConfig = z.output<z.ZodObject<typeof aliexpressEnv>> & { MARKETPLACE_MAX_CONCURRENT_REQUESTS: number };

export function aliexpressSettingsFrom(config: AliexpressConfig): AliexpressSettings {
  return {
    appKey: config.ALIEXPRESS_APP_KEY,
    appSecret: config.ALIEXPRESS_APP_SECRET,
    redirectUrl: config.ALIEXPRESS_REDIRECT_URL,
    authUrl: config.ALIEXPRESS_AUTH_URL,
    apiUrl: config.ALIEXPRESS_API_URL,
    timeZone: config.ALIEXPRESS_TIME_ZONE,
    logisticsServices: config.ALIEXPRESS_LOGISTICS_SERVICES,
    maxConcurrentRequests: config.MARKETPLACE_MAX_CONCURRENT_REQUESTS,
  };
}

/** Every variable at its default with `values` over it (tests). */
export function aliexpressConfigWith(values: Partial<AliexpressConfig>): AliexpressConfig {
  return { ...z.object(aliexpressEnv).parse({}), MARKETPLACE_MAX_CONCURRENT_REQUESTS: 4, ...values };
}
