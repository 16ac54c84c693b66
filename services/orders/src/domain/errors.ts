import { DomainError } from '@smista/service-kit';
import { catalogueMessages as c, messages, orderCsvMessages, orderMessages as m, shippingRuleMessages as r } from '@smista/contracts';

/** Stable codes of the orders domain; `grpc/error-status.ts` maps each to one gRPC status. */
export const OrdersErrorCode = {
  OrderNotFound: 'ORDER_NOT_FOUND',
  MerchantNotFound: 'MERCHANT_NOT_FOUND',
  CarrierIntegrationNotFound: 'CARRIER_INTEGRATION_NOT_FOUND',
  CarrierIntegrationInactive: 'CARRIER_INTEGRATION_INACTIVE',
  DependencyUnavailable: 'DEPENDENCY_UNAVAILABLE',
  NoTrackingToUpdate: 'NO_TRACKING_TO_UPDATE',
  /** The order's marketplace integration is gone (marketplaces said NOT_FOUND). */
  IntegrationNotFound: 'INTEGRATION_NOT_FOUND',
  /** Marketplaces refused the push for a reason the merchant can act on (its Italian message). */
  MarketplaceRefused: 'MARKETPLACE_REFUSED',
  /** The marketplace's call quota is spent for now (its Italian message). */
  MarketplaceQuota: 'MARKETPLACE_QUOTA',
  /** Unknown, malformed or another merchant's shipping rule. */
  RuleNotFound: 'RULE_NOT_FOUND',
  /** Another rule of the merchant has this priority. */
  RulePriorityTaken: 'RULE_PRIORITY_TAKEN',
  /** Unknown, malformed or another merchant's product or package preset. */
  ProductNotFound: 'PRODUCT_NOT_FOUND',
  PresetNotFound: 'PRESET_NOT_FOUND',
  /** Another preset of the merchant has this name. */
  PresetNameTaken: 'PRESET_NAME_TAKEN',
  /** Unknown, malformed or another merchant's CSV import job (issue 25). */
  ImportNotFound: 'IMPORT_NOT_FOUND',
} as const;
export type OrdersErrorCode = (typeof OrdersErrorCode)[keyof typeof OrdersErrorCode];

/** A refused request, with a stable `code` and the Italian text the user reads. */
export class OrdersError extends DomainError<OrdersErrorCode> {}

const E = OrdersErrorCode;
const make = (code: OrdersErrorCode, message: string) => () => new OrdersError(code, message);

export const ordersErrors = {
  /** Unknown, malformed, or another merchant's order id: one answer. */
  orderNotFound: make(E.OrderNotFound, m.orderNotFound),
  /** A `merchant_id` in a request other than the merchant selected in the caller token. */
  merchantNotFound: make(E.MerchantNotFound, messages.errors.merchantNotFound),
  /** Unknown, malformed, or another merchant's carrier integration (carriers said NOT_FOUND). */
  carrierIntegrationNotFound: make(E.CarrierIntegrationNotFound, m.carrierIntegrationNotFound),
  /** The carrier integration is switched off or its credentials are not active. */
  carrierIntegrationInactive: make(E.CarrierIntegrationInactive, m.carrierIntegrationInactive),
  /** The carriers service could not answer in time. */
  dependencyUnavailable: make(E.DependencyUnavailable, messages.errors.unavailable),
  /** UpdateTracking of an order without a live shipment that has a tracking number (spec §8). */
  noTrackingToUpdate: make(E.NoTrackingToUpdate, m.noTrackingToUpdate),
  integrationNotFound: make(E.IntegrationNotFound, m.integrationNotFound),
  /** `message` is the marketplaces service's own Italian text. */
  marketplaceRefused: (message: string) => new OrdersError(E.MarketplaceRefused, message),
  marketplaceQuota: (message: string) => new OrdersError(E.MarketplaceQuota, message),
  ruleNotFound: make(E.RuleNotFound, r.ruleNotFound),
  rulePriorityTaken: (priority: number, otherRuleName: string) => new OrdersError(E.RulePriorityTaken, r.priorityTaken(priority, otherRuleName)),
  productNotFound: make(E.ProductNotFound, c.productNotFound),
  presetNotFound: make(E.PresetNotFound, c.presetNotFound),
  presetNameTaken: (name: string) => new OrdersError(E.PresetNameTaken, c.presetNameTaken(name)),
  importNotFound: make(E.ImportNotFound, orderCsvMessages.importNotFound),
};

/**
 * An imported order (or integration event) the service cannot store: a required field missing or
 * malformed. Never shown to a user: thrown by the consumer, so the kit retries the message and
 * dead-letters it after `maxDeliver` with this text (for operators, in English).
 */
export class InvalidEventError extends DomainError<'INVALID_EVENT'> {
  constructor(detail: string) {
    super('INVALID_EVENT', `invalid event: ${detail}`);
  }
}
