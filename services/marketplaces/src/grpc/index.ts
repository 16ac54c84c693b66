export { createMarketplacesService } from './marketplaces-service';
export { errorStatus } from './error-status';
export type { MarketplacesServiceDeps } from './deps';
