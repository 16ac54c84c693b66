import { generateToken, hashToken, isWellFormedToken } from './tokens';

describe('tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const a = generateToken();
    const b = generateToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('are stored as a SHA-256 digest, never as themselves', () => {
    const token = generateToken();
    const hash = hashToken(token);
    expect(hash).toHaveLength(32);
    expect(hash.equals(hashToken(token))).toBe(true);
    expect(hash.toString('base64url')).not.toBe(token);
  });

  it.each([[''], ['short'], ['x'.repeat(44)], ['a'.repeat(42) + '='], ['a'.repeat(42) + '/'], [undefined], [null]])(
    'refuses a malformed token %p without a lookup',
    (token) => expect(isWellFormedToken(token as string)).toBe(false),
  );

  it('accepts its own tokens', () => expect(isWellFormedToken(generateToken())).toBe(true));
});
