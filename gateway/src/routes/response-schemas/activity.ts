import { z } from 'zod';
import {
  activityKinds,
  notificationKinds,
  type ActivityJson,
  type NotificationJson,
  type NotificationsJson,
  type NotificationsReadJson,
} from '@smista/contracts';

/** The dashboard's notifications and recent activity (contracts `api-types/activity.ts`). */

/** One notification: something to fix, with where to fix it. */
export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  text: z.string(),
  link: z.string().describe('A path of the app, where the merchant fixes it'),
  createdAt: z.string().describe('When it was raised (or last grew)'),
  read: z.boolean().describe('Read by the calling user'),
}) satisfies z.ZodType<NotificationJson>;

/** `GET /api/notifications`: the newest notifications and how many of all the caller has not read. */
export const notificationsResponse = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number(),
}) satisfies z.ZodType<NotificationsJson>;

/** `POST /api/notifications/{id}/read` and `POST /api/notifications/read-all`. */
export const notificationsReadResponse = z.object({
  success: z.boolean(),
  marked: z.number().describe('How many this call marked read'),
  unreadCount: z.number(),
}) satisfies z.ZodType<NotificationsReadJson>;

/** One line of `GET /api/activity`: what happened, newest first. */
export const activitySchema = z.object({
  id: z.number(),
  kind: z.enum(activityKinds),
  text: z.string(),
  count: z.number().describe('How many things it groups (orders of a sync, labels of a run); 1 otherwise'),
  occurredAt: z.string().describe('The latest event it groups'),
}) satisfies z.ZodType<ActivityJson>;

/** `GET /api/activity`. */
export const activityResponse = z.array(activitySchema);
