import path from 'node:path';
import { z } from 'zod';
import { messages } from '@smista/contracts';
import { env, loadConfig, parseConfig } from '@smista/service-kit';
import { DEFAULT_REMOTES_BUCKET } from './registry';

/** `/remotes/orders/` or `https://cdn.example.com/orders/`: where the browser finds the files. */
const publicUrl = z
  .string()
  .refine((s) => (s.startsWith('/') && !s.startsWith('//')) || /^https?:\/\/[^/]+\//i.test(s), messages.config.remotePublicUrl)
  .refine((s) => s.endsWith('/'), messages.config.remotePublicUrl);

/** The registry bucket's name: the gateway's REMOTES_BUCKET and every remote server's must agree. */
export const bucketName = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, messages.config.bucketName)
  .default(DEFAULT_REMOTES_BUCKET);

const schema = z
  .object({
    PORT: env.port(8090),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Admin HTTP server (/metrics, /livez, /readyz), never the public port. */
    METRICS_PORT: env.port(9464),
    /** The remote's built files (its `dist`, with mf-manifest.json); default `./dist`. */
    REMOTE_DIR: z
      .string()
      .refine((p) => path.isAbsolute(p), messages.config.absolutePath)
      .optional(),
    /**
     * Where the browser reaches these files, ending in `/`: root-relative behind the same host as
     * the shell (the Ingress routes `/remotes/<name>/` here), or absolute for another origin (the
     * gateway's REMOTE_ORIGINS must name it). The server serves them at its path. Default
     * `/remotes/<name>/`.
     */
    REMOTE_PUBLIC_URL: publicUrl.optional(),
    NATS_URL: env.url(),
    REMOTES_BUCKET: bucketName,
    LOG_LEVEL: env.logLevel(),
  })
  .transform((c) => ({
    port: c.PORT,
    host: c.HOST,
    metricsPort: c.METRICS_PORT,
    remoteDir: c.REMOTE_DIR ?? path.resolve('dist'),
    publicUrl: c.REMOTE_PUBLIC_URL,
    natsUrl: c.NATS_URL,
    bucket: c.REMOTES_BUCKET,
    logLevel: c.LOG_LEVEL,
  }));

export type RemoteServerConfig = z.output<typeof schema>;

/** Reads the environment once at start; a bad variable stops the process naming it. */
export const loadRemoteServerConfig = (source: NodeJS.ProcessEnv = process.env): RemoteServerConfig => loadConfig(schema, source);

/** Like {@link loadRemoteServerConfig} but throws; for tests. */
export const parseRemoteServerConfig = (source: NodeJS.ProcessEnv): RemoteServerConfig => parseConfig(schema, source);

/** The path the files are served at: the public URL's own path (`/remotes/orders/`). */
export function servedPath(publicUrl: string): string {
  return publicUrl.startsWith('/') ? publicUrl : new URL(publicUrl).pathname;
}
