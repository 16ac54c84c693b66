import fs from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler, type Response, type Router } from 'express';
import { messages } from '@smista/contracts';
import { REMOTE_NAME, REVALIDATE, precompressedStatic, remoteFiles, staticOptions } from '@smista/remote-server';
import { SHELL, type RemotesRegistry } from './remotes';

/** `gateway/assets`, beside dist/ (and src/ when run from source). */
const ASSETS_DIR = path.resolve(__dirname, '../assets');

export { acceptsEncoding, cacheControlFor } from '@smista/remote-server';

const exists = (p: string): Promise<boolean> =>
  fs.access(p).then(
    () => true,
    () => false,
  );

export interface StaticOptions {
  frontendsDir: string;
  /** The deployed remotes `/remotes.json` lists (remotes.ts). */
  remotes: RemotesRegistry;
  /** LOCAL_REMOTES: serve the remotes built under `frontendsDir` at `/remotes/<name>/`. */
  serveLocalRemotes: boolean;
}

/**
 * The micro-frontends: the shell at `/` with SPA fallback, the runtime manifest at `/remotes.json`
 * (the deployed remotes, from the registry), and with LOCAL_REMOTES the remotes on disk at
 * `/remotes/<name>/` with CORS headers, like a remote's own server.
 */
export function staticRouter(options: StaticOptions): Router {
  const router = express.Router();
  const shellDir = path.join(options.frontendsDir, SHELL, 'dist');

  router.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(options.remotes.listing());
  });

  if (options.serveLocalRemotes) {
    const remoteServers = new Map<string, RequestHandler>();
    router.use('/remotes/:name', async (req, res) => {
      const name = req.params.name as string;
      if (!REMOTE_NAME.test(name) || name === SHELL) return notFound(res);
      let serve = remoteServers.get(name);
      if (!serve) {
        // Only remotes present on disk get a file server, so made-up names cannot grow the map.
        const dir = path.join(options.frontendsDir, name, 'dist');
        if (!(await exists(dir))) return notFound(res);
        serve = remoteFiles(dir);
        remoteServers.set(name, serve);
      }
      serve(req, res, () => notFound(res));
    });
  }

  // Images the API names (carrier logos: `GET /api/carriers` → `/assets/carriers/gls.svg`).
  router.use('/assets', express.static(ASSETS_DIR, { index: false, fallthrough: true, redirect: false, maxAge: '1d' }));

  const shellCompressed = precompressedStatic(shellDir);
  router.use(shellCompressed);
  router.use(express.static(shellDir, staticOptions()));

  // SPA fallback: any other GET that wants HTML gets the shell's index.html (client-side routes).
  const indexHtml = path.join(shellDir, 'index.html');
  router.use((req, res, next) => {
    // Only navigations (Accept names text/html): a missing script or image stays a 404.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.headers.accept?.includes('text/html')) return next();
    const sendPlain = () => {
      res.setHeader('Cache-Control', REVALIDATE);
      res.sendFile(indexHtml, (err) => {
        if (err && !res.headersSent) res.status(404).type('text/plain; charset=utf-8').send(messages.errors.frontendMissing);
      });
    };
    // Its compressed variant when the build wrote one (index.html grows past the 1 KB threshold).
    const url = req.url;
    req.url = '/index.html';
    shellCompressed(req, res, () => {
      req.url = url;
      sendPlain();
    });
  });

  return router;
}

/** 404 for a path no route and no file answers: the Italian message, as text (scripts, images, anything but a page). */
export function notFound(res: Response): void {
  res.status(404).type('text/plain; charset=utf-8').send(messages.errors.notFound);
}
