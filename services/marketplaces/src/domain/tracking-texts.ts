/**
 * Italian texts of the per-shipment tracking push (issue 10), kept here until they move into
 * `marketplaceMessages` of `libs/contracts` (the lead's package). The rest of the tracking texts
 * (integration switched off, eBay's refusals) are already there.
 */
export const trackingPushTexts = {
  /** A labelled shipment whose integration does not push tracking by itself (recorded as skipped). */
  autoUpdateOff: "Tracking non inviato automaticamente: l'aggiornamento automatico del tracking è disattivato per questa integrazione",
  /** The retries of a passing fault (quota, marketplace unreachable) are spent. */
  retriesExhausted: (marketplace: string, attempts: number, reason: string) => `Tracking non inviato a ${marketplace} dopo ${attempts} tentativi: ${reason}`,
  /** Another replica or request is pushing this shipment's tracking right now. */
  pushInProgress: (marketplace: string) => `Invio del tracking a ${marketplace} già in corso: riprova tra qualche istante`,
} as const;
