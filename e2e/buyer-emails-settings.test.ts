/**
 * Impostazioni › E-mail ai clienti (issue 26) in headless chromium against the real stack: the tab
 * at 1280 and 390 px (off by default, the four kinds with their default texts, the read-only sending
 * address, the test hint naming the admin's own address; at 390 px the cards stacked and nothing
 * sideways); switched on and the 'Spedito' subject changed: an unknown `{{pippo}}` refused in
 * Italian under the field with nothing sent, then 'Salva' ('Modifiche non salvate' until then) and a
 * reload shows it saved; 'Anteprima' shows the server's rendering (the subject with the sample
 * values, From and Reply-To, the HTML in a frame that runs no script) as a dialog and, at 390 px, a
 * bottom drawer; 'Invia una prova' delivers the e-mail to the admin's address in the mail catcher;
 * a plain 'user' member sees everything read-only (no Salva) but can preview, and a PUT as that
 * user answers 403; the shipment's drawer lists what became of the e-mails to its buyer ('Spedito'
 * sent to the buyer's address, and not sent to a buyer without one, with the reason). Screenshots in
 * /tmp/shots-buyer-emails/.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import {
  buyerMailKindLabels,
  buyerMailKinds,
  buyerMailMessages,
  buyerMailTexts,
  defaultBuyerMailTemplates,
  type BuyerMailPreviewJson,
  type BuyerMailSettingsJson,
  type ShipmentDetailsJson,
} from '@smista/contracts';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, registerWithMerchant, signIn } from './support/api';
import { labelWithGls } from './support/marketplaces';
import { extractLinks, waitForMail } from './support/mail';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { settingsMenu } from './support/settings';
import { eventually, expectNoSidewaysScroll, expectTitle, expectToast, MOBILE, screenshotWhole, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const admin = person('Giulia', 'Ferri', run);
const member = person('Paolo', 'Neri', run);
const merchantName = `Bottega Ferri ${run}`;
const SHOTS = '/tmp/shots-buyer-emails';
const TAB = '/dashboard/settings/emails';
/** The merchant's own 'Spedito' subject: two placeholders and the run, so its e-mail is ours alone. */
const SUBJECT = `Pacco {{ordine}} partito da {{negozio}} ${run}`;
const REPLY_TO = `assistenza-${run}@bottega.example`;
/** The sample parcel's order number and buyer, as shipments fills them in a preview and a test. */
const SAMPLE_ORDER = '12-34567-89012';
const SAMPLE_BUYER = 'Mario Rossi';
/** The buyer of the order labelled while the e-mails are on. */
const BUYER = `cliente-${run}@example.it`;

let app: TestApp;
let browser: BrowserSession;
let page: Page;
let merchantId = '';

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  // A GLS sandbox of its own: the shared one knows other suites' parcels by the same counters.
  ({ app, browser, page } = await scenario.start({ ownGlsSandbox: true }));
  merchantId = (await registerWithMerchant(browser.context, app.baseUrl, admin, merchantName)).id;
}, TEST_TIMEOUT_MS);
afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const asAdmin = () => signIn(browser.context, app.baseUrl, admin, merchantId);
const call = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) => api(browser.context, app.baseUrl, method, path, body);

async function settingsApi(): Promise<BuyerMailSettingsJson> {
  const res = await call('GET', '/api/buyer-emails');
  expect(res.status).toBe(200);
  return res.body;
}

/** The whole PUT body from an answer, with some of it changed. */
function bodyOf(s: BuyerMailSettingsJson, change: (body: any) => void = () => undefined) {
  const body = {
    enabled: s.enabled,
    senderName: s.senderName,
    replyTo: s.replyTo,
    templates: Object.fromEntries(buyerMailKinds.map((k) => [k, { enabled: s.templates[k].enabled, subject: s.templates[k].subject, body: s.templates[k].body }])),
  };
  change(body);
  return body;
}

/** E-mails on, the 'Spedito' subject ours and a reply address: what the save step makes through the screen. */
const saved = given('e-mail ai clienti attive con l\'oggetto di «Spedito» cambiato', async () => {
  await asAdmin();
  const res = await call(
    'PUT',
    '/api/buyer-emails',
    bodyOf(await settingsApi(), (b) => {
      b.enabled = true;
      b.replyTo = REPLY_TO;
      b.templates.shipped.enabled = true;
      b.templates.shipped.subject = SUBJECT;
    }),
  );
  expect(res.status).toBe(200);
  return true;
});

