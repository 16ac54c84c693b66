import { clearSessionCookie, readSessionToken, sessionCookie } from './session-cookie';

describe('session cookie', () => {
  const now = Date.parse('2025-06-01T10:00:00Z');

  it('is HttpOnly, SameSite=Lax, Path=/ with Max-Age up to the session expiry', () => {
    expect(sessionCookie('tok', '2025-06-01T12:00:00Z', false, now)).toBe('smista_session=tok; Max-Age=7200; Path=/; HttpOnly; SameSite=Lax');
  });

  it('is Secure when COOKIE_SECURE', () => {
    expect(sessionCookie('tok', '2025-06-01T12:00:00Z', true, now)).toBe('smista_session=tok; Max-Age=7200; Path=/; HttpOnly; Secure; SameSite=Lax');
  });

  it('never has a negative or missing lifetime', () => {
    expect(sessionCookie('tok', '2025-06-01T09:00:00Z', false, now)).toContain('Max-Age=0;');
    expect(sessionCookie('tok', 'not a date', false, now)).toContain('Max-Age=0;');
  });

  it('clearing sets an empty value that expires at once, with the same attributes', () => {
    expect(clearSessionCookie(true)).toBe('smista_session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax');
  });

  it('reads the token among other cookies', () => {
    expect(readSessionToken('a=1; smista_session=abc.def; b=2')).toBe('abc.def');
    expect(readSessionToken('a=1')).toBeUndefined();
    expect(readSessionToken('smista_session=')).toBeUndefined();
    expect(readSessionToken(undefined)).toBeUndefined();
  });
});
