import { startSamplePages, type SamplePages } from './sample-pages';

let pages: SamplePages;
beforeAll(async () => {
  pages = await startSamplePages({ port: 0 });
});
afterAll(() => pages.stop());

test.each([
  ['termsUrl', 'Termini e Condizioni', 'LEGAL_TERMS_URL'],
  ['privacyUrl', 'Privacy Policy', 'LEGAL_PRIVACY_URL'],
] as const)('the %s page says it is a sample and which variable replaces it', async (key, title, variable) => {
  const res = await fetch(pages.legalUrls[key]);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await res.text();
  expect(html).toContain('<html lang="it">');
  expect(html).toContain(`<h1>${title}</h1>`);
  expect(html).toContain('<strong>Pagina di esempio:</strong>');
  expect(html).toContain(`Sostituisci questo indirizzo con la tua pagina configurando <code>${variable}</code>`);
});

test('serves only the pages of its folder', async () => {
  expect(pages.legalUrls.termsUrl).toBe(`${pages.url}/termini.html`);
  const index = await (await fetch(`${pages.url}/`)).text();
  expect(index).toContain('href="/privacy.html"');
  expect(index).toContain('href="/termini.html"');
  for (const path of ['/nessuna.html', '/../package.json', '/%2e%2e/package.json', '/pages/termini.html', '/%E0%A4%A']) {
    expect((await fetch(`${pages.url}${path}`)).status).toBe(404);
  }
  expect((await fetch(pages.legalUrls.termsUrl, { method: 'POST' })).status).toBe(405);
});
