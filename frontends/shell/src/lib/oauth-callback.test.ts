import { hasOAuthCallbackMarker, OAUTH_CODE_KEY, REDIRECT_TO_CALLBACK_KEY } from './markers';
import {
  captureOAuthCallback,
  clearPendingCallback,
  createOnce,
  decideCallback,
  readCallbackParams,
  readPendingCallback,
  savePendingCallback,
  DEFAULT_CODE_LIFETIME_S,
  type KeyValueStorage,
} from './oauth-callback';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

const NOW = Date.parse('2026-11-23T12:00:00Z');
/** eBay's code: up to 1024 characters, with characters that must survive URL encoding once. */
const CODE = 'v^1.1#i^1#f^0#r^1#I^3#p^3#t^Ul41XzI6RjE3QkRCMEI3MjU4MEE0MkM0NkI2OTM0NkQ2ODYwQjRfMV8xI0VeMjYw';

describe('readCallbackParams', () => {
  it('reads code (decoded once), state, error and expires_in', () => {
    expect(readCallbackParams(`?state=ebay&code=${encodeURIComponent(CODE)}&expires_in=299`)).toEqual({
      code: CODE,
      state: 'ebay',
      error: null,
      expiresIn: 299,
      signed: {},
    });
    expect(readCallbackParams('?error=access_denied&state=ebay')).toEqual({ code: null, state: 'ebay', error: 'access_denied', expiresIn: null, signed: {} });
  });
  it("keeps a signed callback's whole query (Shopify's hmac, shop, timestamp, host) to send as it is", () => {
    const query = `?code=c0de&hmac=ab12&host=aG9zdA&shop=negozio.myshopify.com&state=shopify.${'n0nce_-'.repeat(6)}x&timestamp=1764000000`;
    expect(readCallbackParams(query)).toEqual({
      code: 'c0de',
      state: `shopify.${'n0nce_-'.repeat(6)}x`,
      error: null,
      expiresIn: null,
      signed: { code: 'c0de', hmac: 'ab12', host: 'aG9zdA', shop: 'negozio.myshopify.com', state: `shopify.${'n0nce_-'.repeat(6)}x`, timestamp: '1764000000' },
    });
    const storage = memoryStorage();
    savePendingCallback(storage, readCallbackParams(query)!, NOW);
    expect(decideCallback(readPendingCallback(storage), `shopify.${'n0nce_-'.repeat(6)}x`, NOW)).toMatchObject({ kind: 'exchange', marketplace: 'shopify', signed: { hmac: 'ab12', shop: 'negozio.myshopify.com' } });
  });
  it("reads Amazon's spapi_oauth_code as the code and keeps the query with its selling_partner_id", () => {
    const state = `amazon.${'n0nce_-'.repeat(6)}x`;
    const query = `?state=${state}&selling_partner_id=A2SELLER01&spapi_oauth_code=ANc0de`;
    expect(readCallbackParams(query)).toEqual({ code: 'ANc0de', state, error: null, expiresIn: null, signed: { state, selling_partner_id: 'A2SELLER01', spapi_oauth_code: 'ANc0de' } });
    const storage = memoryStorage();
    savePendingCallback(storage, readCallbackParams(query)!, NOW);
    expect(decideCallback(readPendingCallback(storage), state, NOW)).toMatchObject({ kind: 'exchange', code: 'ANc0de', marketplace: 'amazon', signed: { selling_partner_id: 'A2SELLER01' } });
  });
  it('is null for a visit without any of them, and ignores a nonsense lifetime', () => {
    expect(readCallbackParams('')).toBeNull();
    expect(readCallbackParams('?foo=1&code=%20')).toBeNull();
    expect(readCallbackParams('?code=c&state=ebay&expires_in=-5')?.expiresIn).toBeNull();
    expect(readCallbackParams('?code=c&state=ebay&expires_in=abc')?.expiresIn).toBeNull();
  });
});

