import type { Logger, Pool } from '@smista/service-kit';
import type { CarrierGateway } from '../grpc/carriers-client';
import type { OrdersDirectory } from '../grpc/orders-client';

/** What the use cases work with; main.ts wires the real ones. */
export interface AppDeps {
  pool: Pool;
  logger: Logger;
  carriers: CarrierGateway;
  orders: OrdersDirectory;
  now: () => Date;
}
