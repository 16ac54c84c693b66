/**
 * End to end, in headless chromium against the real stack: the merchant's addresses in
 * Impostazioni → Indirizzi (spec §2 'I Tuoi Indirizzi' and the address dialog, §3 address fields
 * and countries, §5 address validation, §7 /api/merchant-addresses, §8 address toasts): the empty
 * state, the dialog's validation, creating (Germania → DE), editing, a second default address
 * taking the Default badge, deleting after the confirmation, and the mobile layout (cards, the
 * dialog as a bottom drawer).
 *
 * One app and one browser for the whole file; tests run in order and build on each other.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { repoRoot } from '../deploy/local/src/paths';
import { startApp, type TestApp } from './support/app';
import { launchBrowser, type BrowserSession } from './support/browser';

const TEST_TIMEOUT_MS = 90_000;
/** Playwright waits: well below the test timeout, so a stuck step fails with its own message (and a screenshot). */
const STEP_TIMEOUT_MS = 25_000;

// --- helpers (kept in each e2e file: the folder's support code belongs to e2e/support) -----------

const SCREENSHOT_DIR = path.join(repoRoot, '.tmp', 'e2e-screenshots');

/** The first failed step of this file: the steps after it build on it, so they fail at once instead of timing out. */
let brokenStep: string | null = null;

/**
 * A step of this file's scenario. On failure it saves a screenshot of every open page into
 * .tmp/e2e-screenshots/; after a failure the later steps fail immediately (unless `standalone`).
 */
