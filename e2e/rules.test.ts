/**
 * End to end, in headless chromium against the real stack: the rules remote at /shipping-rules
 * (spec §2 Shipping rules, §3 shipping_rules, §5 the rule form, §7 Shipping rules; issue 11's
 * screen and dry run). A merchant without carriers sees 'Nessun corriere configurato' with the link
 * to Impostazioni → Corrieri; with eBay orders synced from the sandbox and GLS and Posta1 connected,
 * 'Nessuna regola di spedizione'. Three rules are created through the dialog: first a refused form
 * (the §5 messages, nothing sent), then a priority another rule holds (the 409 under Priorità, the
 * dialog kept). The table lists them by priority with their carriers and Italian summaries;
 * 'Anteprima' explains every order (the reasons of the rules before the match) and writes nothing;
 * 'Assegna Corrieri' assigns (its toast says the counts), leaves a carrier chosen by hand alone,
 * and the order's panel names the rule. A rule is edited (switched off, its carrier marked 'non
 * attivo' once the carrier is switched off) and one deleted after its confirmation. At 390 px:
 * cards, nothing sideways, the dialog as a bottom sheet. Last, each carrier's own destinations
 * (issue 19): a rule on Posta1, which serves Italy only, is passed over for an order abroad, the
 * preview saying why in the words of Posta1's label, and 'Assegna Corrieri' does the same, at 1280
 * and 390 px. Screenshots in /tmp/shots-rules/.
 *
 * One app and one browser for the whole file. Each step stands on its own: it logs the admin in,
 * opens its page and gets what it builds on (the synced orders and the carriers, each rule, the
 * state after the edit) from a `given`, made by the step before it or else through the API.
 */
import fs from 'node:fs';
import type { Locator, Page, Request } from 'playwright-core';
import { ebaySandboxControl } from '@smista/sandboxes';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { connectEbayThroughApi } from './support/ebay';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { enterOnlyMerchant } from './support/settings';
import { closeToasts, DESKTOP, eventually, expectNoSidewaysScroll, expectTitle, expectToast, MOBILE, screenshotWhole, textOf } from './support/ui';
import { GLS_ACCOUNT } from './support/carriers';
import { fillRule, ruleDialog } from './support/rules';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Marco', 'Ferri', run);
const merchantName = `Regole Ferri ${run}`;
const seller = { username: `regole_${run}`, password: 'Regole1!' };
/** The shipments suite's mix: about thirty orders to ship, Italian and foreign, express and not. */
const SELLER_ORDERS = 400;
const SELLER_SEED = 'spedizioni-1';

const SHOTS = '/tmp/shots-rules';
const SYNC_TIMEOUT_MS = 70_000;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
  await page.setViewportSize(DESKTOP);
  await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName);
  merchantId = String((await api(browser.context, app.baseUrl, 'GET', '/api/merchants')).body[0].id);
  await ebaySandboxControl(app.ebayUrl).addSeller({ username: seller.username, password: seller.password, orders: SELLER_ORDERS, seed: SELLER_SEED });
  fs.mkdirSync(SHOTS, { recursive: true });
  page.on('request', recordSave);
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, data?: unknown) => api(browser.context, app.baseUrl, method, path, data);
const get = async (path: string) => {
  const res = await call('GET', path);
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body;
};
const rulesApi = async (): Promise<any[]> => get('/api/shipping-rules');
const ruleNamed = async (name: string) => {
  const rule = (await rulesApi()).find((r) => r.name === name);
  expect({ name, found: rule !== undefined }).toEqual({ name, found: true });
  return rule;
};

/** The browser logged in as the admin with the merchant selected (whatever an earlier step left). */
const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);

/** Opens `path` (the shell enters the only merchant on the way if it has none stored). */
async function open(path: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/** Creates a rule through the API (what the dialog sends), answering it. */
async function createRuleApi(body: object) {
  const res = await call('POST', '/api/shipping-rules', body);
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 201 });
  return res.body;
}

/**
 * eBay connected with its orders imported, GLS and Posta1 connected, the carrier of one order to
 * ship chosen by hand (Posta1): all through the API, as step 2 says.
 */
