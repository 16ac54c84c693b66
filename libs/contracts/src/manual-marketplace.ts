/** The marketplace value of an order with no marketplace behind it (manual or from a CSV file, issue 25). */
export const MANUAL_MARKETPLACE = 'manual' as const;
/** The label of such an order in the lists ('Manuale'). */
export const MANUAL_MARKETPLACE_NAME = 'Manuale';
