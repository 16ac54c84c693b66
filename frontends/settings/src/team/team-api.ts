import { apiFetch } from '@smista/ui-kit';

/** `GET /api/merchants/{merchantId}/users`. */
export interface Member {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string;
  email: string;
  role: 'admin' | 'user' | string;
  joinedAt?: string;
}

/** `GET /api/merchants/{merchantId}/invites` (pending only). */
export interface PendingInvite {
  id: string;
  email: string;
  role: 'admin' | 'user' | string;
  createdAt: string;
  expiresAt?: string;
  inviterEmail?: string;
}

export type TeamRole = 'admin' | 'user';

const base = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}`;

/** Query keys: the first part is the URL (spec §7), so the shell's default fetcher agrees. */
export const membersQueryKey = (merchantId: string) => [`${base(merchantId)}/users`] as const;
export const invitesQueryKey = (merchantId: string) => [`${base(merchantId)}/invites`] as const;

export const fetchMembers = (merchantId: string, signal?: AbortSignal) => apiFetch<Member[]>(`${base(merchantId)}/users`, { signal });
export const fetchInvites = (merchantId: string, signal?: AbortSignal) =>
  apiFetch<PendingInvite[]>(`${base(merchantId)}/invites`, { signal });

export const sendInvite = (merchantId: string, body: { email: string; role: TeamRole }) =>
  apiFetch<PendingInvite>(`${base(merchantId)}/invites`, { method: 'POST', body });

export const cancelInvite = (merchantId: string, inviteId: string) =>
  apiFetch<{ success: boolean }>(`${base(merchantId)}/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' });

export const updateMemberRole = (merchantId: string, userId: string, role: TeamRole) =>
  apiFetch<Member>(`${base(merchantId)}/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } });

export const removeMember = (merchantId: string, userId: string) =>
  apiFetch<{ success: boolean }>(`${base(merchantId)}/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });
