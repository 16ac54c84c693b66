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
  /** The merchants' public name and logo (the buyer's tracking page); without it the page has none. */
  brands?: PublicBrands;
  /** The clock; tests may fix it. */
  now?: () => Date;
}

/** A merchant's name and logo as its buyers see them (issue 26's public tracking page). */
export interface PublicBrand {
  merchantName: string;
  hasLogo: boolean;
  logo: { contentType: string; data: Uint8Array } | null;
}

/**
 * merchants' GetPublicBrand, asked as the service caller `smista:public-tracking` for one merchant
 * (the page has no user). Null when merchants cannot answer: the page goes without the name.
 */
export interface PublicBrands {
  brandOf(merchantId: string, includeLogo: boolean): Promise<PublicBrand | null>;
  close(): void;
}

export type Unary = ReturnType<typeof createHandlerFactory>;

export interface HandlerDeps extends ShipmentsServiceDeps {
  unary: Unary;
  now: () => Date;
}
