import { createPeerClient, isServiceError, type Logger } from '@smista/service-kit';
import { identity } from '@smista/proto';
import { merchantsErrors } from '../domain';

/** The public profile of a user, as identity answers it. */
export interface UserProfile {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
}

/** What the team and invite rpcs need from identity. */
export interface UserDirectory {
  /**
   * Profiles of the given users by id (unknown ids are left out), asked on behalf of `asUserId`
   * with a caller token signed for that user. Throws DEPENDENCY_UNAVAILABLE (UNAVAILABLE) when
   * identity cannot answer.
   *
   * @example const users = await directory.getUsers([memberId], actor.userId);
   */
  getUsers(ids: readonly string[], asUserId: string): Promise<Map<string, UserProfile>>;
  close(): void;
}

/** identity.GetUsers takes at most this many ids per call. */
const BATCH = 500;

/** gRPC client of identity.IdentityService.GetUsers with a deadline on every call. */
export function createUserDirectory(opts: { address: string; callerSecret: string; logger: Logger; deadlineMs?: number }): UserDirectory {
  const peer = createPeerClient(identity.IdentityServiceClient, opts.address, { callerSecret: opts.callerSecret, deadlineMs: opts.deadlineMs ?? 3_000 });
  return {
    async getUsers(ids, asUserId) {
      const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
      const found = new Map<string, UserProfile>();
      if (wanted.length === 0) return found;
      const api = await peer.as({ userId: asUserId });
      for (let i = 0; i < wanted.length; i += BATCH) {
        try {
          const { users } = await api.getUsers({ ids: wanted.slice(i, i + BATCH) });
          for (const u of users) {
            found.set(u.id.toLowerCase(), { id: u.id, firstName: u.firstName, lastName: u.lastName, username: u.username, email: u.email });
          }
        } catch (err) {
          opts.logger.warn({ err: isServiceError(err) ? { code: err.code, details: err.details } : err }, 'identity GetUsers failed');
          throw merchantsErrors.dependencyUnavailable();
        }
      }
      return found;
    },
    close: () => peer.close(),
  };
}
