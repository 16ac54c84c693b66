import {
  isInvitePath,
  homeRedirect,
  inviteLoginRedirect,
  isMerchantExemptPath,
  loggedInAuthRedirect,
  postAuthDestination,
  postRegisterNavigation,
  postSelectionDestination,
  sanitizeFrom,
  shouldAutoSelect,
} from './redirects';

describe('loggedInAuthRedirect (a logged-in user on /auth)', () => {
  const base = { token: null, email: null, hasOAuthMarker: false, hasMerchant: false };
  it('goes to merchant selection or the dashboard without a token', () => {
    expect(loggedInAuthRedirect(base)).toBe('/merchant-selection');
    expect(loggedInAuthRedirect({ ...base, hasMerchant: true })).toBe('/dashboard');
  });
  it('goes to the marketplace callback when an OAuth flow waits', () => {
    expect(loggedInAuthRedirect({ ...base, hasOAuthMarker: true, hasMerchant: true })).toBe('/marketplace/callback');
  });
  it('goes to the existing-user invite with token and email', () => {
    expect(loggedInAuthRedirect({ ...base, token: ' t1 ', email: 'a@b.it', hasOAuthMarker: true })).toBe(
      '/accept-existing-invite?token=t1&email=a%40b.it',
    );
    expect(loggedInAuthRedirect({ ...base, token: 't1' })).toBe('/accept-existing-invite?token=t1');
    expect(loggedInAuthRedirect({ ...base, token: '   ' })).toBe('/merchant-selection');
  });
});

describe('postAuthDestination (after login or registration)', () => {
  it('prefers the OAuth callback, then the remembered page, then merchant selection', () => {
    expect(postAuthDestination({ from: '/dashboard/orders', hasOAuthMarker: true })).toBe('/marketplace/callback');
    expect(postAuthDestination({ from: '/dashboard/orders?page=2', hasOAuthMarker: false })).toBe('/dashboard/orders?page=2');
    expect(postAuthDestination({ from: undefined, hasOAuthMarker: false })).toBe('/merchant-selection');
  });
  it('ignores unsafe or pointless remembered pages', () => {
    expect(postAuthDestination({ from: '//evil.example', hasOAuthMarker: false })).toBe('/merchant-selection');
    expect(postAuthDestination({ from: 'https://evil.example', hasOAuthMarker: false })).toBe('/merchant-selection');
    expect(postAuthDestination({ from: '/auth?token=x', hasOAuthMarker: false })).toBe('/merchant-selection');
  });
});

describe('token-less and merchant-less redirects', () => {
  it('sends invite visitors to /auth with what they have', () => {
    expect(inviteLoginRedirect(' abc ', 'a@b.it')).toBe('/auth?token=abc&email=a%40b.it');
    expect(inviteLoginRedirect(null, null)).toBe('/auth');
    expect(inviteLoginRedirect('', 'a@b.it')).toBe('/auth?email=a%40b.it');
  });
  it('routes / and /home by merchant', () => {
    expect(homeRedirect(true)).toBe('/dashboard');
    expect(homeRedirect(false)).toBe('/merchant-selection');
  });
  it('knows the paths that need no merchant', () => {
    for (const p of ['/merchant-selection', '/auth', '/marketplace/callback', '/accept-invite', '/accept-existing-invite']) {
      expect(isMerchantExemptPath(p)).toBe(true);
    }
    expect(isMerchantExemptPath('/dashboard')).toBe(false);
    expect(isMerchantExemptPath('/authx')).toBe(false);
  });
  it('after selection goes back to the remembered page or the dashboard', () => {
    expect(postSelectionDestination('/dashboard/settings/account')).toBe('/dashboard/settings/account');
    expect(postSelectionDestination('/merchant-selection')).toBe('/dashboard');
    expect(postSelectionDestination(undefined)).toBe('/dashboard');
    expect(postSelectionDestination('/accept-invite?token=x')).toBe('/dashboard');
  });
  it('after selection goes back to a marketplace callback that waits for a merchant', () => {
    expect(postSelectionDestination('/marketplace/callback')).toBe('/marketplace/callback');
    expect(sanitizeFrom(42)).toBeNull();
  });
});

describe('postRegisterNavigation (after registration)', () => {
  it('waits for the invited membership on merchant selection when a token was used', () => {
    expect(postRegisterNavigation({ from: '/dashboard/orders', hasOAuthMarker: false, inviteToken: ' t1 ' })).toEqual({
      to: '/merchant-selection',
      state: { autoSelect: true, awaitInviteMembership: true },
    });
  });
  it('otherwise goes where login would', () => {
    expect(postRegisterNavigation({ from: undefined, hasOAuthMarker: false, inviteToken: '  ' })).toEqual({
      to: '/merchant-selection',
      state: { autoSelect: true },
    });
    expect(postRegisterNavigation({ from: '/dashboard', hasOAuthMarker: false, inviteToken: null })).toEqual({
      to: '/dashboard',
      state: { autoSelect: true },
    });
    expect(postRegisterNavigation({ from: undefined, hasOAuthMarker: true, inviteToken: 't1' })).toEqual({ to: '/marketplace/callback' });
  });
});

describe('shouldAutoSelect (spec §2: one merchant is entered by itself only when the app sent the user)', () => {
  it('selects the only merchant after login, registration, a guard or a redirect', () => {
    expect(shouldAutoSelect({ autoSelect: true }, 1)).toBe(true);
    expect(shouldAutoSelect({ autoSelect: true, from: '/dashboard/orders' }, 1)).toBe(true);
  });
  it("leaves the choice to a user who opened the page ('Cambia merchant', the address bar)", () => {
    expect(shouldAutoSelect(null, 1)).toBe(false);
    expect(shouldAutoSelect(undefined, 1)).toBe(false);
    expect(shouldAutoSelect({ from: '/dashboard' }, 1)).toBe(false);
    expect(shouldAutoSelect('autoSelect', 1)).toBe(false);
  });
  it('never picks among several merchants or none', () => {
    expect(shouldAutoSelect({ autoSelect: true }, 0)).toBe(false);
    expect(shouldAutoSelect({ autoSelect: true }, 2)).toBe(false);
  });
});

describe('isInvitePath (where an SSO sign-in started from an invite goes back to)', () => {
  it('takes the two invite pages with their query, nothing else', () => {
    expect(isInvitePath('/accept-existing-invite?token=abc&email=a%40b.it')).toBe(true);
    expect(isInvitePath('/accept-invite?token=abc')).toBe(true);
    for (const other of ['/dashboard', '//evil.example/accept-invite?x', 'https://evil.example/accept-invite?token=a', '/accept-invite', '/accept-invites?token=a']) {
      expect(isInvitePath(other)).toBe(false);
    }
  });
});
