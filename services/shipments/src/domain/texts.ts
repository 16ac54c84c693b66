/**
 * Italian texts of the audit trail that the contracts do not have yet (the lead moves them to
 * `shipmentMessages`). Shown in the shipment's details, never as a refusal.
 */
export const auditTexts = {
  labelCreated: (trackingNumber: string) => `Etichetta creata: tracking ${trackingNumber}`,
  labelCreatedWithWarnings: (trackingNumber: string, warnings: string[]) => `Etichetta creata: tracking ${trackingNumber} (${warnings.join('; ')})`,
  trackingPushed: (marketplace: string) => `Tracking inviato a ${marketplace}`,
  trackingPushRetrying: 'Invio del tracking non riuscito: nuovo tentativo programmato',
  trackingPushSkipped: 'Invio del tracking al marketplace non eseguito',
  trackingPushFailed: 'Invio del tracking al marketplace non riuscito',
  closeOk: 'Giornata chiusa',
} as const;
