import { common, type identity } from '@smista/proto';
import type { MerchantRole } from '../domain/sessions';
import type { UserView } from '../domain/users';

export function toProtoRole(role: MerchantRole | undefined | null): common.Role {
  if (role === 'admin') return common.Role.ROLE_ADMIN;
  if (role === 'user') return common.Role.ROLE_USER;
  return common.Role.ROLE_UNSPECIFIED;
}

/** Our role for a proto role; undefined for UNSPECIFIED or an unknown value. */
export function fromProtoRole(role: common.Role): MerchantRole | undefined {
  if (role === common.Role.ROLE_ADMIN) return 'admin';
  if (role === common.Role.ROLE_USER) return 'user';
  return undefined;
}

export function toProtoUser(user: UserView): identity.User {
  return { ...user };
}
