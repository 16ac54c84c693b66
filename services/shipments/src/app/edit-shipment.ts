import { withTransaction, type MerchantScope, type PoolClient } from '@smista/service-kit';
import {
  customsDeclarationSchema,
  shipmentAddressSchema,
  shipmentCarrierSchema,
  shipmentParcelSchema,
  type CustomsDeclarationInput,
  type ShipmentAddressInput,
  type ShipmentParcelInput,
} from '@smista/contracts';
import { assertEditable, CarrierCallError, customsStateOf, shipmentSearchText, shipmentsErrors, statusAfterEdit, type Shipment } from '../domain';
import { findShipment, setAddress, setCarrier, setCustoms, setCustomsState, setParcel } from '../store';
import type { AppDeps } from './deps';

/**
 * One edit of a shipment before its label: in one transaction, the row locked and checked again
 * (a shipment claimed for labelling meanwhile is refused), then `write`.
 */
function editUnderLock(deps: AppDeps, scope: MerchantScope, id: number, write: (tx: PoolClient, s: Shipment) => Promise<Shipment>): Promise<Shipment> {
  return withTransaction(deps.pool, async (tx) => {
    const s = await findShipment(tx, scope.merchantId, id, { forUpdate: true });
    if (!s) throw shipmentsErrors.shipmentNotFound();
    assertEditable(s);
    return write(tx, s);
  });
}

/**
 * Spec §5 'Modifica indirizzo' (PATCH or PUT /api/shipments/{id}/address): every rule of the
 * contracts' `shipmentAddressSchema` (INVALID_ARGUMENT with its Italian text, nothing written), then
 * only before a label exists (pending or error; an error goes back to pending). The status is
 * checked again under the row lock, so a shipment claimed for labelling meanwhile is refused.
 *
 * @example await changeAddress(deps, scope, 42, { recipientName: 'Mario Rossi', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20121', country: 'Italia', countryCode: 'it' })
 */
export async function changeAddress(deps: AppDeps, scope: MerchantScope, id: number, input: ShipmentAddressInput): Promise<Shipment> {
  const current = await findShipment(deps.pool, scope.merchantId, id);
  if (!current) throw shipmentsErrors.shipmentNotFound();
  const a = shipmentAddressSchema.parse(input);
  const address = {
    recipientName: a.recipientName,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2 || null,
    city: a.city,
    state: a.state || null,
    postalCode: a.postalCode,
    country: a.country,
    countryCode: a.countryCode,
    phoneNumber: a.phoneNumber || null,
    recipientEmail: a.recipientEmail || null,
  };
  const updated = await editUnderLock(deps, scope, id, async (tx, s) => {
    const moved = await setAddress(tx, s, address, statusAfterEdit(s.status), shipmentSearchText({ ...s, ...address }));
    // Another country or postal code may take the parcel in or out of the EU customs union.
    return setCustomsState(tx, moved, customsStateOf(moved.countryCode, moved.postalCode, moved.customs));
  });
  deps.logger.info({ merchantId: scope.merchantId, userId: scope.userId, shipmentId: id, status: updated.status }, 'shipment address changed');
  return updated;
}

/**
 * Spec §2 'Gestione Corriere' (PATCH /api/shipments/{id}/carrier): one of the merchant's carrier
 * integrations that is switched on with its credentials accepted (asked of carriers on behalf of the
 * caller: unknown or another merchant's → NOT_FOUND, inactive → FAILED_PRECONDITION), only before a
 * label exists (pending or error; an error goes back to pending).
 *
 * @example await changeCarrier(deps, scope, 42, 7)
 */
export async function changeCarrier(deps: AppDeps, scope: MerchantScope, id: number, carrierIntegrationId: number): Promise<Shipment> {
  const current = await findShipment(deps.pool, scope.merchantId, id);
  if (!current) throw shipmentsErrors.shipmentNotFound();
  const { carrierIntegrationId: target } = shipmentCarrierSchema.parse({ carrierIntegrationId: carrierIntegrationId === 0 ? undefined : carrierIntegrationId });
  assertEditable(current);
  let integration;
  try {
    integration = await deps.carriers.integration(scope, target);
  } catch (err) {
    if (err instanceof CarrierCallError) throw shipmentsErrors.dependencyUnavailable();
    throw err;
  }
  if (!integration) throw shipmentsErrors.carrierIntegrationNotFound();
  if (!integration.usable) throw shipmentsErrors.carrierIntegrationInactive();
  const updated = await editUnderLock(deps, scope, id, async (tx, s) => {
    return setCarrier(tx, s, { integrationId: integration.id, provider: integration.provider }, statusAfterEdit(s.status));
  });
  deps.logger.info({ merchantId: scope.merchantId, userId: scope.userId, shipmentId: id, carrierIntegrationId: integration.id, carrier: integration.provider }, 'shipment carrier changed');
  return updated;
}


/**
 * Issue 25, the drawer's 'Pacco': weight (grams) and the three inner dimensions (millimetres, all
 * or none) of a shipment's package, only before a label exists (pending or error; an error goes
 * back to pending). Bad values: INVALID_ARGUMENT with the contracts' Italian text, nothing written.
 *
 * @example await changeParcel(deps, scope, 42, { weightGrams: 1250, lengthMm: 300, widthMm: 200, heightMm: 150 })
 */
export async function changeParcel(deps: AppDeps, scope: MerchantScope, id: number, input: ShipmentParcelInput): Promise<Shipment> {
  const current = await findShipment(deps.pool, scope.merchantId, id);
  if (!current) throw shipmentsErrors.shipmentNotFound();
  const parcel = shipmentParcelSchema.parse(input);
  const updated = await editUnderLock(deps, scope, id, async (tx, s) => {
    return setParcel(tx, s, parcel, statusAfterEdit(s.status));
  });
  deps.logger.info({ merchantId: scope.merchantId, userId: scope.userId, shipmentId: id, weightGrams: parcel.weightGrams }, 'shipment parcel changed');
  return updated;
}

/**
 * Issue 25, the drawer's 'Dati doganali': the declaration of a shipment (kept even when incomplete:
 * what it lacks is recomputed and asked for before the label), only before a label exists.
 *
 * @example await changeCustoms(deps, scope, 42, { contentType: 'merce', invoiceNumber: 'FT-12', currency: 'EUR', items: [...] })
 */
export async function changeCustoms(deps: AppDeps, scope: MerchantScope, id: number, input: CustomsDeclarationInput): Promise<Shipment> {
  const current = await findShipment(deps.pool, scope.merchantId, id);
  if (!current) throw shipmentsErrors.shipmentNotFound();
  const customs = customsDeclarationSchema.parse(input);
  const updated = await editUnderLock(deps, scope, id, async (tx, s) => {
    return setCustoms(tx, s, customs, customsStateOf(s.countryCode, s.postalCode, customs), statusAfterEdit(s.status));
  });
  deps.logger.info({ merchantId: scope.merchantId, userId: scope.userId, shipmentId: id, missing: updated.customsMissing.length }, 'shipment customs changed');
  return updated;
}
