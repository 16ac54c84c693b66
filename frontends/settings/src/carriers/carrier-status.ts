import type { CarrierIntegrationJson } from '@smista/contracts';
import { t } from '../messages';

/** Spec §2: 'Connesso e attivo' when the status is active, else 'Configurato'. */
export function carrierStatusLabel(status: CarrierIntegrationJson['status']): string {
  return status === 'active' ? t.carriers.connected : t.carriers.configured;
}

/** Where 'Gestisci' leads: the integrations remote's setup page of the integration (`?edit={id}`). */
export function carrierManagePath(integration: Pick<CarrierIntegrationJson, 'provider' | 'id'>): string {
  return `/carriers/${encodeURIComponent(integration.provider)}/setup?edit=${encodeURIComponent(String(integration.id))}`;
}
