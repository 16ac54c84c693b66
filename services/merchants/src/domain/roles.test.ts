import { messages, teamMessages } from '@smista/contracts';
import { CREATOR_ROLE, DEFAULT_INVITE_ROLE, parseMemberRole, parseRequestedRole } from './roles';

describe('member roles', () => {
  it('makes the creator of a merchant its admin and invites users by default (spec §6)', () => {
    expect(CREATOR_ROLE).toBe('admin');
    expect(DEFAULT_INVITE_ROLE).toBe('user');
  });

  it('a role change must name admin or user', () => {
    expect(parseRequestedRole('admin')).toBe('admin');
    expect(() => parseRequestedRole(undefined)).toThrow(teamMessages.roleInvalid);
    expect(() => parseRequestedRole('unknown:7')).toThrow(teamMessages.roleInvalid);
    expect(messages.roles.admin).toBe('Amministratore');
  });

  it('refuses a stored role it does not know', () => {
    expect(parseMemberRole('user')).toBe('user');
    expect(() => parseMemberRole('owner')).toThrow(/unknown member role/);
  });
});
