import type { CarrierIntegrationJson } from '@smista/contracts';
import { Badge } from '@smista/ui-kit';
import { BADGE_LABELS, BADGE_VARIANTS, integrationBadgeOf } from './integration-status';

/** Attiva / Disattivata / In configurazione (spec §2). */
export function IntegrationStatusBadge({ integration, testId = 'integration-status' }: { integration: Pick<CarrierIntegrationJson, 'status' | 'active'>; testId?: string }) {
  const badge = integrationBadgeOf(integration);
  return (
    <Badge variant={BADGE_VARIANTS[badge]} data-testid={testId} data-status={badge} className="whitespace-nowrap">
      {BADGE_LABELS[badge]}
    </Badge>
  );
}
