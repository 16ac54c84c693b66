export { createOrdersService } from './orders-service';
export { createCarrierDirectory, type CarrierDirectory } from './carriers-client';
export { errorStatus } from './error-status';
export type { OrdersServiceDeps } from './deps';
export { createMarketplaceTracking, type MarketplaceTracking } from './marketplaces-client';
