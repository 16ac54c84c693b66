import { z } from 'zod';
import { visibleText } from './text';

/**
 * Carriers (spec §2 carrier screens, §3 carrier_integrations and tracking_codes_pool, §5 carrier
 * form and tracking codes): the codes of the catalogue, the Italian texts the carriers service
 * answers and the schemas the gateway and the screens share.
 */

/** The catalogue (seeded by the carriers service's migration). */
export const carrierCodes = ['gls', 'poste_delivery', 'posta_1', 'posta_rc', 'posta_pr_intl', 'posta_rc_intl'] as const;
export type CarrierCode = (typeof carrierCodes)[number];

/** Spec §9: the carriers that keep a tracking-code pool (the Poste letter services). */
export const poolCarrierCodes = ['posta_1', 'posta_rc', 'posta_pr_intl', 'posta_rc_intl'] as const;
export type PoolCarrierCode = (typeof poolCarrierCodes)[number];
export const isPoolCarrier = (code: string): code is PoolCarrierCode => (poolCarrierCodes as readonly string[]).includes(code);

/** International letter services: their codes are UPU S10 (`RR12345678 5IT`). */
export const s10CarrierCodes = ['posta_pr_intl', 'posta_rc_intl'] as const;

/** Which credentials a carrier's form asks for. */
export type CredentialKind = 'gls' | 'generic' | 'letter';

/** Spec §9: the stock warning shows below this many available codes. */
export const LOW_STOCK_THRESHOLD = 10;
/** A range adds at most this many codes in one request. */
export const MAX_RANGE_CODES = 100_000;
/** A manual list adds at most this many codes in one request. */
export const MAX_MANUAL_CODES = 10_000;

export const integrationStatuses = ['pending', 'active', 'error'] as const;
export type IntegrationStatus = (typeof integrationStatuses)[number];

export const trackingCodeStatuses = ['available', 'used', 'reserved'] as const;
export type TrackingCodeStatus = (typeof trackingCodeStatuses)[number];

export const carrierMessages = {
  // §5 carrier form
  connectionNameRequired: 'Il nome della connessione è obbligatorio',
  siglaSedeRequired: 'La sigla sede è obbligatoria per GLS',
  codiceClienteRequired: 'Il codice cliente è obbligatorio per GLS',
  passwordClienteRequired: 'La password cliente è obbligatoria per GLS',
  codiceContrattoRequired: 'Il codice contratto è obbligatorio per GLS',
  emailFilialeRequired: "L'email filiale è obbligatoria per GLS",
  emailInvalid: 'Inserisci un indirizzo email valido',
  // GLS limits (providers.md), checked before anything is sent
  siglaSedeFormat: 'La sigla sede GLS è di 2 lettere (es. MI)',
  codiceClienteFormat: 'Il codice cliente GLS è numerico, al massimo 6 cifre',
  passwordClienteLength: 'La password cliente GLS può avere al massimo 10 caratteri',
  codiceContrattoFormat: 'Il codice contratto GLS è numerico, al massimo 4 cifre',
  // Poste Delivery Business
  posteClientIdRequired: 'Il Client ID è obbligatorio per Poste Delivery Business',
  posteSecretRequired: 'Il Client Secret è obbligatorio per Poste Delivery Business',
  posteCostCenterRequired: 'Il codice centro di costo è obbligatorio per Poste Delivery Business',
  serviceTypeInvalid: 'Servizio Poste Delivery non valido',
  tooLong: 'Valore troppo lungo',
  providerRequired: 'Il corriere è obbligatorio',
  unknownCarrier: 'Corriere non trovato',
  integrationNotFound: 'Integrazione corriere non trovata',
  merchantNotFound: 'Merchant non trovato',
  integrationInactive: "L'integrazione corriere è disattivata",
  integrationNotActive: "L'integrazione corriere non è attiva: verifica le credenziali",
  activeInvalid: 'Il campo active deve essere vero o falso',
  credentialCheckFailed: 'Verifica delle credenziali non riuscita. Riprova più tardi.',
  // §5 tracking codes
  codesRequired: 'Inserisci almeno un tracking code',
  rangeRequired: 'Inserisci entrambi i codici DA e A',
  methodInvalid: 'Metodo non valido: usa manual o range',
  codeInvalid: (code: string) => `Codice non valido: ${code} (solo lettere e cifre, al massimo 40 caratteri)`,
  s10Invalid: (code: string) => `Codice non valido: ${code} (formato internazionale: 2 lettere, 8 cifre, cifra di controllo, IT)`,
  s10CheckDigit: (code: string) => `Cifra di controllo errata nel codice ${code}`,
  duplicateInRequest: (codes: string) => `Codici ripetuti nella richiesta: ${codes}`,
  duplicateInPool: (codes: string) => `Codici già presenti: ${codes}`,
  rangeNoNumber: 'I codici DA e A devono terminare con una parte numerica',
  rangePrefixMismatch: 'I codici DA e A devono avere lo stesso prefisso e la stessa lunghezza',
  rangeReversed: 'Il codice DA deve precedere il codice A',
  rangeTooLarge: (max: number) => `Un intervallo può contenere al massimo ${max.toLocaleString('it-IT')} codici`,
  tooManyCodes: (max: number) => `Puoi aggiungere al massimo ${max.toLocaleString('it-IT')} codici per volta`,
  codesAdded: (n: number) => (n === 1 ? 'Aggiunto 1 codice' : `Aggiunti ${n} codici`),
  notPoolCarrier: 'Questo corriere non usa un elenco di tracking code',
  codeNotFound: 'Tracking code non trovato',
  codeNotAvailable: 'Si possono eliminare solo i codici disponibili',
  noCodesAvailable: 'Nessun tracking code disponibile: aggiungi codici al corriere',
  statusFilterInvalid: 'Stato non valido',
  pageInvalid: 'Pagina non valida',
  dateInvalid: 'Data non valida (AAAA-MM-GG)',
  formatInvalid: 'Formato non valido: usa csv o pdf',
  // labels and operations
  senderMissing: 'Nessun indirizzo di ritiro: aggiungi un indirizzo di tipo Ritiro in Impostazioni > Indirizzi',
  recipientInvalid: (detail: string) => `Destinatario non valido: ${detail}`,
  parcelsRequired: 'Indica almeno un collo con il suo peso',
  weightInvalid: 'Il peso di ogni collo deve essere maggiore di zero',
  cancelNotSupportedAfterLabel: 'Il codice è già stato stampato su un’etichetta e non torna disponibile',
  shipmentNumbersRequired: 'Indica almeno una spedizione da confermare',
  trackingNumberRequired: 'Indica il numero di tracking della spedizione',
  codeReleased: 'Spedizione annullata: il codice è tornato disponibile',
  codeNotReleased: 'Spedizione annullata: il codice non era in uso',
} as const;

