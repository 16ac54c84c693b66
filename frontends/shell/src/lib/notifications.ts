/**
 * The merchant's notifications and recent activity (issue 11), as the dashboard and the header
 * read them: one cache entry each per merchant, polled every 30 s, so the tile and the dropdown
 * always agree. Marking read updates the entry at once and asks again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDistance } from 'date-fns';
import { it } from 'date-fns/locale';
import type { ActivityJson, NotificationJson, NotificationsJson, NotificationsReadJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';

/** Polling of both lists (the orders tile polls at the same pace). */
export const ACTIVITY_POLL_MS = 30_000;
/** How many notifications the dashboard tile lists (the dropdown lists up to the API's default). */
export const TILE_NOTIFICATIONS = 3;
/** Lines of the recent-activity card (a day of work: the import, the connections, the labels, the tracking sent, the close, a cancellation). */
export const RECENT_ACTIVITY = 10;

export const notificationsKey = (merchantId: string) => ['notifications', merchantId] as const;
export const activityKey = (merchantId: string) => ['activity', merchantId] as const;

/** `GET /api/notifications`. */
export const fetchNotifications = (signal?: AbortSignal) => apiFetch<NotificationsJson>('/api/notifications', { signal });
/** `GET /api/activity?limit=`. */
export const fetchActivity = (limit: number, signal?: AbortSignal) => apiFetch<ActivityJson[]>(`/api/activity?limit=${limit}`, { signal });

/** The merchant's notifications and unread count (disabled without a merchant). */
export function useNotifications(merchantId: string | undefined) {
  return useQuery({
    queryKey: notificationsKey(merchantId ?? ''),
    queryFn: ({ signal }) => fetchNotifications(signal),
    enabled: Boolean(merchantId),
    refetchInterval: ACTIVITY_POLL_MS,
    staleTime: 10_000,
  });
}

/** The merchant's recent activity. */
export function useActivity(merchantId: string | undefined, limit = RECENT_ACTIVITY) {
  return useQuery({
    queryKey: [...activityKey(merchantId ?? ''), limit],
    queryFn: ({ signal }) => fetchActivity(limit, signal),
    enabled: Boolean(merchantId),
    refetchInterval: ACTIVITY_POLL_MS,
    staleTime: 10_000,
  });
}

/**
 * The cached list after the user read one notification (or all of them, `id` null): marked read,
 * the unread count lowered by what changed. The server's answer replaces it right after.
 *
 * @example markedRead({ notifications: [{ id: 1, read: false }], unreadCount: 1 }, 1) // unreadCount 0
 */
export function markedRead(data: NotificationsJson, id: number | null): NotificationsJson {
  let changed = 0;
  const notifications = data.notifications.map((n): NotificationJson => {
    if (n.read || (id !== null && n.id !== id)) return n;
    changed++;
    return { ...n, read: true };
  });
  const unreadCount = id === null ? 0 : Math.max(0, data.unreadCount - changed);
  return { notifications, unreadCount };
}

/** Marks one notification (`id`) or all (`null`) read for this user. */
export function useMarkRead(merchantId: string | undefined) {
  const queryClient = useQueryClient();
  const key = notificationsKey(merchantId ?? '');
  return useMutation({
    mutationFn: (id: number | null) =>
      apiFetch<NotificationsReadJson>(id === null ? '/api/notifications/read-all' : `/api/notifications/${id}/read`, { method: 'POST' }),
    onMutate: (id) => {
      const before = queryClient.getQueryData<NotificationsJson>(key);
      if (before) queryClient.setQueryData(key, markedRead(before, id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** '5 minuti fa' (date-fns, Italian); '' for a missing or unreadable time. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // A clock a little ahead of the browser's still reads as 'meno di un minuto fa'.
  return formatDistance(date.getTime() > now.getTime() ? now : date, now, { locale: it, addSuffix: true });
}
