import { z } from 'zod';
import { env, loadConfig } from '@smista/service-kit';

/**
 * The merchants service's environment. SMTP_URL and MAIL_FROM send the invite e-mails, whose link
 * points at PUBLIC_URL (the shell); IDENTITY_GRPC_ADDR answers members' names and e-mails.
 */
export const configSchema = z.object({
  GRPC_PORT: env.port(50052),
  DATABASE_URL: env.url(),
  NATS_URL: env.url(),
  CALLER_TOKEN_SECRET: env.secret(32),
  SMTP_URL: env.url(),
  MAIL_FROM: z.string().trim().min(1, 'obbligatorio'),
  /** Public base URL of the shell, used in the invite link (trailing slashes dropped). */
  PUBLIC_URL: env.url().transform((u) => u.replace(/\/+$/, '')),
  IDENTITY_GRPC_ADDR: env.address(),
  LOG_LEVEL: env.logLevel(),
  /**
   * Appended to durable consumer names. Empty in production (replicas share one durable and split
   * the work); set per stack when several independent stacks share one NATS server (e2e runs).
   */
  NATS_CONSUMER_SUFFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'solo lettere, cifre, - e _')
    .max(32)
    .default(''),
});

export type Config = z.output<typeof configSchema>;

/** Reads the environment once; a bad value stops the process naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, source);
}