const stock = given('ordini eBay importati, GLS e Posta1 collegati, un ordine con il corriere scelto a mano', async () => {
  await asAdmin();
  // Each part once: a failed try (a sync slower than its wait) may have done some already.
  if (((await get('/api/merchants/current/integrations')) as any[]).length === 0) await connectEbayThroughApi(browser.context, app.baseUrl, seller, merchantId);
  const [integration] = (await get('/api/merchants/current/integrations')) as any[];
  if (integration.lastJob?.status !== 'completed') expect((await call('POST', `/api/orders/sync/${integration.id}`, {})).status).toBeLessThan(300);
  await eventually(async () => {
    const [now] = (await get('/api/merchants/current/integrations')) as any[];
    expect(now.lastJob?.status).toBe('completed');
    expect((await get('/api/orders?pageSize=1')).meta.totalItems).toBe(now.lastJob.ordersFound);
  }, SYNC_TIMEOUT_MS);
  const connected = (await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[];
  let glsId = connected.find((c) => c.provider === 'gls')?.id as number | undefined;
  if (glsId === undefined) {
    const gls = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS_ACCOUNT });
    expect({ status: gls.status, active: gls.body?.active, state: gls.body?.status }).toEqual({ status: 201, active: true, state: 'active' });
    glsId = gls.body.id as number;
  }
  let postaId = connected.find((c) => c.provider === 'posta_1')?.id as number | undefined;
  if (postaId === undefined) {
    const posta = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'posta_1', connectionName: 'Posta1 sede', active: true });
    expect(posta.status).toBe(201);
    postaId = posta.body.id as number;
  }

  const toShip = (await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[];
  expect(toShip.length).toBeGreaterThan(5);
  /** An order to ship whose carrier the merchant chose by hand (Posta1): rules never change it. */
  const manualOrderId = (toShip.find((o) => o.carrierIntegrationId === postaId) ?? toShip[toShip.length - 1]).id as number;
  // Nothing chose a carrier yet: no rule existed when they were imported.
  expect(toShip.every((o) => o.carrierIntegrationId === null || (o.id === manualOrderId && o.carrierIntegrationId === postaId))).toBe(true);
  expect((await call('PATCH', `/api/orders/${manualOrderId}/carrier`, { carrierIntegrationId: postaId })).status).toBe(200);
  return { glsId, postaId, manualOrderId };
});

/** The three rules as steps 3, 4 and 5 create them through the dialog (each with those before it). */
const italiaExpress = given("la regola 'Italia express' (priorità 1)", async () => {
  const { glsId } = await stock.get();
  return createRuleApi({ name: 'Italia express', priority: 1, carrierIntegrationId: glsId, active: true, conditions: { destinations: ['IT'], is_express: true } });
});
const italia = given("la regola 'Italia' (priorità 2)", async () => {
  await italiaExpress.get();
  const { postaId } = await stock.get();
  return createRuleApi({ name: 'Italia', priority: 2, carrierIntegrationId: postaId, active: true, conditions: { price_max: 100, destinations: ['IT'] } });
});
const estero = given("la regola 'Estero' (priorità 3)", async () => {
  await italia.get();
  const { glsId } = await stock.get();
  return createRuleApi({ name: 'Estero', priority: 3, carrierIntegrationId: glsId, conditions: { exclude_destinations: ['IT'] } });
});
/** Step 8's end: 'Italia' switched off at 79,90 €, Posta1 switched off, 'Estero' deleted. */
const afterEdit = given("le regole dopo la modifica ('Italia' disattivata a 79,90 €, Posta1 spento, 'Estero' eliminata)", async () => {
  const [{ postaId }, italiaRule, esteroRule] = [await stock.get(), await italia.get(), await estero.get()];
  const edited = await call('PUT', `/api/shipping-rules/${italiaRule.id}`, { active: false, conditions: { price_max: 79.9, destinations: ['IT'] } });
  expect(edited.status).toBe(200);
  expect((await call('PATCH', `/api/merchants/${merchantId}/carrier-integrations/${postaId}/toggle`, { active: false })).status).toBe(200);
  // Step 8 may have got as far as the deletion before it failed.
  if ((await rulesApi()).some((r) => r.id === esteroRule.id)) expect((await call('DELETE', `/api/shipping-rules/${esteroRule.id}`)).status).toBe(200);
});

/**
 * After the edit: Posta1 connected again as 'Posta1 lettere', and two more rules on every order:
 * 'Lettere' (that Posta1) at 3 and 'Resto' (GLS) at 4.
 */
const lettere = given("le regole 'Lettere' (Posta1, solo Italia) e 'Resto' (GLS)", async () => {
  await afterEdit.get();
  const { glsId } = await stock.get();
  let lettersId = ((await get(`/api/merchants/${merchantId}/carrier-integrations`)) as any[]).find((c) => c.connectionName === 'Posta1 lettere')?.id as number | undefined;
  if (lettersId === undefined) {
    const created = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'posta_1', connectionName: 'Posta1 lettere', active: true });
    expect(created.status).toBe(201);
    lettersId = created.body.id as number;
  }
  const existing = await rulesApi();
  const letters = existing.find((r) => r.name === 'Lettere') ?? (await createRuleApi({ name: 'Lettere', priority: 3, carrierIntegrationId: lettersId, active: true, conditions: {} }));
  const rest = existing.find((r) => r.name === 'Resto') ?? (await createRuleApi({ name: 'Resto', priority: 4, carrierIntegrationId: glsId, active: true, conditions: {} }));
  return { glsId, lettersId, letters, rest };
});

