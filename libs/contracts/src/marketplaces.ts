import { z } from 'zod';

/**
 * Marketplaces (spec §2 marketplace screens and callback, §3 marketplaces, integrations and jobs, §5
 * marketplace connect, §8 integrations): the Italian texts the marketplaces service and the gateway
 * answer, and the schemas the gateway and the screens share. eBay's own refusals are in
 * `ebay-messages.ts`.
 */

/** Spec §9: the refresh-token warning shows this many days before it expires. */
export const TOKEN_WARNING_DAYS = 30;
/** `GET /api/orders/sync/jobs`: default and largest number of jobs answered. */
export const SYNC_JOBS_DEFAULT_LIMIT = 20;
export const SYNC_JOBS_MAX_LIMIT = 100;

/** Dates in the merchant's words: `23/11/2026` (it-IT, Europe/Rome). */
export function italianDate(date: Date): string {
  return new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Rome' }).format(date);
}

export const marketplaceMessages = {
  // §5 marketplace connect
  settingsMissingTitle: 'Campi mancanti',
  settingsMissing: (fields: readonly string[]) => `I seguenti campi sono obbligatori: ${fields.join(', ')}`,
  clientIdMissing: 'Parametri OAuth incompleti: client_id mancante',
  oauthNotSupported: (name: string) => `Il marketplace ${name} non supporta l'autenticazione OAuth`,
  oauthNotSupportedHint: "Attenzione: il collegamento tramite OAuth non è disponibile per questo marketplace. Contatta l'assistenza.",
  callbackParamsMissing: "Parametri mancanti nella callback. Impossibile completare l'autenticazione.",
  authorizationDenied: (error: string) => `Autorizzazione negata: ${error}`,
  oauthStateInvalid:
    "Questo collegamento non è stato avviato da te in questo merchant, oppure è scaduto o è già stato usato: nessun account è stato collegato. Ricomincia da 'Connetti'.",
  // §8 integrations
  refreshNotSupported: 'Questo marketplace non supporta il refresh token tramite OAuth.',
  integrationCompleted: 'Integrazione completata',
  // catalogue and connect
  marketplaceNotFound: 'Marketplace non trovato',
  marketplaceRequired: 'Il marketplace è obbligatorio',
  marketplaceNotAvailable: (name: string) =>
    `Il collegamento con ${name} non è ancora disponibile: per ora Smista importa gli ordini solo dai marketplace contrassegnati come disponibili.`,
  connectWithOAuth: (name: string) => `${name} si collega con l'autorizzazione del venditore: usa il pulsante Connetti del marketplace.`,
  /** The operation the kit's NotSupportedError names when a marketplace that connects through OAuth is given settings. */
  settingsConnectOperation: 'collegamento con le impostazioni del marketplace',
  /** The operation the kit's NotSupportedError names for a webhook of a marketplace without webhooks. */
  webhookOperation: 'ricezione delle notifiche (webhook)',
  typeInvalid: "Il tipo di integrazione deve essere 'marketplace'",
  configInvalid: 'La configurazione deve essere un oggetto con i campi richiesti dal marketplace',
  settingInvalid: (field: string) => `Il campo ${field} deve essere un testo`,
  activeInvalid: 'Il campo active deve essere vero o falso',
  autoUpdateTrackingInvalid: 'Il campo autoUpdateTracking deve essere vero o falso',
  nothingToChange: 'Indica almeno un campo da modificare (active o autoUpdateTracking)',
  tooLong: 'Valore troppo lungo',
  // integrations
  integrationNotFound: 'Integrazione non trovata',
  merchantNotFound: 'Merchant non trovato',
  integrationInactive: "L'integrazione è disattivata: attivala per sincronizzare gli ordini",
  integrationPending: "L'integrazione non è ancora collegata: completa il collegamento per sincronizzare gli ordini",
  integrationNotActive: "L'integrazione non è attiva: collega di nuovo l'account del marketplace",
  // tokens (spec §2 token status; the warning of issue 9)
  tokenExpiresSoon: (name: string, date: string) =>
    `L'autorizzazione ${name} scade il ${date}: collega di nuovo l'account ${name} prima di quella data, altrimenti l'importazione degli ordini si fermerà.`,
  tokenExpired: (name: string, date: string) =>
    `L'autorizzazione ${name} è scaduta il ${date}: collega di nuovo l'account ${name} per riprendere l'importazione degli ordini.`,
  tokenRefused: (name: string) =>
    `${name} ha rifiutato l'autorizzazione di Smista (scaduta o revocata): collega di nuovo l'account ${name} per riprendere l'importazione degli ordini.`,
  // sync jobs
  syncStarted: 'Sincronizzazione avviata',
  syncJoined: 'Sincronizzazione già in corso',
  jobNotFound: 'Sincronizzazione non trovata',
  jobLimitInvalid: `Il numero di sincronizzazioni deve essere un intero tra 1 e ${SYNC_JOBS_MAX_LIMIT}`,
  triggeredByInvalid: "L'origine della sincronizzazione deve essere user o auto",
  syncFailed: (reason: string) => `Sincronizzazione non riuscita: ${reason}`,
  syncQuotaExhausted: (name: string) =>
    `Sincronizzazione interrotta: ${name} ha continuato a rifiutare le richieste per il limite di chiamate. Riprova più tardi.`,
  syncUnavailable: (name: string) => `Sincronizzazione interrotta: ${name} non risponde. Riprova più tardi.`,
  syncTokenRejected: (name: string) =>
    `Sincronizzazione interrotta: ${name} rifiuta il token di accesso anche dopo il rinnovo. Collega di nuovo l'account ${name}.`,
  syncDeactivated: "Sincronizzazione interrotta: l'integrazione è stata disattivata",
  // tracking push (shipments)
  trackingIntegrationInactive: "Tracking non inviato: l'integrazione del marketplace è disattivata",
  trackingIntegrationNotActive: "Tracking non inviato: l'integrazione del marketplace non è attiva. Collega di nuovo l'account.",
  shippedDateInvalid: 'Data di spedizione non valida (ISO 8601)',
} as const;

