/**
 * How the screen shows a rule's carrier (spec §2 table, the dialog's select): by its connection
 * name whatever its state, marked when it cannot receive orders; only active ones are offered.
 */
import type { CarrierIntegrationJson } from '@smista/contracts';
import { providerName } from '@smista/ui-kit';
import { t } from '../messages';

/** A carrier integration that receives orders: switched on and its credentials accepted. */
export function isUsableCarrier(c: Pick<CarrierIntegrationJson, 'active' | 'status'>): boolean {
  return c.active && c.status === 'active';
}

/** 'Corriere GLS · GLS' reads once: the carrier's name is added only when the connection name differs. */
export function carrierTitle(c: Pick<CarrierIntegrationJson, 'connectionName' | 'provider'>): string {
  const provider = providerName(c.provider);
  const name = c.connectionName.trim() || provider;
  return name.toLowerCase() === provider.toLowerCase() ? name : `${name} · ${provider}`;
}

export interface CarrierLook {
  /** The connection name, or 'Integrazione eliminata'. */
  name: string;
  /** The carrier's display name (GLS, Posta1, ...); '' when deleted. */
  provider: string;
  state: 'active' | 'inactive' | 'deleted';
}

/** A rule's carrier as the table shows it. */
export function carrierLook(carrierIntegrationId: number, carriers: CarrierIntegrationJson[]): CarrierLook {
  const c = carriers.find((x) => x.id === carrierIntegrationId);
  if (!c) return { name: t.carrier.deleted, provider: '', state: 'deleted' };
  return { name: c.connectionName || providerName(c.provider), provider: providerName(c.provider), state: isUsableCarrier(c) ? 'active' : 'inactive' };
}

/**
 * The select's options: the active carrier integrations, plus the edited rule's own carrier when it
 * is not active (marked, so saving the rule does not silently change it). A deleted one is not
 * offered.
 */
export function carrierOptions(carriers: CarrierIntegrationJson[], currentId?: number): { value: string; label: string }[] {
  const options = carriers
    .filter(isUsableCarrier)
    .map((c) => ({ value: String(c.id), label: carrierTitle(c) }));
  const current = currentId === undefined ? undefined : carriers.find((c) => c.id === currentId);
  if (current && !isUsableCarrier(current)) options.push({ value: String(current.id), label: t.carrier.option(carrierTitle(current)) });
  return options;
}
