export { createShipmentsService } from './shipments-service';
export { createCarrierGateway, carrierFailureOf, type CarrierGateway, type CarrierIntegrationView } from './carriers-client';
export { createOrdersDirectory, type OrdersDirectory } from './orders-client';
export { errorStatus } from './error-status';
export type { ShipmentsServiceDeps } from './deps';
