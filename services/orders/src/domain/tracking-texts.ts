/**
 * Italian texts of orders' part of issue 10 (GetOrders, UpdateTracking), kept here until they move
 * into `orderMessages` of `libs/contracts` (the lead's package). 'Nessun tracking da aggiornare' is
 * already there (`orderMessages.noTrackingToUpdate`).
 */
export const orderTrackingTexts = {
  /** UpdateTracking: the marketplace has the tracking now. */
  trackingPushed: (marketplace: string) => `Tracking inviato a ${marketplace}`,
  /** UpdateTracking: the marketplace had it already (pushed before, automatically or on demand). */
  trackingAlreadyPushed: (marketplace: string) => `Tracking già inviato a ${marketplace}`,
  /** The operation named by the kit's NOT_SUPPORTED for a marketplace without tracking ('Operazione non supportata da Amazon: …'). */
  trackingOperation: 'invio del tracking al marketplace',
  /** GetOrders with more ids than it answers at once. */
  tooManyIds: (max: number) => `Puoi chiedere al massimo ${max} ordini per volta`,
} as const;
