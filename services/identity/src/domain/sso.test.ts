import { messages } from '@smista/contracts';
import { decideFirstSignIn, namesOf, nonceHash, nonceMatches, usernameCandidates } from './sso';

const e = messages.errors;

describe('first sign-in with SSO (issue 24)', () => {
  it('creates a user only for a verified e-mail nobody has; links an existing one only with its password', () => {
    expect(decideFirstSignIn({ email: 'Anna.Verdi@Esempio.IT', emailVerified: true }, undefined, undefined)).toEqual({ kind: 'create', email: 'anna.verdi@esempio.it' });
    expect(decideFirstSignIn({ email: 'a@esempio.it', emailVerified: true }, { userId: 'u1' }, true)).toEqual({ kind: 'link', userId: 'u1' });
    expect(() => decideFirstSignIn({ email: 'a@esempio.it', emailVerified: true }, { userId: 'u1' }, undefined)).toThrow(e.ssoLinkPasswordRequired);
    expect(() => decideFirstSignIn({ email: 'a@esempio.it', emailVerified: true }, { userId: 'u1' }, false)).toThrow(e.ssoLinkPasswordWrong);
    // Unverified: refused before anything else, even with the right password of an existing account.
    expect(() => decideFirstSignIn({ email: 'a@esempio.it', emailVerified: false }, { userId: 'u1' }, true)).toThrow(e.ssoEmailUnverified);
    expect(() => decideFirstSignIn({ emailVerified: true }, undefined, undefined)).toThrow(e.ssoEmailMissing);
  });

  it('makes usernames from preferred_username (or the e-mail), 3 to 50 safe characters, then -2, -3…', () => {
    expect(usernameCandidates('anna.verdi', 'x@y.it', 3)).toEqual(['anna.verdi', 'anna.verdi-2', 'anna.verdi-3']);
    expect(usernameCandidates('Zoë <script>', 'x@y.it', 1)).toEqual(['Zoescript']);
    expect(usernameCandidates('ab', 'mario.rossi@esempio.it', 1)).toEqual(['mario.rossi']);
    expect(usernameCandidates(undefined, 'x@y.it', 1)).toEqual(['utentex']);
    for (const name of usernameCandidates('a'.repeat(80), 'x@y.it')) expect(name.length).toBeLessThanOrEqual(50);
  });

  it('takes the names from the claims, the username when the provider has none', () => {
    expect(namesOf({ givenName: ' Anna ', familyName: 'Verdi' }, 'anna')).toEqual({ firstName: 'Anna', lastName: 'Verdi' });
    expect(namesOf({}, 'anna')).toEqual({ firstName: 'anna', lastName: '' });
  });

  it("matches a nonce to the hash of the browser's cookie only", () => {
    expect(nonceMatches('n-1', nonceHash('n-1'))).toBe(true);
    expect(nonceMatches('n-1', nonceHash('n-2'))).toBe(false);
    expect(nonceMatches('n-1', 'not-hex')).toBe(false);
    expect(nonceMatches('n-1', '')).toBe(false);
  });
});
