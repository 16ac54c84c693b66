import { common } from '@smista/proto';
import type { Role } from '@smista/contracts';

export type { Role };

/**
 * The one mapping of a member's role between the wire (`common.v1.Role`) and the name every layer
 * uses (`Role` from the contracts: 'admin' | 'user'). Services, the gateway and the caller token
 * all go through these two functions.
 */
export function roleToProto(role: Role): common.Role {
  return role === 'admin' ? common.Role.ROLE_ADMIN : common.Role.ROLE_USER;
}

/** The role a wire value names; undefined for ROLE_UNSPECIFIED and for values this build does not know. */
export function roleFromProto(role: common.Role | undefined): Role | undefined {
  if (role === common.Role.ROLE_ADMIN) return 'admin';
  if (role === common.Role.ROLE_USER) return 'user';
  return undefined;
}
