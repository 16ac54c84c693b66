/** localStorage flags of the session flows (spec §3). */
export const REDIRECT_TO_CALLBACK_KEY = 'redirectToCallback';
export const OAUTH_CODE_KEY = 'oauth_code';
export const LOGGING_OUT_KEY = 'loggingOut';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** An OAuth flow is waiting for the user (callback flag or a stored code survived the login). */
export function hasOAuthCallbackMarker(): boolean {
  return Boolean(read(REDIRECT_TO_CALLBACK_KEY) || read(OAUTH_CODE_KEY));
}

export function isLoggingOut(): boolean {
  return read(LOGGING_OUT_KEY) !== null;
}

export function setLoggingOut(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(LOGGING_OUT_KEY, 'true');
    else window.localStorage.removeItem(LOGGING_OUT_KEY);
  } catch {
    // storage unavailable: the flag only refines redirects
  }
}
