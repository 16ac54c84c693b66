import { createHash, timingSafeEqual } from 'node:crypto';
import { limits } from '@smista/contracts';
import { identityErrors } from './errors';
import { normalizeEmail } from './users';

/** The claims of a verified ID token that single sign-on uses (OIDC Core; Keycloak's defaults). */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  /** The provider's session (`sid`): back-channel logout names it. */
  sessionId?: string;
  nonce: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  preferredUsername?: string;
  /** When the token stops being accepted: its nonce is remembered until then. */
  expiresAt: Date;
}

/** SHA-256 in hex: what the nonce cookie holds and what the used-nonce table keys on. */
export function nonceHash(nonce: string): string {
  return createHash('sha256').update(nonce, 'utf8').digest('hex');
}

/** True when the token's nonce is the one the browser bound to itself (compared in constant time). */
export function nonceMatches(nonce: string, expectedHash: string): boolean {
  const actual = Buffer.from(nonceHash(nonce), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return /^[0-9a-f]{64}$/.test(expectedHash) && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** What to do with an identity-provider account no Smista user is linked to yet. */
export type FirstSignIn =
  | { kind: 'create'; email: string }
  | { kind: 'link'; userId: string };

/**
 * The first sign-in rules of issue 24: an e-mail the provider has not verified is refused (it
 * could be anyone's); a verified e-mail no user has creates the user; one that belongs to a user
 * is linked only with that user's Smista password, so whoever controls an identity provider
 * cannot take over an account by naming its address.
 */
export function decideFirstSignIn(
  identity: Pick<SsoIdentity, 'email' | 'emailVerified'>,
  existing: { userId: string } | undefined,
  passwordConfirmed: boolean | undefined,
): FirstSignIn {
  if (!identity.email) throw identityErrors.ssoEmailMissing();
  if (!identity.emailVerified) throw identityErrors.ssoEmailUnverified();
  if (!existing) return { kind: 'create', email: normalizeEmail(identity.email) };
  if (passwordConfirmed === undefined) throw identityErrors.ssoLinkPasswordRequired();
  if (!passwordConfirmed) throw identityErrors.ssoLinkPasswordWrong();
  return { kind: 'link', userId: existing.userId };
}

/**
 * Usernames to try for a user created by SSO, best first: the provider's `preferred_username`
 * (or the e-mail's local part) reduced to letters, digits, `.`, `_`, `-`, then the same with
 * `-2`, `-3`, ... appended. Always at least 3 characters, never over the username limit.
 */
export function usernameCandidates(preferredUsername: string | undefined, email: string, count = 20): string[] {
  const clean = (s: string | undefined) => (s ?? '').normalize('NFKD').replace(/[^\w.-]+/g, '').replace(/^[.-]+|[.-]+$/g, '');
  let base = clean(preferredUsername);
  if (base.length < limits.usernameMin) base = clean(email.split('@')[0]);
  if (base.length < limits.usernameMin) base = `utente${base}`;
  const room = limits.usernameMax - 4;
  base = base.slice(0, room);
  return [base, ...Array.from({ length: count - 1 }, (_, i) => `${base}-${i + 2}`)];
}

/** First and last name from the claims; a provider without names gives the username as first name. */
export function namesOf(identity: Pick<SsoIdentity, 'givenName' | 'familyName'>, username: string): { firstName: string; lastName: string } {
  const trim = (s: string | undefined) => (s ?? '').trim().slice(0, limits.nameMax);
  return { firstName: trim(identity.givenName) || username, lastName: trim(identity.familyName) };
}