/** The plain 'user' member, registered through the admin's invite, in a browser of theirs. */
const memberJoined = given('il membro (Utente)', async (): Promise<BrowserSession> => {
  await asAdmin();
  const since = new Date(Date.now() - 1000);
  expect((await call('POST', `/api/merchants/${merchantId}/invites`, { email: member.email, role: 'user' })).status).toBe(201);
  const mail = await waitForMail({ to: member.email, subjectIncludes: 'Invito a unirti', since, timeoutMs: 20_000 });
  const link = extractLinks(mail).find((l) => l.includes('/accept-invite?token='))!;
  const memberBrowser = await scenario.openBrowser();
  const registered = await api(memberBrowser.context, app.baseUrl, 'POST', '/api/register', { ...member, inviteToken: new URL(link).searchParams.get('token') });
  expect(registered.status).toBe(201);
  await eventually(async () => expect((await api(memberBrowser.context, app.baseUrl, 'GET', '/api/merchants')).body).toMatchObject([{ id: merchantId, role: 'user' }]));
  return memberBrowser;
});

/** Opens the tab (the merchant selected for the session) and waits for the form. */
async function openTab(p: Page): Promise<void> {
  await p.goto(TAB);
  await p.getByTestId('buyer-emails-tab').waitFor();
}

const kindCard = (p: Page, kind: string) => p.locator(`[data-testid="buyer-mail-kind"][data-kind="${kind}"]`);

