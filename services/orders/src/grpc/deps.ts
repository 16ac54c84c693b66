import type { createHandlerFactory, Logger, Pool } from '@smista/service-kit';
import type { CarrierDirectory, MarketplaceTracking } from '../app/ports';

/** What the handlers are built from; main.ts (startOrders) wires the real ones. */
export interface OrdersServiceDeps {
  pool: Pool;
  logger: Logger;
  /** CALLER_TOKEN_SECRET: verifies the caller token identity signed. */
  callerSecret: string;
  /** carriers.GetIntegration: whether a carrier integration may be assigned. */
  carrierDirectory: CarrierDirectory;
  /** marketplaces.PushTracking: UpdateTracking tells the marketplace a shipment's tracking. */
  marketplaceTracking: MarketplaceTracking;
  /** The CSV import jobs' worker: woken when a job is queued (absent: it finds the job at its next poll). */
  importWorker?: { wake(): void };
  /** The clock; tests may fix it. */
  now?: () => Date;
}

export type Unary = ReturnType<typeof createHandlerFactory>;

export interface HandlerDeps extends OrdersServiceDeps {
  unary: Unary;
  now: () => Date;
}
