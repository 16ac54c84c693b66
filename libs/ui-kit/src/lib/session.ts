import type { UserJson } from '@smista/contracts';
import { apiRequest, discardBody, responseError } from './api';

/** The current user as `GET /api/user` answers it (the contracts' `UserJson`). */
export type User = UserJson;

/**
 * The query key of the current user. Host and remotes share one QueryClient (TanStack Query is a
 * shared singleton), so every frontend that reads the user must use this key and
 * {@link fetchCurrentUser} so the cache entry means the same thing everywhere.
 */
export const CURRENT_USER_QUERY_KEY = ['/api/user'] as const;

/** Spec §9 timings of the current-user query: polled every 5 s, stale after 2 s. */
export const CURRENT_USER_QUERY_TIMINGS = { refetchInterval: 5000, staleTime: 2000 } as const;

/** Spec §9: the forced user resync runs this long after a session change. */
export const USER_RESYNC_DELAY_MS = 500;

/** `GET /api/user`; a 401 means "not logged in" and yields null (spec §6). */
export async function fetchCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  const res = await apiRequest('/api/user', { signal });
  if (res.status === 401) {
    await discardBody(res);
    return null;
  }
  if (!res.ok) throw await responseError(res);
  return (await res.json()) as User;
}

/** The name used in greetings: the first name, else the username. */
export function displayNameOf(user: Pick<User, 'firstName' | 'username'> | null | undefined): string {
  if (!user) return '';
  return user.firstName?.trim() || user.username;
}
