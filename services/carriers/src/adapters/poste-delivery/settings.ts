import { carrierMessages, posteDeliveryProducts } from '@smista/contracts';

/**
 * What the Poste Delivery Business adapter needs: one client of Poste's parcel API and where it
 * answers.
 *
 * How they come from an integration (see `createCarrierAdapter` in `../index.ts`): `baseUrl` is the
 * service's configuration (`POSTE_DELIVERY_BASE_URL`: Poste in production, the sandbox of
 * `deploy/sandboxes` in development and tests); the account fields are the integration's generic
 * credentials of spec §3: `username` is the client id, `password` the client secret (decrypted just
 * before the adapter is built), `customerCode` the cost centre and `serviceType` the product.
 */
export interface PosteDeliverySettings {
  /** API root, its path kept (`https://apiw.gp.posteitaliane.it/gp/internet`); calls go to `<baseUrl>/user/sessions`, `<baseUrl>/postalandlogistics/parcel/…`. */
  baseUrl: string;
  /** Client ID: the session's `clientId` and the `POSTE_clientID` header of every call. */
  clientId: string;
  /** Client secret (`secretId`). A secret: never logged, redacted from every error. */
  secret: string;
  /** Cost-centre code (`CDC-…`) of every waybill. */
  costCenterCode: string;
  /** Product (`APT000902` Standard by default); see `posteDeliveryProducts` of the contracts. */
  product: string;
  /** OAuth scope of the session; empty = Poste's scope for the environment `baseUrl` points at ({@link scopeOf}). */
  scope: string;
  /** Label format: `1011` (10 × 11 cm, for label printers; the default) or `A4`. */
  printFormat?: PosteLabelFormat;
  /**
   * Poste's tracking event codes under which a waybill may still be voided in Smista only (Poste
   * Delivery Business offers no cancellation): the waybill's data received, the parcel not yet in
   * Poste's network. Any other event refuses the void. Which codes Poste uses for that is [open]
   * (providers.md): configuration (`POSTE_DELIVERY_VOIDABLE_STATUSES`), default {@link DEFAULT_VOIDABLE_STATUSES}.
   */
  voidableStatuses?: readonly string[];
}

export type PosteLabelFormat = 'A4' | '1011';

export const DEFAULT_PRODUCT = 'APT000902';
export const DEFAULT_PRINT_FORMAT: PosteLabelFormat = '1011';
/** `PRE`: the event the sandbox (and the code third-party clients map first) writes when the waybill is made. */
export const DEFAULT_VOIDABLE_STATUSES: readonly string[] = ['PRE'];

/**
 * The session scopes of Poste's two environments, as third-party clients send them [3p]. The
 * sandbox of `deploy/sandboxes` takes any non-empty scope.
 */
export const POSTE_SCOPES = {
  production: 'https://postemarketplace.onmicrosoft.com/d6a78063-5570-4a87-bbd7-07326e6855d1/.default',
  test: 'api://8f0f2c58-19a8-45ef-9f9e-8bcb0acc7657/.default',
} as const;

/** Poste's own test environment (`https://apid.gp.posteitaliane.it/dev/kindergarden/`). */
const TEST_HOST = 'apid.gp.posteitaliane.it';

/** The scope to ask for: the configured one, else the one of the environment `baseUrl` points at. */
export function scopeOf(settings: Pick<PosteDeliverySettings, 'baseUrl' | 'scope'>): string {
  if (settings.scope.trim()) return settings.scope.trim();
  let host = '';
  try {
    host = new URL(settings.baseUrl).hostname;
  } catch {
    // An unreadable base URL fails at the first request with its own error.
  }
  return host === TEST_HOST ? POSTE_SCOPES.test : POSTE_SCOPES.production;
}

/**
 * Settings from an integration's stored credentials and the configured endpoint, trimmed (the
 * secret is kept as typed: spaces may belong to it).
 *
 * @example posteDeliverySettingsFrom({ baseUrl: config.POSTE_DELIVERY_BASE_URL }, integration.credentials, secrets)
 */
export function posteDeliverySettingsFrom(
  endpoint: { baseUrl: string; scope?: string },
  credentials: { username?: string | null; customerCode?: string | null; serviceType?: string | null },
  secrets: { password?: string | null },
): PosteDeliverySettings {
  return {
    baseUrl: endpoint.baseUrl,
    clientId: (credentials.username ?? '').trim(),
    secret: secrets.password ?? '',
    costCenterCode: (credentials.customerCode ?? '').trim(),
    product: (credentials.serviceType ?? '').trim() || DEFAULT_PRODUCT,
    scope: endpoint.scope ?? '',
  };
}

/**
 * The first problem of the account fields, as the form's Italian message; undefined when they can
 * be sent. Checked before any call, so an incomplete account never reaches Poste.
 */
export function settingsProblem(s: PosteDeliverySettings): string | undefined {
  if (!s.clientId.trim()) return carrierMessages.posteClientIdRequired;
  if (!s.secret) return carrierMessages.posteSecretRequired;
  if (!s.costCenterCode.trim()) return carrierMessages.posteCostCenterRequired;
  if (!Object.hasOwn(posteDeliveryProducts, s.product.trim() || DEFAULT_PRODUCT)) return carrierMessages.serviceTypeInvalid;
  return undefined;
}
