import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { packageDir } from './paths';

/** Folder of the sample pages (`deploy/local/pages`). */
export const SAMPLE_PAGES_DIR = path.join(packageDir, 'pages');

/** The sample legal pages, by the gateway variable that points at them. */
export const LEGAL_SAMPLE_PAGES = { LEGAL_TERMS_URL: 'termini.html', LEGAL_PRIVACY_URL: 'privacy.html' } as const;

export interface SamplePagesOptions {
  /** HTTP port on 127.0.0.1 (dev 8045); 0 picks a free one. */
  port: number;
  /** Default {@link SAMPLE_PAGES_DIR}. */
  dir?: string;
}

/** A running sample-pages server. */
export interface SamplePages {
  readonly port: number;
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** URLs of the sample 'Termini e Condizioni' and 'Privacy Policy' pages, for the gateway. */
  readonly legalUrls: { termsUrl: string; privacyUrl: string };
  stop(): Promise<void>;
}

/**
 * The sample legal pages under a pages server's base URL.
 *
 * @example legalSampleUrls('http://127.0.0.1:8045').termsUrl // 'http://127.0.0.1:8045/termini.html'
 */
export function legalSampleUrls(pagesUrl: string): { termsUrl: string; privacyUrl: string } {
  const base = pagesUrl.replace(/\/+$/, '');
  return { termsUrl: `${base}/${LEGAL_SAMPLE_PAGES.LEGAL_TERMS_URL}`, privacyUrl: `${base}/${LEGAL_SAMPLE_PAGES.LEGAL_PRIVACY_URL}` };
}

/** Only plain page names: no folders, so nothing outside `dir` can be asked for. */
const PAGE_NAME = /^[a-z0-9][a-z0-9-]*\.html$/;

/**
 * Serves the `.html` files of a folder on 127.0.0.1: the sample 'Termini e Condizioni' and 'Privacy
 * Policy' pages that the local gateway links through LEGAL_TERMS_URL and LEGAL_PRIVACY_URL (dev
 * 8045, tests 8055 + offset). Files are read on each request, so an edit shows at once.
 *
 * @example
 * const pages = await startSamplePages({ port: 8045 });
 * // gateway env: LEGAL_TERMS_URL=pages.legalUrls.termsUrl
 */
export async function startSamplePages(options: SamplePagesOptions): Promise<SamplePages> {
  const dir = options.dir ?? SAMPLE_PAGES_DIR;
  const server = http.createServer((req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, {
        'content-type': `${type}; charset=utf-8`,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'",
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'Metodo non consentito');
    // Page names are plain ASCII: the path is compared as sent, never decoded.
    const name = new URL(req.url ?? '/', 'http://localhost').pathname.slice(1);
    if (name === '') {
      const pages = fs.readdirSync(dir).filter((f) => PAGE_NAME.test(f)).sort();
      const items = pages.map((p) => `<li><a href="/${p}">${p}</a></li>`).join('');
      return send(200, 'text/html', `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Pagine di esempio</title></head><body><h1>Pagine di esempio</h1><ul>${items}</ul></body></html>`);
    }
    if (!PAGE_NAME.test(name)) return send(404, 'text/plain', 'Pagina non trovata');
    let body: string;
    try {
      body = fs.readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return send(404, 'text/plain', 'Pagina non trovata');
    }
    return send(200, 'text/html', body);
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    legalUrls: legalSampleUrls(url),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
