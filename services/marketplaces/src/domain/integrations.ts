import { assertSelectedMerchant as assertSelectedMerchantOf, maskSecret } from '@smista/service-kit';
import { italianDate, marketplaceMessages as m, TOKEN_WARNING_DAYS } from '@smista/contracts';
import type { Marketplace } from './catalogue';
import { marketplacesErrors } from './errors';

/** What is stored; `inactive` is only shown (while `active` is false). */
export type StoredStatus = 'pending' | 'active' | 'error';
/** Spec §2 integration statuses as answered. */
export type ShownStatus = StoredStatus | 'inactive';

/** A merchant's marketplace integration (spec §3 integrations), tokens only in masked form. */
export interface Integration {
  id: number;
  merchantId: string;
  marketplace: Marketplace;
  status: StoredStatus;
  /** Italian: the marketplace's last refusal. */
  statusMessage: string | null;
  /** When the marketplace refused the refresh token (the seller must connect again). */
  tokenRefusedAt: Date | null;
  active: boolean;
  connectedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  accessTokenMasked: string | null;
  refreshTokenMasked: string | null;
  refreshTokenPreview: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  config: Record<string, unknown>;
  autoUpdateTracking: boolean;
  externalUserId: string | null;
  username: string | null;
  email: string | null;
  accountType: string | null;
  lastSyncedAt: Date | null;
}

const DAY_MS = 86_400_000;

/** Spec §2: a switched-off integration shows 'inactive'; switched on again it shows its status. */
export function shownStatus(integration: Pick<Integration, 'active' | 'status'>): ShownStatus {
  return integration.active ? integration.status : 'inactive';
}

/**
 * The warning shown on an integration before imports stop (issue 9), or null: the marketplace
 * refused the refresh token (connect again), or the refresh token expired or expires within
 * {@link TOKEN_WARNING_DAYS} days (the date in Italian).
 *
 * @example tokenWarning({ ..., refreshTokenExpiresAt: new Date('2026-12-01') }, new Date('2026-11-20'))
 * // "L'autorizzazione eBay scade il 01/12/2026: collega di nuovo l'account eBay prima di quella data, ..."
 */
export function tokenWarning(
  integration: Pick<Integration, 'marketplace' | 'tokenRefusedAt' | 'refreshTokenExpiresAt'>,
  now: Date,
): string | null {
  const name = integration.marketplace.name;
  if (integration.tokenRefusedAt) return m.tokenRefused(name);
  const expiresAt = integration.refreshTokenExpiresAt;
  if (!expiresAt) return null;
  if (expiresAt.getTime() <= now.getTime()) return m.tokenExpired(name, italianDate(expiresAt));
  if (expiresAt.getTime() - now.getTime() <= TOKEN_WARNING_DAYS * DAY_MS) return m.tokenExpiresSoon(name, italianDate(expiresAt));
  return null;
}

/**
 * Whether an access token must be refreshed before a call: unknown expiry, or it expires within
 * `marginSeconds` (TOKEN_REFRESH_MARGIN_SECONDS), so that a page of orders never starts with a
 * token about to die.
 */
export function accessTokenNeedsRefresh(expiresAt: Date | null, now: Date, marginSeconds: number): boolean {
  return !expiresAt || expiresAt.getTime() - now.getTime() <= marginSeconds * 1000;
}

/**
 * Imports run only for an integration that is switched on and connected: switched off, still
 * pending, or in error (its Italian status message, e.g. the refused refresh token) is refused.
 */
export function assertCanSync(integration: Pick<Integration, 'active' | 'status' | 'statusMessage' | 'marketplace'>): void {
  if (!integration.active) throw marketplacesErrors.integrationInactive();
  if (integration.status === 'pending') throw marketplacesErrors.integrationPending();
  if (integration.status === 'error') throw marketplacesErrors.integrationInError(integration.statusMessage ?? m.integrationNotActive);
  if (!integration.marketplace.supported) throw marketplacesErrors.marketplaceNotAvailable(integration.marketplace.name);
}

/** A `merchant_id` in a request must be the selected merchant (empty = the selected one), else NOT_FOUND. */
export function assertSelectedMerchant(requested: string | undefined, selected: string): void {
  assertSelectedMerchantOf(requested, selected, marketplacesErrors.merchantNotFound);
}

/** The forms of a token that may be shown (spec §2 and §9): detail 8 + 6 dots + 8, list 10 + dots + 4. */
export function tokenMasks(token: string): { masked: string; preview: string } {
  return { masked: maskSecret(token, { first: 8, last: 8 }), preview: maskSecret(token, { first: 10, last: 4 }) };
}
