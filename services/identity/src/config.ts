import { z } from 'zod';
import { env } from '@smista/service-kit';

/** The identity service's environment, parsed once at start (see main.ts). */
export const configSchema = z.object({
  GRPC_PORT: env.port(50051),
  DATABASE_URL: env.url(),
  NATS_URL: env.url(),
  /** Shared HS256 secret for the caller tokens this service signs and every service verifies. */
  CALLER_TOKEN_SECRET: env.secret(32),
  SMTP_URL: env.url(),
  MAIL_FROM: z.string().min(3).default('Smista <no-reply@smista.local>'),
  /** Public base URL of the shell, used in the password-reset link. */
  PUBLIC_URL: env.url().transform((u) => u.replace(/\/+$/, '')),
  MERCHANTS_GRPC_ADDR: env.address(),
  LOG_LEVEL: env.logLevel(),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(168),
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