const m = marketplaceMessages;

/**
 * The settings of `requiredSettings` left empty in `config` (spec §5), in the catalogue's order;
 * empty when every one is filled. Shared by the connect dialog and the service.
 *
 * @example missingSettings(['shopDomain', 'accessToken'], { shopDomain: 'bottega' }) // ['accessToken']
 */
export function missingSettings(required: readonly string[], config: Readonly<Record<string, string | undefined>>): string[] {
  return required.filter((name) => !(config[name] ?? '').trim());
}

/** Spec §2 connect dialog: setting names containing key or secret are typed in a masked field. */
export function isMaskedSetting(name: string): boolean {
  return /key|secret/i.test(name);
}

/** `/api/marketplace/:marketplace/oauth-params`: the identifier as typed (the service answers unknown ones). */
export const marketplaceParamsSchema = z.object({
  marketplace: z.string().trim().toLowerCase().max(40, m.marketplaceNotFound),
});

/**
 * `GET /api/marketplace/:marketplace/oauth-params?shop=…`: the seller's store where the consent page
 * is the store's own (Shopify's shop domain, checked by the service in Italian); absent for eBay.
 */
export const oauthParamsQuerySchema = z.object({
  shop: z.string().max(300, m.tooLong).optional().transform((v) => (v ?? '').trim()),
});

const optionalText = (max: number) =>
  z
    .string()
    .max(max, m.tooLong)
    .nullish()
    .transform((v) => (v ?? '').trim());

/**
 * `POST /api/merchants/current/oauth/callback {code, marketplace, merchantId, error?, state}` (spec §7),
 * the parameters the shell read from the marketplace's redirect. Every field is optional here: the
 * service answers the §5 messages (missing code or marketplace, 'Autorizzazione negata: {error}').
 * eBay's codes are at most 1024 characters.
 */
export const oauthCallbackSchema = z.object({
  code: optionalText(4096),
  marketplace: optionalText(40),
  merchantId: optionalText(100),
  error: optionalText(200),
  /** The consent's state as the marketplace sent it back (`ebay.<nonce>`); a code without it connects nothing. */
  state: optionalText(200),
  /**
   * The callback's whole query where the marketplace signs it (Shopify: code, hmac, host, shop,
   * state, timestamp): at most 20 parameters of 2,000 characters.
   */
  callback: z
    .record(z.string().max(100, m.tooLong), z.string().max(2000, m.tooLong))
    .refine((r) => Object.keys(r).length <= 20, { message: m.tooLong })
    .nullish()
    .transform((v) => v ?? {}),
});
export type OAuthCallbackBody = z.output<typeof oauthCallbackSchema>;

/**
 * Where the marketplaces screen keeps, in localStorage, the `state` of the consent it started: the
 * callback page connects at once only a code that comes back with it, and asks first otherwise (a
 * link from someone else's consent, or a consent started in another browser).
 */
export const OAUTH_STARTED_STATE_KEY = 'oauth_state';

const OAUTH_STATE = /^([a-z][a-z0-9_-]{0,39})\.([A-Za-z0-9_-]{43})$/;

/**
 * The marketplace an OAuth `state` names: Smista issues `<marketplace>.<nonce>` (spec §7: the state
 * identifies the marketplace), the nonce 32 random bytes in base64url. Null for anything else,
 * the bare 'ebay' of older links among them.
 *
 * @example marketplaceOfOAuthState('ebay.q3J0…') // 'ebay'
 */
