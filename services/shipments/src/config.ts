import { z } from 'zod';
import { env, loadConfig, serviceEnv } from '@smista/service-kit';

const count = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * The shipments service's environment: the kit's service variables and its own. ORDERS_GRPC_ADDR
 * answers the orders a shipment is created from (orders.GetOrders); CARRIERS_GRPC_ADDR labels,
 * cancels, closes and tracks (carriers' operations), always on behalf of the caller.
 */
export const configSchema = z.object({
  ...serviceEnv(50056),
  ORDERS_GRPC_ADDR: env.address(),
  CARRIERS_GRPC_ADDR: env.address(),
  /** merchants' GetLogo: the logo printed on the packing slips (issue 25). */
  MERCHANTS_GRPC_ADDR: env.address(),
  /** Labels asked of carriers at once within one processing run. */
  PROCESS_CONCURRENCY: count(8, 1, 64),
  /**
   * How long a replica owns a processing run without renewing it. The owner renews it while it
   * works; when a replica dies, any other takes the run over after this long and finishes it.
   */
  RUN_LEASE_SECONDS: count(30, 1, 3_600),
  /**
   * The deadline of one CreateLabel call. A shipment being labelled stays claimed for this plus the
   * run lease, so a takeover never calls the carrier while the dead owner's call may still run.
   */
  LABEL_DEADLINE_SECONDS: count(20, 1, 600),
});

export type Config = z.output<typeof configSchema>;

/** Reads the environment once; a bad value stops the process naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, source);
}
