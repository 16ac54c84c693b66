export { createOrdersService } from './orders-service';
export { createCarrierDirectory } from './carriers-client';
export { errorStatus } from './error-status';
export type { OrdersServiceDeps } from './deps';
export { createMarketplaceTracking } from './marketplaces-client';
