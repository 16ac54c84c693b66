import type { Keyring, PoolClient, Queryable } from '@smista/service-kit';
import type { IntegrationStatus, SecretCredentialField } from '@smista/contracts';
import type { Integration, PlainCredentialField, PlainCredentials, SecretCredentials } from '../domain';
import { CARRIER_COLUMNS, toCarrier } from './carriers';

/** Credential field → column (spec §3 names); the only names that reach SQL text. */
const PLAIN_COLUMN: Record<PlainCredentialField, string> = {
  siglaSede: 'branch_code',
  codiceCliente: 'client_code',
  codiceContratto: 'contract_code',
  emailFiliale: 'branch_email',
  usernameRitiri: 'pickup_username',
  username: 'username',
  customerCode: 'customer_code',
  serviceType: 'service_type',
};
const SECRET_COLUMN: Record<SecretCredentialField, string> = {
  passwordCliente: 'client_password',
  passwordRitiri: 'pickup_password',
  password: 'password',
};
const PLAIN_FIELDS = Object.keys(PLAIN_COLUMN) as PlainCredentialField[];
const SECRET_FIELDS = Object.keys(SECRET_COLUMN) as SecretCredentialField[];

const SELECT = `i.id, i.merchant_id, i.connection_name, i.status, i.status_message, i.active, i.connected_at, i.last_sync,
  i.created_at, i.updated_at, i.codes_available, i.low_stock_notified,
  ${PLAIN_FIELDS.map((f) => `i.${PLAIN_COLUMN[f]}`).join(', ')},
  ${SECRET_FIELDS.map((f) => `(i.${SECRET_COLUMN[f]} IS NOT NULL) AS has_${SECRET_COLUMN[f]}`).join(', ')},
  ${CARRIER_COLUMNS.replace('c.id', 'c.id AS carrier_id')}`;
const FROM = 'carrier_integrations i JOIN carriers c ON c.id = i.carrier_id';

/** Binds a sealed secret to its row and field: a value copied elsewhere does not open. */
const aad = (integrationId: number, field: SecretCredentialField) => `carrier_integrations:${integrationId}:${field}`;

