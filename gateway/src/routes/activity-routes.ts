import { z } from 'zod';
import { activityLimitQuerySchema, numericIdParam, type ActivityJson, type NotificationJson, type NotificationsJson, type NotificationsReadJson } from '@smista/contracts';
import type { activity } from '@smista/proto';
import { activityResponse, notificationsReadResponse, notificationsResponse } from './response-schemas/activity';
import { route, type RouteDef } from './route';

/** A notification id from the path: a malformed one is -1, which the service answers like an unknown id (404). */
const idParams = z.object({ id: numericIdParam });

const notificationJson = (n: activity.Notification): NotificationJson => ({
  id: n.id,
  kind: n.kind as NotificationJson['kind'],
  title: n.title,
  text: n.text,
  link: n.link,
  createdAt: n.createdAt,
  read: n.read,
});

const activityJson = (a: activity.ActivityEntry): ActivityJson => ({
  id: a.id,
  kind: a.kind as ActivityJson['kind'],
  text: a.text,
  count: a.count,
  occurredAt: a.occurredAt,
});

const readJson = (r: activity.MarkReadResponse): NotificationsReadJson => ({ success: true, marked: r.marked, unreadCount: r.unreadCount });

/**
 * The dashboard that tells the truth (issue 11): the merchant's notifications, read per user, and
 * the recent activity, built by the activity service from events. Any member; another merchant's
 * notification id is the same 404 as an unknown one.
 */
export const activityRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/notifications',
    auth: 'session',
    rpc: 'activity.ListNotifications',
    response: { schema: notificationsResponse },
    query: activityLimitQuerySchema,
    handle: async ({ query, activity }) => {
      const res = await activity.listNotifications({ limit: query.limit });
      const body: NotificationsJson = { notifications: res.notifications.map(notificationJson), unreadCount: res.unreadCount };
      return { body };
    },
  }),
  route({
    method: 'POST',
    path: '/api/notifications/read-all',
    auth: 'session',
    rpc: 'activity.MarkAllNotificationsRead',
    response: { schema: notificationsReadResponse },
    handle: async ({ activity }) => ({ body: readJson(await activity.markAllNotificationsRead({})) }),
  }),
  route({
    method: 'POST',
    path: '/api/notifications/:id/read',
    auth: 'session',
    rpc: 'activity.MarkNotificationRead',
    response: { schema: notificationsReadResponse },
    params: idParams,
    handle: async ({ params, activity }) => ({ body: readJson(await activity.markNotificationRead({ id: params.id })) }),
  }),
  route({
    method: 'GET',
    path: '/api/activity',
    auth: 'session',
    rpc: 'activity.ListActivity',
    response: { schema: activityResponse },
    query: activityLimitQuerySchema,
    handle: async ({ query, activity }) => ({ body: (await activity.listActivity({ limit: query.limit })).entries.map(activityJson) }),
  }),
];