/** Posta1's refusal of a destination abroad, as its label says it and the rules repeat it. */
const POSTA1_ITALY_ONLY = "Posta1 vale solo per l'Italia (con San Marino e Città del Vaticano): per l'estero usa un servizio internazionale";
const DOMESTIC_AREA = ['IT', 'SM', 'VA'];

/**
 * The dry run once orders knows the new Posta1 (from the carriers' events): an order abroad the
 * rules may assign, with the reason 'Lettere' gave.
 */
const previewWithLetters = () =>
  eventually(async () => {
    const preview = await previewApi();
    const abroad = preview.orders.find((o: any) => !DOMESTIC_AREA.includes(o.countryCode) && ['assign', 'unchanged'].includes(o.outcome));
    expect(abroad?.reasons).toContain(`Regola 'Lettere': ${POSTA1_ITALY_ONLY}`);
    return { preview, abroad };
  });

/** Waits for the table to list these rules (by name, in order): the remote has loaded them. */
const expectRuleNames = (p: Page, names: string[]) =>
  eventually(async () => expect(await rows(p).evaluateAll((els) => els.map((el) => el.getAttribute('data-name')))).toEqual(names));
const previewApi = async (): Promise<any> => {
  const res = await call('POST', '/api/shipping-rules/preview', {});
  expect(res.status).toBe(200);
  return res.body;
};

/**
 * 'Anteprima' brings the panel's top into view inside <main> (the layout's scroller) without
 * scrolling the document itself: the header stays on screen.
 */
const expectPreviewInView = (p: Page) =>
  eventually(async () => {
    const at = await p.getByTestId('rules-preview').evaluate((el) => {
      const main = document.querySelector('main')!;
      return { offset: el.getBoundingClientRect().top - main.getBoundingClientRect().top, height: main.clientHeight, documentScroll: document.scrollingElement!.scrollTop };
    });
    expect(at.documentScroll).toBe(0);
    expect(at.offset).toBeGreaterThanOrEqual(0);
    expect(at.offset).toBeLessThan(at.height - 100);
  });

/** Scrolls <main> so the element's top is at its top (for a screenshot of that part). */
const scrollMainTo = (l: Locator) =>
  l.evaluate((el) => {
    const main = document.querySelector('main')!;
    main.scrollTop += el.getBoundingClientRect().top - main.getBoundingClientRect().top - 8;
  });

const shot = (p: Page, name: string) => screenshotWhole(p, `${SHOTS}/rules-${name}.png`, 6000);
const dialog = ruleDialog;
const fieldError = (p: Page, id: string) => dialog(p).locator(`#${id}-error`);
const rows = (p: Page) => p.getByTestId('rule-row');
const row = (p: Page, name: string) => p.locator(`[data-testid="rule-row"][data-name="${name}"]`);
/** What the table shows of each rule: priority, name, carrier, conditions, status. */
const tableOnScreen = (p: Page) =>
  rows(p).evaluateAll((els) =>
    els.map((el) => {
      const text = (id: string) => (el.querySelector(`[data-testid="${id}"]`) as HTMLElement | null)?.innerText.trim().replace(/\s+/g, ' ') ?? null;
      return { priority: text('rule-priority'), name: text('rule-name'), carrier: text('rule-carrier'), conditions: text('rule-conditions'), status: text('rule-status') };
    }),
  );

/** The POSTs and PUTs the page sends to /api/shipping-rules (to prove a refused form sends none). */
const saves: string[] = [];
const recordSave = (request: Request) => {
  const url = new URL(request.url());
  if (url.pathname.startsWith('/api/shipping-rules') && ['POST', 'PUT'].includes(request.method()) && !/\/(preview|assign-carriers)$/.test(url.pathname)) {
    saves.push(`${request.method()} ${url.pathname}`);
  }
};

async function submitAndExpect(p: Page, title: string, description: string) {
  await dialog(p).getByTestId('rule-submit').click();
  await expectToast(p, title, { description });
  await dialog(p).waitFor({ state: 'detached' });
  await closeToasts(p);
}

const expectedRows = (rules: any[], carrierText: (id: number) => string) =>
  rules.map((r) => ({ priority: String(r.priority), name: r.name, carrier: carrierText(r.carrierIntegrationId), status: r.active ? 'Attiva' : 'Disattiva' }));

