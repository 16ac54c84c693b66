import type { Logger, Pool } from '@smista/service-kit';
import type { CarrierGateway, MerchantBranding, OrdersDirectory } from './ports';

/** What the use cases work with; main.ts wires the real ones. */
export interface AppDeps {
  pool: Pool;
  logger: Logger;
  carriers: CarrierGateway;
  orders: OrdersDirectory;
  branding: MerchantBranding;
  now: () => Date;
}
