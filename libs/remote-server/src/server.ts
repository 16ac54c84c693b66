import fs from 'node:fs/promises';
import path from 'node:path';
import express, { type Express } from 'express';
import { messages } from '@smista/contracts';
import { announcementFromManifest, type RemoteAnnouncement } from './announcement';
import { remoteFiles } from './static-files';

/**
 * The tiny server of one remote: its dist at `servedAt` (`/remotes/orders/`) with the precompressed
 * variants, cache rules and CORS headers of {@link remoteFiles}, `GET /healthz`, and the Italian
 * 404 for anything else.
 */
export function remoteServerApp(options: { remoteDir: string; servedAt: string }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.use(options.servedAt.replace(/\/$/, '') || '/', remoteFiles(options.remoteDir));
  app.use((_req, res) => void res.status(404).type('text/plain; charset=utf-8').send(messages.errors.notFound));
  return app;
}

/**
 * The announcement of the remote built in `remoteDir`, read from its mf-manifest.json now (so a
 * build replaced on disk announces its new version). `publicUrl` defaults to `/remotes/<name>/`.
 */
export async function announcementOf(
  remoteDir: string,
  where: { publicUrl?: string; instance: string; startedAt: Date },
): Promise<RemoteAnnouncement> {
  const manifest: unknown = JSON.parse(await fs.readFile(path.join(remoteDir, 'mf-manifest.json'), 'utf8'));
  const name = (manifest as { name?: unknown }).name;
  const base = where.publicUrl ?? `/remotes/${String(name)}/`;
  return announcementFromManifest(manifest, { manifestUrl: `${base}mf-manifest.json`, instance: where.instance, startedAt: where.startedAt });
}
