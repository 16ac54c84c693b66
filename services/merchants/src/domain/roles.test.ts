import { common } from '@smista/proto';
import { CREATOR_ROLE, DEFAULT_INVITE_ROLE, parseMemberRole, roleFromProto, roleToProto } from './roles';

describe('member roles', () => {
  it('makes the creator of a merchant its admin and invites users by default (spec §6)', () => {
    expect(CREATOR_ROLE).toBe('admin');
    expect(DEFAULT_INVITE_ROLE).toBe('user');
  });

  it('maps roles to the wire and back', () => {
    expect(roleToProto('admin')).toBe(common.Role.ROLE_ADMIN);
    expect(roleToProto('user')).toBe(common.Role.ROLE_USER);
    expect(roleFromProto(common.Role.ROLE_ADMIN)).toBe('admin');
    expect(roleFromProto(common.Role.ROLE_USER)).toBe('user');
  });

  it('leaves an unspecified wire role to the caller', () => {
    expect(roleFromProto(common.Role.ROLE_UNSPECIFIED)).toBeUndefined();
    expect(roleFromProto(common.Role.UNRECOGNIZED)).toBeUndefined();
  });

  it('refuses a stored role it does not know', () => {
    expect(parseMemberRole('user')).toBe('user');
    expect(() => parseMemberRole('owner')).toThrow(/unknown member role/);
  });
});
