import { DomainError } from '@smista/service-kit';
import { activityMessages as m } from '@smista/contracts';

/** Stable codes of the activity domain; `grpc/error-status.ts` maps each to one gRPC status. */
export const ActivityErrorCode = {
  NotificationNotFound: 'NOTIFICATION_NOT_FOUND',
} as const;
export type ActivityErrorCode = (typeof ActivityErrorCode)[keyof typeof ActivityErrorCode];

/** A refused request, with a stable `code` and the Italian text the user reads. */
export class ActivityError extends DomainError<ActivityErrorCode> {}

export const activityErrors = {
  /** Unknown, malformed, or another merchant's notification id: one answer. */
  notificationNotFound: () => new ActivityError(ActivityErrorCode.NotificationNotFound, m.notificationNotFound),
};

/**
 * An event the service cannot apply (no merchant uuid, no id). Never shown to a user: thrown by
 * the consumer, so the kit retries the message and dead-letters it (for operators, in English).
 */
export class InvalidEventError extends DomainError<'INVALID_EVENT'> {
  constructor(detail: string) {
    super('INVALID_EVENT', `invalid event: ${detail}`);
  }
}
