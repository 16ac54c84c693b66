import type { TakenField } from '../domain/users';

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

const fieldByConstraint: Record<string, TakenField> = {
  users_email_key: 'email',
  users_username_key: 'username',
};

/**
 * The field behind a unique violation on users, when two requests raced past the pre-check.
 * Undefined for any other error.
 */
export function takenFieldOf(err: unknown): TakenField | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, constraint } = err as { code?: string; constraint?: string };
  if (code !== UNIQUE_VIOLATION || !constraint) return undefined;
  return fieldByConstraint[constraint];
}
