import type { Logger, Pool } from '@smista/service-kit';
import type { RefreshPolicy } from '../domain';
import type { CarrierGateway, MerchantBranding, OrdersDirectory } from './ports';

/** What the use cases work with; main.ts wires the real ones. */
export interface AppDeps {
  pool: Pool;
  logger: Logger;
  carriers: CarrierGateway;
  orders: OrdersDirectory;
  branding: MerchantBranding;
  now: () => Date;
  /** When the tracking is read again (TRACKING_REFRESH_SCALE); the default policy without. */
  trackingPolicy?: RefreshPolicy;
}
