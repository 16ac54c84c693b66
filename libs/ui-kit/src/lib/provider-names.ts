import { MANUAL_MARKETPLACE, MANUAL_MARKETPLACE_NAME, marketplaceNames } from '@smista/contracts';

/**
 * The display names of the carriers (and the Poste services a shipment goes with) and of the
 * marketplaces (the contracts' `marketplaceNames`), by the lowercase code the services store: one
 * table, so a provider reads the same in the orders' panel, the shipments list and their details.
 */
export const providerNames: Readonly<Record<string, string>> = {
  gls: 'GLS',
  poste_delivery: 'Poste Delivery',
  posta_1: 'Posta1',
  posta_rc: 'Posta Raccomandata',
  posta_pr_intl: 'Posta Prioritaria Internazionale',
  posta_rc_intl: 'Posta Raccomandata Internazionale',
  ...marketplaceNames,
  [MANUAL_MARKETPLACE]: MANUAL_MARKETPLACE_NAME,
};

/**
 * A provider's display name from its code, case-insensitive; a code the table does not know shows
 * as it came ('' for none).
 *
 * @example providerName('GLS') // 'GLS'
 * @example providerName('dhl') // 'dhl'
 */
export function providerName(code: string | null | undefined): string {
  const key = (code ?? '').trim().toLowerCase();
  return Object.hasOwn(providerNames, key) ? providerNames[key] : (code ?? '');
}