const m = carrierMessages;

const text = (max = 200) => z.string().trim().max(max, m.tooLong);
const optionalText = (max = 200) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : undefined));
/** A secret as typed: never trimmed (spaces may be part of it); empty = keep the stored one on update. */
const optionalSecret = (max = 200) =>
  z
    .string()
    .max(max, m.tooLong)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** Every credential field a form may send (spec §3: GLS names and the generic ones). */
export const carrierCredentialsSchema = z.object({
  siglaSede: optionalText(10),
  codiceCliente: optionalText(20),
  passwordCliente: optionalSecret(),
  codiceContratto: optionalText(20),
  emailFiliale: optionalText(254),
  usernameRitiri: optionalText(),
  passwordRitiri: optionalSecret(),
  username: optionalText(),
  password: optionalSecret(),
  customerCode: optionalText(),
  serviceType: optionalText(40),
});
export type CarrierCredentials = { [K in keyof z.output<typeof carrierCredentialsSchema>]?: string };
export const credentialFields = Object.keys(carrierCredentialsSchema.shape) as (keyof CarrierCredentials)[];
/** The credential fields that are secrets: encrypted at rest, never answered. */
export const secretCredentialFields = ['passwordCliente', 'passwordRitiri', 'password'] as const;
export type SecretCredentialField = (typeof secretCredentialFields)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Poste Delivery Business products (providers.md): the integration's `serviceType`. */
export const posteDeliveryProducts = {
  APT000901: 'Express',
  APT000902: 'Standard',
  APT000903: 'Internazionale Express',
  APT000904: 'Internazionale Standard',
} as const;

/**
 * The credential rules of one carrier (spec §5 and providers.md), as a list of Italian messages in
 * form order; empty when valid. `stored` names the secrets already stored (an update may leave
 * them empty to keep them). Shared by the screen, the gateway and the service.
 */
