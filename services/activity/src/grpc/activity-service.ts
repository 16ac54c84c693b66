import { createHandlerFactory, requireMerchant, type GrpcServiceBinding, type Logger, type Pool } from '@smista/service-kit';
import { activity } from '@smista/proto';
import { activityErrors, listLimit } from '../domain';
import { listActivity, listNotifications, markAllRead, markRead, unreadCount, type ActivityRow, type NotificationRow } from '../store';
import { errorStatus } from './error-status';

export interface ActivityServiceDeps {
  pool: Pool;
  logger: Logger;
  /** CALLER_TOKEN_SECRET: verifies the caller token identity signed. */
  callerSecret: string;
}

const toNotification = (n: NotificationRow): activity.Notification =>
  activity.Notification.fromPartial({ id: n.id, kind: n.kind, title: n.title, text: n.body, link: n.link, createdAt: n.updatedAt.toISOString(), read: n.read });

const toEntry = (a: ActivityRow): activity.ActivityEntry =>
  activity.ActivityEntry.fromPartial({ id: a.id, kind: a.kind, text: a.body, count: a.count, occurredAt: a.occurredAt.toISOString() });

/**
 * The ActivityService binding. Any member of the merchant selected in the caller token may call
 * it; every read and write is filtered by that merchant, and read marks are the caller's own.
 */
export function createActivityService(deps: ActivityServiceDeps): GrpcServiceBinding {
  const { pool } = deps;
  const unary = createHandlerFactory({ logger: deps.logger, callerSecret: deps.callerSecret, errors: errorStatus });
  const implementation: activity.ActivityServiceServer = {
    listNotifications: unary('ListNotifications', async (request: activity.ListNotificationsRequest, ctx) => {
      const { merchantId, userId } = await requireMerchant(ctx);
      const [list, unread] = await Promise.all([
        listNotifications(pool, merchantId, userId, listLimit(request.limit)),
        unreadCount(pool, merchantId, userId),
      ]);
      return activity.ListNotificationsResponse.fromPartial({ notifications: list.map(toNotification), unreadCount: unread });
    }),

    markNotificationRead: unary('MarkNotificationRead', async (request: activity.NotificationRef, ctx) => {
      const { merchantId, userId } = await requireMerchant(ctx);
      // A malformed id answers like an unknown one (and another merchant's like both).
      const marked = Number.isSafeInteger(request.id) && request.id > 0 ? await markRead(pool, merchantId, userId, request.id) : null;
      if (marked === null) throw activityErrors.notificationNotFound();
      return activity.MarkReadResponse.fromPartial({ marked, unreadCount: await unreadCount(pool, merchantId, userId) });
    }),

    markAllNotificationsRead: unary('MarkAllNotificationsRead', async (_request, ctx) => {
      const { merchantId, userId } = await requireMerchant(ctx);
      const marked = await markAllRead(pool, merchantId, userId);
      return activity.MarkReadResponse.fromPartial({ marked, unreadCount: await unreadCount(pool, merchantId, userId) });
    }),

    listActivity: unary('ListActivity', async (request: activity.ListActivityRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      return activity.ListActivityResponse.fromPartial({ entries: (await listActivity(pool, merchantId, listLimit(request.limit))).map(toEntry) });
    }),
  };
  return { definition: activity.ActivityServiceService, implementation };
}
