import { ACTIVITY_DEFAULT_LIMIT, ACTIVITY_MAX_LIMIT } from '@smista/contracts';

/** A list's limit from a request: 0 (unset) is the default, anything else is kept within 1–100. */
export function listLimit(requested: number): number {
  if (!Number.isFinite(requested) || requested <= 0) return ACTIVITY_DEFAULT_LIMIT;
  return Math.min(Math.floor(requested), ACTIVITY_MAX_LIMIT);
}

/** An event's time, or `fallback` (the time it was handled) when it has none or an unreadable one. */
export function eventTime(iso: string, fallback: Date): Date {
  const parsed = Date.parse(iso);
  return Number.isNaN(parsed) ? fallback : new Date(parsed);
}
