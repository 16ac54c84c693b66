export { createMerchantsService, type MerchantsServiceDeps } from './merchants-service';
export { errorStatus } from './error-status';