step("the tab at 1280 px: off by default, Mittente, the four kinds with their default texts, the test hint naming the admin's address", async () => {
  await asAdmin();
  await page.goto('/dashboard/settings');
  const menu = settingsMenu(page);
  await menu.link(buyerMailTexts.tabLabel).click();
  await page.waitForURL(`**${TAB}`);
  await menu.current(buyerMailTexts.tabLabel).waitFor();
  await expectTitle(page, `${buyerMailTexts.tabLabel} · Smista`);
  const tab = page.getByTestId('buyer-emails-tab');
  await tab.waitFor();
  expect(await tab.getAttribute('data-can-edit')).toBe('true');
  const master = page.getByRole('switch', { name: buyerMailTexts.enabled, exact: true });
  expect(await master.getAttribute('aria-checked')).toBe('false');
  // Mittente: the merchant's name as the placeholder of the name, the sending address read-only, the notes.
  const sender = page.getByTestId('buyer-mail-sender');
  expect(await page.getByLabel(buyerMailTexts.senderName, { exact: true }).getAttribute('placeholder')).toBe(merchantName);
  const from = page.getByTestId('buyer-mail-from-address');
  expect(await from.inputValue()).toBe((await settingsApi()).fromAddress);
  expect(await from.getAttribute('readonly')).not.toBeNull();
  expect(await textOf(sender)).toContain(buyerMailTexts.fromAddressHint);
  expect(await textOf(page.getByTestId('buyer-mail-relay-note'))).toBe(buyerMailTexts.relayNote);
  // The four kinds, in order, each with its label and hint and the default texts.
  expect(await page.getByTestId('buyer-mail-kind').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-kind')))).toEqual([...buyerMailKinds]);
  for (const kind of buyerMailKinds) {
    const card = kindCard(page, kind);
    expect(await textOf(card)).toContain(buyerMailKindLabels[kind]);
    expect(await card.getByTestId('buyer-mail-subject').inputValue()).toBe(defaultBuyerMailTemplates[kind].subject);
    expect(await card.getByTestId('buyer-mail-body').inputValue()).toBe(defaultBuyerMailTemplates[kind].body);
    expect(await textOf(card.getByTestId('buyer-mail-test-hint'))).toBe(buyerMailTexts.sendTestHint(admin.email));
  }
  expect(await page.getByTestId('buyer-emails-unsaved').count()).toBe(0);
  await expectNoSidewaysScroll(page, 1280);
  await screenshotWhole(page, `${SHOTS}/1280-tab.png`);
});

step('at 390 px the cards stack in one column and nothing scrolls sideways', async () => {
  await asAdmin();
  await page.setViewportSize(MOBILE);
  try {
    await openTab(page);
    const cards = page.getByTestId('buyer-mail-kind');
    await eventually(async () => {
      const boxes = await cards.evaluateAll((list) => list.map((c) => c.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top })));
      expect(boxes).toHaveLength(4);
      // One column: each card below the one before, all inside the screen.
      for (const [i, box] of boxes.entries()) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(390);
        if (i > 0) expect(box.top).toBeGreaterThan(boxes[i - 1]!.top);
      }
    });
    await expectNoSidewaysScroll(page, 390);
    await page.screenshot({ path: `${SHOTS}/390-tab-top.png` });
    await screenshotWhole(page, `${SHOTS}/390-tab.png`, 8000);
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

step("switched on, an unknown {{pippo}} refused in Italian with nothing sent, then the 'Spedito' subject saved and kept after a reload", async () => {
  await asAdmin();
  await openTab(page);
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/buyer-emails') puts.push(r.url());
  });
  await page.getByRole('switch', { name: buyerMailTexts.enabled, exact: true }).click();
  await page.getByTestId('buyer-emails-unsaved').waitFor();
  expect(await textOf(page.getByTestId('buyer-emails-unsaved'))).toBe(buyerMailTexts.unsaved);
  const card = kindCard(page, 'shipped');
  const subject = card.getByTestId('buyer-mail-subject');
  await subject.fill('Il tuo ordine {{pippo}} è partito');
  await page.getByTestId('buyer-emails-save').click();
  const error = card.locator('#buyer-mail-shipped-subject-error');
  await error.waitFor();
  expect(await textOf(error)).toBe(buyerMailMessages.unknownPlaceholder(['pippo']));
  expect(await subject.getAttribute('aria-invalid')).toBe('true');
  await expectToast(page, buyerMailTexts.saveFailed, { description: buyerMailTexts.invalidForm, variant: 'destructive' });
  expect(puts).toEqual([]);

  // The subject typed again; a placeholder clicked in goes where the cursor is.
  await subject.fill(`Pacco  partito da {{negozio}} ${run}`);
  await subject.evaluate((el: HTMLInputElement) => el.setSelectionRange('Pacco '.length, 'Pacco '.length));
  await card.getByRole('button', { name: buyerMailTexts.insertPlaceholder('ordine') }).click();
  expect(await subject.inputValue()).toBe(SUBJECT);
  await error.waitFor({ state: 'detached' });
  await page.getByLabel(buyerMailTexts.replyTo, { exact: true }).fill(REPLY_TO);
  const answer = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/buyer-emails');
  await page.getByTestId('buyer-emails-save').click();
  expect((await answer).status()).toBe(200);
  await expectToast(page, buyerMailMessages.saved);
  await page.getByTestId('buyer-emails-unsaved').waitFor({ state: 'detached' });
  saved.set(true);

  const stored = await settingsApi();
  expect(stored.enabled).toBe(true);
  expect(stored.replyTo).toBe(REPLY_TO);
  expect(stored.templates.shipped).toMatchObject({ subject: SUBJECT, customised: true });
  expect(stored.templates.delivered.subject).toBe(defaultBuyerMailTemplates.delivered.subject);

  await page.reload();
  await page.getByTestId('buyer-emails-tab').waitFor();
  expect(await page.getByRole('switch', { name: buyerMailTexts.enabled, exact: true }).getAttribute('aria-checked')).toBe('true');
  expect(await kindCard(page, 'shipped').getByTestId('buyer-mail-subject').inputValue()).toBe(SUBJECT);
  expect(await page.getByLabel(buyerMailTexts.replyTo, { exact: true }).inputValue()).toBe(REPLY_TO);
  expect(await page.getByTestId('buyer-emails-unsaved').count()).toBe(0);
  await screenshotWhole(page, `${SHOTS}/1280-saved.png`);
});

/** What the server renders for the saved 'Spedito' e-mail, as the screen asks it. */
async function previewApi(): Promise<BuyerMailPreviewJson> {
  const s = await settingsApi();
  const res = await call('POST', '/api/buyer-emails/preview', {
    kind: 'shipped',
    subject: s.templates.shipped.subject,
    body: s.templates.shipped.body,
    senderName: s.senderName,
    replyTo: s.replyTo,
  });
  expect(res.status).toBe(200);
  return res.body;
}

