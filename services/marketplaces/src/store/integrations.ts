import type { Keyring, PoolClient, Queryable } from '@smista/service-kit';
import { tokenMasks, type Integration, type StoredStatus } from '../domain';
import { MARKETPLACE_COLUMNS, toMarketplace } from './marketplaces';

const SELECT = `i.id, i.merchant_id, i.status, i.status_message, i.token_refused_at, i.active, i.connected_at, i.created_at,
  i.updated_at, i.access_token_masked, i.refresh_token_masked, i.refresh_token_preview, i.access_token_expires_at,
  i.refresh_token_expires_at, i.config, i.auto_update_tracking, i.external_user_id, i.username, i.email, i.account_type,
  i.last_synced_at, ${MARKETPLACE_COLUMNS}`;
const FROM = 'integrations i JOIN marketplaces m ON m.id = i.marketplace_id';

/** Binds a sealed token to its row and column: a value copied to another row does not open. */
const aad = (integrationId: number, column: 'access_token' | 'refresh_token') => `integrations:${integrationId}:${column}`;

const date = (v: unknown) => (v as Date | null) ?? null;
const text = (v: unknown) => (v as string | null) ?? null;

function toIntegration(r: Record<string, unknown>): Integration {
  return {
    id: Number(r.id),
    merchantId: r.merchant_id as string,
    marketplace: toMarketplace(r),
    status: r.status as StoredStatus,
    statusMessage: text(r.status_message),
    tokenRefusedAt: date(r.token_refused_at),
    active: r.active as boolean,
    connectedAt: date(r.connected_at),
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
    accessTokenMasked: text(r.access_token_masked),
    refreshTokenMasked: text(r.refresh_token_masked),
    refreshTokenPreview: text(r.refresh_token_preview),
    accessTokenExpiresAt: date(r.access_token_expires_at),
    refreshTokenExpiresAt: date(r.refresh_token_expires_at),
    config: (r.config as Record<string, unknown> | null) ?? {},
    autoUpdateTracking: r.auto_update_tracking as boolean,
    externalUserId: text(r.external_user_id),
    username: text(r.username),
    email: text(r.email),
    accountType: text(r.account_type),
    lastSyncedAt: date(r.last_synced_at),
  };
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** The merchant's integrations, oldest first. */
export async function listIntegrations(db: Queryable, merchantId: string): Promise<Integration[]> {
  const { rows } = await db.query(`SELECT ${SELECT} FROM ${FROM} WHERE i.merchant_id = $1 ORDER BY i.id`, [merchantId]);
  return rows.map(toIntegration);
}

/** One integration of this merchant (locked with `forUpdate`); null when unknown or another merchant's. */
export async function findIntegration(db: Queryable, merchantId: string, id: number, forUpdate = false): Promise<Integration | null> {
  if (!validId(id)) return null;
  const { rows } = await db.query(`SELECT ${SELECT} FROM ${FROM} WHERE i.id = $1 AND i.merchant_id = $2 ${forUpdate ? 'FOR UPDATE OF i' : ''}`, [id, merchantId]);
  return rows[0] ? toIntegration(rows[0]) : null;
}

/** One integration by id alone: for the background work (jobs, the token sweep), which acts for no caller. */
export async function findIntegrationById(db: Queryable, id: number, forUpdate = false): Promise<Integration | null> {
  if (!validId(id)) return null;
  const { rows } = await db.query(`SELECT ${SELECT} FROM ${FROM} WHERE i.id = $1 ${forUpdate ? 'FOR UPDATE OF i' : ''}`, [id]);
  return rows[0] ? toIntegration(rows[0]) : null;
}

/** The integration of the same seller on the same marketplace in this merchant, locked; null when none. */
export async function findSellerIntegration(tx: PoolClient, merchantId: string, marketplaceId: number, externalUserId: string): Promise<Integration | null> {
  const { rows } = await tx.query(
    `SELECT ${SELECT} FROM ${FROM} WHERE i.merchant_id = $1 AND i.marketplace_id = $2 AND i.external_user_id = $3 FOR UPDATE OF i`,
    [merchantId, marketplaceId, externalUserId],
  );
  return rows[0] ? toIntegration(rows[0]) : null;
}

/** Tokens as the marketplace answered them (absolute expiries). */
export interface Tokens {
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken?: string;
  refreshTokenExpiresAt?: Date;
}

/** The seller who consented. */
export interface Seller {
  userId: string;
  username: string;
  accountType: string;
  email?: string;
  registrationMarketplaceId?: string;
}

/** Sets the sealed tokens and their masked forms (the refresh token only when given). */
function tokenColumns(keyring: Keyring, id: number, tokens: Tokens, firstParam: number): { sets: string[]; values: unknown[] } {
  const access = tokenMasks(tokens.accessToken);
  const sets = ['access_token', 'access_token_masked', 'access_token_expires_at'];
  const values: unknown[] = [keyring.encrypt(tokens.accessToken, aad(id, 'access_token')), access.masked, tokens.accessTokenExpiresAt];
  if (tokens.refreshToken) {
    const refresh = tokenMasks(tokens.refreshToken);
    sets.push('refresh_token', 'refresh_token_masked', 'refresh_token_preview', 'refresh_token_expires_at');
    values.push(keyring.encrypt(tokens.refreshToken, aad(id, 'refresh_token')), refresh.masked, refresh.preview, tokens.refreshTokenExpiresAt ?? null);
  }
  return { sets: sets.map((c, i) => `${c} = $${firstParam + i}`), values };
}

/**
 * A new integration from a completed consent: status active, tokens sealed for its own row (the id
 * is taken first), or null when the same seller was connected meanwhile (the caller renews that one).
 */
export async function insertConnectedIntegration(
  tx: PoolClient,
  keyring: Keyring,
  data: { merchantId: string; marketplaceId: number; tokens: Tokens; seller: Seller; config: Record<string, unknown>; now: Date },
): Promise<Integration | null> {
  const { rows: idRows } = await tx.query(`SELECT nextval(pg_get_serial_sequence('integrations', 'id')) AS id`);
  const id = Number(idRows[0].id);
  const inserted = await tx.query(
    `INSERT INTO integrations (id, merchant_id, marketplace_id, status, active, connected_at, created_at, updated_at,
       external_user_id, username, email, account_type, config)
     VALUES ($1, $2, $3, 'active', true, $4, $4, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (merchant_id, marketplace_id, external_user_id) WHERE external_user_id IS NOT NULL DO NOTHING`,
    [id, data.merchantId, data.marketplaceId, data.now, data.seller.userId, data.seller.username, data.seller.email ?? null, data.seller.accountType, data.config],
  );
  if ((inserted.rowCount ?? 0) === 0) return null;
  const tokens = tokenColumns(keyring, id, data.tokens, 2);
  await tx.query(`UPDATE integrations SET ${tokens.sets.join(', ')} WHERE id = $1`, [id, ...tokens.values]);
  return (await findIntegrationById(tx, id))!;
}

/**
 * The same seller connected again: new tokens and identity, status active with no message and no
 * refusal (a re-consent is what a refused refresh token asked for), switched on, connected now.
 */
export async function renewConnectedIntegration(
  tx: PoolClient,
  keyring: Keyring,
  integration: Integration,
  data: { tokens: Tokens; seller: Seller; config: Record<string, unknown>; now: Date },
): Promise<Integration> {
  const tokens = tokenColumns(keyring, integration.id, data.tokens, 8);
  await tx.query(
    `UPDATE integrations SET status = 'active', status_message = NULL, token_refused_at = NULL, active = true,
       connected_at = $2, updated_at = $2, username = $3, email = $4, account_type = $5, config = config || $6::jsonb,
       external_user_id = $7, ${tokens.sets.join(', ')}
     WHERE id = $1`,
    [integration.id, data.now, data.seller.username, data.seller.email ?? null, data.seller.accountType, JSON.stringify(data.config), data.seller.userId, ...tokens.values],
  );
  return (await findIntegrationById(tx, integration.id))!;
}

/** The opened tokens of an integration: only for a call to its marketplace, never answered or logged. */
export interface OpenTokens {
  accessToken: string | null;
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
}

export async function readTokens(db: Queryable, keyring: Keyring, id: number, forUpdate = false): Promise<OpenTokens | null> {
  const { rows } = await db.query(
    `SELECT access_token, refresh_token, access_token_expires_at FROM integrations WHERE id = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    accessToken: r.access_token ? keyring.decrypt(r.access_token as string, aad(id, 'access_token')) : null,
    refreshToken: r.refresh_token ? keyring.decrypt(r.refresh_token as string, aad(id, 'refresh_token')) : null,
    accessTokenExpiresAt: date(r.access_token_expires_at),
  };
}

/** A refreshed access token (and a new refresh token when the marketplace gave one): status active again. */
export async function storeRefreshedTokens(tx: PoolClient, keyring: Keyring, id: number, tokens: Tokens, now: Date): Promise<Integration> {
  const cols = tokenColumns(keyring, id, tokens, 3);
  await tx.query(
    `UPDATE integrations SET status = 'active', status_message = NULL, token_refused_at = NULL, updated_at = $2, ${cols.sets.join(', ')} WHERE id = $1`,
    [id, now, ...cols.values],
  );
  return (await findIntegrationById(tx, id))!;
}

/** The marketplace refused the refresh token: status error with its message; imports stop until a re-consent. */
export async function markTokenRefused(tx: PoolClient, id: number, message: string, now: Date): Promise<Integration> {
  await tx.query(`UPDATE integrations SET status = 'error', status_message = $2, token_refused_at = $3, updated_at = $3 WHERE id = $1`, [id, message, now]);
  return (await findIntegrationById(tx, id))!;
}

export async function setIntegrationActive(tx: PoolClient, id: number, active: boolean, now: Date): Promise<Integration> {
  await tx.query(`UPDATE integrations SET active = $2, updated_at = $3 WHERE id = $1`, [id, active, now]);
  return (await findIntegrationById(tx, id))!;
}

/**
 * Deletes the integration and (cascade) its jobs and tracking pushes, with the deliveries waiting to
 * be told on those pushes' fulfilments (nothing would ever send them); false when unknown or
 * another merchant's.
 */
export async function deleteIntegration(tx: PoolClient, merchantId: string, id: number): Promise<boolean> {
  await tx.query(
    `DELETE FROM delivery_reports d USING tracking_pushes p
      WHERE p.integration_id = $1 AND p.merchant_id = $2 AND d.merchant_id = p.merchant_id AND d.shipment_id = p.shipment_id`,
    [id, merchantId],
  );
  const { rowCount } = await tx.query(`DELETE FROM integrations WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
  return (rowCount ?? 0) > 0;
}

export async function setLastSynced(tx: PoolClient, id: number, at: Date): Promise<void> {
  await tx.query(`UPDATE integrations SET last_synced_at = $2 WHERE id = $1`, [id, at]);
}

/**
 * Integrations the token sweep refreshes: switched on, active, not refused, with an OAuth
 * marketplace and an access token expiring before `before`. Oldest expiry first.
 */
export async function integrationsToRefresh(db: Queryable, before: Date, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT i.id FROM integrations i JOIN marketplaces m ON m.id = i.marketplace_id
      WHERE i.active AND i.status = 'active' AND i.token_refused_at IS NULL AND m.oauth
        AND i.refresh_token IS NOT NULL AND i.access_token_expires_at < $1
      ORDER BY i.access_token_expires_at LIMIT $2`,
    [before, limit],
  );
  return rows.map((r) => Number(r.id));
}

/** Sets whether the integration pushes every new label's tracking by itself (UpdateIntegrationSettings). */
export async function setAutoUpdateTracking(tx: PoolClient, id: number, autoUpdateTracking: boolean, now: Date): Promise<Integration> {
  await tx.query(`UPDATE integrations SET auto_update_tracking = $2, updated_at = $3 WHERE id = $1`, [id, autoUpdateTracking, now]);
  return (await findIntegrationById(tx, id))!;
}

/**
 * The switched-on, connected integrations of one seller on a marketplace, in every merchant that
 * connected it (a webhook names the seller, not the merchant), oldest first.
 */
export async function activeSellerIntegrations(db: Queryable, marketplaceId: number, externalUserId: string): Promise<Integration[]> {
  const { rows } = await db.query(
    `SELECT ${SELECT} FROM ${FROM} WHERE i.marketplace_id = $1 AND i.external_user_id = $2 AND i.active AND i.status = 'active' ORDER BY i.id`,
    [marketplaceId, externalUserId],
  );
  return rows.map(toIntegration);
}

/** Every integration of one seller on a marketplace, in any state, in every merchant (a privacy request concerns them all). */
export async function sellerIntegrations(db: Queryable, marketplaceId: number, externalUserId: string): Promise<Integration[]> {
  const { rows } = await db.query(`SELECT ${SELECT} FROM ${FROM} WHERE i.marketplace_id = $1 AND i.external_user_id = $2 ORDER BY i.id`, [marketplaceId, externalUserId]);
  return rows.map(toIntegration);
}

/**
 * What the marketplace asks the merchant to know while it slows the syncs (Etsy: a day's quota
 * running low), on the integration's `status_message` while it is active; null clears it once the
 * marketplace answers normally again. A refused token's message (status error) is never touched.
 */
export async function setSyncNotice(tx: Queryable, id: number, notice: string | null): Promise<void> {
  await tx.query(
    `UPDATE integrations SET status_message = $2, updated_at = now()
      WHERE id = $1 AND status = 'active' AND status_message IS DISTINCT FROM $2 AND ($2::text IS NOT NULL OR status_message IS NOT NULL)`,
    [id, notice],
  );
}

/** The integration's next scheduled sync not before `at` (a marketplace asking to slow down). */
export async function postponeNextSync(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.query(`UPDATE integrations SET next_sync_at = greatest(coalesce(next_sync_at, $2), $2) WHERE id = $1`, [id, at]);
}
