import { isRole, type Role } from '@smista/contracts';

const HOUR_MS = 3_600_000;

/** When a new session (or a refreshed one) stops being valid. */
export function sessionExpiry(now: Date, ttlHours: number): Date {
  return new Date(now.getTime() + ttlHours * HOUR_MS);
}

/**
 * Sliding expiry without a write per request: a session in use is pushed forward only when its
 * expiry was last set more than an hour ago, so ResolveSession writes at most once an hour per session.
 */
export function shouldExtendSession(expiresAt: Date, now: Date, ttlHours: number): boolean {
  return expiresAt.getTime() < sessionExpiry(now, ttlHours).getTime() - HOUR_MS;
}

/** The selected merchant of a session, present only when both columns are set. */
export function selectedMerchant(merchantId: string | null, role: string | null): { merchantId: string; role: Role } | undefined {
  if (!merchantId || role === null || !isRole(role)) return undefined;
  return { merchantId, role };
}
