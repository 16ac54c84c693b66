import { carrierMessages } from '@smista/contracts';

/**
 * What the GLS adapter needs: one GLS Italy customer account and where GLS answers.
 *
 * How they come from an integration (see `createCarrierAdapter` in `../index.ts`): `baseUrl` and
 * `trackingUrl` are the service's configuration (`GLS_BASE_URL`, `GLS_TRACKING_URL`: the real
 * hosts in production, the sandbox of `deploy/sandboxes` in development and tests); the four
 * account fields are the integration's credentials of spec §3 (`siglaSede` branch_code,
 * `codiceCliente` client_code, `codiceContratto` contract_code, and `passwordCliente`
 * client_password, decrypted from the store just before the adapter is built). `emailFiliale` and the
 * pickup credentials are not used by labels.
 */
export interface GlsSettings {
  /** Label Service root (`https://labelservice.gls-italy.com`); calls go to `<baseUrl>/ilswebservice.asmx/<Op>`. */
  baseUrl: string;
  /** Public tracking root (`https://infoweb.gls-italy.com`); calls go to `<trackingUrl>/XML/get_xml_track.php`. */
  trackingUrl: string;
  /** Sigla sede, 2 characters (`MI`): the GLS branch of the account and the tracking number's prefix. */
  siglaSede: string;
  /** Codice cliente, numeric, at most 6 digits. */
  codiceCliente: string;
  /** Password cliente, at most 10 characters. A secret: never logged, redacted from every error. */
  passwordCliente: string;
  /** Codice contratto, numeric, at most 4 digits (every parcel's `CodiceContrattoGls`, tracking's `CodCli`). */
  codiceContratto: string;
}

/**
 * Settings from an integration's stored credentials and the configured endpoints, trimmed, the
 * sede upper-cased (the password is kept as typed: spaces may belong to it).
 *
 * @example glsSettingsFrom({ baseUrl: config.GLS_BASE_URL, trackingUrl: config.GLS_TRACKING_URL }, integration.credentials, secrets)
 */
export function glsSettingsFrom(
  endpoints: { baseUrl: string; trackingUrl: string },
  credentials: { siglaSede?: string | null; codiceCliente?: string | null; codiceContratto?: string | null },
  secrets: { passwordCliente?: string | null },
): GlsSettings {
  return {
    baseUrl: endpoints.baseUrl,
    trackingUrl: endpoints.trackingUrl,
    siglaSede: (credentials.siglaSede ?? '').trim().toUpperCase(),
    codiceCliente: (credentials.codiceCliente ?? '').trim(),
    passwordCliente: secrets.passwordCliente ?? '',
    codiceContratto: (credentials.codiceContratto ?? '').trim(),
  };
}

/**
 * The first problem of the account fields against GLS's limits (providers.md), as the form's Italian
 * message; undefined when they can be sent. Checked before any call, so a malformed account never
 * reaches GLS (the form checks the same rules when it is saved).
 */
export function settingsProblem(s: GlsSettings): string | undefined {
  if (!s.siglaSede.trim()) return carrierMessages.siglaSedeRequired;
  if (!/^[A-Za-z0-9]{2}$/.test(s.siglaSede.trim())) return carrierMessages.siglaSedeFormat;
  if (!s.codiceCliente.trim()) return carrierMessages.codiceClienteRequired;
  if (!/^\d{1,6}$/.test(s.codiceCliente.trim())) return carrierMessages.codiceClienteFormat;
  if (!s.passwordCliente) return carrierMessages.passwordClienteRequired;
  if (s.passwordCliente.length > 10) return carrierMessages.passwordClienteLength;
  if (!s.codiceContratto.trim()) return carrierMessages.codiceContrattoRequired;
  if (!/^\d{1,4}$/.test(s.codiceContratto.trim())) return carrierMessages.codiceContrattoFormat;
  return undefined;
}