function toIntegration(r: Record<string, unknown>): Integration {
  const credentials: PlainCredentials = {};
  for (const f of PLAIN_FIELDS) if (r[PLAIN_COLUMN[f]]) credentials[f] = r[PLAIN_COLUMN[f]] as string;
  const storedSecrets = new Set(SECRET_FIELDS.filter((f) => r[`has_${SECRET_COLUMN[f]}`]));
  return {
    id: Number(r.id),
    merchantId: r.merchant_id as string,
    carrier: toCarrier({ ...r, id: r.carrier_id }),
    connectionName: r.connection_name as string,
    credentials,
    storedSecrets,
    status: r.status as IntegrationStatus,
    statusMessage: (r.status_message as string | null) ?? null,
    active: r.active as boolean,
    connectedAt: (r.connected_at as Date | null) ?? null,
    lastSync: (r.last_sync as Date | null) ?? null,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

/** The merchant's integrations, oldest first. */
export async function listIntegrations(db: Queryable, merchantId: string): Promise<Integration[]> {
  const { rows } = await db.query(`SELECT ${SELECT} FROM ${FROM} WHERE i.merchant_id = $1 ORDER BY i.id`, [merchantId]);
  return rows.map(toIntegration);
}

/** One integration of this merchant (locked with `forUpdate`); null when unknown or another merchant's. */
export async function findIntegration(db: Queryable, merchantId: string, id: number, forUpdate = false): Promise<Integration | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const { rows } = await db.query(`SELECT ${SELECT} FROM ${FROM} WHERE i.id = $1 AND i.merchant_id = $2 ${forUpdate ? 'FOR UPDATE OF i' : ''}`, [
    id,
    merchantId,
  ]);
  return rows[0] ? toIntegration(rows[0]) : null;
}

/** The decrypted secrets of an integration: only for building its adapter, never answered or logged. */
export async function readSecrets(db: Queryable, keyring: Keyring, integrationId: number): Promise<SecretCredentials> {
  const { rows } = await db.query(`SELECT ${SECRET_FIELDS.map((f) => SECRET_COLUMN[f]).join(', ')} FROM carrier_integrations WHERE id = $1`, [
    integrationId,
  ]);
  const out: SecretCredentials = {};
  if (!rows[0]) return out;
  for (const f of SECRET_FIELDS) {
    const sealed = rows[0][SECRET_COLUMN[f]] as string | null;
    if (sealed) out[f] = keyring.decrypt(sealed, aad(integrationId, f));
  }
  return out;
}

export async function insertIntegration(
  tx: PoolClient,
  keyring: Keyring,
  data: {
    merchantId: string;
    carrierId: number;
    connectionName: string;
    plain: PlainCredentials;
    secrets: SecretCredentials;
    status: IntegrationStatus;
    active: boolean;
    now: Date;
  },
): Promise<Integration> {
  // The id first: every secret is sealed for its own row.
  const { rows: idRows } = await tx.query(`SELECT nextval(pg_get_serial_sequence('carrier_integrations', 'id')) AS id`);
  const id = Number(idRows[0].id);
  const columns = ['id', 'merchant_id', 'carrier_id', 'connection_name', 'status', 'active', 'connected_at', 'created_at', 'updated_at'];
  const values: unknown[] = [id, data.merchantId, data.carrierId, data.connectionName, data.status, data.active, data.status === 'active' ? data.now : null, data.now, data.now];
  for (const f of PLAIN_FIELDS) {
    if (data.plain[f] === undefined) continue;
    columns.push(PLAIN_COLUMN[f]);
    values.push(data.plain[f]);
  }
  for (const f of SECRET_FIELDS) {
    if (data.secrets[f] === undefined) continue;
    columns.push(SECRET_COLUMN[f]);
    values.push(keyring.encrypt(data.secrets[f]!, aad(id, f)));
  }
  await tx.query(`INSERT INTO carrier_integrations (${columns.join(', ')}) VALUES (${columns.map((_c, i) => `$${i + 1}`).join(', ')})`, values);
  return (await findIntegration(tx, data.merchantId, id))!;
}

/** Replaces the name and the plain credentials, and the secrets given (others kept). */
export async function updateIntegrationCredentials(
  tx: PoolClient,
  keyring: Keyring,
  integration: Integration,
  data: { connectionName: string; plain: PlainCredentials; secrets: SecretCredentials; resetStatus: boolean; now: Date },
): Promise<Integration> {
  const sets = ['connection_name = $3', 'updated_at = $4'];
  const values: unknown[] = [integration.id, integration.merchantId, data.connectionName, data.now];
  for (const f of PLAIN_FIELDS) {
    values.push(data.plain[f] ?? null);
    sets.push(`${PLAIN_COLUMN[f]} = $${values.length}`);
  }
  for (const f of SECRET_FIELDS) {
    if (data.secrets[f] === undefined) continue;
    values.push(keyring.encrypt(data.secrets[f]!, aad(integration.id, f)));
    sets.push(`${SECRET_COLUMN[f]} = $${values.length}`);
  }
  // New credentials are unproven until the carrier accepts them.
  if (data.resetStatus) sets.push(`status = 'pending'`, 'status_message = NULL');
  await tx.query(`UPDATE carrier_integrations SET ${sets.join(', ')} WHERE id = $1 AND merchant_id = $2`, values);
  return (await findIntegration(tx, integration.merchantId, integration.id))!;
}

export async function setIntegrationStatus(
  tx: PoolClient,
  integration: Integration,
  data: { status: IntegrationStatus; statusMessage: string | null; connectedAt: Date | null; lastSync: Date; now: Date },
): Promise<Integration> {
  await tx.query(
    `UPDATE carrier_integrations SET status = $3, status_message = $4, connected_at = $5, last_sync = $6, updated_at = $7
      WHERE id = $1 AND merchant_id = $2`,
    [integration.id, integration.merchantId, data.status, data.statusMessage, data.connectedAt, data.lastSync, data.now],
  );
  return (await findIntegration(tx, integration.merchantId, integration.id))!;
}

export async function setIntegrationActive(tx: PoolClient, integration: Integration, active: boolean, now: Date): Promise<Integration> {
  await tx.query(`UPDATE carrier_integrations SET active = $3, updated_at = $4 WHERE id = $1 AND merchant_id = $2`, [
    integration.id,
    integration.merchantId,
    active,
    now,
  ]);
  return (await findIntegration(tx, integration.merchantId, integration.id))!;
}

/** Deletes the integration and (cascade) its codes; false when unknown or another merchant's. */
export async function deleteIntegration(tx: PoolClient, merchantId: string, id: number): Promise<boolean> {
  const { rowCount } = await tx.query(`DELETE FROM carrier_integrations WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
  return (rowCount ?? 0) > 0;
}