export function marketplaceOfOAuthState(state: string): string | null {
  return OAUTH_STATE.exec(state.trim())?.[1] ?? null;
}

/** A connect dialog's values: an object of texts (or the same as JSON text, spec §3 config). */
const settingsConfig = z
  .union([z.string().max(20_000, m.tooLong), z.record(z.string(), z.unknown()), z.null()], { error: m.configInvalid })
  .optional()
  .transform((value, ctx): Record<string, string> => {
    let object: unknown = value ?? {};
    if (typeof value === 'string') {
      try {
        object = value.trim() ? (JSON.parse(value) as unknown) : {};
      } catch {
        ctx.addIssue({ code: 'custom', message: m.configInvalid });
        return z.NEVER;
      }
    }
    if (typeof object !== 'object' || object === null || Array.isArray(object)) {
      ctx.addIssue({ code: 'custom', message: m.configInvalid });
      return z.NEVER;
    }
    const out: Record<string, string> = {};
    for (const [key, raw] of Object.entries(object)) {
      if (raw === null || raw === undefined) continue;
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
        ctx.addIssue({ code: 'custom', message: m.settingInvalid(key.slice(0, 60)) });
        return z.NEVER;
      }
      const text = String(raw);
      if (key.length > 100 || text.length > 4000) {
        ctx.addIssue({ code: 'custom', message: m.tooLong });
        return z.NEVER;
      }
      out[key] = text;
    }
    return out;
  });

/**
 * `POST /api/merchants/current/integrations {type, provider, merchantId, config, active}` (spec §7),
 * the connect dialog of a marketplace without OAuth. `config` is an object of the marketplace's
 * required settings (or the same as JSON text).
 */
export const createMarketplaceIntegrationSchema = z.object({
  type: z
    .string({ error: m.typeInvalid })
    .trim()
    .nullish()
    .transform((v) => v || 'marketplace')
    .pipe(z.literal('marketplace', { error: m.typeInvalid })),
  provider: z.string({ error: m.marketplaceRequired }).trim().toLowerCase().min(1, m.marketplaceRequired).max(40, m.marketplaceNotFound),
  merchantId: optionalText(100),
  config: settingsConfig,
  active: z.boolean({ error: m.activeInvalid }).optional(),
});
export type CreateMarketplaceIntegrationBody = z.output<typeof createMarketplaceIntegrationSchema>;

/** `PATCH .../integrations/{id}`, `PATCH .../toggle`, `PUT /api/integrations/{id}/toggle-active`: `{active}`. */
export const toggleMarketplaceIntegrationSchema = z.object({ active: z.boolean({ error: m.activeInvalid }) });

/**
 * `PATCH /api/merchants/{merchantId}/integrations/{id}`: `{active}` (spec §7) and/or
 * `{autoUpdateTracking}` (push every new label's tracking number to the marketplace).
 */
export const patchMarketplaceIntegrationSchema = z
  .object({
    active: z.boolean({ error: m.activeInvalid }).optional(),
    autoUpdateTracking: z.boolean({ error: m.autoUpdateTrackingInvalid }).optional(),
  })
  .refine((b) => b.active !== undefined || b.autoUpdateTracking !== undefined, { message: m.nothingToChange });

/**
 * A numeric id from a path or a query: a malformed one becomes -1, which the service answers with
 * the same NOT_FOUND as an unknown id (tenancy: no answer tells a bad id from another merchant's).
 */
/** A merchant id in a path: `current` is the merchant selected in the session (the services' empty id). */
export const merchantIdParam = z.string().transform((v) => (v === 'current' ? '' : v));

export const numericIdParam = z.string().transform((v) => (/^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : -1));

/** `GET /api/orders/sync/jobs?integrationId=&limit=`: integrationId absent = every integration. */
export const syncJobsQuerySchema = z.object({
  integrationId: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? 0 : /^\d{1,15}$/.test(v.trim()) && Number(v) > 0 ? Number(v) : -1)),
  limit: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? SYNC_JOBS_DEFAULT_LIMIT : /^\d{1,3}$/.test(v.trim()) ? Number(v) : -1))
    .pipe(z.number().int().min(1, m.jobLimitInvalid).max(SYNC_JOBS_MAX_LIMIT, m.jobLimitInvalid)),
});

/** `POST /api/orders/sync/{integrationId}` may say who started it: the client's auto-sync of spec §9 sends `auto`. */
export const startSyncSchema = z.object({
  triggeredBy: z
    .string({ error: m.triggeredByInvalid })
    .trim()
    .nullish()
    .transform((v) => v || 'user')
    .pipe(z.enum(['user', 'auto'], { error: m.triggeredByInvalid })),
});
