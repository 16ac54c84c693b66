import { z } from 'zod';
import { env, loadConfig } from '@smista/service-kit';

/**
 * The merchants service's environment. SMTP_URL, MAIL_FROM, PUBLIC_URL and IDENTITY_GRPC_ADDR are
 * used by invites (invite e-mails link to PUBLIC_URL, the inviter's e-mail comes from identity);
 * they are required already so a deployment is complete before that feature ships.
 */
export const configSchema = z.object({
  GRPC_PORT: env.port(50052),
  DATABASE_URL: env.url(),
  NATS_URL: env.url(),
  CALLER_TOKEN_SECRET: env.secret(32),
  SMTP_URL: env.url(),
  MAIL_FROM: z.string().trim().min(1, 'obbligatorio'),
  PUBLIC_URL: env.url(),
  IDENTITY_GRPC_ADDR: env.address(),
  LOG_LEVEL: env.logLevel(),
});

export type Config = z.output<typeof configSchema>;

/** Reads the environment once; a bad value stops the process naming the variable. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(configSchema, source);
}
