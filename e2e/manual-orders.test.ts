/**
 * Orders from anywhere (issue 25), in headless chromium against the real stack and the GLS
 * sandbox: a new merchant with no marketplace sees 'Nuovo ordine' beside 'Configura le
 * integrazioni'; 'Nuova' on the shipments screen opens the manual order form; an empty form is
 * refused field by field in Italian with nothing sent; a line added and one removed; the order
 * saved ('Ordine M-000001 creato'), shown on its page with the carrier a rule gave it (as on
 * import), 'Crea spedizione' makes its shipment and 'Processa Tutte' its GLS label (the GLS
 * sandbox's tracking number); typed lines say their weight. A product picked from the catalogue
 * with the keyboard (and by touch at 390 px), a typed line with its weight and a box chosen in
 * 'Pacco': the order's weight shown before saving, then on its page with no 'Peso mancante', and
 * its GLS label. At 1280 and 390 px. Screenshots in /tmp/shots-manual-orders/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { PICKUP_ADDRESS } from './support/carriers';
import { glsAccount } from './support/marketplaces';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { DESKTOP, eventually, expectNoSidewaysScroll, expectToast, MOBILE, pathOf, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Elena', 'Conti', run);
const merchantName = `Bottega Conti ${run}`;
const SHOTS = '/tmp/shots-manual-orders';

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  ({ app, browser, page } = await scenario.start());
  merchantId = (await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName)).id;
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/${name}.png`);
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, body?: unknown) => api(browser.context, app.baseUrl, method, path, body);

/** 'Processa Tutte' on the shipments screen: the shipment gets a GLS label (the sandbox's MI… tracking number). */
async function processAllAndExpectGlsLabel(shipmentId: number): Promise<void> {
  await page.goto('/dashboard/shipments');
  await page.getByTestId('shipments-process-all').click();
  const labelled = await eventually(async () => {
    const s = (await call('GET', `/api/shipments/${shipmentId}`)).body;
    expect(s.status).toBe('shipped');
    return s;
  }, 60_000);
  expect(labelled.trackingNumber).toMatch(/^MI\d+$/);
}

/** GLS connected, a pickup address, and one rule sending everything with GLS: what a manual order's label needs. */
const glsByRule = given('GLS con una regola per tutto', async () => {
  await asAdmin();
  const gls = await glsAccount(browser.context, app.baseUrl, merchantId);
  if (((await call('GET', '/api/merchant-addresses')).body as any[]).length === 0) expect((await call('POST', '/api/merchant-addresses', PICKUP_ADDRESS)).status).toBe(201);
  const rules = (await call('GET', '/api/shipping-rules')).body as any[];
  if (!rules.some((r) => r.name === 'Tutto con GLS')) {
    const rule = await call('POST', '/api/shipping-rules', { name: 'Tutto con GLS', carrierIntegrationId: gls, conditions: {} });
    expect(rule.status).toBe(201);
  }
  return gls;
});

/**
 * A weighed product in the catalogue (learned from an order, as from an import, then weighed as the
 * Catalogo screen does) and two boxes in Impostazioni › Imballaggi, 'Scatola M' the default.
 */
