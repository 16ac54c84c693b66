import { DomainError } from '@smista/service-kit';
import { assertResetTokenUsable, isResetTokenUsable, resetLink, resetTokenExpiry } from './password-reset';
import { IdentityErrorCode } from './errors';

const now = new Date('2026-03-01T10:00:00Z');

describe('password-reset tokens', () => {
  it('expire one hour after they are issued', () => {
    expect(resetTokenExpiry(now).toISOString()).toBe('2026-03-01T11:00:00.000Z');
  });

  it('are usable while unused and unexpired', () => {
    expect(isResetTokenUsable({ used: false, expiresAt: resetTokenExpiry(now) }, now)).toBe(true);
  });

  it.each([
    ['unknown', undefined],
    ['used', { used: true, expiresAt: resetTokenExpiry(now) }],
    ['expired', { used: false, expiresAt: new Date(now.getTime() - 1) }],
    ['expiring right now', { used: false, expiresAt: now }],
  ])('refuse an %s token with "Link non valido"', (_label, token) => {
    expect(() => assertResetTokenUsable(token, now)).toThrow(DomainError);
    try {
      assertResetTokenUsable(token, now);
    } catch (err) {
      expect((err as DomainError).code).toBe(IdentityErrorCode.ResetTokenInvalid);
      expect((err as DomainError).message).toBe('Link non valido');
    }
  });

  it('link to the shell reset page', () => {
    expect(resetLink('https://app.smista.it/', 'abc_-1')).toBe('https://app.smista.it/reset-password?token=abc_-1');
  });
});
