/**
 * The JSON the gateway answers on `/api` (spec §7), one type per shape. The gateway's presenters
 * build them and the frontends read them, so both sides name the same fields; a frontend never
 * writes a response shape of its own.
 *
 * Types only (no runtime code): importing this file costs the bundles nothing.
 *
 * @example
 * // a remote's feature API
 * const members = await apiFetch<MemberJson[]>(`/api/merchants/${merchantId}/users`);
 */
import type { Role } from './schemas';
import type { CarrierCode, CredentialKind, IntegrationStatus, TrackingCodeStatus } from './carriers';

/** The user as the browser sees it (`GET /api/user`, login, register; spec §3 users, without the password). */
export interface UserJson {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** A data URL of the image, or null. */
  avatar: string | null;
  createdAt: string;
}

/** An item of `GET /api/merchants` (spec §7: `{id, name, role}`): the caller's role in that merchant. */
export interface MerchantJson {
  id: string;
  name: string;
  role: Role;
}

/** `POST /api/merchants` (201): the new merchant, the creator as admin. */
export interface CreatedMerchantJson extends MerchantJson {
  createdAt: string;
}

/** A team member (`GET /api/merchants/{merchantId}/users`): `id` is the user's id. */
export interface MemberJson {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  role: Role;
  joinedAt: string;
}

/** `PATCH /api/merchants/{merchantId}/users/{userId}`: the member's new role. */
export interface MemberRoleJson {
  /** The user's id. */
  id: string;
  merchantId: string;
  role: Role;
}

/** A pending invite (`GET /api/merchants/{merchantId}/invites`); the token is never answered. */
export interface InviteJson {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  inviterEmail: string | null;
}

/** `POST /api/merchants/{merchantId}/invites` (201): the invite just sent. */
export type CreatedInviteJson = Pick<InviteJson, 'id' | 'email' | 'role' | 'createdAt' | 'expiresAt'>;

/** What an invite link offers (`GET /api/invites/{token}`, public). */
export interface InviteDetailsJson {
  email: string;
  role: Role;
  merchant: { id: string; name: string };
  inviterEmail: string;
  inviterName: string | null;
  expiresAt: string;
}

/** A merchant address (spec §3) as `/api/merchant-addresses` answers it: unset optionals are null. */
export interface AddressJson {
  id: string;
  merchantId: string;
  /** Address types as stored; a client keeps those it knows (`addressTypes` in addresses.ts). */
  addressTypes: string[];
  isDefault: boolean;
  companyName: string | null;
  contactPerson: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  email: string | null;
  vatNumber: string | null;
  taxCode: string | null;
  pickupHours: string | null;
  notes: string | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

// --- Wrappers -----------------------------------------------------------------------------------

/** A change that answers nothing else: DELETE of a member, an invite or an address. */
export interface SuccessJson {
  success: true;
}

/** `PUT /api/user/profile` and `PUT /api/user/avatar`: the user as it is now. */
export interface UserUpdatedJson extends SuccessJson {
  user: UserJson;
}

/** `PUT /api/user/password`: the user and 'Password aggiornata' (the user's other sessions are ended). */
export interface PasswordChangedJson extends UserUpdatedJson {
  message: string;
}

/** `POST /api/merchants/set-current`, `/select` and `POST /api/invites/{token}/accept`: the merchant entered. */
export interface MerchantSelectedJson extends SuccessJson {
  merchant: MerchantJson;
}

/** `POST /api/logout`. */
export interface LoggedOutJson extends SuccessJson {
  message: string;
}

/** `POST /api/check-email`. */
export interface CheckEmailJson {
  exists: boolean;
}

/** `POST /api/request-password-reset` and `POST /api/reset-password`: the Italian text to show. */
export interface MessageJson {
  message: string;
}

/** `GET /api/verify-reset-token/{token}` when the link is valid. */
export interface ResetTokenValidJson {
  valid: true;
}

/** One refused field of a 400: its path (`"email"`, `"addressTypes.0"`) and the Italian message. */
export interface FieldErrorJson {
  path: string;
  message: string;
}

/** Every non-ok answer: the Italian message to show, and for a refused body the field errors. */
export interface ErrorJson {
  message: string;
  errors?: FieldErrorJson[];
}

/** `GET /api/public-config` (public): what the browser may know of the gateway's configuration. */
export interface PublicConfigJson {
  /** The 'Termini e Condizioni' page, or null when none is configured. */
  termsUrl: string | null;
  /** The 'Privacy Policy' page, or null when none is configured. */
  privacyUrl: string | null;
  telemetry: {
    /** Browser tracing on: the shell loads its telemetry chunk and sends spans to /api/telemetry/traces. */
    traces: boolean;
  };
}

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

/** List meta (spec §3 client-side). */
export interface PageMetaJson {
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
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
