import * as argon2 from 'argon2';
import { newPasswordSchema } from '@smista/contracts';

/**
 * argon2id with the OWASP-recommended floor (19 MiB, 2 passes); about 20-40 ms per hash here.
 * Parameters are stored in the hash string, so raising them later only affects new hashes
 * (and old ones are upgraded at the next login, see `needsRehash`).
 */
const COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The password policy of spec §5 (at least 6 characters, one uppercase letter, one digit), with
 * the shared Italian messages. Throws a ZodError (→ INVALID_ARGUMENT) with the first broken rule.
 */
export function assertPasswordPolicy(password: string): string {
  return newPasswordSchema.parse(password);
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...COST });
}

/**
 * True when the password matches; a malformed stored hash counts as a mismatch, and so does an
 * account without a password (created by single sign-on), after the same work as a wrong one.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    await burnVerification(password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export function needsRehash(hash: string | null): boolean {
  if (hash === null) return false;
  try {
    return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, COST);
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Runs one full verification against a throwaway hash, so that a login with an unknown e-mail
 * takes as long as one with a known e-mail and a wrong password.
 */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('smista-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
