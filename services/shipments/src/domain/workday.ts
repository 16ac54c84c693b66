import { shipmentMessages as m } from '@smista/contracts';

/**
 * The answer of a workday close: every selected shipment confirmed, some, or none.
 *
 * @example closeMessage(3, 0) // 'Giornata lavorativa chiusa: 3 spedizioni confermate a GLS'
 */
export function closeMessage(ok: number, failed: number): string {
  if (ok === 0) return m.workdayFailed;
  return failed === 0 ? m.workdayClosed(ok) : m.workdayPartial(ok, failed);
}
