import { z } from 'zod';
import { env, loadConfig, serviceEnv } from '@smista/service-kit';

/**
 * The carriers service's environment: the kit's service variables and its own. SECRETS_KEYS
 * encrypts carrier passwords at rest; MERCHANTS_GRPC_ADDR answers the merchant's pickup address
 * (the sender of a label); the carriers' base URLs point at the real APIs in production and at the
 * sandboxes (`deploy/sandboxes`) in development and tests.
 */
export const configSchema = z.object({
  ...serviceEnv(50053),
  SECRETS_KEYS: env.secretKeys(),
  MERCHANTS_GRPC_ADDR: env.address(),
  /** GLS Italy Label Service; the adapter calls `<base>/ilswebservice.asmx/<Op>`. */
  GLS_BASE_URL: env.url().default('https://labelservice.gls-italy.com'),
  /** GLS public tracking; the adapter calls `<base>/XML/get_xml_track.php`. */
  GLS_TRACKING_URL: env.url().default('https://infoweb.gls-italy.com'),
  /** Poste Delivery Business REST base (sessions, waybills, tracking). */
  POSTE_DELIVERY_BASE_URL: env.url().default('https://apiw.gp.posteitaliane.it/gp/internet'),
  /**
   * Poste's tracking event codes (comma separated) under which a Poste Delivery waybill may still be
   * voided in Smista only: Poste Delivery Business offers no cancellation, and a waybill whose
   * tracking shows any other event is already in Poste's hands. Poste's code list is not public
   * ([open] in providers.md): `PRE` is the event of a waybill just made.
   */
  POSTE_DELIVERY_VOIDABLE_STATUSES: z
    .string()
    .default('PRE')
    .transform((v) => v.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean)),
  /**
   * Requests in flight to one carrier host per integration; more wait in line. A batch of labels
   * runs this many at once against the carrier (GLS allows long calls, not a documented rate).
   */
  CARRIER_MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(64).default(10),
});

export type Config = z.output<typeof configSchema>;

/** Reads the environment once; a bad value stops the process naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, source);
}
