/**
 * The marketplace's return from its consent page (spec §2 /marketplace/callback, §3 storage keys
 * `redirectToCallback` and `oauth_code`, §5): what came back in the URL is kept in localStorage so
 * it survives a login, read back by the callback page and cleared the moment it is used, so a code
 * is exchanged once only (a reload, React's StrictMode double effects).
 */
import { marketplaceOfOAuthState, OAUTH_STARTED_STATE_KEY } from '@smista/contracts';
import { OAUTH_CODE_KEY, REDIRECT_TO_CALLBACK_KEY } from './markers';
import { MARKETPLACE_CALLBACK_PATH } from './redirects';

/**
 * How long a code waits for its exchange when the marketplace did not say (`expires_in`); eBay
 * gives 299 s. A code older than its lifetime is not sent: the marketplace would refuse it.
 */
export const DEFAULT_CODE_LIFETIME_S = 600;

/** What the marketplace put in the callback's query: `code`, `state` (`<marketplace>.<nonce>`), `error`, `expires_in`. */
export interface OAuthCallbackParams {
  code: string | null;
  state: string | null;
  error: string | null;
  /** Seconds the code is valid for, when the marketplace said. */
  expiresIn: number | null;
  /**
   * The whole query when the marketplace signed it (an `hmac` among the parameters: Shopify) or
   * names the seller in it (Amazon's `selling_partner_id`), sent as it is so that the server checks
   * the signature or keeps the seller; {} otherwise.
   */
  signed: Record<string, string>;
}

/** The parameters as stored, with when they arrived. */
export interface PendingOAuthCallback extends OAuthCallbackParams {
  savedAt: number;
}

/** The part of `Storage` used here (tests pass a Map-backed one). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const text = (value: string | null): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The callback parameters of a query string; null when it carries none of code, state and error
 * (a plain visit of the page, or a reload after the query was dropped).
 *
 * @example readCallbackParams('?state=ebay&code=v%5E1.1%23i&expires_in=299')
 * // { code: 'v^1.1#i', state: 'ebay', error: null, expiresIn: 299 }
 */
export function readCallbackParams(search: string): OAuthCallbackParams | null {
  const query = new URLSearchParams(search);
  // Amazon's website authorization flow names its code `spapi_oauth_code`.
  const code = text(query.get('code')) ?? text(query.get('spapi_oauth_code'));
  const state = text(query.get('state'));
  const error = text(query.get('error'));
  if (!code && !state && !error) return null;
  const seconds = Number(query.get('expires_in'));
  const signed = query.has('hmac') || query.has('selling_partner_id') ? Object.fromEntries([...query.entries()].slice(0, 20)) : {};
  return { code, state, error, expiresIn: Number.isFinite(seconds) && seconds > 0 ? seconds : null, signed };
}

/**
 * Stores the parameters: the code under `oauth_code`, the rest as JSON under `redirectToCallback`
 * (which alone already tells /auth to come back here after the login, even for a refusal that
 * carries no code).
 */
export function savePendingCallback(storage: KeyValueStorage, params: OAuthCallbackParams, now: number): void {
  if (params.code) storage.setItem(OAUTH_CODE_KEY, params.code);
  else storage.removeItem(OAUTH_CODE_KEY);
  const rest = { state: params.state, error: params.error, expiresIn: params.expiresIn, signed: params.signed, savedAt: now };
  storage.setItem(REDIRECT_TO_CALLBACK_KEY, JSON.stringify(rest));
}

/** The stored parameters, or null when none wait. A marker that is not ours (or damaged) still counts, as far as it can be read. */
export function readPendingCallback(storage: KeyValueStorage): PendingOAuthCallback | null {
  const code = text(storage.getItem(OAUTH_CODE_KEY));
  const raw = storage.getItem(REDIRECT_TO_CALLBACK_KEY);
  if (!code && raw === null) return null;
  let rest: Partial<PendingOAuthCallback> = {};
  try {
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    if (parsed && typeof parsed === 'object') rest = parsed as Partial<PendingOAuthCallback>;
  } catch {
    // a bare flag: only the code (if any) is known
  }
  const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    code,
    state: str(rest.state),
    error: str(rest.error),
    expiresIn: typeof rest.expiresIn === 'number' && rest.expiresIn > 0 ? rest.expiresIn : null,
    signed: signedOf(rest.signed),
    savedAt: typeof rest.savedAt === 'number' ? rest.savedAt : 0,
  };
}

