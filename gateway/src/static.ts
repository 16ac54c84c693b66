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
 * The variants the frontends' build writes beside a file (frontends/compress-assets.js), best
 * first: brotli is about 15 % smaller than gzip on our bundles.
 */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];
/** The files the build compresses (same list as frontends/compress-assets.js). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json)$/i;

/**
 * Whether the request's Accept-Encoding allows `coding` (RFC 9110 §12.5.3: q=0 refuses, `*` stands
 * for any coding not named). Without the header the plain file is sent: some clients that send
 * none cannot decode anything.
 */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let wildcard: number | undefined;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const quality = Number.isFinite(q) ? q : 0;
    if (name === coding) return quality > 0;
    if (name === '*') wildcard = quality;
  }
  return wildcard !== undefined && wildcard > 0;
}

const isFile = (p: string): Promise<boolean> =>
  fs.stat(p).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * Serves `<file>.br` or `<file>.gz` from `dir` in place of `<file>` when the request accepts that
 * encoding: the original's Content-Type and Cache-Control, `Content-Encoding`, and `Vary:
 * Accept-Encoding` on every answer for a file that has variants (the plain one too, so a shared cache
 * never hands compressed bytes to a client that did not ask for them). ETag, Last-Modified and
 * Content-Length are the variant's own (serve-static); Range is off for variants (a byte range of
 * compressed bytes is of no use to a browser). Anything else falls through to the plain server.
 */
function precompressedStatic(dir: string, extraHeaders?: (res: Response) => void): RequestHandler {
  const root = path.resolve(dir);
  const serveVariant = express.static(root, {
    index: false,
    fallthrough: true,
    redirect: false,
    acceptRanges: false,
    setHeaders: (res, filePath) => {
      const original = filePath.slice(0, -path.extname(filePath).length);
      // Before send() names a type from the `.br` extension, which it leaves alone when one is set.
      res.type(path.extname(original));
      res.setHeader('Cache-Control', cacheControlFor(original));
      extraHeaders?.(res);
    },
  });
  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep) || file.includes('\0')) return next();
    const [plain, ...present] = await Promise.all([isFile(file), ...ENCODINGS.map((e) => isFile(file + e.suffix))]);
    const variants = ENCODINGS.filter((_e, i) => present[i]);
    if (!plain || variants.length === 0) return next();
    res.vary('Accept-Encoding');
    const accept = req.headers['accept-encoding'];
    const chosen: Encoding | undefined = variants.find((e) => acceptsEncoding(accept, e.coding));
    if (!chosen) return next();
    const url = req.url;
    const query = url.indexOf('?');
    req.url = query === -1 ? url + chosen.suffix : url.slice(0, query) + chosen.suffix + url.slice(query);
    res.setHeader('Content-Encoding', chosen.coding);
    serveVariant(req, res, (err?: unknown) => {
      // Gone between the stat and the read: the plain server answers.
      req.url = url;
      res.removeHeader('Content-Encoding');
      next(err);
    });
  };
}

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
      const compressed = precompressedStatic(dir, corsHeaders);
      const plain = express.static(dir, staticOptions(corsHeaders));
      serve = (req, res, next) => compressed(req, res, () => plain(req, res, next));
      remoteServers.set(name, serve);
    }
    serve(req, res, () => notFound(res));
  });

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
