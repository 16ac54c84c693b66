import {
  carrierCredentialsSchema,
  carrierName,
  carrierMessages,
  credentialProblems,
  posteDeliveryProducts,
  secretCredentialFields,
  type CarrierCode,
  type CarrierCredentials,
  type CarrierCredentialsJson,
  type CarrierIntegrationJson,
  type CredentialKind,
  type SecretCredentialField,
} from '@smista/contracts';
import { t } from '../messages';

/** A credential field of the form (spec §3 names). */
export type CredentialField = keyof CarrierCredentials;

/** What the form holds: every text as typed. Secrets start empty, also when editing. */
export type CarrierFormValues = { connectionName: string } & Record<CredentialField, string>;

/** How one field of a carrier's form is shown. */
export interface CredentialFieldSpec {
  name: CredentialField;
  label: string;
  /** A password-like field: never prefilled, empty on update keeps the stored one. */
  secret: boolean;
  /**
   * Marked as required next to its label. GLS's pickup username and password are marked so but
   * not enforced (spec §5); the rules themselves are `credentialProblems()`.
   */
  markedRequired: boolean;
  type?: 'text' | 'email';
  placeholder?: string;
  /** A select instead of a text input (Poste Delivery's service). */
  options?: readonly { value: string; label: string }[];
}

const f = t.setup.fields;

/** Poste Delivery Business products as select options (`posteDeliveryProducts` of the contracts). */
export const SERVICE_TYPE_OPTIONS = Object.entries(posteDeliveryProducts).map(([value, label]) => ({ value, label: `${label} (${value})` }));
/** Spec-less default: the national standard parcel. */
export const DEFAULT_SERVICE_TYPE = 'APT000902';

const FIELDS: Readonly<Record<CredentialKind, readonly CredentialFieldSpec[]>> = {
  gls: [
    { name: 'siglaSede', label: f.siglaSede, secret: false, markedRequired: true, placeholder: f.siglaSedePlaceholder },
    { name: 'codiceCliente', label: f.codiceCliente, secret: false, markedRequired: true },
    { name: 'passwordCliente', label: f.passwordCliente, secret: true, markedRequired: true },
    { name: 'codiceContratto', label: f.codiceContratto, secret: false, markedRequired: true },
    { name: 'emailFiliale', label: f.emailFiliale, secret: false, markedRequired: true, type: 'email', placeholder: f.emailFilialePlaceholder },
    { name: 'usernameRitiri', label: f.usernameRitiri, secret: false, markedRequired: true },
    { name: 'passwordRitiri', label: f.passwordRitiri, secret: true, markedRequired: true },
  ],
  generic: [
    { name: 'username', label: f.clientId, secret: false, markedRequired: true },
    { name: 'password', label: f.clientSecret, secret: true, markedRequired: true },
    { name: 'customerCode', label: f.costCenter, secret: false, markedRequired: true },
    { name: 'serviceType', label: f.serviceType, secret: false, markedRequired: false, options: SERVICE_TYPE_OPTIONS },
  ],
  letter: [
    { name: 'username', label: f.username, secret: false, markedRequired: false },
    { name: 'password', label: f.password, secret: true, markedRequired: false },
    { name: 'customerCode', label: f.customerCode, secret: false, markedRequired: false },
  ],
};

/**
 * The connection name's example in a carrier's form, naming that carrier (issue 19: every form
 * said 'es. GLS Milano').
 *
 * @example connectionNamePlaceholder('posta_1') // 'es. Posta1 Milano'
 */
export function connectionNamePlaceholder(carrierCode: string): string {
  return f.connectionNamePlaceholder(carrierName(carrierCode));
}

/** The fields a carrier's form shows, in form order. */
export function credentialFieldsFor(kind: CredentialKind): readonly CredentialFieldSpec[] {
  return FIELDS[kind];
}

const ALL_FIELDS = Object.keys(carrierCredentialsSchema.shape) as CredentialField[];

/** A blank form for a new connection (Poste Delivery preselects the standard service). */
export function emptyCarrierForm(kind: CredentialKind): CarrierFormValues {
  const values = { connectionName: '' } as CarrierFormValues;
  for (const name of ALL_FIELDS) values[name] = '';
  if (kind === 'generic') values.serviceType = DEFAULT_SERVICE_TYPE;
  return values;
}

