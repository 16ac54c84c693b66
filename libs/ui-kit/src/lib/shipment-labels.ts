import { encodeLabelIds } from '@smista/contracts';

/**
 * `GET /api/shipments/labels/bulk-download?data=...`: the labels of the shipments merged into one
 * PDF in the order given (spec §7), which both the orders' 'Stampa etichette' and the shipments'
 * 'Stampa Etichette' open in a new tab.
 *
 * @example bulkLabelsPath([1, 2]) // '/api/shipments/labels/bulk-download?data=MSwy'
 */
export const bulkLabelsPath = (shipmentIds: readonly number[]) => `/api/shipments/labels/bulk-download?data=${encodeURIComponent(encodeLabelIds(shipmentIds))}`;
