import { teamMessages } from '@smista/contracts';
import { MerchantsError, MerchantsErrorCode } from './errors';
import { assertKeepsAnAdmin, assertMay, assertMayReadMembershipOf, assertMayRequireSso, assertMayWorkIn, may, PERMISSIONS, TEAM_ACTIONS, type Actor, type MembershipChange, type TeamAction } from './policy';
import type { Role } from './roles';

const anna: Actor = { userId: '0b7c6f3e-6a43-4c1e-9d55-2d1f7f0a9a11', sso: false };

function refusal(fn: () => unknown): MerchantsError {
  try {
    fn();
  } catch (err) {
    if (err instanceof MerchantsError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('assertMayReadMembershipOf', () => {
  it('lets a user read their own membership, whatever the case of the id', () => {
    expect(() => assertMayReadMembershipOf(anna, anna.userId)).not.toThrow();
    expect(() => assertMayReadMembershipOf(anna, anna.userId.toUpperCase())).not.toThrow();
  });

  it.each(['5d0c1a55-1111-4222-8333-944455556666', '', 'not-a-uuid'])('forbids reading the membership of %j', (userId) => {
    expect(refusal(() => assertMayReadMembershipOf(anna, userId)).code).toBe(MerchantsErrorCode.Forbidden);
  });
});

describe('permission table', () => {
  const expected: Record<TeamAction, Record<Role, boolean>> = {
    'members.read': { admin: true, user: true },
    'invites.read': { admin: true, user: true },
    'invites.create': { admin: true, user: false },
    'invites.cancel': { admin: true, user: false },
    'members.changeRole': { admin: true, user: false },
    'members.remove': { admin: true, user: false },
    'addresses.read': { admin: true, user: true },
    'addresses.write': { admin: true, user: true },
    'sso.change': { admin: true, user: false },
    'logo.read': { admin: true, user: true },
    'logo.change': { admin: true, user: false },
  };

  it('covers every action', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...TEAM_ACTIONS].sort());
    expect(Object.keys(expected).sort()).toEqual([...TEAM_ACTIONS].sort());
  });

  it.each(TEAM_ACTIONS.flatMap((action) => (['admin', 'user'] as const).map((role) => [action, role] as const)))(
    '%s for %s',
    (action, role) => {
      expect(may(role, action)).toBe(expected[action][role]);
      if (expected[action][role]) expect(() => assertMay(role, action)).not.toThrow();
      else {
        const err = refusal(() => assertMay(role, action));
        expect(err.code).toBe(MerchantsErrorCode.AdminOnly);
        expect(err.message).toBe(teamMessages.adminOnly);
      }
    },
  );

  it('lets an admin do everything a user does', () => {
    for (const action of TEAM_ACTIONS) if (may('user', action)) expect(may('admin', action)).toBe(true);
  });
});

describe('last admin rule', () => {
  const demote: MembershipChange = { kind: 'changeRole', to: 'user' };
  const remove: MembershipChange = { kind: 'remove' };

  it.each([demote, remove])('refuses to take away the only admin (%j)', (change) => {
    const err = refusal(() => assertKeepsAnAdmin({ role: 'admin' }, change, 1));
    expect(err.code).toBe(MerchantsErrorCode.LastAdmin);
    expect(err.message).toBe(teamMessages.lastAdmin);
    // Counting zero (a corrupt merchant) is no licence either.
    expect(() => assertKeepsAnAdmin({ role: 'admin' }, change, 0)).toThrow(MerchantsError);
  });

  it.each([demote, remove])('lets one of two admins go (%j)', (change) => {
    expect(() => assertKeepsAnAdmin({ role: 'admin' }, change, 2)).not.toThrow();
  });

  it('never blocks changes to plain users, nor keeping an admin an admin', () => {
    expect(() => assertKeepsAnAdmin({ role: 'user' }, remove, 1)).not.toThrow();
    expect(() => assertKeepsAnAdmin({ role: 'user' }, { kind: 'changeRole', to: 'admin' }, 1)).not.toThrow();
    expect(() => assertKeepsAnAdmin({ role: 'admin' }, { kind: 'changeRole', to: 'admin' }, 1)).not.toThrow();
  });
});

describe('merchants that require single sign-on', () => {
  const password: Actor = { userId: anna.userId, sso: false };
  const sso: Actor = { userId: anna.userId, sso: true };

  it('refuse a session opened with a password, whatever it asks; an SSO session works', () => {
    expect(refusal(() => assertMayWorkIn({ ssoRequired: true }, password)).code).toBe(MerchantsErrorCode.SsoRequired);
    expect(() => assertMayWorkIn({ ssoRequired: true }, sso)).not.toThrow();
    expect(() => assertMayWorkIn({ ssoRequired: false }, password)).not.toThrow();
  });

  it('are made so only from an SSO session (the admin keeps their way in); turning it off needs none', () => {
    expect(refusal(() => assertMayRequireSso(true, password)).code).toBe(MerchantsErrorCode.SsoSessionNeeded);
    expect(() => assertMayRequireSso(true, sso)).not.toThrow();
    expect(() => assertMayRequireSso(false, password)).not.toThrow();
  });
});
