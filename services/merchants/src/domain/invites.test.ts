import { teamMessages } from '@smista/contracts';
import { MerchantsError, MerchantsErrorCode } from './errors';
import {
  assertAccepted,
  decideAcceptance,
  hashInviteToken,
  inviteExpiry,
  inviteLink,
  inviteStatus,
  inviteTokenHash,
  isInviteUsable,
  newInviteToken,
  parseInviteRequest,
  sameEmail,
} from './invites';

const now = new Date('2025-03-10T12:00:00.000Z');
const pending = { email: 'luca@example.it', expiresAt: new Date('2025-03-11T00:00:00Z'), acceptedAt: null, cancelledAt: null };

function refusal(fn: () => unknown): MerchantsError {
  try {
    fn();
  } catch (err) {
    if (err instanceof MerchantsError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('invite validity', () => {
  it('is pending until it expires, is accepted or cancelled', () => {
    expect(inviteStatus(pending, now)).toBe('pending');
    expect(isInviteUsable(pending, now)).toBe(true);
  });

  it('expires at expires_at exactly', () => {
    expect(inviteStatus({ ...pending, expiresAt: now }, now)).toBe('expired');
    expect(inviteStatus({ ...pending, expiresAt: new Date(now.getTime() - 1) }, now)).toBe('expired');
    expect(inviteStatus({ ...pending, expiresAt: new Date(now.getTime() + 1) }, now)).toBe('pending');
  });

  it('is used once accepted and dead once cancelled, whatever the expiry', () => {
    expect(inviteStatus({ ...pending, acceptedAt: now }, now)).toBe('accepted');
    expect(inviteStatus({ ...pending, cancelledAt: now }, now)).toBe('cancelled');
    expect(isInviteUsable({ ...pending, acceptedAt: now }, now)).toBe(false);
    expect(isInviteUsable({ ...pending, cancelledAt: now }, now)).toBe(false);
  });

  it('lasts seven days', () => {
    expect(inviteExpiry(now).toISOString()).toBe('2025-03-17T12:00:00.000Z');
  });
});

describe('acceptance', () => {
  const base = { invite: pending, now, email: 'Luca@Example.it ', alreadyMember: false };

  it('joins with a usable invite for the same e-mail (case-insensitive)', () => {
    expect(decideAcceptance(base)).toBe('join');
    expect(decideAcceptance({ ...base, alreadyMember: true })).toBe('alreadyMember');
  });

  it('refuses an unknown, expired, used or cancelled invite as invalid, before looking at the e-mail', () => {
    for (const invite of [
      null,
      { ...pending, expiresAt: now },
      { ...pending, acceptedAt: now },
      { ...pending, cancelledAt: now },
    ]) {
      expect(decideAcceptance({ ...base, invite, email: 'other@example.it' })).toBe('invalid');
    }
    const err = refusal(() => assertAccepted('invalid'));
    expect([err.code, err.message]).toEqual([MerchantsErrorCode.InviteInvalid, 'Invito non valido']);
  });

  it('refuses another e-mail, even for somebody who is already a member', () => {
    expect(decideAcceptance({ ...base, email: 'marco@example.it' })).toBe('emailMismatch');
    expect(decideAcceptance({ ...base, email: 'marco@example.it', alreadyMember: true })).toBe('emailMismatch');
    const err = refusal(() => assertAccepted('emailMismatch'));
    expect([err.code, err.message]).toEqual([MerchantsErrorCode.InviteEmailMismatch, teamMessages.inviteEmailMismatch]);
  });
});

describe('invite request', () => {
  it('trims and lower-cases the e-mail and defaults the role to user', () => {
    expect(parseInviteRequest({ email: '  Luca.Rossi@Example.IT ' })).toEqual({ email: 'luca.rossi@example.it', role: 'user' });
    expect(parseInviteRequest({ email: 'a@b.it', role: 'admin' })).toEqual({ email: 'a@b.it', role: 'admin' });
  });

  it.each(['', '   ', 'luca', 'luca@', '@example.it', 'luca rossi@example.it'])('refuses the e-mail %j in Italian', (email) => {
    const err = refusal(() => parseInviteRequest({ email }));
    expect([err.code, err.message]).toEqual([MerchantsErrorCode.InvalidInvite, teamMessages.inviteEmailInvalid]);
  });

  it('refuses an unknown role', () => {
    expect(refusal(() => parseInviteRequest({ email: 'a@b.it', role: 'owner' })).message).toBe(teamMessages.roleInvalid);
  });

  it('compares e-mails without case or blanks', () => {
    expect(sameEmail(' A@B.it', 'a@b.IT ')).toBe(true);
    expect(sameEmail('a@b.it', 'a@c.it')).toBe(false);
  });
});

describe('invite tokens and links', () => {
  it('makes 256-bit url-safe tokens, stored only as their sha256', () => {
    const a = newInviteToken();
    const b = newInviteToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.tokenHash).toBe(hashInviteToken(a.token));
    expect(a.tokenHash).not.toContain(a.token);
  });

  it('looks incoming tokens up trimmed, and refuses blank or oversized ones as invalid', () => {
    const { token, tokenHash } = newInviteToken();
    expect(inviteTokenHash(` ${token}\n`)).toBe(tokenHash);
    for (const raw of ['', '   ', 'x'.repeat(201)]) expect(refusal(() => inviteTokenHash(raw)).code).toBe(MerchantsErrorCode.InviteInvalid);
  });

  it('links to the accept-invite page with the token and the encoded e-mail', () => {
    expect(inviteLink('https://app.smista.it/', 'abc_DEF-1', 'luca+team@example.it')).toBe(
      'https://app.smista.it/accept-invite?token=abc_DEF-1&email=luca%2Bteam%40example.it',
    );
  });
});
