/**
 * End to end, in headless chromium against the real stack: the merchant's addresses in
 * Impostazioni → Indirizzi (spec §2 'I Tuoi Indirizzi' and the address dialog, §3 address fields
 * and countries, §5 address validation, §7 /api/merchant-addresses, §8 address toasts): the empty
 * state, the dialog's validation, creating (Germania → DE), editing, a second default address
 * taking the Default badge, deleting after the confirmation, and the mobile layout (every settings
 * tab in view, cards, the dialog as a bottom drawer). The dialog is portalled to <body> and keeps
 * the remote's styles.
 *
 * One app and one browser for the whole file. Steps stand on their own: each logs the browser in,
 * opens Impostazioni → Indirizzi itself and gets the addresses it builds on from `given`s (made by
 * the step that creates them through the screens, else through the API).
 */
import type { Locator, Page } from 'playwright-core';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, signIn, type ApiResponse } from './support/api';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { enterOnlyMerchant, portalScopeOf, settingsMenu } from './support/settings';
import { closeToasts, eventually, expectToast, MOBILE, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const user = person('Anna', 'Neri', run);
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

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

/** The answer when it has this status; otherwise an error naming what was asked and the answer. */
function must(res: ApiResponse, status: number, what: string): ApiResponse {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** The user and a merchant through the API (the UI flows are in auth-and-merchants). */
const account = given('the user with her merchant', async () => {
  const registered = await api(browser.context, app.baseUrl, 'POST', '/api/register', user);
  must(registered, 201, 'register');
  const merchant = must(await api(browser.context, app.baseUrl, 'POST', '/api/merchants', { name: merchantName }), 201, 'create the merchant');
  return { merchantId: String(merchant.body.id) };
});

/** The browser logged in as the user, in her merchant (current on the server, which the addresses need). */
async function logIn(): Promise<void> {
  const { merchantId } = await account.get();
  await signIn(browser.context, app.baseUrl, user, merchantId);
}

/** Logged in, on Impostazioni → Indirizzi with the list (or the empty state) loaded. */
async function openAddresses(): Promise<void> {
  await logIn();
  await page.goto('/dashboard/settings/addresses');
  await settingsMenu(page).current('Indirizzi').waitFor();
  await page.getByTestId('addresses-tab').getByText('I Tuoi Indirizzi', { exact: true }).waitFor();
  await page.locator('[data-testid="addresses-empty"], [data-testid="address-row"], [data-testid="address-card"]').first().waitFor();
}

/** The address with this company through the API, if there is one (a step that failed after saving it leaves it). */
async function storedAddress(company: string): Promise<any | undefined> {
  return (await addressesApi()).find((x) => x.companyName === company);
}

/** The first address, as the dialog saves it (step 3 makes it in the dialog). */
const warehouseCreated = given('the warehouse address', async () => {
  await logIn();
  const found = await storedAddress(warehouse.companyName);
  if (found) return String(found.id);
  const body = { ...warehouse, addressTypes: ['pickup', 'warehouse'], isDefault: true, country: 'Germania', countryCode: 'DE' };
  return String(must(await api(browser.context, app.baseUrl, 'POST', '/api/merchant-addresses', body), 201, 'create the warehouse address').body.id);
});

/** The first address moved to Potsdam (step 4 does it in the dialog). */
const warehouseEdited = given('the warehouse address in Potsdam', async () => {
  const id = await warehouseCreated.get();
  await logIn();
  must(await api(browser.context, app.baseUrl, 'PATCH', `/api/merchant-addresses/${id}`, { city: editedCity }), 200, 'move the warehouse address');
  return id;
});

/** The second address, billing, the default now (step 5 makes it in the dialog). */
const officeCreated = given('the office address, default', async () => {
  await warehouseEdited.get();
  await logIn();
  const found = await storedAddress(office.companyName);
  if (found) return String(found.id);
  const body = { ...office, addressTypes: ['billing'], isDefault: true, country: 'Italia', countryCode: 'IT' };
  return String(must(await api(browser.context, app.baseUrl, 'POST', '/api/merchant-addresses', body), 201, 'create the office address').body.id);
});

/** Only the office address left: the warehouse deleted (step 6 does it after the confirmation). */
const warehouseDeleted = given('the warehouse address deleted', async () => {
  const officeId = await officeCreated.get();
  await logIn();
  const id = await warehouseCreated.get();
  if (await storedAddress(warehouse.companyName)) must(await api(browser.context, app.baseUrl, 'DELETE', `/api/merchant-addresses/${id}`), 200, 'delete the warehouse address');
  return officeId;
});

async function addressesApi(): Promise<any[]> {
  const res = await api(browser.context, app.baseUrl, 'GET', '/api/merchant-addresses');
  expect(res.status).toBe(200);
  return res.body as any[];
}

const dialog = () => page.getByTestId('address-dialog');
const field = (name: string) => dialog().locator(`#address-${name}`);
const fieldError = (name: string) => dialog().locator(`#address-${name}-error`);
/** Desktop rows and mobile cards carry the company in `data-company`. */
const row = (company: string) => page.locator(`[data-testid="address-row"][data-company="${company}"]`);
const card = (company: string) => page.locator(`[data-testid="address-card"][data-company="${company}"]`);
/** The Radix checkboxes and switch report their state in aria-checked. */
const checked = async (locator: Locator) => (await locator.getAttribute('aria-checked')) === 'true';
const typeBadges = (item: Locator) => item.getByTestId('address-type-badge').allInnerTexts();
/** Fills the dialog with the first address (types and the default switch aside). */
async function fillWarehouse(): Promise<void> {
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
}
/** Where an element ends vertically, in CSS pixels of the viewport. */
const bottomEdgeOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  return box ? Math.round(box.y + box.height) : null;
};

describe('merchant addresses (settings remote)', () => {
  step('Impostazioni → Indirizzi shows the empty state', async () => {
    // The only merchant, entered (and set current on the server, which the addresses need).
    await logIn();
    await enterOnlyMerchant(page, merchantName);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Impostazioni' }).click();
    await page.waitForURL('**/dashboard/settings');
    const menu = page.getByRole('navigation', { name: 'Menu impostazioni' });
    await menu.getByRole('link', { name: 'Indirizzi' }).click();
    await page.waitForURL('**/dashboard/settings/addresses');
    // The menu re-renders just after the URL changes: wait for the highlight.
    await menu.getByRole('link', { name: 'Indirizzi' }).and(menu.locator('[aria-current="page"]')).waitFor();

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

  step("'Crea Primo Indirizzo' opens the dialog with its defaults; incomplete submissions show the messages and create nothing", async () => {
    await openAddresses();
    await page.getByRole('button', { name: 'Crea Primo Indirizzo' }).click();
    await dialog().waitFor();
    expect(await dialog().getAttribute('data-mode')).toBe('create');
    await dialog().getByRole('heading', { name: 'Aggiungi Nuovo Indirizzo' }).waitFor();
    const submit = dialog().getByTestId('address-submit');
    expect(await textOf(submit)).toBe('Crea Indirizzo');
    // Portalled to <body>, it keeps the remote's styles: inside the remote's scope, its own utilities
    // apply (the four address types side by side at this width).
    expect(await portalScopeOf(dialog())).toBe('smista-settings');
    const typesGroup = dialog().locator('div[role="group"][aria-label="Tipo di indirizzo"]');
    expect(await typesGroup.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(4);

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
    await fillWarehouse();
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

  step("creates the address: toast, the row with company, Default badge, type badges and pickup hours; the API stores DE", async () => {
    await openAddresses();
    await page.getByRole('button', { name: 'Crea Primo Indirizzo' }).click();
    await dialog().getByRole('heading', { name: 'Aggiungi Nuovo Indirizzo' }).waitFor();
    await dialog().getByLabel('Ritiro', { exact: true }).click();
    await dialog().getByLabel('Magazzino', { exact: true }).click();
    await fillWarehouse();
    await dialog().getByLabel('Indirizzo predefinito').click();
    expect(await checked(field('isDefault'))).toBe(true);
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
    warehouseCreated.set(String(stored[0].id));
  });

  step("'Modifica' opens the prefilled dialog; a new city is saved ('Aggiorna Indirizzo')", async () => {
    const id = await warehouseCreated.get();
    await openAddresses();
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
    warehouseEdited.set(id);
  });

  step('a second address made default takes the Default badge from the first', async () => {
    await warehouseEdited.get();
    await openAddresses();
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
    officeCreated.set(String(defaults[0].id));
  });

  step("'Elimina' asks for confirmation with the company's name; confirmed, the row is gone", async () => {
    const officeId = await officeCreated.get();
    await openAddresses();
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
    warehouseDeleted.set(officeId);
  });

  step('on a 390x844 viewport every settings tab is in view, the list shows cards and the dialog opens as a bottom drawer', async () => {
    await warehouseDeleted.get();
    await page.setViewportSize(MOBILE);
    await openAddresses();
    // The settings menu: all six tabs fully in view (two a row: three rows), none cut off, nothing to scroll sideways.
    const menu = settingsMenu(page);
    await eventually(async () => {
      for (const label of ['Gestione Team', 'Profilo Utente', 'Corrieri', 'Indirizzi', 'Imballaggi', 'E-mail ai clienti']) {
        const box = await menu.link(label).boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
      const rows = new Set(await menu.nav.getByRole('link').evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top))));
      expect(rows.size).toBe(3);
      expect(await menu.nav.locator('ul').evaluate((ul) => ul.scrollWidth <= ul.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
    await menu.link('Corrieri').click();
    await page.waitForURL('**/dashboard/settings/carriers');
    await page.getByTestId('carriers-tab').waitFor();
    await menu.link('Indirizzi').click();
    await page.waitForURL('**/dashboard/settings/addresses');
    await menu.current('Indirizzi').waitFor();

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
