import type { identity } from '@smista/proto';
import type { UserView } from '../domain/users';

export function toProtoUser(user: UserView): identity.User {
  return { ...user };
}
