import fs from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler, type Response, type Router } from 'express';
import { messages } from '@smista/contracts';

/** Hashed build outputs (`main.3f9a1c2b.js`) never change under the same name. */
const HASHED = /[.-][0-9a-f]{8,}\.(?:js|mjs|css|map|woff2?|ttf|svg|png|jpe?g|gif|webp|avif|ico)$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, manifests, remoteEntry.js and unhashed files: always revalidate (ETag makes it cheap). */
const REVALIDATE = 'no-cache';

/** `gateway/assets`, beside dist/ (and src/ when run from source). */
const ASSETS_DIR = path.resolve(__dirname, '../assets');

const REMOTE_NAME = /^[a-z][a-z0-9-]*$/;
const SHELL = 'shell';

export function cacheControlFor(filePath: string): string {
  return HASHED.test(path.basename(filePath)) ? IMMUTABLE : REVALIDATE;
}

const staticOptions = (extraHeaders?: (res: Response) => void): Parameters<typeof express.static>[1] => ({
  index: false,
  fallthrough: true,
  redirect: false,
  setHeaders: (res, filePath) => {
    res.setHeader('Cache-Control', cacheControlFor(filePath));
    extraHeaders?.(res);
  },
});

/**
 * The remotes that exist on disk: every `<FRONTENDS_DIR>/<name>/dist/mf-manifest.json` except the
 * shell's. Read per request (a readdir of a handful of entries) so deploying a remote's files is
 * enough for the shell to find it, without restarting or rebuilding anything.
 */
export async function discoverRemotes(frontendsDir: string): Promise<Record<string, string>> {
  const names = await fs.readdir(frontendsDir).catch(() => [] as string[]);
  const candidates = names.filter((name) => name !== SHELL && REMOTE_NAME.test(name)).sort();
  const present = await Promise.all(candidates.map((name) => exists(path.join(frontendsDir, name, 'dist', 'mf-manifest.json'))));
  const out: Record<string, string> = {};
  candidates.forEach((name, i) => {
    if (present[i]) out[name] = `/remotes/${name}/mf-manifest.json`;
  });
  return out;
}

const exists = (p: string): Promise<boolean> =>
  fs.access(p).then(
    () => true,
    () => false,
  );

export interface StaticOptions {
  frontendsDir: string;
  /** Fixed remotes map (REMOTES env); when absent the map is discovered on disk. */
  remotes?: Record<string, string>;
}

/**
 * The micro-frontends: the shell at `/` with SPA fallback, each remote at `/remotes/<name>/` with
 * CORS headers, and the runtime manifest at `/remotes.json`.
 */
export function staticRouter(options: StaticOptions): Router {
  const router = express.Router();
  const shellDir = path.join(options.frontendsDir, SHELL, 'dist');

  router.get('/remotes.json', async (_req, res) => {
    res.setHeader('Cache-Control', REVALIDATE);
    res.json(options.remotes ?? (await discoverRemotes(options.frontendsDir)));
  });

  // Remote assets are loaded by the shell (possibly from another origin in development): CORS on,
  // and cross-origin resource policy relaxed for these files only.
  const remoteServers = new Map<string, RequestHandler>();
  const corsHeaders = (res: Response) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  };
  router.use('/remotes/:name', async (req, res) => {
    const name = req.params.name as string;
    if (!REMOTE_NAME.test(name) || name === SHELL) return notFound(res);
    if (req.method === 'OPTIONS') {
      corsHeaders(res);
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      return void res.status(204).end();
    }
    let serve = remoteServers.get(name);
    if (!serve) {
      // Only remotes present on disk get a file server, so made-up names cannot grow the map.
      const dir = path.join(options.frontendsDir, name, 'dist');
      if (!(await exists(dir))) return notFound(res);
      serve = express.static(dir, staticOptions(corsHeaders));
      remoteServers.set(name, serve);
    }
    serve(req, res, () => notFound(res));
  });

  // Images the API names (carrier logos: `GET /api/carriers` → `/assets/carriers/gls.svg`).
  router.use('/assets', express.static(ASSETS_DIR, { index: false, fallthrough: true, redirect: false, maxAge: '1d' }));

  router.use(express.static(shellDir, staticOptions()));

  // SPA fallback: any other GET that wants HTML gets the shell's index.html (client-side routes).
  const indexHtml = path.join(shellDir, 'index.html');
  router.use((req, res, next) => {
    // Only navigations (Accept names text/html): a missing script or image stays a 404.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.headers.accept?.includes('text/html')) return next();
    res.setHeader('Cache-Control', REVALIDATE);
    res.sendFile(indexHtml, (err) => {
      if (err && !res.headersSent) res.status(404).type('text/plain; charset=utf-8').send(messages.errors.frontendMissing);
    });
  });

  return router;
}

function notFound(res: Response): void {
  res.status(404).type('text/plain; charset=utf-8').send('Not found');
}
