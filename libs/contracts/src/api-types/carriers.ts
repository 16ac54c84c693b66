/**
 * The carrier catalogue, carrier integrations and their tracking-code pools. JSON of `/api` (see
 * `index.ts`); types only.
 */
import type { CarrierCode, CredentialKind, IntegrationStatus, TrackingCodeStatus } from '../carriers';
import type { PageMetaJson } from './common';

/** A carrier of the catalogue (`GET /api/carriers`, spec §7: id, name, code, logoUrl, description). */
export interface CarrierJson {
  id: number;
  name: string;
  code: CarrierCode;
  /** Served by the gateway (`/assets/carriers/<code>.svg`). */
  logoUrl: string;
  description: string;
  /** Which credentials its form asks for. */
  credentialKind: CredentialKind;
  /** The Poste letter services keep a tracking-code pool (spec §9). */
  usesCodePool: boolean;
}

/**
 * The credentials of a carrier integration as answered: plain fields as stored, secrets only as
 * whether one is stored (`hasPasswordCliente`); a secret never leaves the carriers service.
 */
export interface CarrierCredentialsJson {
  siglaSede: string | null;
  codiceCliente: string | null;
  codiceContratto: string | null;
  emailFiliale: string | null;
  usernameRitiri: string | null;
  username: string | null;
  customerCode: string | null;
  serviceType: string | null;
  hasPasswordCliente: boolean;
  hasPasswordRitiri: boolean;
  hasPassword: boolean;
}

/** A carrier integration of the selected merchant (spec §3 carrier_integrations). */
export interface CarrierIntegrationJson {
  id: number;
  merchantId: string;
  carrierId: number;
  /** The carrier code (`gls`, `posta_1`, ...). */
  provider: CarrierCode;
  carrierName: string;
  logoUrl: string;
  connectionName: string;
  /** pending (In configurazione) until the carrier accepts the credentials, then active. */
  status: IntegrationStatus;
  /** The carrier's refusal of the last credential check, in Italian; null when none. */
  statusMessage: string | null;
  /** Toggled by the merchant (Attiva / Disattivata). */
  active: boolean;
  connectedAt: string | null;
  lastSync: string | null;
  createdAt: string;
  updatedAt: string;
  credentials: CarrierCredentialsJson;
}

/** `GET .../tracking-codes/stats` (spec §3: available, used, total). */
export interface TrackingCodeStatsJson {
  available: number;
  used: number;
  reserved: number;
  total: number;
  /** Fewer than 10 available: 'Scorte in esaurimento'. */
  lowStock: boolean;
}

/** One code of a pool (spec §3 tracking_codes_pool). */
export interface TrackingCodeJson {
  id: number;
  trackingCode: string;
  status: TrackingCodeStatus;
  assignedToOrderId: string | null;
  usedAt: string | null;
  createdAt: string;
}

/** `GET .../tracking-codes?status&page&pageSize`. */
export interface TrackingCodePageJson {
  data: TrackingCodeJson[];
  meta: PageMetaJson;
}

/** `POST .../tracking-codes`: `{message: 'Aggiunti 25 codici', added: 25}`. */
export interface TrackingCodesAddedJson {
  message: string;
  added: number;
}
