/**
 * After registering with an invite token the membership arrives a moment later (an event adds
 * it), so merchant selection polls `GET /api/merchants` while the list is still empty.
 */

/** How often merchant selection refetches while it waits. */
export const MEMBERSHIP_POLL_INTERVAL_MS = 1000;
/** How long it waits before showing the empty state. */
export const MEMBERSHIP_POLL_TIMEOUT_MS = 15_000;

/**
 * The merchants query's refetch interval: every second while an invited registration waits for
 * its membership, the list is still empty and the deadline has not passed; otherwise no polling.
 *
 * @example membershipPollInterval({ awaiting: true, deadlinePassed: false, listLength: 0 }) // 1000
 */
export function membershipPollInterval({
  awaiting,
  deadlinePassed,
  listLength,
}: {
  awaiting: boolean;
  deadlinePassed: boolean;
  listLength: number;
}): number | false {
  return awaiting && !deadlinePassed && listLength === 0 ? MEMBERSHIP_POLL_INTERVAL_MS : false;
}
