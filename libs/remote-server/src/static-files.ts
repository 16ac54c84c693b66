import fs from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';

/** Hashed build outputs (`main.3f9a1c2b.js`) never change under the same name. */
const HASHED = /[.-][0-9a-f]{8,}\.(?:js|mjs|css|map|woff2?|ttf|svg|png|jpe?g|gif|webp|avif|ico)$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, manifests, remoteEntry.js and unhashed files: always revalidate (ETag makes it cheap). */
export const REVALIDATE = 'no-cache';

/** Cache-Control of a built file: a year for content-hashed names, revalidation for the rest. */
export function cacheControlFor(filePath: string): string {
  return HASHED.test(path.basename(filePath)) ? IMMUTABLE : REVALIDATE;
}

export const staticOptions = (extraHeaders?: (res: Response) => void): Parameters<typeof express.static>[1] => ({
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
export function precompressedStatic(dir: string, extraHeaders?: (res: Response) => void): RequestHandler {
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
 * Remote assets are loaded by the shell, possibly from another origin: CORS on, and the
 * cross-origin resource policy relaxed for these files only.
 */
export function remoteCorsHeaders(res: Response): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

/**
 * The files of one remote's dist, as the shell loads them wherever the remote is deployed (the
 * gateway for the remotes on its disk, the remote's own server otherwise): the `.br`/`.gz` variant
 * the browser accepts, the cache rules of {@link cacheControlFor}, CORS headers, and an answer to
 * the preflight. Anything else falls through to `next`.
 */
export function remoteFiles(dir: string): RequestHandler {
  const compressed = precompressedStatic(dir, remoteCorsHeaders);
  const plain = express.static(dir, staticOptions(remoteCorsHeaders));
  return (req, res, next) => {
    if (req.method === 'OPTIONS') {
      remoteCorsHeaders(res);
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      return void res.status(204).end();
    }
    compressed(req, res, () => plain(req, res, next));
  };
}
