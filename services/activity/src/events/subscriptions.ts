import type { AnySubscription, Logger, Subscription } from '@smista/service-kit';
import { carriersEvents, marketplacesEvents, merchantsEvents, ordersEvents, shipmentsEvents } from '@smista/proto';
import {
  handleBuyerDataErased,
  handleOrderImportFinished,
  handleCarrierIntegrationChanged,
  handleCarriersAssigned,
  handleCodesLowStock,
  handleCodesRestocked,
  handleIntegrationChanged,
  handlePrivacyRequested,
  handleRuleChanged,
  handleShipmentCancelled,
  handleShipmentFailed,
  handleShipmentLabelled,
  handleSsoRequiredChanged,
  handleSyncFinished,
  handleTrackingAttempted,
  handleTrackingUpdated,
  handleWorkdayClosed,
} from './handlers';

/**
 * Every event this service consumes, in one place. Their owners (marketplaces, carriers,
 * shipments, orders, merchants) may start after activity or not run at all in a partial stack, so main.ts
 * attaches each consumer when a stream holds its subject (`attachWhenStreamExists`). Each is
 * durable and inbox-idempotent; one at a time per subject. `durableSuffix` is NATS_CONSUMER_SUFFIX.
 */
export function subscriptions(logger: Logger, durableSuffix = '', now: () => Date = () => new Date()): AnySubscription[] {
  const deps = (consumer: string) => ({ logger: logger.child({ consumer }), now });
  return [
    {
      durable: `activity-sync-finished${durableSuffix}`,
      subject: 'marketplaces.sync.finished',
      decode: (bytes) => marketplacesEvents.MarketplaceSyncFinished.decode(bytes),
      handle: handleSyncFinished(deps('sync-finished')),
    } satisfies Subscription<marketplacesEvents.MarketplaceSyncFinished>,
    {
      durable: `activity-integration-changed${durableSuffix}`,
      subject: 'marketplaces.integration.changed',
      decode: (bytes) => marketplacesEvents.MarketplaceIntegrationChanged.decode(bytes),
      handle: handleIntegrationChanged(deps('integration-changed')),
    } satisfies Subscription<marketplacesEvents.MarketplaceIntegrationChanged>,
    {
      durable: `activity-tracking-attempted${durableSuffix}`,
      subject: 'marketplaces.tracking.attempted',
      decode: (bytes) => marketplacesEvents.MarketplaceTrackingAttempted.decode(bytes),
      handle: handleTrackingAttempted(deps('tracking-attempted')),
    } satisfies Subscription<marketplacesEvents.MarketplaceTrackingAttempted>,
    {
      durable: `activity-privacy-requested${durableSuffix}`,
      subject: 'marketplaces.privacy.requested',
      decode: (bytes) => marketplacesEvents.MarketplacePrivacyRequested.decode(bytes),
      handle: handlePrivacyRequested(deps('privacy-requested')),
    } satisfies Subscription<marketplacesEvents.MarketplacePrivacyRequested>,
    {
      durable: `activity-carrier-integration-changed${durableSuffix}`,
      subject: 'carriers.integration.changed',
      decode: (bytes) => carriersEvents.CarrierIntegrationChanged.decode(bytes),
      handle: handleCarrierIntegrationChanged(deps('carrier-integration-changed')),
    } satisfies Subscription<carriersEvents.CarrierIntegrationChanged>,
    {
      durable: `activity-codes-restocked${durableSuffix}`,
      subject: 'carriers.codes.restocked',
      decode: (bytes) => carriersEvents.TrackingCodesRestocked.decode(bytes),
      handle: handleCodesRestocked(deps('codes-restocked')),
    } satisfies Subscription<carriersEvents.TrackingCodesRestocked>,
    {
      durable: `activity-codes-low-stock${durableSuffix}`,
      subject: 'carriers.codes.low_stock',
      decode: (bytes) => carriersEvents.TrackingCodesLowStock.decode(bytes),
      handle: handleCodesLowStock(deps('codes-low-stock')),
    } satisfies Subscription<carriersEvents.TrackingCodesLowStock>,
    {
      durable: `activity-shipment-failed${durableSuffix}`,
      subject: 'shipments.shipment.failed',
      decode: (bytes) => shipmentsEvents.ShipmentFailed.decode(bytes),
      handle: handleShipmentFailed(deps('shipment-failed')),
    } satisfies Subscription<shipmentsEvents.ShipmentFailed>,
    {
      durable: `activity-shipment-labelled${durableSuffix}`,
      subject: 'shipments.shipment.labelled',
      decode: (bytes) => shipmentsEvents.ShipmentLabelled.decode(bytes),
      handle: handleShipmentLabelled(deps('shipment-labelled')),
    } satisfies Subscription<shipmentsEvents.ShipmentLabelled>,
    {
      durable: `activity-workday-closed${durableSuffix}`,
      subject: 'shipments.shipment.workday_closed',
      decode: (bytes) => shipmentsEvents.ShipmentWorkdayClosed.decode(bytes),
      handle: handleWorkdayClosed(deps('workday-closed')),
    } satisfies Subscription<shipmentsEvents.ShipmentWorkdayClosed>,
    {
      durable: `activity-shipment-cancelled${durableSuffix}`,
      subject: 'shipments.shipment.cancelled',
      decode: (bytes) => shipmentsEvents.ShipmentCancelled.decode(bytes),
      handle: handleShipmentCancelled(deps('shipment-cancelled')),
    } satisfies Subscription<shipmentsEvents.ShipmentCancelled>,
    {
      durable: `activity-tracking-updated${durableSuffix}`,
      subject: 'shipments.shipment.tracking_updated',
      decode: (bytes) => shipmentsEvents.ShipmentTrackingUpdated.decode(bytes),
      handle: handleTrackingUpdated(deps('tracking-updated')),
    } satisfies Subscription<shipmentsEvents.ShipmentTrackingUpdated>,
    {
      durable: `activity-rule-changed${durableSuffix}`,
      subject: 'orders.rule.changed',
      decode: (bytes) => ordersEvents.ShippingRuleChanged.decode(bytes),
      handle: handleRuleChanged(deps('rule-changed')),
    } satisfies Subscription<ordersEvents.ShippingRuleChanged>,
    {
      durable: `activity-carriers-assigned${durableSuffix}`,
      subject: 'orders.carriers.assigned',
      decode: (bytes) => ordersEvents.CarriersAssignedByRules.decode(bytes),
      handle: handleCarriersAssigned(deps('carriers-assigned')),
    } satisfies Subscription<ordersEvents.CarriersAssignedByRules>,
    {
      durable: `activity-order-import-finished${durableSuffix}`,
      subject: 'orders.import.finished',
      decode: (bytes) => ordersEvents.OrderImportFinished.decode(bytes),
      handle: handleOrderImportFinished(deps('order-import-finished')),
    } satisfies Subscription<ordersEvents.OrderImportFinished>,
    {
      durable: `activity-buyer-erased${durableSuffix}`,
      subject: 'orders.buyer.erased',
      decode: (bytes) => ordersEvents.BuyerDataErased.decode(bytes),
      handle: handleBuyerDataErased(deps('buyer-erased')),
    } satisfies Subscription<ordersEvents.BuyerDataErased>,
    {
      durable: `activity-sso-required-changed${durableSuffix}`,
      subject: 'merchants.merchant.sso_required_changed',
      decode: (bytes) => merchantsEvents.MerchantSsoRequiredChanged.decode(bytes),
      handle: handleSsoRequiredChanged(deps('sso-required-changed')),
    } satisfies Subscription<merchantsEvents.MerchantSsoRequiredChanged>,
  ];
}
