import type { BadgeVariant } from '@smista/ui-kit';
import type { CarrierIntegrationJson } from '@smista/contracts';
import { t } from '../messages';

/** The three states the setup page shows (spec §2: Attiva / Disattivata / In configurazione). */
export type IntegrationBadge = 'active' | 'inactive' | 'pending';

/**
 * The badge of an integration. The merchant's switch comes first: a switched-off integration is
 * 'Disattivata' whatever the carrier said. A switched-on one is 'Attiva' once the carrier accepted
 * its credentials (status active), and 'In configurazione' until then (pending, or the error of a
 * check that could not run).
 *
 * @example integrationBadgeOf({ status: 'pending', active: true }) // 'pending'
 */
export function integrationBadgeOf(integration: Pick<CarrierIntegrationJson, 'status' | 'active'>): IntegrationBadge {
  if (!integration.active) return 'inactive';
  return integration.status === 'active' ? 'active' : 'pending';
}

export const BADGE_LABELS: Readonly<Record<IntegrationBadge, string>> = {
  active: t.status.active,
  inactive: t.status.inactive,
  pending: t.status.pending,
};

export const BADGE_VARIANTS: Readonly<Record<IntegrationBadge, BadgeVariant>> = {
  active: 'success',
  inactive: 'secondary',
  pending: 'warning',
};

/**
 * The carrier's refusal to show with an integration, if any: the Italian words of the last check
 * that did not turn it active. Nothing once it is active.
 */
export function refusalOf(integration: Pick<CarrierIntegrationJson, 'status' | 'statusMessage'>): string | null {
  if (integration.status === 'active') return null;
  const message = integration.statusMessage?.trim();
  return message ? message : null;
}
