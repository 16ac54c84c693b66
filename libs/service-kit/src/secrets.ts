import { messages } from '@smista/contracts';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest: OAuth tokens and carrier passwords encrypted with AES-256-GCM.
 *
 * A sealed value is one self-describing text, so it fits a `text` column:
 *
 *     v1:<keyId>:<iv>:<ciphertext and 16-byte tag>
 *
 * `iv` (12 random bytes, new for every encryption) and the ciphertext are base64url without padding.
 * The authenticated data is the header `v1:<keyId>:` followed by the caller's optional associated
 * data (e.g. the integration id), so a value cannot be moved to another row, nor relabelled with
 * another key id, without being refused.
 */
const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** One key of the ring: an id written beside each ciphertext and 32 bytes of key material. */
export interface SecretKey {
  readonly id: string;
  /** Not enumerable: a logged or serialised config never shows it. */
  readonly key: Buffer;
}

/** Builds a {@link SecretKey} whose key material stays out of JSON, pino and `util.inspect`. */
export function secretKey(id: string, key: Buffer): SecretKey {
  const value = { id } as SecretKey;
  Object.defineProperty(value, 'key', { value: Buffer.from(key), enumerable: false });
  return value;
}

/** Why a sealed value was refused. */
export type SecretRefusal = 'malformed' | 'unknown-key' | 'not-authentic';

/**
 * A sealed value that cannot be opened: malformed or truncated, sealed with a key the ring does not
 * hold, or altered (a changed byte, or associated data other than the one it was sealed with).
 * The message names the reason and the key id only; never the value, the plaintext or a key.
 */
export class SecretRefusedError extends Error {
  constructor(
    readonly reason: SecretRefusal,
    readonly keyId?: string,
  ) {
    super(
      reason === 'malformed'
        ? 'sealed secret is malformed or truncated'
        : reason === 'unknown-key'
          ? `sealed secret uses key "${keyId}", which is not configured`
          : `sealed secret failed authentication with key "${keyId}" (altered, or sealed for other associated data)`,
    );
    this.name = 'SecretRefusedError';
  }
}

/**
 * The keys of a service, from its configuration (`SECRETS_KEYS`, see `env.secretKeys()`).
 * The first key seals; every key opens, so a key can be rotated without a flag day.
 */
export interface Keyring {
  /** The id of the key that seals new values. */
  readonly currentKeyId: string;
  /**
   * Seals a secret before it is stored.
   * @param associatedData binds the value to its owner (e.g. the integration id); give the same to `decrypt`.
   * @example const stored = keyring.encrypt(tokens.refreshToken, integrationId);
   */
  encrypt(plaintext: string, associatedData?: string): string;
  /**
   * Opens a stored value; throws {@link SecretRefusedError} if it was altered, truncated, sealed with
   * an unknown key or for other associated data.
   * @example const refreshToken = keyring.decrypt(row.refresh_token, row.id);
   */
  decrypt(sealed: string, associatedData?: string): string;
  /** True when `sealed` was made with an older key (a migration job re-encrypts those rows). */
  needsReencrypt(sealed: string): boolean;
  /**
   * The value sealed with the current key: the same string when it already is (after checking that
   * it opens), a new one otherwise.
   * @example
   * for (const row of rows) {
   *   if (keyring.needsReencrypt(row.password)) await save(row.id, keyring.reencrypt(row.password, row.id));
   * }
   */
  reencrypt(sealed: string, associatedData?: string): string;
}

/**
 * Builds the keyring; throws a TypeError when the keys are empty, repeat an id or are not 32 bytes.
 * @example const keyring = createKeyring(config.SECRETS_KEYS);
 */