describe('the stored callback (spec §3 redirectToCallback, oauth_code)', () => {
  it('round-trips through the two keys and is what /auth looks for', () => {
    const storage = memoryStorage();
    savePendingCallback(storage, { code: CODE, state: 'ebay', error: null, expiresIn: 299, signed: {} }, NOW);
    expect(storage.map.get(OAUTH_CODE_KEY)).toBe(CODE);
    expect(JSON.parse(storage.map.get(REDIRECT_TO_CALLBACK_KEY)!)).toEqual({ state: 'ebay', error: null, expiresIn: 299, signed: {}, savedAt: NOW });
    expect(readPendingCallback(storage)).toEqual({ code: CODE, state: 'ebay', error: null, expiresIn: 299, signed: {}, savedAt: NOW });
  });

  it('keeps a refusal (no code) under the marker alone, dropping an older code', () => {
    const storage = memoryStorage();
    storage.setItem(OAUTH_CODE_KEY, 'old');
    savePendingCallback(storage, { code: null, state: 'ebay', error: 'access_denied', expiresIn: null, signed: {} }, NOW);
    expect(storage.map.has(OAUTH_CODE_KEY)).toBe(false);
    expect(readPendingCallback(storage)).toMatchObject({ code: null, error: 'access_denied' });
  });

  it('reads a bare flag or a damaged marker as far as it can', () => {
    const storage = memoryStorage();
    expect(readPendingCallback(storage)).toBeNull();
    storage.setItem(REDIRECT_TO_CALLBACK_KEY, 'true');
    expect(readPendingCallback(storage)).toEqual({ code: null, state: null, error: null, expiresIn: null, signed: {}, savedAt: 0 });
    storage.setItem(OAUTH_CODE_KEY, 'c');
    storage.setItem(REDIRECT_TO_CALLBACK_KEY, '{oops');
    expect(readPendingCallback(storage)).toMatchObject({ code: 'c', state: null });
  });

  it('is forgotten entirely once used', () => {
    const storage = memoryStorage();
    savePendingCallback(storage, { code: CODE, state: 'ebay', error: null, expiresIn: 299, signed: {} }, NOW);
    clearPendingCallback(storage);
    expect(storage.map.size).toBe(0);
    expect(readPendingCallback(storage)).toBeNull();
  });
});

describe('captureOAuthCallback (as the shell loads)', () => {
  it("keeps the callback's parameters before any guard runs", () => {
    const storage = memoryStorage();
    expect(captureOAuthCallback({ pathname: '/marketplace/callback', search: `?state=ebay&code=${encodeURIComponent(CODE)}&expires_in=299` }, storage, NOW)).toBe(true);
    expect(readPendingCallback(storage)).toMatchObject({ code: CODE, state: 'ebay', savedAt: NOW });
  });
  it('leaves storage alone on other pages, on a bare visit and without storage', () => {
    const storage = memoryStorage();
    expect(captureOAuthCallback({ pathname: '/auth', search: '?code=x&state=ebay' }, storage, NOW)).toBe(false);
    expect(captureOAuthCallback({ pathname: '/marketplace/callback', search: '' }, storage, NOW)).toBe(false);
    expect(captureOAuthCallback({ pathname: '/marketplace/callback', search: '?code=x' }, null, NOW)).toBe(false);
    expect(storage.map.size).toBe(0);
  });
  it('makes /auth send the user back here after the login', () => {
    const storage = memoryStorage();
    const original = (globalThis as { window?: unknown }).window;
    (globalThis as { window?: unknown }).window = { localStorage: storage };
    try {
      expect(hasOAuthCallbackMarker()).toBe(false);
      captureOAuthCallback({ pathname: '/marketplace/callback', search: '?error=access_denied&state=ebay' }, storage, NOW);
      expect(hasOAuthCallbackMarker()).toBe(true);
      clearPendingCallback(storage);
      expect(hasOAuthCallbackMarker()).toBe(false);
    } finally {
      (globalThis as { window?: unknown }).window = original;
    }
  });
});