describe('shipping rules (rules remote, the dry run and the assignment against the eBay sandbox)', () => {
  step("without carriers: 'Nessun corriere configurato' with the link to Impostazioni → Corrieri, 'Nuova Regola' off", async () => {
    await asAdmin();
    await enterOnlyMerchant(page, merchantName);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Regole di Spedizione', exact: true }).click();
    await page.waitForURL('**/shipping-rules');
    await page.getByRole('heading', { name: 'Regole di Spedizione', level: 1 }).waitFor();
    await expectTitle(page, 'Regole di Spedizione · Smista');
    const empty = page.getByTestId('rules-no-carriers');
    await empty.getByText('Nessun corriere configurato', { exact: true }).waitFor();
    const link = empty.getByTestId('rules-connect-carrier');
    expect(await link.getAttribute('href')).toBe('/dashboard/settings/carriers');
    expect(await page.getByTestId('rules-new').isDisabled()).toBe(true);
    expect(await page.getByTestId('rules-new').getAttribute('title')).toBe('Collega prima un corriere attivo: ogni regola assegna un corriere');
    expect(await textOf(page.getByTestId('rules-assign'))).toBe('Assegna Corrieri');
    expect(await textOf(page.getByTestId('rules-preview-open'))).toBe('Anteprima');
    await shot(page, '1280-no-carriers');
    await link.click();
    await page.waitForURL('**/dashboard/settings/carriers');
    await page.getByText('Nessuna integrazione corriere configurata').waitFor();
    // An unknown path below the mount goes back to the screen.
    await page.goto('/shipping-rules/qualcosa');
    await page.waitForURL((url) => url.pathname === '/shipping-rules');
    await page.getByTestId('rules-no-carriers').waitFor();
  });

  step("eBay synced, GLS and Posta1 connected, one order's carrier chosen by hand: 'Nessuna regola di spedizione'", async () => {
    await asAdmin();
    // Through the API (the marketplaces, orders and carriers suites drive those screens).
    const { manualOrderId, postaId } = await stock.get();
    expect((await get(`/api/orders/${manualOrderId}`)).carrierIntegrationId).toBe(postaId);

    await open('/shipping-rules');
    const empty = page.getByTestId('rules-empty');
    await empty.getByText('Nessuna regola di spedizione', { exact: true }).waitFor();
    expect(await textOf(empty.getByTestId('rules-empty-new'))).toBe('Nuova Regola');
    expect(await page.getByTestId('rules-new').isDisabled()).toBe(false);
    await shot(page, '1280-no-rules');
  });

  step("the first rule: a refused form first (the §5 messages, nothing sent), then 'Italia express'", async () => {
    await asAdmin();
    const { glsId } = await stock.get();
    await open('/shipping-rules');
    saves.length = 0;
    await page.getByTestId('rules-empty').getByTestId('rules-empty-new').click();
    await dialog(page).waitFor();
    expect(await dialog(page).getAttribute('data-side')).toBe('center');
    expect(await textOf(dialog(page).getByRole('heading'))).toBe('Nuova Regola');
    // Spec §5: a new rule's priority is the highest plus 1, or 1.
    expect(await dialog(page).locator('#rule-priority').inputValue()).toBe('1');
    expect(await dialog(page).locator('#rule-active').getAttribute('data-state')).toBe('checked');
    // Only the active carriers are offered.
    expect(await dialog(page).locator('#rule-carrier option').allInnerTexts()).toEqual(['Seleziona un corriere', 'GLS Milano · GLS', 'Posta1 sede · Posta1']);
    expect(await dialog(page).getByTestId('rule-express').locator('label').allInnerTexts()).toEqual(['Tutte', 'Solo express', 'Escludi express']);

    await fillRule(page, { name: '   ', priority: '0' });
    await dialog(page).getByTestId('rule-submit').click();
    await fieldError(page, 'rule-name').waitFor();
    expect(await textOf(fieldError(page, 'rule-name'))).toBe('Nome richiesto');
    expect(await textOf(fieldError(page, 'rule-priority'))).toBe('Priorità deve essere almeno 1');
    expect(await textOf(fieldError(page, 'rule-carrier'))).toBe('Corriere richiesto');
    // A country code of three letters is refused under its own field.
    await fillRule(page, { destinations: 'IT, ITA' });
    await dialog(page).getByTestId('rule-submit').click();
    await eventually(async () => expect(await textOf(fieldError(page, 'rule-destinations'))).toBe("Destinazioni: 'ITA' non è un codice paese di due lettere (es. IT)"));
    await page.screenshot({ path: `${SHOTS}/rules-1280-dialog-errors.png` });
    expect(saves).toEqual([]);

    await fillRule(page, { name: 'Italia express', priority: '1', carrier: String(glsId), destinations: ' it ', express: 'only' });
    await submitAndExpect(page, 'Regola creata', 'Italia express');
    expect(saves).toEqual(['POST /api/shipping-rules']);
    const [created] = await rulesApi();
    expect(created).toMatchObject({ name: 'Italia express', priority: 1, carrierIntegrationId: glsId, active: true, conditions: { destinations: ['IT'], is_express: true } });
    await eventually(async () => expect(await tableOnScreen(page)).toEqual([{ priority: '1', name: 'Italia express', carrier: 'GLS Milano GLS', conditions: 'Destinazioni: IT · Solo express', status: 'Attiva' }]));
    italiaExpress.set(created);
  });

  step("the second rule: a priority already used is refused under Priorità (409), the dialog kept; then 'Italia' at 2", async () => {
    await asAdmin();
    await italiaExpress.get();
    const { postaId } = await stock.get();
    await open('/shipping-rules');
    // The next priority is prefilled from the rules listed: once the table shows them.
    await expectRuleNames(page, ['Italia express']);
    await page.getByTestId('rules-new').click();
    await dialog(page).waitFor();
    expect(await dialog(page).locator('#rule-priority').inputValue()).toBe('2');
    await fillRule(page, { name: 'Italia', priority: '1', carrier: String(postaId), destinations: 'IT', priceMax: '100' });
    await dialog(page).getByTestId('rule-submit').click();
    await fieldError(page, 'rule-priority').waitFor();
    expect(await textOf(fieldError(page, 'rule-priority'))).toBe("La priorità 1 è già usata dalla regola 'Italia express': scegline un'altra");
    expect(await dialog(page).locator('#rule-name').inputValue()).toBe('Italia');
    expect(await rulesApi()).toHaveLength(1);
    await page.screenshot({ path: `${SHOTS}/rules-1280-dialog-409.png` });

    await fillRule(page, { priority: '2' });
    await submitAndExpect(page, 'Regola creata', 'Italia');
    italia.set(await ruleNamed('Italia'));
  });

  step("the third rule: 'Estero' at the prefilled 3; the table by priority with carriers and Italian summaries", async () => {
    await asAdmin();
    await italia.get();
    const { glsId } = await stock.get();
    await open('/shipping-rules');
    await expectRuleNames(page, ['Italia express', 'Italia']);
    await page.getByTestId('rules-new').click();
    await dialog(page).waitFor();
    expect(await dialog(page).locator('#rule-priority').inputValue()).toBe('3');
    await fillRule(page, { name: 'Estero', carrier: String(glsId), exclude: 'it' });
    await submitAndExpect(page, 'Regola creata', 'Estero');

    const rules = await rulesApi();
    expect(rules.map((r) => [r.priority, r.name])).toEqual([
      [1, 'Italia express'],
      [2, 'Italia'],
      [3, 'Estero'],
    ]);
    expect(rules[2].conditions).toEqual({ exclude_destinations: ['IT'] });
    estero.set(rules[2]);
    await eventually(async () =>
      expect(await tableOnScreen(page)).toEqual([
        { priority: '1', name: 'Italia express', carrier: 'GLS Milano GLS', conditions: 'Destinazioni: IT · Solo express', status: 'Attiva' },
        { priority: '2', name: 'Italia', carrier: 'Posta1 sede Posta1', conditions: 'Totale fino a 100,00 € · Destinazioni: IT', status: 'Attiva' },
        { priority: '3', name: 'Estero', carrier: 'GLS Milano GLS', conditions: 'Escluse: IT', status: 'Attiva' },
      ]),
    );
    await shot(page, '1280-rules');
  });

  step("'Anteprima' explains each order (the matched rule, the reasons of the rules before it) and writes nothing", async () => {
    await asAdmin();
    await estero.get();
    const { manualOrderId } = await stock.get();
    await open('/shipping-rules');
    await expectRuleNames(page, ['Italia express', 'Italia', 'Estero']);
    const expected = await previewApi();
    await page.getByTestId('rules-preview-open').click();
    const panel = page.getByTestId('rules-preview');
    await panel.waitFor();
    expect(await textOf(panel.getByTestId('preview-nothing-written'))).toBe('Anteprima: nessun ordine viene modificato');
    await panel.getByTestId('preview-summary').waitFor();
    const { summary } = expected;
    for (const key of ['total', 'assigned', 'unchanged', 'manual', 'noMatch', 'hasShipment']) {
      expect({ key, value: await panel.getByTestId(`preview-count-${key}`).getAttribute('data-value') }).toEqual({ key, value: String(summary[key]) });
    }
    expect(summary.manual).toBe(1);
    expect(summary.assigned).toBe(summary.total - 1 - summary.noMatch - summary.hasShipment);
    expect(summary.assigned).toBeGreaterThan(0);

    // Every order as the API explains it, in the same order.
    const shown = await panel.getByTestId('preview-order').evaluateAll((els) =>
      els.map((el) => ({
        id: Number(el.getAttribute('data-order-id')),
        outcome: el.getAttribute('data-outcome'),
        rule: (el.querySelector('[data-testid="preview-rule"]') as HTMLElement).innerText.trim(),
        reasons: Array.from(el.querySelectorAll('[data-testid="preview-reason"]')).map((r) => (r as HTMLElement).innerText.replace(/^·\s*/, '').trim()),
      })),
    );
    expect(shown).toEqual(
      expected.orders.map((o: any) => ({ id: o.orderId, outcome: o.outcome, rule: o.matchedRule ? `${o.matchedRule.name} (priorità ${o.matchedRule.priority})` : 'Nessuna regola', reasons: o.reasons })),
    );
    // A foreign order passes both Italian rules by, each with its reason, and goes to 'Estero'.
    const foreign = expected.orders.find((o: any) => o.countryCode !== 'IT' && o.outcome === 'assign');
    expect(foreign).toBeDefined();
    expect(foreign.matchedRule.name).toBe('Estero');
    expect(foreign.reasons).toEqual([`Regola 'Italia express': destinazione ${foreign.countryCode} non inclusa`, `Regola 'Italia': destinazione ${foreign.countryCode} non inclusa`]);
    const foreignRow = panel.locator(`[data-testid="preview-order"][data-order-id="${foreign.orderId}"]`);
    expect(await foreignRow.getByTestId('preview-reasons').isVisible()).toBe(true);
    expect(await textOf(foreignRow.getByTestId('preview-outcome'))).toBe('Corriere assegnato dalla regola');
    // An Italian order that is not express: 'Italia express' says why not.
    const plainItalian = expected.orders.find((o: any) => o.countryCode === 'IT' && !o.isExpress && o.outcome === 'assign');
    if (plainItalian) expect(plainItalian.reasons[0]).toBe("Regola 'Italia express': spedizione non express");
    const manual = panel.locator(`[data-testid="preview-order"][data-order-id="${manualOrderId}"]`);
    expect(await textOf(manual.getByTestId('preview-outcome'))).toBe('Corriere scelto a mano: non cambia');

    // Nothing was written: no order got a carrier from a rule.
    const toShip = (await get('/api/orders?status=TO_SHIP&pageSize=100')).data as any[];
    expect(toShip.filter((o) => o.carrierIntegrationId !== null).map((o) => o.id)).toEqual([manualOrderId]);
    // Every column within the card at 1280 px: neither table scrolls sideways.
    const sideways = (l: Locator) => l.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
    expect(await sideways(panel.getByTestId('preview-table'))).toBe(0);
    expect(await sideways(page.getByTestId('rules-table'))).toBe(0);
    await expectPreviewInView(page);
    await scrollMainTo(panel);
    await page.screenshot({ path: `${SHOTS}/rules-1280-preview-top.png` });
    await shot(page, '1280-preview');
  });

  step("'Assegna Corrieri': the toast says the counts; the carriers follow the preview, the manual choice stays; the order names its rule", async () => {
    await asAdmin();
    await estero.get();
    const { manualOrderId, postaId } = await stock.get();
    await open('/shipping-rules');
    await expectRuleNames(page, ['Italia express', 'Italia', 'Estero']);
    const before = await previewApi();
    // The preview open beside the table, as the merchant left it after 'Anteprima'.
    await page.getByTestId('rules-preview-open').click();
    await page.getByTestId('rules-preview').getByTestId('preview-summary').waitFor();
    await eventually(async () =>
      expect(await page.getByTestId('rules-preview').getByTestId('preview-count-assigned').getAttribute('data-value')).toBe(String(before.summary.assigned)),
    );
    await page.getByTestId('rules-assign').click();
    const toast = await expectToast(page, 'Corrieri assegnati');
    const message = await textOf(toast.getByTestId('toast-description'));
    expect(message).toMatch(new RegExp(`^Corriere assegnato a ${before.summary.assigned} ordini?`));
    expect(message).toContain('1 ordine con corriere scelto a mano lasciato invariato');
    await closeToasts(page);

    const byRule = new Map<number, number>((await rulesApi()).map((r) => [r.id, r.carrierIntegrationId]));
    for (const o of before.orders.filter((x: any) => x.outcome === 'assign').slice(0, 10)) {
      const order = await get(`/api/orders/${o.orderId}`);
      expect({ id: o.orderId, carrier: order.carrierIntegrationId, source: order.carrierSource, rule: order.appliedRule?.name }).toEqual({
        id: o.orderId,
        carrier: byRule.get(o.matchedRule.id),
        source: 'rule',
        rule: o.matchedRule.name,
      });
    }
    expect((await get(`/api/orders/${manualOrderId}`)).carrierIntegrationId).toBe(postaId);
    // The open preview follows: what was assigned is now 'Già assegnato da questa regola'.
    const panel = page.getByTestId('rules-preview');
    await eventually(async () => expect(await panel.getByTestId('preview-count-unchanged').getAttribute('data-value')).toBe(String(before.summary.assigned)));
    await eventually(async () => expect(await panel.getByTestId('preview-count-assigned').getAttribute('data-value')).toBe('0'));

    // The order's panel names the rule that chose its carrier.
    const assigned = before.orders.find((x: any) => x.outcome === 'assign');
    await page.goto(`/orders/${assigned.orderId}`);
    await eventually(async () => expect(await textOf(page.getByTestId('order-applied-rule'))).toBe(`Scelto dalla regola '${assigned.matchedRule.name}'`));
    await page.goBack();
    await page.waitForURL('**/shipping-rules');
  });

  step("'Italia' edited (switched off, 80 €); Posta1 switched off shows 'non attivo'; 'Estero' deleted after its confirmation", async () => {
    await asAdmin();
    await estero.get();
    const { postaId } = await stock.get();
    await open('/shipping-rules');
    await expectRuleNames(page, ['Italia express', 'Italia', 'Estero']);
    saves.length = 0;
    await row(page, 'Italia').getByTestId('rule-edit').click();
    await dialog(page).waitFor();
    expect(await textOf(dialog(page).getByRole('heading'))).toBe('Modifica Regola');
    expect(await dialog(page).locator('#rule-name').inputValue()).toBe('Italia');
    expect(await dialog(page).locator('#rule-priority').inputValue()).toBe('2');
    expect(await dialog(page).locator('#rule-carrier').inputValue()).toBe(String(postaId));
    expect(await dialog(page).locator('#rule-destinations').inputValue()).toBe('IT');
    expect(await dialog(page).locator('#rule-price_max').inputValue()).toBe('100');
    await fillRule(page, { priceMax: '79,90' });
    await dialog(page).locator('#rule-active').click();
    await submitAndExpect(page, 'Regola aggiornata', 'Italia');
    expect(saves.at(-1)).toMatch(/^PUT \/api\/shipping-rules\/\d+$/);
    const italia = (await rulesApi()).find((r) => r.name === 'Italia');
    expect(italia).toMatchObject({ active: false, priority: 2, conditions: { price_max: 79.9, destinations: ['IT'] } });
    await eventually(async () => expect(await textOf(row(page, 'Italia').getByTestId('rule-status'))).toBe('Disattiva'));
    expect(await textOf(row(page, 'Italia').getByTestId('rule-conditions'))).toBe('Totale fino a 79,90 € · Destinazioni: IT');

    // A carrier switched off: the rule still names it, marked.
    expect((await call('PATCH', `/api/merchants/${merchantId}/carrier-integrations/${postaId}/toggle`, { active: false })).status).toBe(200);
    await page.reload();
    await eventually(async () => expect(await row(page, 'Italia').getByTestId('rule-carrier').getAttribute('data-state')).toBe('inactive'));
    expect(await textOf(row(page, 'Italia').getByTestId('rule-carrier'))).toContain('non attivo');
    // Its own carrier stays in the select, marked; it is not offered to the others.
    await row(page, 'Italia').getByTestId('rule-edit').click();
    expect(await dialog(page).locator('#rule-carrier option').allInnerTexts()).toEqual(['Seleziona un corriere', 'GLS Milano · GLS', 'Posta1 sede · Posta1 (non attivo)']);
    await dialog(page).getByRole('button', { name: 'Annulla', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });

    await row(page, 'Estero').getByTestId('rule-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await textOf(confirm.getByTestId('confirm-dialog-text'))).toBe('Sei sicuro di voler eliminare la regola "Estero"? L\'operazione non può essere annullata.');
    await confirm.getByTestId('confirm-dialog-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await rulesApi()).toHaveLength(3);
    await row(page, 'Estero').getByTestId('rule-delete').click();
    await confirm.getByTestId('confirm-dialog-confirm').click();
    await expectToast(page, 'Regola eliminata', { description: 'Estero' });
    await closeToasts(page);
    expect((await rulesApi()).map((r) => r.name)).toEqual(['Italia express', 'Italia']);
    await eventually(async () => expect(await rows(page).count()).toBe(2));
    await shot(page, '1280-after-edit');
    afterEdit.set();
  });

  step('at 390 px: cards, nothing sideways, the dialog as a bottom sheet; the preview as cards', async () => {
    await asAdmin();
    await afterEdit.get();
    await page.setViewportSize(MOBILE);
    await open('/shipping-rules');
    const cards = page.getByTestId('rule-card');
    await eventually(async () => expect(await cards.count()).toBe(2));
    expect(await rows(page).count()).toBe(0);
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-name')))).toEqual(['Italia express', 'Italia']);
    await expectNoSidewaysScroll(page, MOBILE.width);
    await shot(page, '390-rules');

    await page.getByTestId('rules-new').click();
    const sheet = dialog(page);
    await sheet.waitFor();
    expect(await sheet.getAttribute('data-side')).toBe('bottom');
    expect(await sheet.locator('#rule-priority').inputValue()).toBe('3');
    await eventually(async () => {
      const box = (await sheet.boundingBox())!;
      expect(Math.round(box.x)).toBe(0);
      expect(Math.round(box.width)).toBe(MOBILE.width);
      expect(Math.round(box.y + box.height)).toBe(MOBILE.height);
    });
    await sheet.getByTestId('rule-submit').click();
    await fieldError(page, 'rule-name').waitFor();
    await page.screenshot({ path: `${SHOTS}/rules-390-sheet.png` });
    await sheet.getByRole('button', { name: 'Annulla', exact: true }).click();
    await sheet.waitFor({ state: 'detached' });

    await page.getByTestId('rules-preview-open').click();
    await page.getByTestId('preview-cards').waitFor();
    await expectNoSidewaysScroll(page, MOBILE.width);
    await expectPreviewInView(page);
    await page.getByTestId('rules-preview').getByTestId('preview-order').first().waitFor();
    await scrollMainTo(page.getByTestId('rules-preview'));
    await page.screenshot({ path: `${SHOTS}/rules-390-preview-top.png` });
    await shot(page, '390-preview');
    await page.setViewportSize(DESKTOP);
  });

  step("a rule whose carrier serves Italy only is passed over for an order abroad: the preview says why ('Posta1 vale solo per l'Italia'), the assignment follows", async () => {
    await asAdmin();
    const { glsId, lettersId } = await lettere.get();
    const { preview, abroad } = await previewWithLetters();
    // 'Resto' takes it; an Italian order not express stays with 'Lettere'.
    expect(abroad.matchedRule.name).toBe('Resto');
    expect(abroad.reasons.at(-1)).toBe(`Regola 'Lettere': ${POSTA1_ITALY_ONLY}`);
    const italian = preview.orders.find((o: any) => o.countryCode === 'IT' && !o.isExpress && ['assign', 'unchanged'].includes(o.outcome));
    expect(italian?.matchedRule.name).toBe('Lettere');

    await open('/shipping-rules');
    await expectRuleNames(page, ['Italia express', 'Italia', 'Lettere', 'Resto']);
    await page.getByTestId('rules-preview-open').click();
    const panel = page.getByTestId('rules-preview');
    const abroadRow = panel.locator(`[data-testid="preview-order"][data-order-id="${abroad.orderId}"]`);
    await abroadRow.waitFor();
    expect(await textOf(abroadRow.getByTestId('preview-rule'))).toBe('Resto (priorità 4)');
    const reasons = await abroadRow.getByTestId('preview-reason').evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.replace(/^·\s*/, '').trim()));
    expect(reasons).toContain(`Regola 'Lettere': ${POSTA1_ITALY_ONLY}`);
    expect(await textOf(panel.locator(`[data-testid="preview-order"][data-order-id="${italian.orderId}"]`).getByTestId('preview-rule'))).toBe('Lettere (priorità 3)');
    expect(await panel.getByTestId('preview-table').evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBe(0);
    await abroadRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/rules-1280-preview-destination.png` });

    // 'Assegna Corrieri' does what the preview said: the order abroad to GLS, the Italian one to Posta1.
    await page.getByTestId('rules-assign').click();
    await expectToast(page, 'Corrieri assegnati');
    await closeToasts(page);
    const [abroadOrder, italianOrder] = [await get(`/api/orders/${abroad.orderId}`), await get(`/api/orders/${italian.orderId}`)];
    expect([abroadOrder.carrierIntegrationId, abroadOrder.appliedRule?.name]).toEqual([glsId, 'Resto']);
    expect([italianOrder.carrierIntegrationId, italianOrder.appliedRule?.name]).toEqual([lettersId, 'Lettere']);
  });

  step("at 390 px: the preview's card of an order abroad says why the Posta1 rule passed it over, nothing sideways", async () => {
    await asAdmin();
    await lettere.get();
    const { abroad } = await previewWithLetters();
    await page.setViewportSize(MOBILE);
    try {
      await open('/shipping-rules');
      await page.getByTestId('rules-preview-open').click();
      await page.getByTestId('preview-cards').waitFor();
      const card = page.getByTestId('rules-preview').locator(`[data-testid="preview-order"][data-order-id="${abroad.orderId}"]`);
      await card.waitFor();
      expect(await card.getByTestId('preview-reasons').isVisible()).toBe(true);
      const reasons = await card.getByTestId('preview-reason').evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.replace(/^·\s*/, '').trim()));
      expect(reasons).toContain(`Regola 'Lettere': ${POSTA1_ITALY_ONLY}`);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/rules-390-preview-destination.png` });
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});