/** A stored signed query, only its string values. */
function signedOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Forgets the callback: the code is spent (or refused), and /auth no longer sends the user here. */
export function clearPendingCallback(storage: KeyValueStorage): void {
  storage.removeItem(OAUTH_CODE_KEY);
  storage.removeItem(REDIRECT_TO_CALLBACK_KEY);
}

/** The state of the consent this browser started ('Connetti' on the marketplaces screen), if any. */
export function startedState(storage: KeyValueStorage | null): string | null {
  return text(storage?.getItem(OAUTH_STARTED_STATE_KEY) ?? null);
}

/** Forgets the consent this browser started: its state is used (or given up). */
export function clearStartedState(storage: KeyValueStorage): void {
  storage.removeItem(OAUTH_STARTED_STATE_KEY);
}

/**
 * Keeps the parameters of the address the app was opened at, when it is the callback's. Called
 * once as the shell loads, before any guard runs: the callback route sits behind the login guard,
 * so a user whose session ended while consenting would reach /auth without the page ever seeing
 * its query.
 */
export function captureOAuthCallback(location: Pick<Location, 'pathname' | 'search'>, storage: KeyValueStorage | null, now: number): boolean {
  if (!storage || location.pathname !== MARKETPLACE_CALLBACK_PATH) return false;
  const params = readCallbackParams(location.search);
  if (!params) return false;
  savePendingCallback(storage, params, now);
  return true;
}

/** What the callback page does with what it found (spec §2, §5). */
export type CallbackDecision =
  /**
   * Exchange the code for the marketplace named by `state`, sending the state back. `startedHere`:
   * this browser started that consent; otherwise the page asks before connecting (a link someone
   * else made would connect their store; the server refuses a state that is not the user's anyway).
   */
  | { kind: 'exchange'; code: string; marketplace: string; state: string; startedHere: boolean; signed: Record<string, string> }
  /** The user refused on the marketplace's page: 'Autorizzazione negata: {error}'. */
  | { kind: 'denied'; error: string }
  /** Code or marketplace missing: 'Parametri mancanti nella callback...'. */
  | { kind: 'missing' }
  /** The code waited longer than it lives (a login that took too long): connect again. */
  | { kind: 'expired' };

/**
 * Decides the callback. The marketplace's `error` wins (a refusal carries no code); then both
 * code and state are needed; a code past its lifetime is not sent. The marketplace is the one the
 * state names (`ebay.<nonce>` → ebay; a state of another form is passed on as it is, and the
 * server refuses it); `started` is the state this browser's 'Connetti' kept.
 *
 * @example decideCallback({ code: null, state: 'ebay.n', error: 'access_denied', expiresIn: null, savedAt: 0 }, null, Date.now())
 * // { kind: 'denied', error: 'access_denied' }
 */
export function decideCallback(pending: PendingOAuthCallback | null, started: string | null, now: number): CallbackDecision {
  if (!pending) return { kind: 'missing' };
  if (pending.error) return { kind: 'denied', error: pending.error };
  if (!pending.code || !pending.state) return { kind: 'missing' };
  const lifetimeMs = (pending.expiresIn ?? DEFAULT_CODE_LIFETIME_S) * 1000;
  if (pending.savedAt > 0 && now - pending.savedAt > lifetimeMs) return { kind: 'expired' };
  const marketplace = marketplaceOfOAuthState(pending.state) ?? pending.state;
  return { kind: 'exchange', code: pending.code, marketplace, state: pending.state, startedHere: started !== null && started === pending.state, signed: pending.signed };
}

/**
 * Runs `run` once per key for the life of the page and hands every caller the same promise: the
 * exchange of a code started by a first effect is the one a second (StrictMode) effect waits for.
 */
export function createOnce<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const started = new Map<string, Promise<T>>();
  return (key, run) => {
    let promise = started.get(key);
    if (!promise) {
      promise = run();
      started.set(key, promise);
    }
    return promise;
  };
}

/** The browser's localStorage, or null where it cannot be used (storage disabled). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
