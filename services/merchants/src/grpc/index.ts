export { createMerchantsService, type MerchantsServiceDeps } from './merchants-service';
export { createUserDirectory, type UserDirectory, type UserProfile } from './identity-client';
export { errorStatus } from './error-status';