/** The form of a stored integration: plain fields as answered, secrets empty (they are never answered). */
export function carrierFormValues(integration: Pick<CarrierIntegrationJson, 'connectionName' | 'credentials'>, kind: CredentialKind): CarrierFormValues {
  const values = emptyCarrierForm(kind);
  values.connectionName = integration.connectionName ?? '';
  const c = integration.credentials;
  for (const name of ALL_FIELDS) {
    if ((secretCredentialFields as readonly string[]).includes(name)) continue;
    const stored = c?.[name as keyof CarrierCredentialsJson];
    if (typeof stored === 'string' && stored) values[name] = stored;
  }
  return values;
}

const HAS_SECRET: Readonly<Record<SecretCredentialField, keyof CarrierCredentialsJson>> = {
  passwordCliente: 'hasPasswordCliente',
  passwordRitiri: 'hasPasswordRitiri',
  password: 'hasPassword',
};

/** The secrets the server holds for an integration (an update may leave them empty to keep them). */
export function storedSecretsOf(credentials: CarrierCredentialsJson | null | undefined): Set<SecretCredentialField> {
  const out = new Set<SecretCredentialField>();
  if (!credentials) return out;
  for (const field of secretCredentialFields) if (credentials[HAS_SECRET[field]] === true) out.add(field);
  return out;
}

/** `POST .../carrier-integrations` (spec §7): `{provider, connectionName, active: true, ...credentials}`. */
export type CreateCarrierBody = { provider: CarrierCode; connectionName: string; active: true } & CarrierCredentials;
/** `PUT .../carrier-integrations/{id}` (spec §7): `{connectionName, credentials}`. */
export interface UpdateCarrierBody {
  connectionName: string;
  credentials: CarrierCredentials;
}

/** A field and what is wrong with it, in Italian. */
export interface FormProblem {
  field: CredentialField | 'connectionName';
  message: string;
}

export type CheckedCarrierForm =
  | { ok: true; connectionName: string; credentials: CarrierCredentials }
  | { ok: false; problems: FormProblem[] };

/**
 * Checks the form with the rules the server applies (spec §5, `credentialProblems()` of the
 * contracts), in form order: the connection name, then the carrier's fields. Only the fields of
 * the carrier's form are kept; blanks are dropped (a blank secret on an update keeps the stored
 * one, named in `stored`).
 *
 * @example
 * const checked = checkCarrierForm('gls', values, storedSecretsOf(integration.credentials));
 * if (!checked.ok) toast({ title: 'Errore di validazione', description: checked.problems[0].message });
 */
export function checkCarrierForm(kind: CredentialKind, values: CarrierFormValues, stored: ReadonlySet<SecretCredentialField> = new Set()): CheckedCarrierForm {
  const problems: FormProblem[] = [];
  const connectionName = values.connectionName.trim();
  if (!connectionName) problems.push({ field: 'connectionName', message: carrierMessages.connectionNameRequired });
  else if (connectionName.length > 100) problems.push({ field: 'connectionName', message: carrierMessages.tooLong });

  const raw: Partial<Record<CredentialField, string>> = {};
  for (const spec of credentialFieldsFor(kind)) raw[spec.name] = values[spec.name] ?? '';
  const parsed = carrierCredentialsSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push({ field: issue.path[0] as CredentialField, message: issue.message });
    return { ok: false, problems };
  }
  const credentials = dropBlanks(parsed.data);
  problems.push(...credentialProblems(kind, credentials, stored));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, connectionName, credentials };
}

/** The create body of a checked form. */
export function createBody(provider: CarrierCode, checked: { connectionName: string; credentials: CarrierCredentials }): CreateCarrierBody {
  return { provider, connectionName: checked.connectionName, active: true, ...checked.credentials };
}

/** The update body of a checked form. */
export function updateBody(checked: { connectionName: string; credentials: CarrierCredentials }): UpdateCarrierBody {
  return { connectionName: checked.connectionName, credentials: checked.credentials };
}

function dropBlanks(c: CarrierCredentials): CarrierCredentials {
  return Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined && v !== '')) as CarrierCredentials;
}