function e2eTest(name: string, pages: () => Page[], body: () => Promise<void>, options: { standalone?: boolean } = {}): void {
  test(
    name,
    async () => {
      if (brokenStep !== null && !options.standalone) throw new Error(`Non eseguito: dipende dal passo fallito «${brokenStep}»`);
      try {
        await body();
      } catch (err) {
        brokenStep ??= name;
        fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const slug = `${path.basename(__filename, '.test.ts')}-${name}`.replace(/[^a-z0-9]+/gi, '-').slice(0, 120);
        const shots = await Promise.all(
          pages().map(async (p, i) => {
            const file = path.join(SCREENSHOT_DIR, `${slug}-${i}-${Date.now()}.png`);
            return p.screenshot({ path: file, fullPage: true, timeout: 5_000 }).then(() => `${path.relative(repoRoot, file)} (${p.url()})`, () => null);
          }),
        );
        const saved = shots.filter(Boolean);
        if (saved.length && err instanceof Error) err.message += `\nScreenshot: ${saved.join(', ')}`;
        if (app && err instanceof Error) err.message += `\nLog dei componenti: ${path.relative(repoRoot, app.logDir)}`;
        throw err;
      }
    },
    TEST_TIMEOUT_MS,
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (s: string) => new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);

/** Retries an assertion until it holds (or rethrows its last failure after `timeoutMs`). */
async function eventually<T>(check: () => Promise<T> | T, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Waits for the toast with this title (and description), checks its variant and returns it.
 * Fails naming the toasts that did show.
 */
async function expectToast(page: Page, title: string, options: { description?: string; variant?: 'default' | 'destructive' } = {}): Promise<Locator> {
  let toast = page.getByTestId('toast').filter({ has: page.getByTestId('toast-title').filter({ hasText: exactly(title) }) });
  if (options.description !== undefined) {
    toast = toast.filter({ has: page.getByTestId('toast-description').filter({ hasText: exactly(options.description) }) });
  }
  try {
    await toast.waitFor();
  } catch (err) {
    const shown = await page.getByTestId('toast').allInnerTexts().catch(() => []);
    throw new Error(`Toast «${title}»${options.description ? ` / «${options.description}»` : ''} non visto; a schermo: ${JSON.stringify(shown)}\n${(err as Error).message}`);
  }
  expect(await toast.getAttribute('data-variant')).toBe(options.variant ?? 'default');
  return toast;
}

/** Closes the toast on screen (one at a time), so the next identical toast is a new one. */
async function closeToasts(page: Page): Promise<void> {
  const open = page.getByTestId('toast');
  while ((await open.count()) > 0) {
    await open.first().getByRole('button').click();
    await open.first().waitFor({ state: 'detached' }).catch(() => undefined);
  }
}

/** A backend call with the browser context's cookies. */
async function api(context: BrowserContext, baseUrl: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', urlPath: string, data?: unknown) {
  const res = await context.request.fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: { Accept: 'application/json', ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    data: data === undefined ? undefined : JSON.stringify(data),
    failOnStatusCode: false,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status(), body };
}

// --- the suite ----------------------------------------------------------------------------------

const run = crypto.randomBytes(4).toString('hex');
const user = {
  firstName: 'Anna',
  lastName: 'Neri',
  email: `anna.neri.${run}@example.it`,
  username: `anna_${run}`,
  password: 'Segreta1',
};
const merchantName = `Magazzini Neri ${run}`;

/** The first address, as typed into the dialog (Germania: stored as DE). */
const warehouse = {
  companyName: 'Neri Logistik GmbH',
  contactPerson: 'Anna Neri',
  addressLine1: 'Hauptstraße 12',
  addressLine2: 'Hinterhaus, 2. Stock',
  postalCode: '10115',
  city: 'Berlin',
  state: 'BE',
  phone: '+49 30 1234567',
  email: 'lager@neri-logistik.de',
  vatNumber: 'DE123456789',
  taxCode: 'NRINNA80A41H501U',
  pickupHours: 'Lun-Ven 8:00-17:00',
  notes: 'Citofonare al magazzino',
};
const editedCity = 'Potsdam';
/** The second address: billing, in Italy (the dialog's default country), made the default. */
const office = {
  companyName: 'Neri Sede Legale Srl',
  addressLine1: 'Via Roma 1',
  postalCode: '20121',
  city: 'Milano',
  state: 'MI',
};

let app: TestApp;
let browser: BrowserSession;
let page: Page;
const pages = () => (page ? [page] : []);

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser({ baseURL: app.baseUrl });
  page = browser.page;
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);

  // The user and a merchant through the API, with the browser context's cookies (the UI flows are in auth-and-merchants).
  const registered = await api(browser.context, app.baseUrl, 'POST', '/api/register', user);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const merchant = await api(browser.context, app.baseUrl, 'POST', '/api/merchants', { name: merchantName });
  if (merchant.status !== 201) throw new Error(`create merchant: ${merchant.status} ${JSON.stringify(merchant.body)}`);
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
}, 30_000);

async function addressesApi(): Promise<any[]> {
  const res = await api(browser.context, app.baseUrl, 'GET', '/api/merchant-addresses');
  expect(res.status).toBe(200);
  return res.body as any[];
}

const textOf = async (locator: Locator) => (await locator.innerText()).trim();
const dialog = () => page.getByTestId('address-dialog');
const field = (name: string) => dialog().locator(`#address-${name}`);
const fieldError = (name: string) => dialog().locator(`#address-${name}-error`);
/** Desktop rows and mobile cards carry the company in `data-company`. */
const row = (company: string) => page.locator(`[data-testid="address-row"][data-company="${company}"]`);
const card = (company: string) => page.locator(`[data-testid="address-card"][data-company="${company}"]`);
/** The Radix checkboxes and switch report their state in aria-checked. */
const checked = async (locator: Locator) => (await locator.getAttribute('aria-checked')) === 'true';
const typeBadges = (item: Locator) => item.getByTestId('address-type-badge').allInnerTexts();
/** Where an element ends vertically, in CSS pixels of the viewport. */
const bottomEdgeOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  return box ? Math.round(box.y + box.height) : null;
};

