/**
 * Every call of the profile screen (spec §7 "Authentication and user"), its query keys and hooks.
 * Components call these hooks; they never call `apiFetch` themselves.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangedJson, ProfileInput, UserJson, UserUpdatedJson } from '@smista/contracts';
import {
  apiFetch,
  apiRequest,
  errorMessageFrom,
  fetchCurrentUser,
  responseError,
  CURRENT_USER_QUERY_KEY,
  CURRENT_USER_QUERY_TIMINGS,
} from '@smista/ui-kit';
import { t } from '../messages';

/**
 * The profile's query keys. The user is the shell's query: host and remotes share one QueryClient,
 * so the key (and the fetcher, {@link fetchCurrentUser}) must be the shell's own.
 */
export const profileKeys = {
  user: CURRENT_USER_QUERY_KEY,
};

/** The current user (`GET /api/user`; null when logged out), polled as the shell polls it. */
export function useCurrentUser() {
  return useQuery<UserJson | null>({
    queryKey: profileKeys.user,
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
    ...CURRENT_USER_QUERY_TIMINGS,
  });
}

export const updateProfile = (body: ProfileInput) => apiFetch<UserUpdatedJson>('/api/user/profile', { method: 'PUT', body });

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  apiFetch<PasswordChangedJson>('/api/user/password', { method: 'PUT', body });

/** `POST /api/user/password`: the first password of a user created by SSO (issue 24). */
export const setPassword = (newPassword: string) => apiFetch<PasswordChangedJson>('/api/user/password', { method: 'POST', body: { newPassword } });

/** A failed avatar upload whose message is fit for the toast (spec §8). */
export class AvatarUploadError extends Error {}

/** `PUT /api/user/avatar` {avatar}; a non-ok answer becomes the server message or 'Errore del server: {status}' (spec §8). */
export async function uploadAvatar(avatar: string): Promise<Partial<UserUpdatedJson>> {
  const res = await apiRequest('/api/user/avatar', { method: 'PUT', body: { avatar } });
  if (!res.ok) {
    const error = await responseError(res);
    throw new AvatarUploadError(errorMessageFrom(error) ?? t.profile.avatarServerError(res.status));
  }
  return (await res.json().catch(() => ({ success: true }))) as Partial<UserUpdatedJson>;
}

/** Puts the user a change answered into the shared cache, so the shell's sidebar shows it at once. */
function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: UserJson | undefined) => {
    // A change's answer does not say how the session was opened: that part of the cached user stays.
    if (user) queryClient.setQueryData<UserJson | null>(profileKeys.user, (old) => ({ ...user, signedInWithSso: old?.signedInWithSso }));
  };
}

/** `PUT /api/user/profile`; the answered user goes into the cache. */
export function useUpdateProfile() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: (res) => storeUser(res?.user) });
}

/** `PUT /api/user/password` (the server ends the user's other sessions); the answered user goes into the cache. */
export function useChangePassword() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: changePassword, onSuccess: (res) => storeUser(res?.user) });
}

/** `POST /api/user/password`; the answered user (now with a password) goes into the cache. */
export function useSetPassword() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: setPassword, onSuccess: (res) => storeUser(res?.user) });
}

/** `PUT /api/user/avatar` with a data URL; the user (or the new avatar) goes into the cache, then the user is refetched. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (res, avatar) => {
      queryClient.setQueryData<UserJson | null>(profileKeys.user, (old) => (res?.user ? { ...res.user, signedInWithSso: old?.signedInWithSso } : old ? { ...old, avatar } : old));
      void queryClient.invalidateQueries({ queryKey: profileKeys.user });
    },
  });
}
