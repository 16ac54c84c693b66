// Generated contracts, grouped by domain. The files under gen/ come from /proto at build time.
export * as common from './gen/common/v1/common';
export * as customs from './gen/common/v1/customs';
export * as identity from './gen/identity/v1/identity';
export * as merchants from './gen/merchants/v1/merchants';
export * as identityEvents from './gen/events/v1/identity';
export * as merchantsEvents from './gen/events/v1/merchants';
export * as carriers from './gen/carriers/v1/carriers';
export * as carriersEvents from './gen/events/v1/carriers';
export * as marketplaces from './gen/marketplaces/v1/marketplaces';
export * as marketplacesEvents from './gen/events/v1/marketplaces';
export * as orders from './gen/orders/v1/orders';
export * as ordersEvents from './gen/events/v1/orders';
export * as shipments from './gen/shipments/v1/shipments';
export * as shipmentsEvents from './gen/events/v1/shipments';
export * as activity from './gen/activity/v1/activity';
export * as catalogue from './gen/orders/v1/catalogue';
export * as manualOrders from './gen/orders/v1/manual_orders';
