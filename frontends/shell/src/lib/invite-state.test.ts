import { acceptedMerchant, inviteStateFor, sameEmail, type InviteDetails, type InvitePageInput } from './invite-state';

const invite: InviteDetails = {
  email: 'Anna@Example.it',
  role: 'user',
  merchant: { id: 'm1', name: 'Negozio Alfa' },
  inviterEmail: 'boss@example.it',
};
const base: InvitePageInput = {
  token: 'tok',
  email: null,
  userPending: false,
  user: { email: 'anna@example.it' },
  invitePending: false,
  invite,
};

describe('inviteStateFor', () => {
  it('says so when the link has no token, before anything else', () => {
    expect(inviteStateFor({ ...base, token: null })).toEqual({ kind: 'no-token' });
    expect(inviteStateFor({ ...base, token: '   ', userPending: true, user: null })).toEqual({ kind: 'no-token' });
  });

  it('waits for the user, then sends a visitor to /auth with token and email', () => {
    expect(inviteStateFor({ ...base, userPending: true, user: undefined })).toEqual({ kind: 'loading' });
    expect(inviteStateFor({ ...base, token: ' tok ', email: 'anna@example.it', user: null })).toEqual({
      kind: 'login-required',
      to: '/auth?token=tok&email=anna%40example.it',
    });
    expect(inviteStateFor({ ...base, user: null })).toEqual({ kind: 'login-required', to: '/auth?token=tok' });
  });

  it('waits for the invite, then treats a failed lookup as an invalid invite', () => {
    expect(inviteStateFor({ ...base, invitePending: true, invite: undefined })).toEqual({ kind: 'loading' });
    expect(inviteStateFor({ ...base, invite: null })).toEqual({ kind: 'invalid' });
  });

  it('refuses an invite meant for another address', () => {
    expect(inviteStateFor({ ...base, user: { email: 'mario@example.it' } })).toEqual({
      kind: 'email-mismatch',
      invite,
      userEmail: 'mario@example.it',
    });
  });

  it('is ready when the addresses match, whatever their case', () => {
    expect(inviteStateFor(base)).toEqual({ kind: 'ready', invite });
  });
});

describe('sameEmail', () => {
  it('compares trimmed and case-insensitively; blanks never match', () => {
    expect(sameEmail(' A@B.it ', 'a@b.IT')).toBe(true);
    expect(sameEmail('a@b.it', 'c@b.it')).toBe(false);
    expect(sameEmail('', '')).toBe(false);
    expect(sameEmail(null, undefined)).toBe(false);
  });
});

describe('acceptedMerchant', () => {
  it('prefers the merchant the accept call returns', () => {
    expect(acceptedMerchant({ merchant: { id: 'm2', name: 'Beta' } }, invite)).toEqual({ id: 'm2', name: 'Beta' });
    expect(acceptedMerchant({ merchant: { id: 7 } }, invite)).toEqual({ id: '7', name: 'Negozio Alfa' });
  });
  it("falls back to the invite's merchant, or null without an id", () => {
    expect(acceptedMerchant({}, invite)).toEqual({ id: 'm1', name: 'Negozio Alfa' });
    expect(acceptedMerchant(undefined, { ...invite, merchant: { name: 'x' } })).toBeNull();
  });
});
