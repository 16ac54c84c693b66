import type { OrderStatus } from '@smista/contracts';

/*
 * AliExpress's values to Smista's, and our carriers to AliExpress's logistics services.
 */

/**
 * The seller order statuses (providers.md) to ours: waiting for the seller to ship (or part of it)
 * → `da_spedire`; with the buyer, finished → `spedito`; closed before shipping → `annullato`;
 * placed but not paid yet → `da_spedire` too (the payment status says it).
 *
 * @example orderStatusOf('WAIT_SELLER_SEND_GOODS') // 'da_spedire'
 */
export function orderStatusOf(status: string): OrderStatus {
  switch (status.trim().toUpperCase()) {
    case 'WAIT_BUYER_ACCEPT_GOODS':
    case 'FUND_PROCESSING':
    case 'FINISH':
      return 'spedito';
    case 'IN_CANCEL':
    case 'CLOSED':
      return 'annullato';
    default:
      // PLACE_ORDER_SUCCESS, WAIT_SELLER_SEND_GOODS, SELLER_PART_SEND_GOODS, RISK_CONTROL_HOLD, IN_ISSUE, …
      return 'da_spedire';
  }
}

/**
 * Whether the buyer's shipping service (`logistics_service_name`) is an express one: a premium or
 * express service. The brand is left out first: "AliExpress Standard Shipping" is not express
 * for the "Express" inside "AliExpress".
 *
 * @example isExpressService('AliExpress Premium Shipping') // true
 * isExpressService('AliExpress Standard Shipping') // false
 */
export function isExpressService(serviceName: string): boolean {
  return /premium|express/i.test(serviceName.replace(/aliexpress/gi, ' '));
}

/**
 * Our carriers' AliExpress logistics services (`service_name` of
 * `aliexpress.logistics.redefining.listlogisticsservice`): [open] in providers.md, so configuration
 * (`ALIEXPRESS_LOGISTICS_SERVICES`) over these defaults.
 */
export const ALIEXPRESS_DEFAULT_LOGISTICS_SERVICES: Readonly<Record<string, string>> = {
  gls: 'GLS_IT',
  poste_delivery: 'POSTE_ITALIANE',
  posta_1: 'POSTE_ITALIANE',
  posta_rc: 'POSTE_ITALIANE',
  posta_pr_intl: 'POSTE_ITALIANE',
  posta_rc_intl: 'POSTE_ITALIANE',
};

/** `gls=GLS_IT,brt=OTHER_IT`: each named carrier's service over the defaults; an error text when malformed. */
export function parseLogisticsServices(text: string): Record<string, string> | string {
  const services: Record<string, string> = { ...ALIEXPRESS_DEFAULT_LOGISTICS_SERVICES };
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([a-z0-9_]+)=([A-Za-z0-9_.-]{1,60})$/.exec(part);
    if (!m) return `ALIEXPRESS_LOGISTICS_SERVICES: "${part}" is not <carrier code>=<service_name>`;
    services[m[1]!] = m[2]!;
  }
  return services;
}

/** Our carrier's service, or undefined (the push is refused in Italian before any call). */
export function logisticsServiceOf(carrierCode: string, services: Readonly<Record<string, string>>): string | undefined {
  return services[carrierCode.trim().toLowerCase()];
}
