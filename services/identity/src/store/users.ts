import { uniqueViolation, type Queryable } from '@smista/service-kit';
import type { TakenField, UserRecord } from '../domain/users';

/** The unique constraints of `users` and the field each protects. */
const fieldByConstraint: Readonly<Record<string, TakenField>> = {
  users_email_key: 'email',
  users_username_key: 'username',
};

/**
 * The field behind a unique violation on users, when two requests raced past the pre-check;
 * undefined for any other error.
 */
export function takenFieldOf(err: unknown): TakenField | undefined {
  const constraint = uniqueViolation(err);
  return constraint ? fieldByConstraint[constraint] : undefined;
}

const USER_COLUMNS = `id, username, first_name AS "firstName", last_name AS "lastName", email, avatar, created_at AS "createdAt",
  password_hash IS NOT NULL AS "hasPassword"`;

/** `passwordHash` is null for a user created by single sign-on who has not set a password. */
export type UserWithHash = UserRecord & { passwordHash: string | null };

export interface NewUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** null: a user created by their first single sign-on. */
  passwordHash: string | null;
}

/** Which of e-mail and username already belong to someone (other than `exceptUserId`). */
export async function findTakenFields(
  db: Queryable,
  probe: { email: string; username: string; exceptUserId?: string },
): Promise<{ emailTaken: boolean; usernameTaken: boolean }> {
  const { rows } = await db.query<{ emailTaken: boolean | null; usernameTaken: boolean | null }>(
    `SELECT bool_or(email = $1) AS "emailTaken", bool_or(lower(username) = lower($2)) AS "usernameTaken"
       FROM users
      WHERE (email = $1 OR lower(username) = lower($2)) AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [probe.email, probe.username, probe.exceptUserId ?? null],
  );
  return { emailTaken: rows[0]?.emailTaken === true, usernameTaken: rows[0]?.usernameTaken === true };
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRecord> {
  const { rows } = await db.query<UserRecord>(
    `INSERT INTO users (username, email, first_name, last_name, password_hash)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING ${USER_COLUMNS}`,
    [user.username, user.email, user.firstName, user.lastName, user.passwordHash],
  );
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserWithHash | undefined> {
  const { rows } = await db.query<UserWithHash>(
    `SELECT ${USER_COLUMNS}, password_hash AS "passwordHash" FROM users WHERE email = $1`,
    [email],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserWithHash | undefined> {
  const { rows } = await db.query<UserWithHash>(
    `SELECT ${USER_COLUMNS}, password_hash AS "passwordHash" FROM users WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** The id of the user with this (normalized) e-mail, if any. */
export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  return rows[0]?.id;
}

/** Who a reset e-mail goes to (no hash, no avatar). */
export async function findResetRecipient(db: Queryable, email: string): Promise<{ id: string; email: string; firstName: string } | undefined> {
  const { rows } = await db.query<{ id: string; email: string; firstName: string }>(
    'SELECT id, email, first_name AS "firstName" FROM users WHERE email = $1',
    [email],
  );
  return rows[0];
}

export async function findUsersByIds(db: Queryable, ids: string[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<UserRecord>(`SELECT ${USER_COLUMNS} FROM users WHERE id = ANY($1::uuid[])`, [ids]);
  return rows;
}

export async function updateProfile(
  db: Queryable,
  id: string,
  profile: { firstName: string; lastName: string; email: string; username: string },
): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>(
    `UPDATE users SET first_name = $2, last_name = $3, email = $4, username = $5, updated_at = now()
      WHERE id = $1
      RETURNING ${USER_COLUMNS}`,
    [id, profile.firstName, profile.lastName, profile.email, profile.username],
  );
  return rows[0];
}

export async function updatePasswordHash(db: Queryable, id: string, passwordHash: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>(
    `UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [id, passwordHash],
  );
  return rows[0];
}

/**
 * The first password of a user created by single sign-on: written only while the user has none,
 * so two requests (or one racing a password reset) never overwrite a password; undefined then.
 */
export async function setFirstPasswordHash(db: Queryable, id: string, passwordHash: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>(
    `UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND password_hash IS NULL RETURNING ${USER_COLUMNS}`,
    [id, passwordHash],
  );
  return rows[0];
}

export async function updateAvatar(db: Queryable, id: string, avatar: string): Promise<UserRecord | undefined> {
  const { rows } = await db.query<UserRecord>(
    `UPDATE users SET avatar = $2, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [id, avatar],
  );
  return rows[0];
}
