import { z } from 'zod';
import { env, loadConfig, serviceEnv } from '@smista/service-kit';

/**
 * The merchants service's environment: the kit's service variables (ports, database, NATS, caller
 * token secret, logs, traces) and its own. SMTP_URL and MAIL_FROM send the invite e-mails, whose
 * link points at PUBLIC_URL (the shell); IDENTITY_GRPC_ADDR answers members' names and e-mails.
 */
export const configSchema = z.object({
  ...serviceEnv(50052),
  SMTP_URL: env.url(),
  MAIL_FROM: env.text(),
  /** Public base URL of the shell, used in the invite link (trailing slashes dropped). */
  PUBLIC_URL: env.url().transform((u) => u.replace(/\/+$/, '')),
  IDENTITY_GRPC_ADDR: env.address(),
});

export type Config = z.output<typeof configSchema>;

/** Reads the environment once; a bad value stops the process naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, source);
}