describe('merchant addresses (settings remote)', () => {
  e2eTest('Impostazioni → Indirizzi shows the empty state', pages, async () => {
    await page.goto('/merchant-selection');
    // A single merchant: selected automatically (and set current on the server, which the addresses need).
    await page.waitForURL('**/dashboard');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Impostazioni' }).click();
    await page.waitForURL('**/dashboard/settings');
    const menu = page.getByRole('navigation', { name: 'Menu impostazioni' });
    await menu.getByRole('link', { name: 'Indirizzi' }).click();
    await page.waitForURL('**/dashboard/settings/addresses');
    expect(await menu.getByRole('link', { name: 'Indirizzi' }).getAttribute('aria-current')).toBe('page');

    const tab = page.getByTestId('addresses-tab');
    await tab.getByText('I Tuoi Indirizzi', { exact: true }).waitFor();
    const empty = page.getByTestId('addresses-empty');
    await empty.waitFor();
    await empty.getByText('Nessun indirizzo configurato', { exact: true }).waitFor();
    await empty.getByText('Aggiungi il primo indirizzo per gestire fatturazione, ritiri e resi', { exact: true }).waitFor();
    await empty.getByRole('button', { name: 'Crea Primo Indirizzo' }).waitFor();
    // No list and no header button yet.
    expect(await page.getByTestId('addresses-table').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Aggiungi Indirizzo' }).count()).toBe(0);
    expect(await addressesApi()).toEqual([]);
  });

  e2eTest("'Crea Primo Indirizzo' opens the dialog with its defaults; incomplete submissions show the messages and create nothing", pages, async () => {
    await page.getByRole('button', { name: 'Crea Primo Indirizzo' }).click();
    await dialog().waitFor();
    expect(await dialog().getAttribute('data-mode')).toBe('create');
    await dialog().getByRole('heading', { name: 'Aggiungi Nuovo Indirizzo' }).waitFor();
    const submit = dialog().getByTestId('address-submit');
    expect(await textOf(submit)).toBe('Crea Indirizzo');

    // The desktop sections, and the creation defaults (no type, Italia/IT, not default).
    const legends = await dialog().locator('legend').allInnerTexts();
    expect(legends.map((l) => l.trim())).toEqual(['Tipo di indirizzo', 'Dati aziendali', 'Indirizzo', 'Contatti', 'Dati fiscali', 'Informazioni aggiuntive']);
    for (const type of ['billing', 'pickup', 'return', 'warehouse']) expect(await checked(dialog().locator(`#address-type-${type}`))).toBe(false);
    expect(await field('country').inputValue()).toBe('IT');
    expect(await field('country').locator('option:checked').innerText()).toBe('Italia');
    expect(await field('country').locator('option').allInnerTexts()).toEqual(['Italia', 'Germania', 'Francia', 'Spagna', 'Regno Unito', 'Stati Uniti']);
    expect(await checked(field('isDefault'))).toBe(false);
    expect(await field('companyName').inputValue()).toBe('');
    expect(await field('pickupHours').getAttribute('placeholder')).toBe('es. Lun-Ven 9:00-18:00');

    // Empty: the type alert and the required fields' messages.
    await submit.click();
    const typesAlert = dialog().getByTestId('address-types-error');
    await typesAlert.waitFor();
    expect(await textOf(typesAlert)).toBe('Seleziona almeno un tipo di indirizzo');
    expect(await typesAlert.getAttribute('role')).toBe('alert');
    expect(await textOf(fieldError('companyName'))).toBe('La ragione sociale è obbligatoria');
    expect(await textOf(fieldError('addressLine1'))).toBe("L'indirizzo è obbligatorio");
    expect(await textOf(fieldError('postalCode'))).toBe('Il CAP è obbligatorio');
    expect(await textOf(fieldError('city'))).toBe('La città è obbligatoria');
    expect(await field('companyName').getAttribute('aria-invalid')).toBe('true');
    // Optional fields have none.
    expect(await fieldError('contactPerson').count()).toBe(0);
    expect(await fieldError('phone').count()).toBe(0);

    // Everything filled but no type: only the type alert is left.
    await field('companyName').fill(warehouse.companyName);
    await field('contactPerson').fill(warehouse.contactPerson);
    await field('addressLine1').fill(warehouse.addressLine1);
    await field('addressLine2').fill(warehouse.addressLine2);
    await field('postalCode').fill(warehouse.postalCode);
    await field('city').fill(warehouse.city);
    await field('state').fill(warehouse.state);
    await field('country').selectOption({ label: 'Germania' });
    await field('phone').fill(warehouse.phone);
    await field('email').fill(warehouse.email);
    await field('vatNumber').fill(warehouse.vatNumber);
    await field('taxCode').fill(warehouse.taxCode);
    await dialog().getByLabel('Orari ritiro', { exact: true }).fill(warehouse.pickupHours);
    await dialog().getByLabel('Note', { exact: true }).fill(warehouse.notes);
    await dialog().getByLabel('Indirizzo predefinito').click();
    expect(await checked(field('isDefault'))).toBe(true);
    await submit.click();
    await typesAlert.waitFor();
    await eventually(async () => expect(await dialog().getByTestId('field-error').count()).toBe(0));
    await dialog().waitFor();

    // A required field emptied again, with the types chosen: its message, still nothing sent.
    await dialog().getByLabel('Ritiro', { exact: true }).click();
    await dialog().getByLabel('Magazzino', { exact: true }).click();
    await field('city').fill('');
    await submit.click();
    await fieldError('city').filter({ hasText: 'La città è obbligatoria' }).waitFor();
    await typesAlert.waitFor({ state: 'detached' });
    expect(await addressesApi()).toEqual([]);
    expect(await page.getByTestId('toast').count()).toBe(0);
  });

  e2eTest("creates the address: toast, the row with company, Default badge, type badges and pickup hours; the API stores DE", pages, async () => {
    await field('city').fill(warehouse.city);
    expect(await checked(dialog().locator('#address-type-pickup'))).toBe(true);
    expect(await checked(dialog().locator('#address-type-warehouse'))).toBe(true);
    await dialog().getByRole('button', { name: 'Crea Indirizzo' }).click();
    await expectToast(page, 'Indirizzo creato con successo');
    await dialog().waitFor({ state: 'detached' });

    const item = row(warehouse.companyName);
    await item.waitFor();
    expect(await textOf(item.getByTestId('address-default-badge'))).toBe('Default');
    expect(await typeBadges(item)).toEqual(['Ritiro', 'Magazzino']);
    expect(await item.getByTestId('address-lines').locator('span').allInnerTexts()).toEqual([
      warehouse.addressLine1,
      warehouse.addressLine2,
      `${warehouse.postalCode} ${warehouse.city}`,
      warehouse.state,
      'Germania',
    ]);
    expect(await textOf(item.getByTestId('address-pickup-hours'))).toBe(`Orari ritiro: ${warehouse.pickupHours}`);
    expect(await textOf(item.getByTestId('address-notes'))).toBe(warehouse.notes);
    const text = await item.innerText();
    for (const shown of [warehouse.companyName, warehouse.contactPerson, warehouse.phone, warehouse.email]) expect(text).toContain(shown);
    expect(await page.getByTestId('addresses-table').locator('th').allTextContents()).toEqual(['Azienda', 'Indirizzo', 'Contatti e note', 'Azioni']);
    // With an address, the header offers 'Aggiungi Indirizzo' and the empty state is gone.
    await page.getByRole('button', { name: 'Aggiungi Indirizzo' }).waitFor();
    expect(await page.getByTestId('addresses-empty').count()).toBe(0);

    const stored = await addressesApi();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...warehouse, country: 'Germania', countryCode: 'DE', isDefault: true, active: true });
    expect([...stored[0].addressTypes].sort()).toEqual(['pickup', 'warehouse']);
    expect(await item.getAttribute('data-id')).toBe(String(stored[0].id));
  });

  e2eTest("'Modifica' opens the prefilled dialog; a new city is saved ('Aggiorna Indirizzo')", pages, async () => {
    const item = row(warehouse.companyName);
    await item.getByTestId('address-edit').click();
    await dialog().waitFor();
    expect(await dialog().getAttribute('data-mode')).toBe('edit');
    await dialog().getByRole('heading', { name: 'Modifica Indirizzo' }).waitFor();
    expect(await textOf(dialog().getByTestId('address-submit'))).toBe('Aggiorna Indirizzo');

    expect(await field('companyName').inputValue()).toBe(warehouse.companyName);
    expect(await field('addressLine2').inputValue()).toBe(warehouse.addressLine2);
    expect(await field('city').inputValue()).toBe(warehouse.city);
    expect(await field('postalCode').inputValue()).toBe(warehouse.postalCode);
    expect(await field('country').inputValue()).toBe('DE');
    expect(await field('email').inputValue()).toBe(warehouse.email);
    expect(await field('taxCode').inputValue()).toBe(warehouse.taxCode);
    expect(await field('pickupHours').inputValue()).toBe(warehouse.pickupHours);
    expect(await field('notes').inputValue()).toBe(warehouse.notes);
    expect(await checked(dialog().locator('#address-type-pickup'))).toBe(true);
    expect(await checked(dialog().locator('#address-type-warehouse'))).toBe(true);
    expect(await checked(dialog().locator('#address-type-billing'))).toBe(false);
    expect(await checked(dialog().locator('#address-type-return'))).toBe(false);
    expect(await checked(field('isDefault'))).toBe(true);

    await field('city').fill(editedCity);
    await dialog().getByRole('button', { name: 'Aggiorna Indirizzo' }).click();
    await expectToast(page, 'Indirizzo aggiornato con successo');
    await dialog().waitFor({ state: 'detached' });
    await eventually(async () => expect(await item.getByTestId('address-lines').innerText()).toContain(`${warehouse.postalCode} ${editedCity}`));
    expect(await item.getByTestId('address-lines').innerText()).not.toContain(warehouse.city);
    expect(await textOf(item.getByTestId('address-default-badge'))).toBe('Default');

    const stored = await addressesApi();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...warehouse, city: editedCity, countryCode: 'DE', isDefault: true });
  });

  e2eTest('a second address made default takes the Default badge from the first', pages, async () => {
    await page.getByRole('button', { name: 'Aggiungi Indirizzo' }).click();
    await dialog().waitFor();
    await dialog().getByRole('heading', { name: 'Aggiungi Nuovo Indirizzo' }).waitFor();
    // A fresh form, not the previous address.
    expect(await field('companyName').inputValue()).toBe('');
    expect(await field('country').inputValue()).toBe('IT');

    await dialog().getByLabel('Fatturazione', { exact: true }).click();
    await field('companyName').fill(office.companyName);
    await field('addressLine1').fill(office.addressLine1);
    await field('postalCode').fill(office.postalCode);
    await field('city').fill(office.city);
    await field('state').fill(office.state);
    await field('isDefault').click();
    await dialog().getByRole('button', { name: 'Crea Indirizzo' }).click();
    await expectToast(page, 'Indirizzo creato con successo');
    await dialog().waitFor({ state: 'detached' });

    const second = row(office.companyName);
    await second.waitFor();
    expect(await typeBadges(second)).toEqual(['Fatturazione']);
    await eventually(async () => expect(await page.getByTestId('address-row').count()).toBe(2));
    await eventually(async () => expect(await page.getByTestId('address-default-badge').count()).toBe(1));
    expect(await second.getByTestId('address-default-badge').count()).toBe(1);
    expect(await row(warehouse.companyName).getByTestId('address-default-badge').count()).toBe(0);
    expect(await second.getByTestId('address-lines').innerText()).toContain('Italia');

    const stored = await addressesApi();
    expect(stored).toHaveLength(2);
    const defaults = stored.filter((x) => x.isDefault === true);
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatchObject({ ...office, country: 'Italia', countryCode: 'IT', addressTypes: ['billing'] });
    expect(stored.find((x) => x.companyName === warehouse.companyName)).toMatchObject({ isDefault: false, city: editedCity });
  });

  e2eTest("'Elimina' asks for confirmation with the company's name; confirmed, the row is gone", pages, async () => {
    const item = row(warehouse.companyName);
    const confirm = page.getByTestId('confirm-dialog');

    // Cancelled: nothing happens.
    await item.getByTestId('address-delete').click();
    await confirm.waitFor();
    await confirm.getByTestId('confirm-dialog-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await addressesApi()).toHaveLength(2);

    await item.getByTestId('address-delete').click();
    await confirm.waitFor();
    await confirm.getByRole('heading', { name: 'Elimina indirizzo' }).waitFor();
    expect(await confirm.getByTestId('confirm-dialog-text').innerText()).toBe(`Sei sicuro di voler eliminare l'indirizzo "${warehouse.companyName}"?`);
    const confirmButton = confirm.getByTestId('confirm-dialog-confirm');
    expect(await textOf(confirmButton)).toBe('Elimina');
    await confirmButton.click();
    await expectToast(page, 'Indirizzo eliminato con successo');
    await confirm.waitFor({ state: 'detached' });
    await item.waitFor({ state: 'detached' });
    expect(await page.getByTestId('address-row').count()).toBe(1);
    await row(office.companyName).waitFor();

    const stored = await addressesApi();
    expect(stored.map((x) => x.companyName)).toEqual([office.companyName]);
  });

  e2eTest('on a 390x844 viewport the list shows cards and the dialog opens as a bottom drawer', pages, async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const item = card(office.companyName);
    await item.waitFor();
    expect(await page.getByTestId('addresses-table').count()).toBe(0);
    expect(await page.getByTestId('address-card').count()).toBe(1);
    expect(await textOf(item.getByTestId('address-default-badge'))).toBe('Default');
    expect(await typeBadges(item)).toEqual(['Fatturazione']);
    expect(await item.innerText()).toContain(office.companyName);

    await item.getByTestId('address-edit').click();
    await dialog().waitFor();
    await dialog().getByRole('heading', { name: 'Modifica Indirizzo' }).waitFor();
    expect(await field('companyName').inputValue()).toBe(office.companyName);
    // Anchored to the bottom edge, full width.
    await eventually(async () => {
      const box = await dialog().boundingBox();
      expect(box).not.toBeNull();
      expect(Math.round(box!.x)).toBe(0);
      expect(Math.round(box!.width)).toBe(390);
      expect(await bottomEdgeOf(dialog())).toBe(844);
    });
    await dialog().getByRole('button', { name: 'Annulla' }).click();
    await dialog().waitFor({ state: 'detached' });

    // Deleting from a card empties the list again (the desktop deletion's toast closed first).
    await closeToasts(page);
    await item.getByTestId('address-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.getByTestId('confirm-dialog-text').innerText()).toBe(`Sei sicuro di voler eliminare l'indirizzo "${office.companyName}"?`);
    await confirm.getByTestId('confirm-dialog-confirm').click();
    await expectToast(page, 'Indirizzo eliminato con successo');
    await page.getByTestId('addresses-empty').waitFor();
    expect(await addressesApi()).toEqual([]);

    // The first address again, from the empty state, in the drawer: created as on desktop.
    await page.getByRole('button', { name: 'Crea Primo Indirizzo' }).click();
    await dialog().getByRole('heading', { name: 'Aggiungi Nuovo Indirizzo' }).waitFor();
    await eventually(async () => expect(await bottomEdgeOf(dialog())).toBe(844));
    await dialog().getByLabel('Reso', { exact: true }).click();
    await field('companyName').fill(office.companyName);
    await field('addressLine1').fill(office.addressLine1);
    await field('postalCode').fill(office.postalCode);
    await field('city').fill(office.city);
    await dialog().getByTestId('address-submit').click();
    await expectToast(page, 'Indirizzo creato con successo');
    await card(office.companyName).waitFor();
    expect(await typeBadges(card(office.companyName))).toEqual(['Reso']);
    expect((await addressesApi()).map((x) => [x.companyName, x.addressTypes, x.countryCode])).toEqual([[office.companyName, ['return'], 'IT']]);
  });
});
