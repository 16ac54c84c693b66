/**
 * The API described (issue 27), against a real gateway process: `GET /api/openapi.json` answers the
 * document of the route table the gateway runs, and `/api/docs` shows it with Swagger UI served
 * from the gateway itself, under the gateway's CSP, in headless chromium without a violation.
 * No service is behind the gateway: the page and the document need none.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createLogger } from '@smista/service-kit';
import { tmpDir } from '../../deploy/local/src/paths';
import { startApp, type App } from '../../deploy/local/src/stack';
import { launchBrowser, type BrowserSession } from '../../e2e/support/browser';
import { sharedInfra } from '../../e2e/support/env';
import { createRouteTable } from '../src/routes';
import { conformanceProblems } from './support/api-conformance';
import { partialApp } from './support/partial-app';

const { components, absentPeers } = partialApp(['gateway']);
const table = createRouteTable({ legal: { termsUrl: null, privacyUrl: null }, logger: createLogger('api-docs-test', 'silent') });
/** Where the page's screenshot goes, to look at. */
const SHOT = path.join(os.tmpdir(), 'smista-api-docs.png');

let app: App;
let browser: BrowserSession;

beforeAll(async () => {
  app = await startApp({
    infra: sharedInfra(),
    ports: 'free',
    databases: 'fresh',
    components,
    output: { mode: 'files', logDir: path.join(tmpDir, 'e2e-logs', `api-docs-${Date.now().toString(36)}`) },
    componentEnv: { gateway: { ...absentPeers, RATE_LIMIT_ENABLED: 'false' } },
    detached: false,
  });
  browser = await launchBrowser({ baseURL: app.baseUrl });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('GET /api/openapi.json', () => {
  it('answers the valid OpenAPI 3.1 document of every route the gateway runs, uncached like every /api answer', async () => {
    const res = await fetch(`${app.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(await new Validator().validate(document as never)).toEqual({ valid: true });
    const documented = Object.entries(document.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(table.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`).sort());
  });
});

describe("the suites' conformance check (support/api-conformance.ts)", () => {
  const check = (answer: Partial<Parameters<typeof conformanceProblems>[1]>) =>
    conformanceProblems(app.baseUrl, { method: 'GET', path: '/api/public-config', status: 200, contentType: 'application/json; charset=utf-8', body: undefined, ...answer });

  it('passes an answer the document describes', async () => {
    const res = await fetch(`${app.baseUrl}/api/public-config`);
    expect(await check({ body: await res.json() })).toEqual([]);
    expect(await check({ method: 'POST', path: '/api/login', status: 401, body: { message: 'Email o password non validi' } })).toEqual([]);
    expect(await check({ path: '/api/orders?page=2', status: 503, body: { message: 'Servizio non disponibile' } })).toEqual([]);
  });

  it('names a body that does not fit, a status not listed, a content type not listed and a route not documented', async () => {
    expect(await check({ body: { termsUrl: 1 } })).toEqual(
      expect.arrayContaining([expect.stringContaining('GET /api/public-config → 200 (gateway_get_public_config)')]),
    );
    expect(await check({ status: 201, body: {} })).toEqual([expect.stringContaining('the document lists 200')]);
    expect(await check({ contentType: 'text/html', body: '<p>' })).toEqual([expect.stringContaining('content type text/html is not one of application/json')]);
    expect(await check({ method: 'POST', path: '/api/login', status: 401, body: { errore: 'no' } })).toEqual([
      expect.stringContaining("must have required property 'message'"),
    ]);
    expect(await check({ path: '/api/nowhere', status: 200, body: {} })).toEqual(['GET /api/nowhere is not in the API document']);
  });
});

describe('GET /api/docs', () => {
  it("is an HTML page whose scripts are the gateway's own files, under the gateway's CSP", async () => {
    const res = await fetch(`${app.baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;| )/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-eval/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((s) => s[1]!.trim())).toEqual(['src="/api/docs/swagger-ui-bundle.js"', 'src="/api/docs/init.js"']);
    expect(scripts.every((s) => s[2] === '')).toBe(true);
    for (const file of ['swagger-ui-bundle.js', 'init.js', 'swagger-ui.css']) {
      const asset = await fetch(`${app.baseUrl}/api/docs/${file}`);
      expect({ file, status: asset.status }).toEqual({ file, status: 200 });
      await asset.arrayBuffer();
    }
  });

  it('serves only the files the page loads, not the rest of the package (its demo page, package.json)', async () => {
    for (const file of ['index.html', 'swagger-initializer.js', 'package.json', '../package.json']) {
      const res = await fetch(`${app.baseUrl}/api/docs/${file}`);
      expect({ file, status: res.status }).toEqual({ file, status: 404 });
      await res.arrayBuffer();
    }
  });

  it('renders the title and the operations in chromium without a single CSP violation', async () => {
    const { page } = browser;
    await page.addInitScript(() => {
      /* eslint-disable @typescript-eslint/no-explicit-any -- in the page; the gateway's tsconfig has no DOM types */
      const w = globalThis as any;
      w.__csp = [];
      w.document.addEventListener('securitypolicyviolation', (e: any) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /Smista API/ }).waitFor({ timeout: 20_000 });
    const login = page.locator('.opblock', { hasText: '/api/login' }).first();
    await login.waitFor();
    // Open one operation: its parameters and responses render from the document too.
    await login.locator('.opblock-summary').click();
    // The 415's example: the Italian envelope of the CSRF content-type rule.
    await login.locator('.responses-table').getByText('Il corpo della richiesta deve essere in formato JSON').first().waitFor();
    expect(await page.locator('.opblock').count()).toBe(table.length);
    fs.rmSync(SHOT, { force: true });
    await page.screenshot({ path: SHOT, fullPage: false });
    expect(fs.statSync(SHOT).size).toBeGreaterThan(10_000);
    expect(await page.evaluate(() => (globalThis as any).__csp)).toEqual([]);
    expect(failed).toEqual([]);
  }, 60_000);
});
