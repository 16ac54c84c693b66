const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical uuid (any version), the form of every id the services issue. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * An id from a request, trimmed and lower-cased; a malformed one raises the same error as an
 * unknown one (`notFound`), so an answer never tells a well-formed id from a bad one (tenancy).
 *
 * @example const id = parseId(request.addressId, merchantsErrors.addressNotFound);
 */
export function parseId(raw: string, notFound: () => Error): string {
  const id = raw.trim();
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * The constraint behind a unique violation (two requests raced past a pre-check), or undefined
 * for any other error. Stores map the constraint to their domain error.
 *
 * @example if (uniqueViolation(err) === 'users_email_key') throw identityErrors.emailTaken();
 */
export function uniqueViolation(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { code, constraint } = err as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && typeof constraint === 'string' ? constraint : undefined;
}

/** True when a string anywhere in a decoded request holds a NUL character (PostgreSQL text refuses it). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const key in value) {
    if (containsNul((value as Record<string, unknown>)[key], depth + 1) || key.includes('\u0000')) return true;
  }
  return false;
}
