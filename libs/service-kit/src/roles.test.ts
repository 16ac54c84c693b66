import { common } from '@smista/proto';
import { roleFromProto, roleToProto } from './roles';

describe('the one role mapping between the wire and every layer', () => {
  it('maps roles to the wire and back', () => {
    expect(roleToProto('admin')).toBe(common.Role.ROLE_ADMIN);
    expect(roleToProto('user')).toBe(common.Role.ROLE_USER);
    expect(roleFromProto(common.Role.ROLE_ADMIN)).toBe('admin');
    expect(roleFromProto(common.Role.ROLE_USER)).toBe('user');
  });

  it('leaves an unspecified or unknown wire role to the caller', () => {
    expect(roleFromProto(common.Role.ROLE_UNSPECIFIED)).toBeUndefined();
    expect(roleFromProto(common.Role.UNRECOGNIZED)).toBeUndefined();
    expect(roleFromProto(undefined)).toBeUndefined();
  });
});