step("'Anteprima' shows the server's rendering: the subject with the sample values, From, Reply-To, the HTML in a sandboxed frame (1280 and 390 px)", async () => {
  await saved.get();
  await asAdmin();
  const expected = await previewApi();
  // The placeholders filled in with the sample parcel (shipments' sampleBuyerMailValues: order
  // 12-34567-89012, buyer Mario Rossi) and the shop's own name.
  expect(expected.subject).toBe(`Pacco ${SAMPLE_ORDER} partito da ${merchantName} ${run}`);
  expect(expected.replyTo).toBe(REPLY_TO);

  for (const viewport of [{ width: 1280, height: 800 }, MOBILE]) {
    await page.setViewportSize(viewport);
    try {
      await openTab(page);
      const card = kindCard(page, 'shipped');
      await card.getByTestId('buyer-mail-preview-open').click();
      const dialog = page.locator('[data-testid="buyer-mail-preview"][data-status="ready"]');
      await dialog.waitFor();
      expect(await dialog.getAttribute('data-side')).toBe(viewport.width < 768 ? 'bottom' : 'center');
      expect(await textOf(dialog.getByRole('heading'))).toBe(buyerMailTexts.previewTitle(buyerMailKindLabels.shipped));
      const headers = await textOf(dialog.getByTestId('buyer-mail-preview-headers'));
      expect(headers).toContain(expected.subject);
      expect(headers).toContain(expected.from);
      expect(headers).toContain(REPLY_TO);
      const frame = dialog.getByTestId('buyer-mail-preview-frame');
      expect(await frame.getAttribute('sandbox')).toBe('');
      expect(await frame.getAttribute('srcdoc')).toBe(expected.html);
      // The rendered body: the sample's words, no placeholder left.
      const shown = await frame.contentFrame().locator('body').innerText();
      expect(shown).toContain(merchantName);
      expect(shown).toContain(`Ciao ${SAMPLE_BUYER},`);
      expect(shown).toContain(SAMPLE_ORDER);
      expect(shown).not.toContain('{{');
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: `${SHOTS}/${viewport.width}-preview.png` });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  }
});

step("'Invia una prova' delivers the e-mail to the admin's own address (read in the mail catcher)", async () => {
  await saved.get();
  await asAdmin();
  const expected = await previewApi();
  await openTab(page);
  const since = new Date(Date.now() - 1000);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/buyer-emails/test');
  await kindCard(page, 'shipped').getByTestId('buyer-mail-test').click();
  const res = await answer;
  expect(res.status()).toBe(200);
  const { message } = (await res.json()) as { message: string };
  expect(message).toBe(buyerMailMessages.testSent(admin.email));
  await expectToast(page, message);
  const mail = await waitForMail({ to: admin.email, subjectIncludes: run, since, timeoutMs: 20_000 });
  expect(mail.subject).toContain(expected.subject);
  expect(mail.from).toContain(expected.from.replace(/^.*</, '').replace(/>.*$/, ''));
  expect(mail.text).toContain(merchantName);
  expect(mail.text).toContain(`Ciao ${SAMPLE_BUYER},`);
  expect(mail.text).not.toContain('{{');
});

step("a plain 'user' member sees it read-only (no Salva) but can preview; a PUT as that user answers 403", async () => {
  await saved.get();
  const memberBrowser = await memberJoined.get();
  await asAdmin();
  await signIn(memberBrowser.context, app.baseUrl, member, merchantId);
  const p = memberBrowser.page;
  await p.setViewportSize({ width: 1280, height: 800 });
  await openTab(p);
  const tab = p.getByTestId('buyer-emails-tab');
  await eventually(async () => expect(await tab.getAttribute('data-can-edit')).toBe('false'));
  await p.getByTestId('buyer-emails-read-only').waitFor();
  expect(await p.getByTestId('buyer-emails-save').count()).toBe(0);
  expect(await p.getByRole('switch', { name: buyerMailTexts.enabled, exact: true }).isDisabled()).toBe(true);
  expect(await p.getByLabel(buyerMailTexts.senderName, { exact: true }).isDisabled()).toBe(true);
  expect(await p.getByLabel(buyerMailTexts.replyTo, { exact: true }).isDisabled()).toBe(true);
  for (const kind of buyerMailKinds) {
    const card = kindCard(p, kind);
    expect(await card.getByTestId('buyer-mail-subject').isDisabled()).toBe(true);
    expect(await card.getByTestId('buyer-mail-body').isDisabled()).toBe(true);
    expect(await card.getByTestId('buyer-mail-restore').count()).toBe(0);
    expect(await card.getByTestId('buyer-mail-test-hint').innerText()).toBe(buyerMailTexts.sendTestHint(member.email));
  }
  expect(await kindCard(p, 'shipped').getByTestId('buyer-mail-subject').inputValue()).toBe(SUBJECT);
  await screenshotWhole(p, `${SHOTS}/1280-member-read-only.png`);

  // The preview works for them.
  await kindCard(p, 'shipped').getByTestId('buyer-mail-preview-open').click();
  const dialog = p.locator('[data-testid="buyer-mail-preview"][data-status="ready"]');
  await dialog.waitFor();
  expect(await textOf(dialog.getByTestId('buyer-mail-preview-headers'))).toContain(`Pacco ${SAMPLE_ORDER} partito da ${merchantName} ${run}`);
  await p.keyboard.press('Escape');

  // The API refuses a change by them, whatever the screen shows.
  const before = await settingsApi();
  const refused = await api(memberBrowser.context, app.baseUrl, 'PUT', '/api/buyer-emails', bodyOf(before, (b) => (b.enabled = false)));
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe(buyerMailMessages.adminOnly);
  expect((await settingsApi()).enabled).toBe(true);
});

