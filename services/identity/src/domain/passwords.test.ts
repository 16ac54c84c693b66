import { ZodError } from 'zod';
import { messages } from '@smista/contracts';
import { assertPasswordPolicy, burnVerification, hashPassword, needsRehash, verifyPassword } from './passwords';

describe('password policy (spec §5)', () => {
  it('accepts six characters with an uppercase letter and a digit', () => {
    expect(assertPasswordPolicy('Abcde1')).toBe('Abcde1');
  });

  it.each([
    ['Ab1', messages.validation.passwordMin],
    ['abcdef1', messages.validation.passwordUppercase],
    ['Abcdefg', messages.validation.passwordDigit],
  ])('refuses %s with "%s"', (password, message) => {
    try {
      assertPasswordPolicy(password);
      throw new Error('accepted');
    } catch (err) {
      expect(err).toBeInstanceOf(ZodError);
      expect((err as ZodError).issues[0].message).toBe(message);
    }
  });
});

describe('password hashing', () => {
  it('uses argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Segreta1');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(hash).not.toContain('Segreta1');
    expect(await verifyPassword(hash, 'Segreta1')).toBe(true);
    expect(await verifyPassword(hash, 'segreta1')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch and as due for rehash', async () => {
    expect(await verifyPassword('not-a-hash', 'Segreta1')).toBe(false);
    expect(needsRehash('$2b$10$somebcrypthash')).toBe(true);
  });

  it('burns a verification for unknown users', async () => {
    await expect(burnVerification('whatever')).resolves.toBeUndefined();
  });
});
