/**
 * The dashboard's notifications and recent activity. JSON of `/api` (see `index.ts`); types only.
 */
import type { ActivityKind, NotificationKind } from '../activity';

/** One notification of `GET /api/notifications` (issue 11): something to fix, with where to fix it. */
export interface NotificationJson {
  id: number;
  kind: NotificationKind;
  title: string;
  text: string;
  /** A path of the app (`/dashboard/marketplaces`, `/carriers/posta_1/setup?edit=3`). */
  link: string;
  /** ISO-8601: when it was raised (or last grew: a run's failed labels). */
  createdAt: string;
  /** Read by the calling user. */
  read: boolean;
}

/** `GET /api/notifications`: the newest notifications and how many of all the caller has not read. */
export interface NotificationsJson {
  notifications: NotificationJson[];
  unreadCount: number;
}

/** `POST /api/notifications/{id}/read` and `POST /api/notifications/read-all`. */
export interface NotificationsReadJson {
  success: boolean;
  marked: number;
  unreadCount: number;
}

/** One line of `GET /api/activity` (issue 11): what happened, newest first. */
export interface ActivityJson {
  id: number;
  kind: ActivityKind;
  text: string;
  /** How many things it groups (orders of a sync, labels of a run); 1 otherwise. */
  count: number;
  /** ISO-8601: the latest event it groups. */
  occurredAt: string;
}