/** Two hand-made orders labelled with GLS while the e-mails are on: a buyer with an address and one without. */
const labelled = given('due spedizioni GLS etichettate con le e-mail attive', async () => {
  await saved.get();
  await asAdmin();
  const make = async (n: number, recipientEmail: string | undefined) => {
    const order = await call('POST', '/api/orders', {
      address: { recipientName: `Cliente ${n} ${run}`, addressLine1: `Via Mazzini ${n}`, city: 'Parma', state: 'PR', postalCode: '43121', country: 'Italia', countryCode: 'IT', ...(recipientEmail ? { recipientEmail } : {}) },
      items: [{ sku: `TAZZA-${run}`, title: 'Tazza in ceramica', quantity: 1, unitPrice: '12,00', weightKg: '0,3' }],
    });
    expect(order.status).toBe(201);
    return { externalId: String(order.body.externalId), shipmentId: await labelWithGls(browser.context, app.baseUrl, merchantId, order.body.id) };
  };
  return { withAddress: await make(1, BUYER), withoutAddress: await make(2, undefined) };
});

async function detailsApi(id: number): Promise<ShipmentDetailsJson> {
  const res = await call('GET', `/api/shipments/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

step("the shipment's drawer: 'E-mail al cliente' with the 'Spedito' e-mail sent to the buyer, and not sent to one without an address (1280 and 390 px)", async () => {
  const { withAddress, withoutAddress } = await labelled.get();
  await asAdmin();
  // The buyer gets the merchant's own subject with the real order.
  const mail = await waitForMail({ to: BUYER, subjectIncludes: run, timeoutMs: 30_000 });
  expect(mail.subject).toBe(`Pacco ${withAddress.externalId} partito da ${merchantName} ${run}`);
  await eventually(async () => expect((await detailsApi(withAddress.shipmentId)).buyerEmails).toEqual([expect.objectContaining({ kind: 'shipped', status: 'sent', to: BUYER })]));
  await eventually(async () => expect((await detailsApi(withoutAddress.shipmentId)).buyerEmails).toEqual([expect.objectContaining({ kind: 'shipped', status: 'skipped', reason: 'no_address' })]));

  for (const viewport of [{ width: 1280, height: 800 }, MOBILE]) {
    await page.setViewportSize(viewport);
    try {
      await page.goto(`/dashboard/shipments?shipment=${withAddress.shipmentId}`);
      const section = page.getByTestId('details-buyer-emails');
      await section.waitFor();
      expect(await textOf(section.getByRole('heading'))).toBe(buyerMailTexts.drawerTitle);
      const rows = section.getByTestId('buyer-email');
      expect(await rows.count()).toBe(1);
      expect(await textOf(rows.getByTestId('buyer-email-kind'))).toBe(buyerMailKindLabels.shipped);
      expect(await textOf(rows.getByTestId('buyer-email-status'))).toBe('Inviata');
      expect(await textOf(rows.getByTestId('buyer-email-to'))).toBe(BUYER);
      // The Italian date and time of the sending ('Inviata il 5 mar 2026, 14:05').
      expect(await textOf(rows.getByTestId('buyer-email-when'))).toMatch(/^Inviata il \d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}$/);
      expect(await rows.getByTestId('buyer-email-reason').count()).toBe(0);
      await expectNoSidewaysScroll(page, viewport.width);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${viewport.width}-drawer-sent.png` });
      await page.keyboard.press('Escape');

      await page.goto(`/dashboard/shipments?shipment=${withoutAddress.shipmentId}`);
      const skipped = page.getByTestId('details-buyer-emails').getByTestId('buyer-email');
      await skipped.waitFor();
      expect(await textOf(skipped.getByTestId('buyer-email-status'))).toBe('Non inviata');
      expect(await textOf(skipped.getByTestId('buyer-email-reason'))).toBe('Il cliente non ha un indirizzo email');
      expect(await skipped.getByTestId('buyer-email-to').count()).toBe(0);
      if (viewport.width < 768) {
        await skipped.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/390-drawer-skipped.png` });
      }
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  }
});