export function credentialProblems(
  kind: CredentialKind,
  c: CarrierCredentials,
  stored: ReadonlySet<SecretCredentialField> = new Set(),
): { field: keyof CarrierCredentials; message: string }[] {
  const out: { field: keyof CarrierCredentials; message: string }[] = [];
  const has = (f: SecretCredentialField) => Boolean(c[f]) || stored.has(f);
  if (kind === 'gls') {
    if (!c.siglaSede) out.push({ field: 'siglaSede', message: m.siglaSedeRequired });
    else if (!/^[A-Za-z0-9]{2}$/.test(c.siglaSede)) out.push({ field: 'siglaSede', message: m.siglaSedeFormat });
    if (!c.codiceCliente) out.push({ field: 'codiceCliente', message: m.codiceClienteRequired });
    else if (!/^\d{1,6}$/.test(c.codiceCliente)) out.push({ field: 'codiceCliente', message: m.codiceClienteFormat });
    if (!has('passwordCliente')) out.push({ field: 'passwordCliente', message: m.passwordClienteRequired });
    else if (c.passwordCliente && c.passwordCliente.length > 10) out.push({ field: 'passwordCliente', message: m.passwordClienteLength });
    if (!c.codiceContratto) out.push({ field: 'codiceContratto', message: m.codiceContrattoRequired });
    else if (!/^\d{1,4}$/.test(c.codiceContratto)) out.push({ field: 'codiceContratto', message: m.codiceContrattoFormat });
    if (!c.emailFiliale) out.push({ field: 'emailFiliale', message: m.emailFilialeRequired });
    else if (!EMAIL.test(c.emailFiliale)) out.push({ field: 'emailFiliale', message: m.emailInvalid });
  } else if (kind === 'generic') {
    // poste_delivery: client id, secret and cost centre are what its API needs.
    if (!c.username) out.push({ field: 'username', message: m.posteClientIdRequired });
    if (!has('password')) out.push({ field: 'password', message: m.posteSecretRequired });
    if (!c.customerCode) out.push({ field: 'customerCode', message: m.posteCostCenterRequired });
    if (c.serviceType && !(c.serviceType in posteDeliveryProducts)) out.push({ field: 'serviceType', message: m.serviceTypeInvalid });
  }
  // letter services: username, password and customer code are optional (§5 generic carriers).
  return out;
}

/** The credential kind of a catalogue code. */
export function credentialKindOf(code: string): CredentialKind {
  if (code === 'gls') return 'gls';
  if (code === 'poste_delivery') return 'generic';
  return 'letter';
}

/**
 * `POST /api/merchants/{merchantId}/carrier-integrations` (spec §7: `{provider, connectionName,
 * active: true, plus credentials}`): the credentials may come flat beside the other fields or in a
 * `credentials` object; the object wins where both name a field.
 */
export const createCarrierIntegrationSchema = carrierCredentialsSchema
  .extend({
    provider: z.string({ error: m.providerRequired }).trim().min(1, m.providerRequired).max(40, m.unknownCarrier),
    connectionName: z
      .string({ error: m.connectionNameRequired })
      .trim()
      .min(1, m.connectionNameRequired)
      .max(100, m.tooLong)
      .refine(...visibleText),
    active: z.boolean({ error: m.activeInvalid }).optional(),
    credentials: carrierCredentialsSchema.optional(),
  })
  .transform(({ provider, connectionName, active, credentials, ...flat }) => ({
    provider,
    connectionName,
    active,
    credentials: { ...stripUndefined(flat), ...stripUndefined(credentials ?? {}) } as CarrierCredentials,
  }));

/** `PUT .../carrier-integrations/{id}` (spec §7: `{connectionName, credentials}`); flat fields are accepted too. */
export const updateCarrierIntegrationSchema = carrierCredentialsSchema
  .extend({
    connectionName: z
      .string({ error: m.connectionNameRequired })
      .trim()
      .min(1, m.connectionNameRequired)
      .max(100, m.tooLong)
      .refine(...visibleText)
      .optional(),
    credentials: carrierCredentialsSchema.optional(),
  })
  .transform(({ connectionName, credentials, ...flat }) => ({
    connectionName,
    credentials: { ...stripUndefined(flat), ...stripUndefined(credentials ?? {}) } as CarrierCredentials,
  }));

/** `PATCH .../carrier-integrations/{id}/toggle {active}`. */
export const toggleCarrierIntegrationSchema = z.object({ active: z.boolean({ error: m.activeInvalid }) });

/**
 * `POST .../tracking-codes {method: manual|range, trackingCodes, fromCode, toCode}` (spec §7).
 * `trackingCodes` is the text as typed or a list; the service splits, trims and checks.
 */
export const addTrackingCodesSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('manual'),
      trackingCodes: z.union([z.string().max(1_000_000, m.tooManyCodes(MAX_MANUAL_CODES)), z.array(z.string().max(100, m.tooLong)).max(MAX_MANUAL_CODES, m.tooManyCodes(MAX_MANUAL_CODES))], {
        error: m.codesRequired,
      }),
    }),
    z.object({
      method: z.literal('range'),
      fromCode: z.string({ error: m.rangeRequired }).trim().min(1, m.rangeRequired).max(40, m.tooLong),
      toCode: z.string({ error: m.rangeRequired }).trim().min(1, m.rangeRequired).max(40, m.tooLong),
    }),
  ],
  { error: m.methodInvalid },
);

/** `GET .../tracking-codes?status&page&pageSize`. */
export const trackingCodesQuerySchema = z.object({
  status: z
    .string({ error: m.statusFilterInvalid })
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v))
    .pipe(z.enum(trackingCodeStatuses, m.statusFilterInvalid).optional()),
  page: z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).max(1_000_000, m.pageInvalid).default(1),
  pageSize: z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).max(500, m.pageInvalid).default(20),
});

/** `GET .../tracking-codes/distinta?date&format`. */
export const distintaQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
    .optional(),
  format: z.enum(['csv', 'pdf'], m.formatInvalid).default('csv'),
});

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