const catalogueAndBoxes = given('un prodotto pesato nel catalogo e due pacchi', async () => {
  await asAdmin();
  const find = async () => ((await call('GET', '/api/products?search=VASO-BLU')).body.data as any[]).find((p) => p.sku === 'VASO-BLU');
  if (!(await find())) {
    const learned = await call('POST', '/api/orders', {
      address: { recipientName: 'Negozio', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20121', country: 'Italia', countryCode: 'IT' },
      items: [{ sku: 'VASO-BLU', title: 'Vaso in vetro blu', quantity: 1, unitPrice: '35' }],
    });
    expect(learned.status).toBe(201);
  }
  const product = await find();
  const weighed = await call('PUT', `/api/products/${product.id}`, { ...product, weightGrams: 1200 });
  expect(weighed.status).toBe(200);
  const presets = (await call('GET', '/api/package-presets')).body as any[];
  const preset = async (name: string, tareGrams: number, isDefault: boolean) => {
    const known = presets.find((p) => p.name === name);
    if (known) return known;
    const made = await call('POST', '/api/package-presets', { name, lengthMm: 300, widthMm: 200, heightMm: isDefault ? 150 : 30, tareGrams, maxWeightGrams: 0, isDefault });
    expect(made.status).toBe(201);
    return made.body;
  };
  return { vase: weighed.body, box: await preset('Scatola M', 150, true), envelope: await preset('Busta imbottita', 40, false) };
});

/** Fills the form's recipient for Torino. */
async function fillRecipient(p: Page) {
  await p.getByTestId('new-order-recipientName').fill('Giulia Bianchi');
  await p.getByTestId('new-order-recipientEmail').fill('giulia.bianchi@example.it');
  await p.getByTestId('new-order-phoneNumber').fill('+39 333 1234567');
  await p.getByTestId('new-order-addressLine1').fill('Via Garibaldi 5');
  await p.getByTestId('new-order-postalCode').fill('10121');
  await p.getByTestId('new-order-city').fill('Torino');
  await p.getByTestId('new-order-state').fill('TO');
  await p.getByTestId('new-order-countryCode').selectOption('IT');
}

/** A CSV of `n` orders (one or two items each), `;` and decimal commas, with a BOM: as Excel saves it. */
function csvOf(prefix: string, n: number): string {
  const rows = ['numero_ordine;data_ordine;destinatario;email;telefono;indirizzo;indirizzo_2;cap;citta;provincia;paese;sku;articolo;quantita;prezzo_unitario;note'];
  for (let i = 1; i <= n; i++) {
    rows.push(`${prefix}-${i};20/11/2026;Cliente ${i};;;Via Roma ${i};;20121;Milano;MI;IT;SKU-${i};Tazza ${i};1;12,50;`);
    if (i % 2 === 0) rows.push(`${prefix}-${i};;;;;;;;;;;;Piattino;2;3,90;`);
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

describe('manual orders (Nuovo ordine, Nuova on the shipments screen)', () => {
  step("a new merchant's empty orders screen offers 'Nuovo ordine' beside 'Configura le integrazioni' (1280 and 390 px)", async () => {
    await asAdmin();
    for (const size of [DESKTOP, MOBILE]) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/orders');
      await page.getByTestId('orders-no-integrations').waitFor();
      expect(await textOf(page.getByTestId('orders-empty-new'))).toBe('Nuovo ordine');
      expect(await textOf(page.getByTestId('orders-new'))).toBe('Nuovo ordine');
      await shot(page, `${size.width}-orders-empty`);
      await expectNoSidewaysScroll(page, size.width);
    }
    await page.setViewportSize(DESKTOP);
  });

  step("'Nuova' on the shipments screen opens the form; an empty form is refused field by field in Italian, nothing sent (390 px)", async () => {
    await asAdmin();
    await page.setViewportSize(MOBILE);
    try {
      await page.goto('/dashboard/shipments');
      await page.getByTestId('shipments-new').click();
      await page.getByTestId('new-order-form').waitFor();
      expect(pathOf(page)).toBe('/dashboard/orders/new');
      let posted = 0;
      page.on('request', (r) => void (r.method() === 'POST' && new URL(r.url()).pathname === '/api/orders' ? posted++ : undefined));
      await page.getByTestId('new-order-save').click();
      const errorOf = async (testId: string) => {
        const described = await page.getByTestId(testId).getAttribute('aria-describedby');
        return described ? textOf(page.locator(`[id="${described}"]`)) : '';
      };
      await eventually(async () => expect(await errorOf('new-order-recipientName')).toBe('Nome destinatario richiesto'));
      expect(await errorOf('new-order-addressLine1')).toBe('Indirizzo richiesto');
      expect(await errorOf('new-order-city')).toBe('Città richiesta');
      expect(await errorOf('new-order-postalCode')).toBe('Codice postale richiesto');
      expect(await page.getByTestId('new-order-item-title').first().getAttribute('aria-invalid')).toBe('true');
      expect(await errorOf('new-order-recipientName')).not.toBe('');
      await page.getByTestId('new-order-item-price').first().fill('dieci');
      await eventually(async () => {
        const described = await page.getByTestId('new-order-item-price').first().getAttribute('aria-describedby');
        expect(await textOf(page.locator(`[id="${described}"]`))).toBe('Il prezzo unitario deve essere un importo valido (es. 12,50)');
      });
      expect(posted).toBe(0);
      await shot(page, '390-new-order-errors');
      await expectNoSidewaysScroll(page, MOBILE.width);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  step("at 1280 px: lines added and removed, the total as typed, 'Crea ordine' → the order's page with the rule's GLS; 'Crea spedizione' and 'Processa Tutte' make its GLS label", async () => {
    const gls = await glsByRule.get();
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/shipments');
    await page.getByTestId('shipments-new').click();
    await page.getByTestId('new-order-form').waitFor();
    await fillRecipient(page);
    const rows = page.getByTestId('new-order-item');
    await rows.nth(0).getByTestId('new-order-item-sku').fill('TAZZA-01');
    await rows.nth(0).getByTestId('new-order-item-title').fill('Tazza in ceramica');
    await rows.nth(0).getByTestId('new-order-item-quantity').fill('2');
    await rows.nth(0).getByTestId('new-order-item-price').fill('12,50');
    // Typed lines say their weight (kg, decimal comma): without one the order is 'Peso mancante' and gets no label.
    await rows.nth(0).getByTestId('new-order-item-weight').fill('0,35');
    await page.getByTestId('new-order-add-item').click();
    await rows.nth(1).getByTestId('new-order-item-title').fill('Da togliere');
    await rows.nth(1).getByTestId('new-order-item-price').fill('99');
    await page.getByTestId('new-order-add-item').click();
    await rows.nth(2).getByTestId('new-order-item-title').fill('Biglietto di auguri');
    await rows.nth(2).getByTestId('new-order-item-price').fill('3.90');
    await eventually(async () => expect(await textOf(page.getByTestId('new-order-total'))).toMatch(/127,90\s*€/));
    expect(await page.getByTestId('new-order-weight').getAttribute('data-missing')).toBe('2,3');
    await rows.nth(2).getByTestId('new-order-item-weight').fill('0,02');
    await rows.nth(1).getByTestId('new-order-item-remove').click();
    expect(await rows.count()).toBe(2);
    await eventually(async () => expect(await textOf(page.getByTestId('new-order-total'))).toMatch(/28,90\s*€/));
    // 2 × 0,35 + 0,02 kg; no box yet for this merchant, so no tare
    expect(await textOf(page.getByTestId('new-order-weight-total'))).toBe('0,72 kg');
    await page.getByTestId('new-order-notes').fill('Consegnare di mattina');
    await shot(page, '1280-new-order-filled');
    await page.getByTestId('new-order-save').click();

    await expectToast(page, 'Ordine M-000001 creato');
    await page.getByTestId('order-detail-page').waitFor();
    expect(await textOf(page.getByTestId('order-title'))).toContain('M-000001');
    const orderId = Number(pathOf(page).split('/').pop());
    const order = (await call('GET', `/api/orders/${orderId}`)).body;
    expect(order).toMatchObject({ externalId: 'M-000001', marketplace: 'manual', integrationId: 0, total: '28.90', carrierIntegrationId: gls, appliedRule: { name: 'Tutto con GLS' } });
    expect(order.items.map((i: any) => [i.sku, i.title, i.quantity, i.unitPrice, i.weightGrams])).toEqual([
      ['TAZZA-01', 'Tazza in ceramica', 2, '12.50', 350],
      [null, 'Biglietto di auguri', 1, '3.90', 20],
    ]);
    expect(order).toMatchObject({ weightKg: 0.72, weightMissing: false });
    expect(await textOf(page.getByTestId('order-marketplace'))).toContain('Manuale');
    await shot(page, '1280-order-page');

    await page.getByTestId('order-create-shipment').click();
    await expectToast(page, 'Spedizioni create');
    const shipment = await eventually(async () => {
      const list = (await call('GET', `/api/shipments?search=M-000001`)).body;
      expect(list.data).toHaveLength(1);
      return list.data[0];
    });
    expect(shipment).toMatchObject({ carrierIntegrationId: gls, recipientName: 'Giulia Bianchi', city: 'Torino' });

    await processAllAndExpectGlsLabel(shipment.id);
    await eventually(async () => expect((await call('GET', `/api/orders/${orderId}`)).body.status).toBe('spedito'));
    await page.goto(`/orders/${orderId}`);
    await page.getByTestId('order-panel').waitFor();
    await shot(page, '1280-order-shipped');
  });

  step("a product picked from the catalogue with the keyboard, a typed line with its weight, 'Pacco' chosen: the order's weight before saving, then on its page (no 'Peso mancante') and its GLS label (1280 px)", async () => {
    await glsByRule.get();
    const { vase, envelope } = await catalogueAndBoxes.get();
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/orders/new');
    await page.getByTestId('new-order-form').waitFor();
    await fillRecipient(page);
    // No box chosen means a rule's box, else the default (as for an imported order): said so.
    await eventually(async () =>
      expect(await page.getByTestId('new-order-package').locator('option').allTextContents()).toEqual(expect.arrayContaining(['Automatico (Scatola M)', 'Scatola M (predefinito)', 'Busta imbottita'])),
    );
    expect(await page.getByTestId('new-order-package').inputValue()).toBe('');
    expect(await page.getByTestId('new-order-package-automatic').innerText()).toBe('Automatico: la scatola data da una regola di spedizione, altrimenti Scatola M.');

    const rows = page.getByTestId('new-order-item');
    const picker = rows.nth(0).getByTestId('new-order-picker-input');
    await picker.focus();
    await picker.pressSequentially('vaso');
    const option = page.getByTestId('new-order-picker-option').filter({ hasText: 'VASO-BLU' });
    // The list is the answer for 'vaso' (not the first products shown on focus): only the vase.
    await eventually(async () => {
      expect(await rows.nth(0).getByTestId('new-order-picker-listbox').getAttribute('aria-busy')).toBe('false');
      expect(await page.getByTestId('new-order-picker-option').count()).toBe(1);
    });
    await option.waitFor();
    expect(await picker.getAttribute('aria-expanded')).toBe('true');
    const optionText = await textOf(option);
    expect(optionText).toContain('Vaso in vetro blu');
    expect(optionText).toContain('1,2 kg');
    await shot(page, '1280-new-order-picker');
    await picker.press('ArrowDown');
    await eventually(async () => expect(await picker.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id')));
    await picker.press('Enter');
    await eventually(async () => expect(await rows.nth(0).getAttribute('data-product-id')).toBe(String(vase.id)));
    expect(await rows.nth(0).getByTestId('new-order-item-sku').inputValue()).toBe('VASO-BLU');
    expect(await rows.nth(0).getByTestId('new-order-item-title').inputValue()).toBe('Vaso in vetro blu');
    expect(await rows.nth(0).getByTestId('new-order-item-weight').inputValue()).toBe('1,2 kg');
    expect(await rows.nth(0).getByTestId('new-order-item-weight').getAttribute('readonly')).not.toBeNull();
    expect(await picker.inputValue()).toBe('');
    await rows.nth(0).getByTestId('new-order-item-quantity').fill('2');
    await rows.nth(0).getByTestId('new-order-item-price').fill('35');
    // 2 × 1,2 kg + Scatola M's 0,15 kg
    await eventually(async () => expect(await textOf(page.getByTestId('new-order-weight-total'))).toBe('2,55 kg'));

    await page.getByTestId('new-order-add-item').click();
    await rows.nth(1).getByTestId('new-order-item-title').fill('Biglietto di auguri');
    await rows.nth(1).getByTestId('new-order-item-price').fill('2');
    await eventually(async () => expect(await textOf(page.getByTestId('new-order-weight-missing'))).toContain("Peso mancante: l'articolo 2 non ha un peso"));
    await rows.nth(1).getByTestId('new-order-item-weight').fill('0,02');
    await page.getByTestId('new-order-package').selectOption(String(envelope.id));
    // 2 × 1,2 + 0,02 kg + the Busta's 0,04 kg
    await eventually(async () => expect(await textOf(page.getByTestId('new-order-weight-total'))).toBe('2,46 kg'));
    await shot(page, '1280-new-order-weighed');
    await page.getByTestId('new-order-save').click();

    await page.getByTestId('order-detail-page').waitFor();
    const orderId = Number(pathOf(page).split('/').pop());
    const order = (await call('GET', `/api/orders/${orderId}`)).body;
    expect(order).toMatchObject({ marketplace: 'manual', weightKg: 2.46, weightMissing: false, package: { presetId: envelope.id, name: 'Busta imbottita' } });
    expect(order.items.map((i: any) => [i.sku, i.productId, i.weightGrams])).toEqual([
      ['VASO-BLU', vase.id, 1200],
      [null, null, 20],
    ]);
    await page.getByTestId('order-panel').waitFor();
    expect(await textOf(page.getByTestId('order-weight'))).toBe('2,46 kg');
    expect(await page.getByText('Peso mancante').count()).toBe(0);
    await shot(page, '1280-order-weighed');

    await page.getByTestId('order-create-shipment').click();
    await expectToast(page, 'Spedizioni create');
    const shipment = await eventually(async () => {
      const list = (await call('GET', `/api/shipments?search=${order.externalId}`)).body;
      expect(list.data).toHaveLength(1);
      return list.data[0];
    });
    await processAllAndExpectGlsLabel(shipment.id);
  });

  step('at 390 px: the catalogue picker by touch, the package and the weight in one column, nothing sideways', async () => {
    await catalogueAndBoxes.get();
    await asAdmin();
    await page.setViewportSize(MOBILE);
    try {
      await page.goto('/dashboard/orders/new');
      await page.getByTestId('new-order-form').waitFor();
      const picker = page.getByTestId('new-order-picker-input').first();
      await picker.click();
      await picker.pressSequentially('blu');
      const option = page.getByTestId('new-order-picker-option').filter({ hasText: 'VASO-BLU' });
      await eventually(async () => {
        expect(await page.getByTestId('new-order-picker-listbox').first().getAttribute('aria-busy')).toBe('false');
        expect(await page.getByTestId('new-order-picker-option').count()).toBe(1);
      });
      await shot(page, '390-new-order-picker');
      await expectNoSidewaysScroll(page, MOBILE.width);
      await option.click();
      await eventually(async () => expect(await page.getByTestId('new-order-item-linked').first().textContent()).toBe('Dal catalogo: VASO-BLU'));
      await eventually(async () => expect(await textOf(page.getByTestId('new-order-weight-total'))).toBe('1,35 kg'));
      await page.getByTestId('new-order-package').scrollIntoViewIfNeeded();
      await shot(page, '390-new-order-picked');
      await expectNoSidewaysScroll(page, MOBILE.width);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  step("'Importa CSV': a file of 50 orders previewed and imported, then the same file again: 50 orders, not 100 (1280 and 390 px)", async () => {
    await asAdmin();
    const file = { name: 'ordini-negozio.csv', mimeType: 'text/csv', buffer: Buffer.from(csvOf(`CSV${run}`, 50), 'utf8') };
    const before = (await call('GET', '/api/orders')).body.meta.totalItems as number;
    for (const [round, size] of [[1, DESKTOP], [2, MOBILE]] as const) {
      await page.setViewportSize(size);
      await page.goto('/dashboard/orders');
      await page.getByTestId('orders-import-csv').click();
      await page.getByTestId('csv-import-page').waitFor();
      await page.getByTestId('csv-import-file').setInputFiles(file);
      await page.getByTestId('csv-import-preview').waitFor();
      expect(await textOf(page.getByTestId('csv-import-summary'))).toBe('75 righe, 50 ordini validi');
      if (round === 1) {
        expect(await textOf(page.getByTestId('csv-import-new'))).toBe('50 ordini da creare');
        expect(await page.getByTestId('csv-import-already').count()).toBe(0);
      } else {
        expect(await textOf(page.getByTestId('csv-import-new'))).toBe('0 ordini da creare');
        expect(await textOf(page.getByTestId('csv-import-already'))).toBe('50 ordini già importati (non verranno toccati)');
      }
      await shot(page, `${size.width}-csv-preview-${round}`);
      await expectNoSidewaysScroll(page, size.width);
      await page.getByTestId('csv-import-start').click();
      await eventually(async () => expect(await page.getByTestId('csv-import-job').getAttribute('data-status')).toBe('completed'), 60_000);
      expect(await textOf(page.getByTestId('csv-import-job-result'))).toBe(round === 1 ? '50 ordini creati, 0 già presenti.' : '0 ordini creati, 50 già presenti.');
      await shot(page, `${size.width}-csv-done-${round}`);
      expect((await call('GET', '/api/orders')).body.meta.totalItems).toBe(before + 50);
    }
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('csv-import-go-orders').click();
    await page.getByTestId('order-row').first().waitFor();
    await shot(page, '1280-orders-after-csv');
  });

  step("a file with problems: each row's problem by row and column in Italian, 'Importa' off, nothing written", async () => {
    await asAdmin();
    await page.setViewportSize(DESKTOP);
    const before = (await call('GET', '/api/orders')).body.meta.totalItems as number;
    const bad = ['numero_ordine;destinatario;indirizzo;cap;citta;paese;articolo;quantita;prezzo_unitario', 'E-1;Giulia;Via Roma 1;;Torino;IT;Tazza;0;12,50', 'E-2;Marco;Via Po 2;10100;Torino;ITA;Piatto;1;dieci'].join('\n');
    await page.goto('/dashboard/orders/import');
    await page.getByTestId('csv-import-file').setInputFiles({ name: 'errori.csv', mimeType: 'text/csv', buffer: Buffer.from(bad, 'utf8') });
    await page.getByTestId('csv-import-problems').waitFor();
    const problems = await page.getByTestId('csv-import-problem').evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td')).map((c) => c.textContent?.trim())));
    expect(problems).toEqual([
      ['2', 'cap', 'Codice postale richiesto'],
      ['2', 'quantita', 'La quantità deve essere un numero intero da 1 a 10000'],
      ['3', 'paese', 'Il codice paese deve essere di 2 lettere (es. IT)'],
      ['3', 'prezzo_unitario', 'Il prezzo unitario deve essere un importo valido (es. 12,50)'],
    ]);
    expect(await page.getByTestId('csv-import-start').isDisabled()).toBe(true);
    await shot(page, '1280-csv-problems');
    expect((await call('GET', '/api/orders')).body.meta.totalItems).toBe(before);
  });

  step('at 390 px: the form and the order page in one column, nothing sideways', async () => {
    await asAdmin();
    await page.setViewportSize(MOBILE);
    try {
      await page.goto('/dashboard/orders/new');
      await page.getByTestId('new-order-form').waitFor();
      await fillRecipient(page);
      await page.getByTestId('new-order-add-item').click();
      await shot(page, '390-new-order');
      await expectNoSidewaysScroll(page, MOBILE.width);
      await page.goto('/dashboard/orders');
      await page.getByTestId('order-row').first().waitFor();
      await shot(page, '390-orders-with-manual');
      await expectNoSidewaysScroll(page, MOBILE.width);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
