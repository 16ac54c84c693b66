import { z } from 'zod';
import { env, loadConfig, serviceEnv } from '@smista/service-kit';
import { DEFAULT_AMAZON_RELAY_KINDS, parseBuyerMailKinds } from './domain/buyer-mail';

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
  /** Off: no replica reads tracking by itself (only 'Aggiorna tracking' does). */
  TRACKING_REFRESH_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Multiplies every interval of the refresh schedule (domain/tracking-schedule.ts): 1 in production;
   * the local stack and the tests run a day of tracking in minutes.
   */
  TRACKING_REFRESH_SCALE: z.coerce.number().positive().max(1).default(1),
  /**
   * The Track calls per minute each carrier is asked, across every replica (`gls=600,poste_delivery=600`).
   * Neither GLS nor Poste publishes a limit for its tracking ([open] in providers.md): 600 a minute
   * (36,000 an hour) each is our choice, what 100,000 parcels on their way need by the default
   * schedule (about 36,700 an hour, `make bench`'s tracking figures); a carrier not named here is
   * never read by itself (the letter services have no tracking call).
   */
  TRACKING_CALLS_PER_MINUTE: z
    .string()
    .default('gls=600,poste_delivery=600')
    .transform((value, ctx) => {
      const limits: Record<string, number> = {};
      for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
        const m = /^([a-z0-9_]+)=(\d{1,6})$/.exec(part);
        if (!m || Number(m[2]) < 1) {
          ctx.addIssue({ code: 'custom', message: `expected carrier=calls (e.g. gls=60), got "${part}"` });
          return z.NEVER;
        }
        limits[m[1]!] = Number(m[2]);
      }
      return limits;
    }),
  /** Track calls one replica makes at once. */
  TRACKING_CONCURRENCY: count(4, 1, 64),
  /** How long the refresher waits when nothing is due (it goes on at once while work is due). */
  TRACKING_IDLE_MS: count(5_000, 10, 600_000),
  /** The buyer e-mails' SMTP relay (issue 26); SPF and DKIM for BUYER_MAIL_FROM's domain are the deployment's (README). */
  SMTP_URL: env.url(),
  /** The address buyer e-mails are sent from; each merchant's name is its display name. */
  BUYER_MAIL_FROM: z.string().trim().pipe(z.email()),
  /** Public base URL of the shell: the tracking page and unsubscribe links in the e-mails (trailing slashes dropped). */
  PUBLIC_URL: env.url().transform((u) => u.replace(/\/+$/, '')),
  /** Off: no replica sends buyer e-mails (they stay queued). */
  BUYER_MAIL_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** A 'spedito' e-mail waits this long after the label, so a label cancelled at once never reaches the buyer. */
  BUYER_MAIL_SHIPPED_DELAY_SECONDS: count(600, 0, 86_400),
  /**
   * The kinds sent to Amazon's relay addresses (comma-separated, may be empty). Amazon sends its own
   * shipping and delivery notices and allows sellers only messages needed to complete the order.
   */
  BUYER_MAIL_AMAZON_KINDS: z
    .string()
    .default(DEFAULT_AMAZON_RELAY_KINDS.join(','))
    .transform((value, ctx) => {
      const kinds = parseBuyerMailKinds(value);
      if (typeof kinds === 'string') {
        ctx.addIssue({ code: 'custom', message: kinds });
        return z.NEVER;
      }
      return kinds;
    }),
  /** How long the sender waits when nothing is due. */
  BUYER_MAIL_IDLE_MS: count(5_000, 10, 600_000),
});

export type Config = z.output<typeof configSchema>;

/** Reads the environment once; a bad value stops the process naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, source);
}
