import { z } from 'zod';
import { checkSsoPair, env, loadConfig, serviceEnv, ssoEnv } from '@smista/service-kit';

/**
 * The identity service's environment: the kit's service variables (ports, database, NATS, caller
 * token secret, logs, traces) and its own. SMTP_URL and MAIL_FROM send the password-reset e-mails,
 * whose link points at PUBLIC_URL (the shell); MERCHANTS_GRPC_ADDR confirms memberships at selection.
 */
export const configSchema = z.object({
  ...serviceEnv(50051),
  SMTP_URL: env.url(),
  MAIL_FROM: env.text(),
  /** Public base URL of the shell, used in the password-reset link (trailing slashes dropped). */
  PUBLIC_URL: env.url().transform((u) => u.replace(/\/+$/, '')),
  MERCHANTS_GRPC_ADDR: env.address(),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(168),
  /** Single sign-on: the realm whose ID tokens sign users in, and the shell's client there (both unset: off). */
  ...ssoEnv(),
}).superRefine(checkSsoPair);

export type Config = z.output<typeof configSchema>;

/** Reads the environment once; a bad value stops the process naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, source);
}
