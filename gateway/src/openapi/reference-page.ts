import path from 'node:path';
import express, { type Router } from 'express';

/** The page and its start-up script, ours (`gateway/assets/api-docs/`). */
const PAGE_DIR = path.join(__dirname, '../../assets/api-docs');
/** Swagger UI's built files, from the npm package: served by the gateway, never from a CDN. */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
/** Only the files the page loads: the package also holds a demo page that points at petstore. */
const SWAGGER_UI_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png'];

/** Where the reference page is. */
export const API_DOCS_PATH = '/api/docs';

/**
 * `GET /api/docs`: the API reference, Swagger UI reading `/api/openapi.json`. Static files only,
 * under the gateway's usual CSP (scripts from 'self'). Public, like the document it shows.
 */
export function apiReferencePage(): Router {
  const router = express.Router({ strict: false, caseSensitive: true });
  const send = (dir: string, file: string): express.RequestHandler => (_req, res, next) => {
    // One metrics label for the page and its files, as for a route of the table.
    res.locals.route = API_DOCS_PATH;
    res.sendFile(file, { root: dir }, (err) => err && next(err));
  };
  router.get(API_DOCS_PATH, send(PAGE_DIR, 'index.html'));
  router.get(`${API_DOCS_PATH}/init.js`, send(PAGE_DIR, 'init.js'));
  for (const file of SWAGGER_UI_FILES) router.get(`${API_DOCS_PATH}/${file}`, send(SWAGGER_UI_DIR, file));
  return router;
}
