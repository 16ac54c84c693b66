import { z } from 'zod';

/**
 * Parses the environment once at start. A bad or missing variable stops the process with a
 * message naming it, so a misconfigured deployment fails at once instead of at the first request.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  process.stderr.write(`Configurazione non valida, variabili d'ambiente errate:\n${lines.join('\n')}\n`);
  process.exit(1);
}

/** Like loadConfig but throws instead of exiting; for tests and tools. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new Error(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return result.data;
}

/** Pieces that every service's config schema is built from. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: () => z.string().url(),
  address: () => z.string().regex(/^[\w.-]+:\d+$/, 'deve essere host:porta'),
  secret: (minLength = 32) => z.string().min(minLength, `deve contenere almeno ${minLength} caratteri`),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
};
