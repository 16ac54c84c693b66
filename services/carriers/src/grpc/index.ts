export { createCarriersService } from './carriers-service';
export { createAddressBook, type AddressBook } from './merchants-client';
export { errorStatus } from './error-status';
export type { CarriersServiceDeps } from './deps';
