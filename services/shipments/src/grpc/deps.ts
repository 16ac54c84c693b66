import type { createHandlerFactory, Logger, Pool } from '@smista/service-kit';
import type { BuyerMailDeps } from '../app/buyer-mail';
import type { ProcessRunner } from '../app/process-runner';
import type { CarrierGateway, MerchantBranding, OrdersDirectory, PublicBrands } from '../app/ports';

export type { PublicBrand, PublicBrands } from '../app/ports';
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
  /** The merchants' public name and logo (the buyer's tracking page); without it the page has none. */
  brands?: PublicBrands;
  /** The e-mails to buyers (issue 26): settings, preview, test send and unsubscribe. */
  buyerMail: BuyerMailDeps;
  /** The clock; tests may fix it. */
  now?: () => Date;
}

export type Unary = ReturnType<typeof createHandlerFactory>;

export interface HandlerDeps extends ShipmentsServiceDeps {
  unary: Unary;
  now: () => Date;
}
