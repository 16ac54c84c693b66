import {
  credentialKindOf,
  credentialProblems,
  secretCredentialFields,
  type CarrierCredentials,
  type CredentialKind,
  type IntegrationStatus,
  type SecretCredentialField,
} from '@smista/contracts';
import { assertSelectedMerchant as assertSelectedMerchantOf } from '@smista/service-kit';
import { carriersErrors } from './errors';

/** A carrier of the catalogue. */
export interface Carrier {
  id: number;
  code: string;
  name: string;
  description: string;
  logoUrl: string;
  credentialKind: CredentialKind;
  usesCodePool: boolean;
}

/** The credential fields that are not secrets (stored as they are). */
export type PlainCredentialField = Exclude<keyof CarrierCredentials, SecretCredentialField>;
export type PlainCredentials = Partial<Record<PlainCredentialField, string>>;
/** Secrets as plain text (only inside the service, between decryption and the adapter). */
export type SecretCredentials = Partial<Record<SecretCredentialField, string>>;

/** An integration as the domain sees it: secrets only as "is one stored". */
export interface Integration {
  id: number;
  merchantId: string;
  carrier: Carrier;
  connectionName: string;
  credentials: PlainCredentials;
  storedSecrets: ReadonlySet<SecretCredentialField>;
  status: IntegrationStatus;
  statusMessage: string | null;
  active: boolean;
  connectedAt: Date | null;
  lastSync: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const isSecret = (f: string): f is SecretCredentialField => (secretCredentialFields as readonly string[]).includes(f);

/** Splits the credentials a form sent into plain fields and secrets (empty secrets dropped). */
export function splitCredentials(c: CarrierCredentials): { plain: PlainCredentials; secrets: SecretCredentials } {
  const plain: PlainCredentials = {};
  const secrets: SecretCredentials = {};
  for (const [key, value] of Object.entries(c)) {
    if (value === undefined || value === '') continue;
    if (isSecret(key)) secrets[key] = value;
    else plain[key as PlainCredentialField] = value;
  }
  return { plain, secrets };
}

/**
 * Checks a new integration (spec §5 carrier form and the carrier's own limits) and answers what to
 * store. Letter services have no API to ask: they are active as soon as they are saved.
 *
 * @example const draft = decideNewIntegration(carrier, { connectionName: 'GLS Milano', credentials });
 */
export function decideNewIntegration(
  carrier: Carrier,
  input: { connectionName: string; credentials: CarrierCredentials; active?: boolean },
): { connectionName: string; plain: PlainCredentials; secrets: SecretCredentials; active: boolean; status: IntegrationStatus } {
  const connectionName = input.connectionName.trim();
  const problems = credentialProblems(carrier.credentialKind, input.credentials);
  if (problems.length > 0) throw carriersErrors.invalidIntegration(problems[0].message);
  const { plain, secrets } = splitCredentials(input.credentials);
  return {
    connectionName,
    plain: onlyFieldsOf(carrier.credentialKind, plain),
    secrets: secretsOf(carrier.credentialKind, secrets),
    active: input.active ?? true,
    status: needsCredentialCheck(carrier) ? 'pending' : 'active',
  };
}

/**
 * Checks an update: the fields sent replace the stored ones, an empty secret keeps the stored one.
 * Answers the merged plain fields, the new secrets and whether the carrier must be asked again.
 */
export function decideIntegrationUpdate(
  current: Integration,
  input: { connectionName?: string; credentials: CarrierCredentials },
): { connectionName: string; plain: PlainCredentials; secrets: SecretCredentials; credentialsChanged: boolean } {
  const { plain: sentPlain, secrets } = splitCredentials(input.credentials);
  const plain = onlyFieldsOf(current.carrier.credentialKind, { ...current.credentials, ...sentPlain });
  const merged: CarrierCredentials = { ...plain, ...secrets };
  const problems = credentialProblems(current.carrier.credentialKind, merged, current.storedSecrets);
  if (problems.length > 0) throw carriersErrors.invalidIntegration(problems[0].message);
  const credentialsChanged =
    Object.keys(secrets).length > 0 ||
    (Object.keys(plain) as PlainCredentialField[]).some((k) => plain[k] !== current.credentials[k]) ||
    (Object.keys(current.credentials) as PlainCredentialField[]).some((k) => plain[k] !== current.credentials[k]);
  return {
    connectionName: input.connectionName?.trim() || current.connectionName,
    plain,
    secrets: secretsOf(current.carrier.credentialKind, secrets),
    credentialsChanged,
  };
}

/** Carriers with an API that can accept or refuse credentials. */
export function needsCredentialCheck(carrier: Carrier): boolean {
  return carrier.credentialKind !== 'letter';
}

/** Which plain fields a kind of carrier keeps (a GLS form's stray generic fields are not stored). */
const FIELDS_OF: Record<CredentialKind, readonly PlainCredentialField[]> = {
  gls: ['siglaSede', 'codiceCliente', 'codiceContratto', 'emailFiliale', 'usernameRitiri'],
  generic: ['username', 'customerCode', 'serviceType'],
  letter: ['username', 'customerCode'],
};
const SECRETS_OF: Record<CredentialKind, readonly SecretCredentialField[]> = {
  gls: ['passwordCliente', 'passwordRitiri'],
  generic: ['password'],
  letter: ['password'],
};

function onlyFieldsOf(kind: CredentialKind, plain: PlainCredentials): PlainCredentials {
  const out: PlainCredentials = {};
  for (const f of FIELDS_OF[kind]) if (plain[f]) out[f] = kind === 'gls' && f === 'siglaSede' ? plain[f]!.toUpperCase() : plain[f];
  return out;
}

/** The secrets a kind of carrier keeps (a GLS form's stray generic password is not stored). */
function secretsOf(kind: CredentialKind, secrets: SecretCredentials): SecretCredentials {
  const out: SecretCredentials = {};
  for (const f of SECRETS_OF[kind]) if (secrets[f]) out[f] = secrets[f];
  return out;
}

/**
 * The outcome of asking the carrier about the credentials: accepted → active (connected now);
 * refused → pending with the carrier's words; carrier unreachable → unchanged status, with the
 * reason, so the merchant can try again.
 */
export type CredentialCheck = { outcome: 'accepted' } | { outcome: 'refused'; message: string } | { outcome: 'unreachable'; message: string };

export function statusAfterCheck(
  current: { status: IntegrationStatus; connectedAt: Date | null },
  check: CredentialCheck,
  now: Date,
): { status: IntegrationStatus; statusMessage: string | null; connectedAt: Date | null; lastSync: Date } {
  switch (check.outcome) {
    case 'accepted':
      return { status: 'active', statusMessage: null, connectedAt: current.connectedAt ?? now, lastSync: now };
    case 'refused':
      return { status: 'pending', statusMessage: check.message, connectedAt: current.connectedAt, lastSync: now };
    case 'unreachable':
      return { status: current.status, statusMessage: check.message, connectedAt: current.connectedAt, lastSync: now };
  }
}

/**
 * A merchant id named in the path (`/api/merchants/{merchantId}/carrier-integrations`) must be the
 * one selected in the session; another one is NOT_FOUND, like an unknown id (tenancy).
 */
export function assertSelectedMerchant(requested: string, selected: string): void {
  assertSelectedMerchantOf(requested, selected, carriersErrors.merchantNotFound);
}

/** The carrier of a code, or 'Corriere non trovato'. */
export function carrierByCode(carriers: readonly Carrier[], code: string): Carrier {
  const carrier = carriers.find((c) => c.code === code.trim().toLowerCase());
  if (!carrier) throw carriersErrors.unknownCarrier();
  return carrier;
}

export { credentialKindOf };
