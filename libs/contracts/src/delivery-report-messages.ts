/**
 * Telling the marketplace that a shipment was delivered (issue 26: Shopify's fulfillmentEventCreate,
 * the only marketplace with such a call). Marketplaces records each attempt beside the shipment's
 * tracking push; shipments shows a refused or retried one like a tracking push's.
 */
export const deliveryReportMessages = {
  /** The retries of a passing fault (quota, marketplace unreachable) are spent. */
  retriesExhausted: (marketplace: string, attempts: number, reason: string) => `Consegna non comunicata a ${marketplace} dopo ${attempts} tentativi: ${reason}`,
} as const;
