import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { z } from 'zod';
import { env, parseConfig } from './config';
import { createKeyring, maskSecret, secretKey, SecretRefusedError, type Keyring } from './secrets';

const k1 = secretKey('k1', randomBytes(32));
const k2 = secretKey('k2', randomBytes(32));
const token = 'v^1.1#i^1#p^3#r^1#I^3#f^0#t^Ul4xMF8xMTpGN0E1QjQ3';

function refusal(fn: () => unknown): SecretRefusedError {
  try {
    fn();
  } catch (err) {
    if (err instanceof SecretRefusedError) return err;
    throw err;
  }
  throw new Error('expected a SecretRefusedError');
}

/** Changes one character of the given part (1 key id, 2 iv, 3 ciphertext) of a sealed value. */
function alter(sealed: string, part: number, at: number): string {
  const parts = sealed.split(':');
  const chars = [...parts[part]];
  chars[at] = chars[at] === 'A' ? 'B' : 'A';
  parts[part] = chars.join('');
  return parts.join(':');
}

describe('secrets keyring', () => {
  it('seals into one self-describing text and opens it again', () => {
    const ring = createKeyring([k1]);
    const sealed = ring.encrypt(token, 'integration-1');
    expect(sealed).toMatch(/^v1:k1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(token);
    expect(ring.decrypt(sealed, 'integration-1')).toBe(token);
    expect(ring.decrypt(ring.encrypt(''), undefined)).toBe('');
    expect(ring.decrypt(ring.encrypt('parola d’ordine è €'), undefined)).toBe('parola d’ordine è €');
  });

  it('uses a fresh IV each time, so the same secret never seals the same way twice', () => {
    const ring = createKeyring([k1]);
    expect(ring.encrypt(token)).not.toBe(ring.encrypt(token));
  });

  it('rotates: the first key seals, older keys still open, reencrypt moves values to the current key', () => {
    const old = createKeyring([k1]);
    const sealedByK1 = old.encrypt(token, 'integration-1');

    const rotated = createKeyring([k2, k1]);
    expect(rotated.currentKeyId).toBe('k2');
    expect(rotated.decrypt(sealedByK1, 'integration-1')).toBe(token);
    expect(rotated.needsReencrypt(sealedByK1)).toBe(true);

    const moved = rotated.reencrypt(sealedByK1, 'integration-1');
    expect(moved.startsWith('v1:k2:')).toBe(true);
    expect(rotated.needsReencrypt(moved)).toBe(false);
    expect(rotated.reencrypt(moved, 'integration-1')).toBe(moved);
    expect(createKeyring([k2]).decrypt(moved, 'integration-1')).toBe(token);
    // Once k1 is retired, its values are refused by id.
    expect(refusal(() => createKeyring([k2]).decrypt(sealedByK1, 'integration-1'))).toMatchObject({ reason: 'unknown-key', keyId: 'k1' });
  });

  it('refuses a tampered ciphertext, IV or key id', () => {
    const ring = createKeyring([k2, k1]);
    const sealed = ring.encrypt(token, 'integration-1');
    for (const [part, at] of [[3, 0], [3, 20], [2, 3]] as const) {
      expect(refusal(() => ring.decrypt(alter(sealed, part, at), 'integration-1'))).toMatchObject({ reason: 'not-authentic', keyId: 'k2' });
    }
    // Relabelled with the other key's id: the id is authenticated too.
    expect(refusal(() => ring.decrypt(sealed.replace('v1:k2:', 'v1:k1:'), 'integration-1')).reason).toBe('not-authentic');
  });

  it('refuses a value bound to another owner, or given without its associated data', () => {
    const ring = createKeyring([k1]);
    const sealed = ring.encrypt(token, 'integration-1');
    expect(refusal(() => ring.decrypt(sealed, 'integration-2')).reason).toBe('not-authentic');
    expect(refusal(() => ring.decrypt(sealed)).reason).toBe('not-authentic');
    expect(refusal(() => ring.reencrypt(sealed, 'integration-2')).reason).toBe('not-authentic');
  });

  it('refuses truncated and malformed values', () => {
    const ring = createKeyring([k1]);
    const sealed = ring.encrypt(token);
    const body = sealed.split(':')[3];
    for (const bad of [
      sealed.slice(0, sealed.length - 4), // tag cut short
      sealed.slice(0, sealed.length - body.length) + body.slice(0, 10), // less than a tag left
      sealed.split(':').slice(0, 3).join(':'),
      sealed.replace(/^v1:/, 'v2:'),
      `${sealed}:extra`,
      'plain text',
      '',
    ]) {
      const err = refusal(() => ring.decrypt(bad));
      expect(['malformed', 'not-authentic']).toContain(err.reason);
    }
    expect(refusal(() => ring.needsReencrypt('nope')).reason).toBe('malformed');
  });

  it('never puts plaintext or key material in its errors or its printed form', () => {
    const ring = createKeyring([k1]);
    const sealed = ring.encrypt(token, 'integration-1');
    const err = refusal(() => ring.decrypt(alter(sealed, 3, 5), 'integration-1'));
    const keyTexts = [k1.key.toString('base64'), k1.key.toString('hex'), k1.key.toString('base64url')];
    for (const text of [err.message, err.stack ?? '', JSON.stringify(err), inspect(ring), inspect(k1), JSON.stringify(k1)]) {
      expect(text).not.toContain(token);
      for (const key of keyTexts) expect(text).not.toContain(key);
    }
  });

  it('refuses a keyring it cannot trust', () => {
    expect(() => createKeyring([])).toThrow(TypeError);
    expect(() => createKeyring([secretKey('short', randomBytes(16))])).toThrow(/32 bytes/);
    expect(() => createKeyring([k1, secretKey('k1', randomBytes(32))])).toThrow(/twice/);
    expect(() => createKeyring([secretKey('bad:id', randomBytes(32))])).toThrow(/invalid key id/);
  });
});

describe('env.secretKeys()', () => {
  const schema = z.object({ SECRETS_KEYS: env.secretKeys() });
  const b64 = (bytes: Buffer) => bytes.toString('base64');

  it('reads the keys newest first, in standard or URL-safe base64', () => {
    const config = parseConfig(schema, { SECRETS_KEYS: ` k2:${b64(k2.key)} , k1:${k1.key.toString('base64url')}` });
    expect(config.SECRETS_KEYS.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(config.SECRETS_KEYS[0].key.equals(k2.key)).toBe(true);
    expect(config.SECRETS_KEYS[1].key.equals(k1.key)).toBe(true);
    const ring = createKeyring(config.SECRETS_KEYS);
    expect(ring.decrypt(createKeyring([k1]).encrypt('x'))).toBe('x');
    // A parsed config can be logged without its keys.
    expect(JSON.stringify(config)).not.toContain(b64(k2.key));
  });

  it('names each problem in Italian, never the key itself', () => {
    const short = b64(randomBytes(16));
    const attempt = (value: string | undefined) => () => parseConfig(schema, value === undefined ? {} : { SECRETS_KEYS: value });
    expect(attempt(undefined)).toThrow(/SECRETS_KEYS: deve contenere almeno una chiave/);
    expect(attempt(' , ')).toThrow(/almeno una chiave/);
    expect(attempt(`k1:${short}`)).toThrow(/la chiave "k1" deve essere di 32 byte, ne ha 16/);
    expect(attempt(`k1:${b64(k1.key)},k1:${b64(k2.key)}`)).toThrow(/l'id di chiave "k1" è ripetuto/);
    expect(attempt(`${b64(k1.key)}`)).toThrow(/la voce 1 non è nel formato id:chiave_base64/);
    expect(attempt(`k1:${b64(k1.key)},k2:`)).toThrow(/la voce 2 non è nel formato/);
    expect(attempt(`k1:not base64!`)).toThrow(/la chiave "k1" non è in base64/);
    expect(attempt(`chiave con spazi:${b64(k1.key)}`)).toThrow(/l'id della voce 1 può contenere solo/);
    let message = '';
    try {
      attempt(`k1:${short},k2:${b64(k2.key)},k2:${b64(k1.key)}`)();
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/ne ha 16.*ripetuto/);
    for (const key of [short, b64(k2.key), b64(k1.key)]) expect(message).not.toContain(key);
  });
});

describe('maskSecret', () => {
  const refreshToken = 'v^1.1#i^1#r^1#p^3#f^0#I^3#t^Ul4xMF85OkU2';

  it('keeps the ends the spec shows: 10 + 4 in lists, 8 + 6 dots + 8 on detail pages', () => {
    expect(maskSecret(refreshToken, { first: 10, last: 4 })).toBe('v^1.1#i^1#......OkU2');
    expect(maskSecret(refreshToken, { first: 8, last: 8 })).toBe('v^1.1#i^......MF85OkU2');
  });

  it('masks fully a value of 12 characters or fewer, or one the kept ends would show whole', () => {
    expect(maskSecret('abcdefghijkl', { first: 8, last: 8 })).toBe('......');
    expect(maskSecret('abcdefghijklmnop', { first: 8, last: 8 })).toBe('......');
    expect(maskSecret('abcdefghijklm', { first: 10, last: 4 })).toBe('......');
    expect(maskSecret('abcdefghijklmno', { first: 10, last: 4 })).toBe('abcdefghij......lmno');
    expect(maskSecret('', { first: 10, last: 4 })).toBe('......');
  });
});
