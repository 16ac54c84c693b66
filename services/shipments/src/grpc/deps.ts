import type { createHandlerFactory, Logger, Pool } from '@smista/service-kit';
import type { ProcessRunner } from '../app/process-runner';
import type { CarrierGateway, MerchantBranding, OrdersDirectory } from '../app/ports';
import type { RefreshPolicy } from '../domain';

/** What the handlers are built from; main.ts (startShipments) wires the real ones. */
export interface ShipmentsServiceDeps {
  pool: Pool;
  logger: Logger;
  /** CALLER_TOKEN_SECRET: verifies the caller token identity signed. */
  callerSecret: string;
  carriers: CarrierGateway;
  orders: OrdersDirectory;
  branding: MerchantBranding;
  runner: ProcessRunner;
  /** The tracking refresh schedule (TRACKING_REFRESH_SCALE). */
  trackingPolicy?: RefreshPolicy;
  /** The clock; tests may fix it. */
  now?: () => Date;
}

export type Unary = ReturnType<typeof createHandlerFactory>;

export interface HandlerDeps extends ShipmentsServiceDeps {
  unary: Unary;
  now: () => Date;
}