export function createKeyring(keys: readonly SecretKey[]): Keyring {
  if (keys.length === 0) throw new TypeError('a keyring needs at least one key');
  const byId = new Map<string, Buffer>();
  for (const { id, key } of keys) {
    if (!KEY_ID.test(id)) throw new TypeError(`invalid key id "${id}": letters, digits, - and _, at most 32`);
    if (key.length !== KEY_BYTES) throw new TypeError(`key "${id}" must be ${KEY_BYTES} bytes`);
    if (byId.has(id)) throw new TypeError(`key id "${id}" appears twice`);
    byId.set(id, Buffer.from(key));
  }
  const currentKeyId = keys[0].id;
  const currentKey = byId.get(currentKeyId)!;

  const encrypt = (plaintext: string, associatedData?: string): string => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', currentKey, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aadFor(currentKeyId, associatedData));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}:${currentKeyId}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
  };

  const decrypt = (sealed: string, associatedData?: string): string => {
    const parts = parse(sealed);
    const key = byId.get(parts.keyId);
    if (!key) throw new SecretRefusedError('unknown-key', parts.keyId);
    const decipher = createDecipheriv('aes-256-gcm', key, parts.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aadFor(parts.keyId, associatedData));
    decipher.setAuthTag(parts.sealed.subarray(parts.sealed.length - TAG_BYTES));
    try {
      const plain = Buffer.concat([decipher.update(parts.sealed.subarray(0, parts.sealed.length - TAG_BYTES)), decipher.final()]);
      return plain.toString('utf8');
    } catch {
      throw new SecretRefusedError('not-authentic', parts.keyId);
    }
  };

  return {
    currentKeyId,
    encrypt,
    decrypt,
    needsReencrypt: (sealed) => parse(sealed).keyId !== currentKeyId,
    reencrypt: (sealed, associatedData) => {
      const plaintext = decrypt(sealed, associatedData);
      return parse(sealed).keyId === currentKeyId ? sealed : encrypt(plaintext, associatedData);
    },
  };
}

function aadFor(keyId: string, associatedData = ''): Buffer {
  return Buffer.from(`${VERSION}:${keyId}:${associatedData}`, 'utf8');
}

function parse(sealed: string): { keyId: string; iv: Buffer; sealed: Buffer } {
  const parts = typeof sealed === 'string' ? sealed.split(':') : [];
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretRefusedError('malformed');
  const [, keyId, ivText, sealedText] = parts;
  if (!KEY_ID.test(keyId) || !BASE64URL.test(ivText) || !BASE64URL.test(sealedText)) throw new SecretRefusedError('malformed');
  const iv = Buffer.from(ivText, 'base64url');
  const body = Buffer.from(sealedText, 'base64url');
  // An empty plaintext still carries its tag, so anything shorter was cut.
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretRefusedError('malformed');
  return { keyId, iv, sealed: body };
}

/**
 * Reads `SECRETS_KEYS`: `id:base64,id:base64,...`, newest first (it seals; the others still open).
 * Returns the keys, or the problems in Italian (for `env.secretKeys()`).
 *
 * @example parseSecretKeys('k2:q83v...=,k1:7xM0...=')
 */
export function parseSecretKeys(raw: string): { keys: SecretKey[] } | { problems: string[] } {
  const m = messages.config.secretKeys;
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return { problems: [m.empty] };
  const problems: string[] = [];
  const keys: SecretKey[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const position = index + 1;
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon).trim();
    const material = entry.slice(colon + 1).trim();
    if (colon <= 0 || !material) problems.push(m.entry(position));
    else if (!KEY_ID.test(id)) problems.push(m.keyId(position));
    else if (seen.has(id)) problems.push(m.duplicate(id));
    else if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(material)) problems.push(m.base64(id));
    else {
      seen.add(id);
      const key = Buffer.from(material, 'base64');
      if (key.length === KEY_BYTES) keys.push(secretKey(id, key));
      else problems.push(m.length(id, key.length));
    }
  }
  return problems.length > 0 ? { problems } : { keys };
}

/**
 * Masks a secret for display: the first and last characters with dots between. A value no longer
 * than `fullyMaskedUpTo`, or so short that the kept ends would show it whole, is dots only.
 * Spec: lists show 10 + dots + 4, detail pages 8 + 6 dots + 8, and 12 characters or fewer are fully masked.
 *
 * @example maskSecret(token, { first: 8, last: 8 }) // 'v^1.1#i^......aXQ9MTQ='
 * @example maskSecret(token, { first: 10, last: 4 })
 */
export function maskSecret(
  secret: string,
  options: { first: number; last: number; dots?: number; fullyMaskedUpTo?: number },
): string {
  const { first, last, dots = 6, fullyMaskedUpTo = 12 } = options;
  const filler = '.'.repeat(dots);
  if (secret.length <= Math.max(fullyMaskedUpTo, first + last)) return filler;
  return `${secret.slice(0, first)}${filler}${last > 0 ? secret.slice(-last) : ''}`;
}
