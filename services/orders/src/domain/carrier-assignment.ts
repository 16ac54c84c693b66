import { ordersErrors } from './errors';

/** What orders needs to know of a carrier integration (asked of the carriers service). */
export interface CarrierIntegrationState {
  id: number;
  /** The merchant's switch (Attiva/Disattiva). */
  active: boolean;
  /** pending | active | error: whether the carrier accepted the credentials. */
  status: string;
}

/**
 * The carrier integration a request assigns: null removes the assignment (0, the proto's "none").
 * A negative id names no integration: NOT_FOUND, like an unknown one.
 */
export function carrierTarget(raw: number): number | null {
  if (raw === 0) return null;
  if (!Number.isSafeInteger(raw) || raw < 0) throw ordersErrors.carrierIntegrationNotFound();
  return raw;
}

/**
 * Spec §7 PATCH /api/orders/{id}/carrier: the carrier integration must be one of the merchant's
 * active ones: switched on and with its credentials accepted (`status` active). Unknown or another
 * merchant's → NOT_FOUND; switched off or not accepted → FAILED_PRECONDITION. Any member may assign.
 */
export function assertAssignable(integration: CarrierIntegrationState | null): CarrierIntegrationState {
  if (!integration) throw ordersErrors.carrierIntegrationNotFound();
  if (!integration.active || integration.status !== 'active') throw ordersErrors.carrierIntegrationInactive();
  return integration;
}