describe('decideCallback (spec §2, §5)', () => {
  const STATE = `ebay.${'n0nce_-'.repeat(6)}x`;
  const pending = (over: Partial<Parameters<typeof decideCallback>[0] & object>) => ({ code: CODE, state: STATE, error: null, expiresIn: 299, signed: {}, savedAt: NOW, ...over });

  it('exchanges a fresh code for the marketplace named by state, sending the state back', () => {
    expect(decideCallback(pending({}), STATE, NOW + 1000)).toEqual({ kind: 'exchange', code: CODE, marketplace: 'ebay', state: STATE, startedHere: true, signed: {} });
  });
  it('tells a consent this browser did not start: no state kept, or another one', () => {
    expect(decideCallback(pending({}), null, NOW)).toMatchObject({ kind: 'exchange', startedHere: false });
    expect(decideCallback(pending({}), `ebay.${'o'.repeat(43)}`, NOW)).toMatchObject({ kind: 'exchange', startedHere: false });
    // The bare marketplace of an old or forged link: named for the screen, never started here.
    expect(decideCallback(pending({ state: 'ebay' }), 'ebay', NOW)).toMatchObject({ kind: 'exchange', marketplace: 'ebay', state: 'ebay', startedHere: true });
    expect(decideCallback(pending({ state: 'ebay' }), null, NOW)).toMatchObject({ kind: 'exchange', marketplace: 'ebay', startedHere: false });
  });
  it("says 'Autorizzazione negata' when the marketplace sent an error, code or not", () => {
    expect(decideCallback(pending({ code: null, error: 'access_denied' }), null, NOW)).toEqual({ kind: 'denied', error: 'access_denied' });
    expect(decideCallback(pending({ error: 'invalid_scope' }), STATE, NOW)).toEqual({ kind: 'denied', error: 'invalid_scope' });
  });
  it('needs both code and marketplace', () => {
    expect(decideCallback(null, STATE, NOW)).toEqual({ kind: 'missing' });
    expect(decideCallback(pending({ code: null }), STATE, NOW)).toEqual({ kind: 'missing' });
    expect(decideCallback(pending({ state: null }), STATE, NOW)).toEqual({ kind: 'missing' });
  });
  it('does not send a code past its lifetime (expires_in, else the default)', () => {
    expect(decideCallback(pending({}), STATE, NOW + 299_000).kind).toBe('exchange');
    expect(decideCallback(pending({}), STATE, NOW + 299_001)).toEqual({ kind: 'expired' });
    expect(decideCallback(pending({ expiresIn: null }), STATE, NOW + DEFAULT_CODE_LIFETIME_S * 1000 + 1)).toEqual({ kind: 'expired' });
    // A code whose arrival is unknown (a bare flag) is tried: the marketplace decides.
    expect(decideCallback(pending({ savedAt: 0 }), STATE, NOW).kind).toBe('exchange');
  });
});

describe('createOnce', () => {
  it('starts one run per key and hands every caller the same promise', async () => {
    const once = createOnce<string>();
    let runs = 0;
    const run = () => {
      runs++;
      return Promise.resolve(`answer ${runs}`);
    };
    const first = once('code-1', run);
    const second = once('code-1', run);
    expect(second).toBe(first);
    expect(await second).toBe('answer 1');
    expect(await once('code-2', run)).toBe('answer 2');
    expect(runs).toBe(2);
  });
  it('does not start again after a failure (a spent code is not sent twice)', async () => {
    const once = createOnce<string>();
    let runs = 0;
    const failing = () => {
      runs++;
      return Promise.reject(new Error('400: codice rifiutato'));
    };
    await expect(once('c', failing)).rejects.toThrow('codice rifiutato');
    await expect(once('c', failing)).rejects.toThrow('codice rifiutato');
    expect(runs).toBe(1);
  });
});
