/** Where the pure routing decisions of spec §2 and §4 live; the components only carry them out. */

/** The page a marketplace's consent comes back to (spec §2). */
export const MARKETPLACE_CALLBACK_PATH = '/marketplace/callback';

/** Paths a user without a selected merchant may still open (spec §2). */
const MERCHANT_EXEMPT = ['/merchant-selection', '/auth', MARKETPLACE_CALLBACK_PATH, '/accept-invite', '/accept-existing-invite'];

export function isMerchantExemptPath(pathname: string): boolean {
  return MERCHANT_EXEMPT.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * A remembered "came from" location, kept only if it is a same-site path worth going back to
 * (not the auth pages themselves).
 */
export function sanitizeFrom(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const path = from.split(/[?#]/)[0];
  if (path === '/auth' || path === '/request-password-reset' || path === '/reset-password') return null;
  return from;
}

export interface AuthPageState {
  token: string | null;
  email: string | null;
  hasOAuthMarker: boolean;
  hasMerchant: boolean;
}

/** Where /auth sends a user who is already logged in (spec §2). */
export function loggedInAuthRedirect({ token, email, hasOAuthMarker, hasMerchant }: AuthPageState): string {
  const trimmed = token?.trim();
  if (trimmed) {
    const q = new URLSearchParams({ token: trimmed });
    if (email) q.set('email', email);
    return `/accept-existing-invite?${q.toString()}`;
  }
  if (hasOAuthMarker) return MARKETPLACE_CALLBACK_PATH;
  return hasMerchant ? '/dashboard' : '/merchant-selection';
}

/**
 * Where login or registration leads (spec §4): the marketplace callback when an OAuth flow is
 * waiting, else the page a guard sent the user away from, else merchant selection.
 */
export function postAuthDestination({ from, hasOAuthMarker }: { from: unknown; hasOAuthMarker: boolean }): string {
  if (hasOAuthMarker) return MARKETPLACE_CALLBACK_PATH;
  return sanitizeFrom(from) ?? '/merchant-selection';
}

/** The location state merchant selection reads: where to go back to, and whether to wait. */
export interface MerchantSelectionState {
  from?: string;
  /**
   * Set when the app sends the user to merchant selection (after login or registration, from a
   * guard or a redirect): a single merchant is then entered at once (spec §2). Absent when the user
   * opens the page on purpose ('Cambia merchant', the address bar), so the list and 'Crea nuovo
   * merchant' stay reachable with one merchant.
   */
  autoSelect?: boolean;
  /** Set after registering with an invite token: the membership is added a moment later. */
  awaitInviteMembership?: boolean;
}

/** The state of every navigation the app makes to merchant selection on the user's behalf. */
export const AUTO_SELECT_STATE: MerchantSelectionState = Object.freeze({ autoSelect: true });

/**
 * Whether merchant selection enters a single merchant by itself: only when the app sent the user
 * there ({@link MerchantSelectionState.autoSelect}), never when the user came to choose.
 *
 * @example shouldAutoSelect(location.state, merchants.length) // true after login with one merchant
 */
export function shouldAutoSelect(state: unknown, merchantCount: number): boolean {
  return merchantCount === 1 && typeof state === 'object' && state !== null && (state as MerchantSelectionState).autoSelect === true;
}

/**
 * Where registration leads (spec §4): as login, except that with an invite token the user goes to
 * merchant selection, which waits for the invited membership and then enters it. Merchant
 * selection reached this way selects a single merchant by itself.
 */
export function postRegisterNavigation({
  from,
  hasOAuthMarker,
  inviteToken,
}: {
  from: unknown;
  hasOAuthMarker: boolean;
  inviteToken: string | null | undefined;
}): { to: string; state?: MerchantSelectionState } {
  if (hasOAuthMarker) return { to: MARKETPLACE_CALLBACK_PATH };
  if (inviteToken?.trim()) return { to: '/merchant-selection', state: { autoSelect: true, awaitInviteMembership: true } };
  return { to: postAuthDestination({ from, hasOAuthMarker }), state: AUTO_SELECT_STATE };
}

/** `/` and `/home` (spec §2). */
export function homeRedirect(hasMerchant: boolean): string {
  return hasMerchant ? '/dashboard' : '/merchant-selection';
}

/**
 * Where merchant selection leads once a merchant is chosen: back to the remembered page, else the
 * dashboard. The pages that need no merchant are not gone back to, except the marketplace
 * callback: a consent that came back without a selected merchant waits there for one (spec §2).
 */
export function postSelectionDestination(from: unknown): string {
  const safe = sanitizeFrom(from);
  if (!safe) return '/dashboard';
  const path = safe.split(/[?#]/)[0];
  return path === MARKETPLACE_CALLBACK_PATH || !isMerchantExemptPath(path) ? safe : '/dashboard';
}

/** An invite page of this app (where a finished SSO sign-in started from an invite goes back to). */
export function isInvitePath(path: string): boolean {
  return /^\/accept-(existing-)?invite\?/.test(path);
}

/** An unauthenticated visitor of an invite page goes to /auth carrying token and email (spec §2). */
export function inviteLoginRedirect(token: string | null, email: string | null): string {
  const q = new URLSearchParams();
  if (token?.trim()) q.set('token', token.trim());
  if (email) q.set('email', email);
  const qs = q.toString();
  return qs ? `/auth?${qs}` : '/auth';
}
