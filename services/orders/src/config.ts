import { z } from 'zod';
import { env, loadConfig, serviceEnv } from '@smista/service-kit';

/**
 * The orders service's environment: the kit's service variables and its own. CARRIERS_GRPC_ADDR
 * answers whether a carrier integration may be assigned to an order (carriers.GetIntegration);
 * MARKETPLACES_GRPC_ADDR takes a shipment's tracking to the marketplace (UpdateTracking →
 * marketplaces.PushTracking). AMAZON_PII_RETENTION_DAYS: how long an Amazon buyer's data is kept
 * after delivery (app/buyer-data-retention.ts).
 */
export const configSchema = z.object({
  ...serviceEnv(50055),
  CARRIERS_GRPC_ADDR: env.address(),
  MARKETPLACES_GRPC_ADDR: env.address(),
  /**
   * Days after delivery after which an Amazon buyer's name, e-mail, phone and address are erased
   * (Amazon's Data Protection Policy; issue 22).
   */
  AMAZON_PII_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
});

export type Config = z.output<typeof configSchema>;

/** Reads the environment once; a bad value stops the process naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, source);
}
