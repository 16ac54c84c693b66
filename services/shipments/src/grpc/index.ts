export { createShipmentsService } from './shipments-service';
export { createCarrierGateway, carrierFailureOf } from './carriers-client';
export { createOrdersDirectory } from './orders-client';
export { createMerchantBranding, createPublicBrands } from './merchants-client';
export { errorStatus } from './error-status';
export type { ShipmentsServiceDeps } from './deps';
