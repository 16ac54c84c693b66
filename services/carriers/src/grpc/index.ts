export { createCarriersService } from './carriers-service';
export { createAddressBook } from './merchants-client';
export { errorStatus } from './error-status';
export type { CarriersServiceDeps } from './deps';
