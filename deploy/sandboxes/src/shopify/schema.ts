import { buildSchema } from 'graphql';

/**
 * The part of Shopify's GraphQL Admin API the sandbox serves, with Shopify's own type, field and
 * argument names (shopify.dev reference): the shop, orders with cursor connections and the
 * `ordersCount`, one order, its fulfillment orders, `fulfillmentCreate` and `fulfillmentEventCreate`. A query naming
 * anything else is refused by validation, as Shopify refuses an unknown field.
 */
export const SHOPIFY_SDL = /* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar URL
  scalar UnsignedInt64

  enum OrderSortKeys { CREATED_AT UPDATED_AT ID PROCESSED_AT }
  enum CurrencyCode { EUR USD GBP CHF }
  enum CountPrecision { EXACT AT_LEAST }
  enum OrderDisplayFinancialStatus { PENDING AUTHORIZED PARTIALLY_PAID PARTIALLY_REFUNDED VOIDED PAID REFUNDED EXPIRED }
  enum OrderDisplayFulfillmentStatus { UNFULFILLED PARTIALLY_FULFILLED FULFILLED RESTOCKED PENDING_FULFILLMENT OPEN IN_PROGRESS ON_HOLD SCHEDULED REQUEST_DECLINED }
  enum FulfillmentOrderStatus { OPEN IN_PROGRESS CANCELLED INCOMPLETE CLOSED SCHEDULED ON_HOLD }
  enum FulfillmentOrderAction { CREATE_FULFILLMENT REQUEST_FULFILLMENT CANCEL_FULFILLMENT_ORDER REQUEST_CANCELLATION MOVE HOLD RELEASE_HOLD MARK_AS_OPEN SPLIT MERGE EXTERNAL }
  enum FulfillmentDisplayStatus { FULFILLED CANCELED IN_TRANSIT DELIVERED }
  enum FulfillmentStatus { SUCCESS CANCELLED ERROR FAILURE OPEN PENDING }
  enum FulfillmentEventStatus {
    ATTEMPTED_DELIVERY CARRIER_PICKED_UP CONFIRMED DELAYED DELIVERED FAILURE IN_TRANSIT LABEL_PRINTED LABEL_PURCHASED
    OUT_FOR_DELIVERY PICKED_UP READY_FOR_PICKUP
  }

  type Query {
    shop: Shop!
    orders(first: Int, after: String, last: Int, before: String, query: String, sortKey: OrderSortKeys = ID, reverse: Boolean = false): OrderConnection!
    ordersCount(query: String, limit: Int = 10000): Count
    order(id: ID!): Order
    fulfillmentOrder(id: ID!): FulfillmentOrder
  }

  type Mutation {
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
    fulfillmentEventCreate(fulfillmentEvent: FulfillmentEventInput!): FulfillmentEventCreatePayload
  }

  type ShopPlan { displayName: String! shopifyPlus: Boolean! }
  type Shop { id: ID! name: String! email: String! myshopifyDomain: String! currencyCode: CurrencyCode! ianaTimezone: String! plan: ShopPlan! }
  type Count { count: Int! precision: CountPrecision! }
  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }

  type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
  type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }

  type MailingAddress {
    name: String firstName: String lastName: String company: String address1: String address2: String city: String
    province: String provinceCode: String zip: String country: String countryCodeV2: String phone: String
  }

  type ShippingLine { title: String! code: String source: String carrierIdentifier: String originalPriceSet: MoneyBag! }

  type LineItem {
    id: ID! sku: String name: String! title: String! variantTitle: String quantity: Int! currentQuantity: Int!
    unfulfilledQuantity: Int! originalUnitPriceSet: MoneyBag!
  }
  type LineItemEdge { cursor: String! node: LineItem! }
  type LineItemConnection { nodes: [LineItem!]! edges: [LineItemEdge!]! pageInfo: PageInfo! }

  type FulfillmentTrackingInfo { company: String number: String url: URL }
  type FulfillmentLineItem { id: ID! quantity: Int lineItem: LineItem! }
  type FulfillmentLineItemEdge { cursor: String! node: FulfillmentLineItem! }
  type FulfillmentLineItemConnection { nodes: [FulfillmentLineItem!]! edges: [FulfillmentLineItemEdge!]! pageInfo: PageInfo! }
  type Fulfillment {
    id: ID! legacyResourceId: UnsignedInt64! status: FulfillmentStatus! displayStatus: FulfillmentDisplayStatus createdAt: DateTime!
    trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
    fulfillmentLineItems(first: Int, after: String): FulfillmentLineItemConnection!
  }

  type FulfillmentOrderAssignedLocation { name: String! countryCode: String }
  type FulfillmentOrderSupportedAction { action: FulfillmentOrderAction! }
  type FulfillmentOrderLineItem { id: ID! totalQuantity: Int! remainingQuantity: Int! lineItem: LineItem! }
  type FulfillmentOrderLineItemEdge { cursor: String! node: FulfillmentOrderLineItem! }
  type FulfillmentOrderLineItemConnection { nodes: [FulfillmentOrderLineItem!]! edges: [FulfillmentOrderLineItemEdge!]! pageInfo: PageInfo! }
  type FulfillmentOrder {
    id: ID! status: FulfillmentOrderStatus! orderId: ID! assignedLocation: FulfillmentOrderAssignedLocation!
    supportedActions: [FulfillmentOrderSupportedAction!]!
    lineItems(first: Int, after: String): FulfillmentOrderLineItemConnection!
  }
  type FulfillmentOrderEdge { cursor: String! node: FulfillmentOrder! }
  type FulfillmentOrderConnection { nodes: [FulfillmentOrder!]! edges: [FulfillmentOrderEdge!]! pageInfo: PageInfo! }

  type Order {
    id: ID! legacyResourceId: UnsignedInt64! name: String! createdAt: DateTime! updatedAt: DateTime! processedAt: DateTime!
    cancelledAt: DateTime closed: Boolean! email: String phone: String currencyCode: CurrencyCode!
    displayFinancialStatus: OrderDisplayFinancialStatus displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    totalPriceSet: MoneyBag! subtotalPriceSet: MoneyBag totalWeight: UnsignedInt64
    shippingAddress: MailingAddress shippingLine: ShippingLine
    lineItems(first: Int, after: String): LineItemConnection!
    fulfillmentOrders(first: Int, after: String): FulfillmentOrderConnection!
    fulfillments(first: Int): [Fulfillment!]!
  }
  type OrderEdge { cursor: String! node: Order! }
  type OrderConnection { nodes: [Order!]! edges: [OrderEdge!]! pageInfo: PageInfo! }

  input FulfillmentOrderLineItemInput { id: ID! quantity: Int! }
  input FulfillmentOrderLineItemsInput { fulfillmentOrderId: ID! fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!] }
  input FulfillmentTrackingInput { company: String number: String numbers: [String!] url: URL urls: [URL!] }
  input FulfillmentOriginAddressInput { address1: String address2: String city: String zip: String provinceCode: String countryCode: String! }
  input FulfillmentInput {
    lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
    notifyCustomer: Boolean trackingInfo: FulfillmentTrackingInput originAddress: FulfillmentOriginAddressInput
  }
  type UserError { field: [String!] message: String! }
  type FulfillmentCreatePayload { fulfillment: Fulfillment userErrors: [UserError!]! }

  input FulfillmentEventInput {
    fulfillmentId: ID! status: FulfillmentEventStatus! happenedAt: DateTime message: String estimatedDeliveryAt: DateTime
    address1: String city: String province: String zip: String country: String latitude: Float longitude: Float
  }
  type FulfillmentEvent { id: ID! status: FulfillmentEventStatus! happenedAt: DateTime! createdAt: DateTime! message: String estimatedDeliveryAt: DateTime }
  type FulfillmentEventCreatePayload { fulfillmentEvent: FulfillmentEvent userErrors: [UserError!]! }
`;

export const shopifySchema = buildSchema(SHOPIFY_SDL);
