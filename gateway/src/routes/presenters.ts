import type { identity, merchants } from '@smista/proto';
import type { Role } from '@smista/contracts';
import { roleName } from '../middleware/session';

/** The user as the browser sees it (spec §3 users, without the password). */
export interface UserJson {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  createdAt: string;
}

export function userJson(user: identity.User | undefined): UserJson {
  if (!user) throw new Error('identity answered without a user');
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    avatar: user.avatar ? user.avatar : null,
    createdAt: user.createdAt,
  };
}

/** A merchant list item (spec §7: `{id, name, role}`); an unknown role reads as the lesser one. */
export interface MerchantJson {
  id: string;
  name: string;
  role: Role;
}

export function merchantJson(m: { id: string; name: string; role: merchants.Merchant['role'] }): MerchantJson {
  return { id: m.id, name: m.name, role: roleName(m.role) ?? 'user' };
}
