/**
 * Every call of the team screen (spec §7 "Merchants, team and invites"), its query keys and hooks.
 * Components call these hooks; they never call `apiFetch` themselves.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedInviteJson, InviteJson, MemberJson, MemberRoleJson, MerchantJson, Role, SsoRequirementJson, SuccessJson } from '@smista/contracts';
import { apiFetch, roleInMerchant, useSelectedMerchant, MERCHANTS_QUERY_KEY, type StoredMerchant } from '@smista/ui-kit';

/**
 * Query keys of the team, per merchant. `all` invalidates everything of the team at once.
 * The hooks below supply their fetchers: these keys are not URLs for the shell's default fetcher.
 */
export const teamKeys = {
  all: ['team'] as const,
  merchant: (merchantId: string) => [...teamKeys.all, merchantId] as const,
  members: (merchantId: string) => [...teamKeys.merchant(merchantId), 'members'] as const,
  invites: (merchantId: string) => [...teamKeys.merchant(merchantId), 'invites'] as const,
  /** The shell's `GET /api/merchants` (the user's role in each merchant), shared through one QueryClient. */
  myMerchants: MERCHANTS_QUERY_KEY,
};

const base = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}`;

export const fetchMembers = (merchantId: string, signal?: AbortSignal) => apiFetch<MemberJson[]>(`${base(merchantId)}/users`, { signal });

export const fetchInvites = (merchantId: string, signal?: AbortSignal) => apiFetch<InviteJson[]>(`${base(merchantId)}/invites`, { signal });

export const sendInvite = (merchantId: string, body: { email: string; role: Role }) =>
  apiFetch<CreatedInviteJson>(`${base(merchantId)}/invites`, { method: 'POST', body });

export const cancelInvite = (merchantId: string, inviteId: string) =>
  apiFetch<SuccessJson>(`${base(merchantId)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' });

export const updateMemberRole = (merchantId: string, userId: string, role: Role) =>
  apiFetch<MemberRoleJson>(`${base(merchantId)}/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } });

export const removeMember = (merchantId: string, userId: string) =>
  apiFetch<SuccessJson>(`${base(merchantId)}/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const setSsoRequired = (merchantId: string, required: boolean) =>
  apiFetch<SsoRequirementJson>(`${base(merchantId)}/sso-required`, { method: 'PUT', body: { required } });

/**
 * `PUT .../sso-required` (admins; on only from an SSO session, which the server checks too): the
 * shell's merchant list, which carries the requirement, is read again.
 */
export function useSetSsoRequired(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => setSsoRequired(merchantId, required),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.myMerchants }),
  });
}

/** `GET /api/merchants/{merchantId}/users`. */
export function useMembers(merchantId: string) {
  return useQuery({ queryKey: teamKeys.members(merchantId), queryFn: ({ signal }) => fetchMembers(merchantId, signal) });
}

/** `GET /api/merchants/{merchantId}/invites` (pending only). */
export function useInvites(merchantId: string) {
  return useQuery({ queryKey: teamKeys.invites(merchantId), queryFn: ({ signal }) => fetchInvites(merchantId, signal) });
}

/** Sends an invite; the pending list refreshes however it ends. Toasts are the caller's (`mutate(values, { onSuccess })`). */
export function useSendInvite(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: Role }) => sendInvite(merchantId, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: teamKeys.invites(merchantId) }),
  });
}

/** Cancels a pending invite (its link stops working); the pending list refreshes. */
export function useCancelInvite(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: Pick<InviteJson, 'id' | 'email'>) => cancelInvite(merchantId, String(invite.id)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: teamKeys.invites(merchantId) }),
  });
}

/**
 * After a member's role changed or they left: the members, and when the member is the user, their
 * own list of merchants too (their role there, or the membership itself, changed).
 */
function useRefreshMembers(merchantId: string, isSelf: boolean) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.members(merchantId) });
    if (isSelf) void queryClient.invalidateQueries({ queryKey: teamKeys.myMerchants });
  };
}

/** `PATCH .../users/{userId}` {role} (admins only; the server keeps the last admin). */
export function useUpdateMemberRole(merchantId: string, isSelf: boolean) {
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => updateMemberRole(merchantId, userId, role),
    onSuccess: useRefreshMembers(merchantId, isSelf),
  });
}

/** `DELETE .../users/{userId}` (admins only; the server keeps the last admin). */
export function useRemoveMember(merchantId: string, isSelf: boolean) {
  return useMutation({
    mutationFn: (userId: string) => removeMember(merchantId, userId),
    onSuccess: useRefreshMembers(merchantId, isSelf),
  });
}

export interface MerchantAccess {
  merchant: StoredMerchant | null;
  role: Role | undefined;
  /** The selected merchant requires single sign-on of its members (issue 24). */
  ssoRequired: boolean;
  /** Admin-only controls show only when this is true (the API refuses users too). */
  isAdmin: boolean;
}

/**
 * The selected merchant and the user's role in it, from the shell's stored merchant and the
 * shared `GET /api/merchants` query.
 */
export function useMerchantAccess(): MerchantAccess {
  const merchant = useSelectedMerchant();
  const merchants = useQuery({
    queryKey: teamKeys.myMerchants,
    queryFn: ({ signal }) => apiFetch<MerchantJson[]>('/api/merchants', { signal }),
  });
  const role = roleInMerchant(merchants.data, merchant?.id);
  const ssoRequired = merchants.data?.find((m) => m.id === merchant?.id)?.ssoRequired === true;
  return { merchant, role, isAdmin: role === 'admin', ssoRequired };
}
