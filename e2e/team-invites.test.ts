/**
 * End to end, in headless chromium against the real stack and the mail catcher: the team and its
 * invites (spec §2 Settings Team, /auth with token, /accept-invite, /accept-existing-invite,
 * merchant selection; §4 invite and team-form states; §5 invite acceptance; §8 team and invite
 * toasts). An admin invites a colleague from 'Gestione Team'; the colleague registers through the
 * link in the real e-mail and works as Utente, without the admin controls (the API refuses too);
 * the admin cancels an invite after confirming, changes the colleague's role there and back, and
 * removes a member;
 * an existing user with a merchant of their own accepts an invite and switches between the two
 * merchants; a spent link is 'Invito non valido' and a link for another address is refused.
 *
 * One app for the whole file and one browser per person (admin A, colleague B, existing user C).
 * Steps stand on their own: each logs its browser in as the person it needs, goes to its page and
 * gets the accounts, invite links and memberships it builds on from `given`s (made by the step
 * that creates them through the screens, else through the API).
 */
import { format } from 'date-fns';
import { it as itLocale } from 'date-fns/locale';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, signIn, type ApiResponse } from './support/api';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS, type TestUser } from './support/scenario';
import { enterOnlyMerchant } from './support/settings';
import { inviteLinkFor as inviteLinkIn, inviteThroughForm, inviteTokenOf as tokenOf, team } from './support/team';
import { eventually, expectToast, pathOf, textOf } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

/** Lets React commit what the last response changed before a "nothing is there" assertion. */
const nextFrame = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

const run = newRunId();
const admin = person('Chiara', 'Galli', run);
const colleague = person('Marco', 'Conti', run);
/** Invited and registered through the API, then removed from the team in the UI. */
const leaver = person('Sara', 'Fontana', run);
/** Already has an account and a merchant of their own when invited. */
const existing = person('Elena', 'Ricci', run);
/** Invited, then the invite is cancelled. */
const cancelledEmail = `annullato.${run}@example.it`;
/** Invited; the colleague opens this link (another address). */
const strangerEmail = `altro.${run}@example.it`;
const merchantName = `Emporio Galli ${run}`;
const existingMerchantName = `Bottega Ricci ${run}`;
const adminName = `${admin.firstName} ${admin.lastName}`;
const colleagueName = `${colleague.firstName} ${colleague.lastName}`;
const leaverName = `${leaver.firstName} ${leaver.lastName}`;

let app: TestApp;
/** A: the admin. B: the colleague (registers through the invite). C: the existing user. */
let a: BrowserSession;
/** API-only cookie jars (the set-up's and the removed member's), disposed after the file. */
const sessions: APIRequestContext[] = [];

beforeAll(async () => {
  ({ app, browser: a } = await scenario.start());
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  for (const session of sessions) await session.dispose();
  await scenario.stop();
}, STOP_TIMEOUT_MS);

/** A cookie jar of its own for API calls (a person without a browser). */
async function apiSession(): Promise<APIRequestContext> {
  const session = await request.newContext({ baseURL: app.baseUrl });
  sessions.push(session);
  return session;
}

/** The answer when it has this status; otherwise an error naming what was asked and the answer. */
function must(res: ApiResponse, status: number, what: string): ApiResponse {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** Registers `user` (with the invite token, if given) in `session`, or logs in when the account is there already (409). */
async function registerOrLogIn(session: APIRequestContext, user: TestUser, inviteToken?: string): Promise<void> {
  const registered = await api(session, app.baseUrl, 'POST', '/api/register', inviteToken ? { ...user, inviteToken } : user);
  if (registered.status === 409) must(await api(session, app.baseUrl, 'POST', '/api/login', { email: user.email, password: user.password }), 200, `login ${user.email}`);
  else must(registered, 201, `register ${user.email}`);
}

/** The admin, registered, with the merchant (and an API session of theirs for the team's lists). */
const adminSetup = given('the admin with the merchant', async () => {
  const session = await apiSession();
  must(await api(session, app.baseUrl, 'POST', '/api/register', admin), 201, 'register the admin');
  const created = must(await api(session, app.baseUrl, 'POST', '/api/merchants', { name: merchantName }), 201, 'create the merchant');
  return { merchantId: String(created.body.id), session };
});

/** Browser B, the colleague's, and browser C, the existing user's: opened by whichever step needs them first. */
const browserB = given("the colleague's browser", () => scenario.openBrowser());
const browserC = given("the existing user's browser", () => scenario.openBrowser());

/**
 * An invite for `email` through the API and the link of its e-mail; an invite still pending for
 * the address (sent by a step that then failed) is not sent again: its e-mail's link is used.
 */
async function inviteByApi(email: string, role: 'user' | 'admin'): Promise<string> {
  const { merchantId, session } = await adminSetup.get();
  const pending = (await teamApi()).invites.some((i) => i.email === email);
  const since = new Date(Date.now() - 1000);
  if (!pending) must(await api(session, app.baseUrl, 'POST', `/api/merchants/${merchantId}/invites`, { email, role }), 201, `invite ${email}`);
  return (await inviteLinkFor(email, pending ? undefined : since)).link;
}

/** The colleague's invite link (step 2 sends it from the form). */
const colleagueLink = given("the colleague's invite link", () => inviteByApi(colleague.email, 'user'));

/** The colleague registered through the invite, a member as Utente (step 3 does it in the browser). */
const colleagueJoined = given('the colleague in the team', async () => {
  const { merchantId } = await adminSetup.get();
  const link = await colleagueLink.get();
  const session = await apiSession();
  await registerOrLogIn(session, colleague, tokenOf(link));
  // The membership follows the registration a moment later.
  await eventually(async () => expect((await api(session, app.baseUrl, 'GET', '/api/merchants')).body).toEqual([{ id: merchantId, name: merchantName, role: 'user', ssoRequired: false }]));
  return colleague;
});

/** The pending admin invite the admin cancels later (step 4 sends it from the form). */
const cancelledLink = given('the invite to be cancelled', () => inviteByApi(cancelledEmail, 'admin'));

/** The existing user, with a merchant of their own, a member through the accepted invite; its spent link (step 10 accepts it in the browser). */
const existingAccepted = given('the existing user in the team', async () => {
  const { merchantId } = await adminSetup.get();
  const session = await apiSession();
  await registerOrLogIn(session, existing);
  const mine = must(await api(session, app.baseUrl, 'GET', '/api/merchants'), 200, 'merchants of the existing user').body as { id: string; name: string }[];
  if (!mine.some((m) => m.name === existingMerchantName)) {
    must(await api(session, app.baseUrl, 'POST', '/api/merchants', { name: existingMerchantName }), 201, 'create the existing user\'s merchant');
  }
  if (mine.some((m) => String(m.id) === merchantId)) return { link: (await inviteLinkFor(existing.email)).link };
  const link = await inviteByApi(existing.email, 'user');
  must(await api(session, app.baseUrl, 'POST', `/api/invites/${encodeURIComponent(tokenOf(link))}/accept`, {}), 200, 'accept the invite');
  return { link };
});

/** Browser A logged in as the admin on Impostazioni → Gestione Team. */
async function adminOnTeam(): Promise<Page> {
  const { merchantId } = await adminSetup.get();
  await signIn(a.context, app.baseUrl, admin, merchantId);
  await a.page.goto('/dashboard/settings/team');
  await team(a.page).tab.waitFor();
  return a.page;
}

/** Browser B logged in as the colleague (a member by then), in the merchant. */
async function colleagueIn(): Promise<BrowserSession> {
  const { merchantId } = await adminSetup.get();
  await colleagueJoined.get();
  const b = await browserB.get();
  await signIn(b.context, app.baseUrl, colleague, merchantId);
  return b;
}

/**
 * Stores `merchant` as the one the shell has selected in this browser, as choosing it on
 * /merchant-selection leaves it (`selectedMerchant`, `currentMerchantId`), from a same-origin page.
 */
async function rememberMerchant(page: Page, merchant: { id: string; name: string }): Promise<void> {
  await page.goto('/remotes.json');
  await page.evaluate((m) => {
    localStorage.setItem('selectedMerchant', JSON.stringify(m));
    localStorage.setItem('currentMerchantId', m.id);
  }, merchant);
}

/** The invite link in the e-mail sent to `to` since `since` (else the newest; one distinct link, to this app). */
const inviteLinkFor = (to: string, since?: Date) => inviteLinkIn(app.baseUrl, to, since);

/** The merchant's members and pending invites through the API, with the admin's cookies. */
async function teamApi() {
  const { merchantId, session } = await adminSetup.get();
  const members = await api(session, app.baseUrl, 'GET', `/api/merchants/${merchantId}/users`);
  expect(members.status).toBe(200);
  const invites = await api(session, app.baseUrl, 'GET', `/api/merchants/${merchantId}/invites`);
  expect(invites.status).toBe(200);
  return { members: members.body as any[], invites: invites.body as any[] };
}

async function memberId(email: string): Promise<string> {
  const found = (await teamApi()).members.find((m) => m.email === email);
  expect(found).toBeDefined();
  return String(found.id);
}

describe('team and invites', () => {
  step('the admin opens Impostazioni → Gestione Team and sees themself as the only member, Admin', async () => {
    const { merchantId } = await adminSetup.get();
    await signIn(a.context, app.baseUrl, admin, merchantId);
    const page = a.page;
    await enterOnlyMerchant(page, merchantName);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Impostazioni' }).click();
    await page.waitForURL('**/dashboard/settings/team');
    await page.getByRole('heading', { name: 'Gestione Team', exact: true }).waitFor();
    const settingsMenu = page.getByRole('navigation', { name: 'Menu impostazioni' });
    // The menu re-renders just after the URL changes: wait for the highlight.
    await settingsMenu.getByRole('link', { name: 'Gestione Team' }).and(settingsMenu.locator('[aria-current="page"]')).waitFor();

    const tm = team(page);
    const me = tm.member(admin.email);
    await me.waitFor();
    expect(await me.getAttribute('data-role')).toBe('admin');
    expect(await textOf(me.getByTestId('member-role'))).toBe('Admin');
    const row = await me.innerText();
    expect(row).toContain(adminName);
    expect(row).toContain('(tu)');
    expect(row).toContain(`@${admin.username}`);
    expect(row).toContain(admin.email);
    expect(await page.getByTestId('member-row').count()).toBe(1);
    expect(await page.getByTestId('members-table').locator('th').allTextContents()).toEqual(['Utente', 'Email', 'Ruolo', 'Azioni']);
    await eventually(async () => expect(await textOf(tm.membersCount)).toBe('1'));
    await eventually(async () => expect(await textOf(tm.invitesCount)).toBe('0'));
    expect(await textOf(tm.membersTab)).toContain('Membri');
    expect(await textOf(tm.invitesTab)).toContain('Inviti pendenti');
    // The admin's controls: the invite button and 'Modifica' on the row.
    await tm.inviteOpen.waitFor();
    expect(await textOf(me.getByTestId('member-edit'))).toBe('Modifica');

    await tm.invitesTab.click();
    await page.getByTestId('invites-empty').filter({ hasText: 'Nessun invito pendente' }).waitFor();
    await tm.membersTab.click();
    await me.waitFor();

    const members = (await teamApi()).members;
    expect(members).toEqual([expect.objectContaining({ email: admin.email, firstName: admin.firstName, username: admin.username, role: 'admin' })]);
  });

  step("invites the colleague as Utente: toast, Inviti pendenti 1 with the row, and the e-mail names inviter, merchant and role", async () => {
    const page = await adminOnTeam();
    const tm = team(page);
    const since = new Date(Date.now() - 1000);

    // Spec §5: the e-mail must be one (the schema's Italian message), and nothing is sent.
    await tm.inviteOpen.click();
    await page.locator('#invite-email').fill('non-una-email');
    await page.getByTestId('invite-form').getByRole('button', { name: 'Invia invito' }).click();
    await page.getByTestId('invite-form').getByText('Inserisci un indirizzo email valido').waitFor();
    // 'Annulla' closes the form without sending.
    await page.getByTestId('invite-form').getByRole('button', { name: 'Annulla' }).click();
    await page.getByTestId('invite-form').waitFor({ state: 'detached' });
    expect((await teamApi()).invites).toEqual([]);

    await inviteThroughForm(page, colleague.email, 'user');
    await eventually(async () => expect(await textOf(tm.invitesCount)).toBe('1'));
    await tm.invitesTab.click();
    const row = tm.invite(colleague.email);
    await row.waitFor();
    expect(await row.getAttribute('data-role')).toBe('user');
    expect(await row.innerText()).toContain('Utente');
    // Today in the browser's time zone (Europe/Rome), in the Italian locale.
    const todayInRome = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Rome' }));
    expect(await textOf(row.getByTestId('invite-date'))).toBe(format(todayInRome, 'd MMM yyyy', { locale: itLocale }));
    expect(await textOf(row.getByTestId('invite-cancel'))).toBe('Annulla');
    expect(await page.getByTestId('invites-table').locator('th').allTextContents()).toEqual(['Email', 'Data invito', 'Ruolo', 'Azioni']);

    const { invites } = await teamApi();
    expect(invites).toEqual([expect.objectContaining({ id: expect.anything(), email: colleague.email, role: 'user', createdAt: expect.any(String) })]);

    const { link, mail } = await inviteLinkFor(colleague.email, since);
    expect(mail.subject).toBe(`Invito a unirti a ${merchantName} su Smista`);
    expect(mail.text).toContain(`${adminName} (${admin.email}) ti ha invitato a unirti al team di ${merchantName} su Smista con il ruolo di Utente.`);
    expect(new URL(link).searchParams.get('email')).toBe(colleague.email);
    colleagueLink.set(link);
  });

  step('the colleague opens the link in another browser: /auth with the invite banner, registers and lands in the merchant as Utente', async () => {
    const { merchantId } = await adminSetup.get();
    const link = await colleagueLink.get();
    const b = await browserB.get();
    // Nobody logged in in this browser.
    await b.context.clearCookies();
    const page = b.page;

    await page.goto(link);
    // Not logged in: /auth with token and email carried along; no account for the address → registration.
    await page.waitForURL((url) => url.pathname === '/auth');
    const params = new URL(page.url()).searchParams;
    expect(params.get('token')).toBe(tokenOf(link));
    expect(params.get('email')).toBe(colleague.email);
    const banner = page.getByTestId('invite-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Hai ricevuto un invito');
    expect(await banner.innerText()).toContain(`${admin.email} ti ha invitato a unirti a ${merchantName} come Utente.`);
    const form = page.getByTestId('register-form');
    await form.waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(colleague.email);

    await page.getByLabel('Nome', { exact: true }).fill(colleague.firstName);
    await page.getByLabel('Cognome').fill(colleague.lastName);
    await page.getByLabel('Username').fill(colleague.username);
    await page.getByLabel('Password', { exact: true }).fill(colleague.password);
    await page.getByLabel('Conferma password').fill(colleague.password);
    await page.getByLabel(/Accetto/).check();
    await page.getByRole('button', { name: 'Registrati' }).click();
    await expectToast(page, 'Registrazione completata', { description: `Benvenuto in Smista, ${colleague.firstName}!` });

    // Merchant selection waits for the invited membership, then enters the only merchant.
    await page.waitForURL('**/dashboard');
    await page.getByTestId('welcome-card').getByText(`Benvenuto, ${colleague.firstName}`).waitFor();
    await eventually(async () => expect(await page.getByTestId('current-merchant').innerText()).toContain(merchantName));
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('selectedMerchant') ?? 'null'))).toEqual({ id: merchantId, name: merchantName });

    const merchants = await api(b.context, app.baseUrl, 'GET', '/api/merchants');
    expect(merchants).toEqual({ status: 200, body: [{ id: merchantId, name: merchantName, role: 'user', ssoRequired: false }] });
    const me = await api(b.context, app.baseUrl, 'GET', '/api/user');
    expect(me.body).toMatchObject({ email: colleague.email, username: colleague.username });
    colleagueJoined.set(colleague);
  });

  step('the admin reloads: Membri 2 with the colleague as Utente, Inviti pendenti 0; then invites a third address', async () => {
    await colleagueJoined.get();
    const page = await adminOnTeam();
    const tm = team(page);
    const row = tm.member(colleague.email);
    await row.waitFor();
    expect(await row.getAttribute('data-role')).toBe('user');
    expect(await textOf(row.getByTestId('member-role'))).toBe('Utente');
    expect(await row.innerText()).toContain(colleagueName);
    expect(await row.innerText()).not.toContain('(tu)');
    await eventually(async () => expect(await textOf(tm.membersCount)).toBe('2'));
    await eventually(async () => expect(await textOf(tm.invitesCount)).toBe('0'));
    await tm.invitesTab.click();
    await page.getByTestId('invites-empty').waitFor();

    const since = new Date(Date.now() - 1000);
    await inviteThroughForm(page, cancelledEmail, 'admin');
    await tm.invite(cancelledEmail).waitFor();
    expect(await tm.invite(cancelledEmail).getAttribute('data-role')).toBe('admin');
    expect(await tm.invite(cancelledEmail).innerText()).toContain('Admin');
    await eventually(async () => expect(await textOf(tm.invitesCount)).toBe('1'));
    const { mail, link } = await inviteLinkFor(cancelledEmail, since);
    expect(mail.text).toContain('con il ruolo di Amministratore.');
    cancelledLink.set(link);

    const { members, invites } = await teamApi();
    expect(members.map((m) => [m.email, m.role]).sort()).toEqual([[admin.email, 'admin'], [colleague.email, 'user']].sort());
    expect(invites.map((i) => [i.email, i.role])).toEqual([[cancelledEmail, 'admin']]);
  });

  step("the colleague's Gestione Team has no invite button, no Modifica, no Annulla; the API refuses with 403", async () => {
    const { merchantId } = await adminSetup.get();
    await cancelledLink.get();
    const b = await colleagueIn();
    const page = b.page;
    const tm = team(page);
    const merchantsLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/merchants' && r.status() === 200);
    await page.goto('/dashboard/settings/team');
    await page.getByRole('heading', { name: 'Gestione Team', exact: true }).waitFor();
    await tm.member(admin.email).waitFor();
    await tm.member(colleague.email).waitFor();
    await merchantsLoaded;
    await nextFrame(page);
    expect(await page.getByTestId('member-row').count()).toBe(2);
    expect(await tm.member(colleague.email).innerText()).toContain('(tu)');
    expect(await textOf(tm.member(admin.email).getByTestId('member-role'))).toBe('Admin');
    expect(await tm.inviteOpen.count()).toBe(0);
    expect(await page.getByTestId('member-edit').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Modifica' }).count()).toBe(0);

    // Users may read the pending invites, not cancel them.
    await eventually(async () => expect(await textOf(tm.invitesCount)).toBe('1'));
    await tm.invitesTab.click();
    await tm.invite(cancelledEmail).waitFor();
    expect(await page.getByTestId('invite-cancel').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Annulla' }).count()).toBe(0);

    const refusal = { status: 403, body: expect.objectContaining({ message: 'Solo un amministratore può gestire il team' }) };
    const invite = await api(b.context, app.baseUrl, 'POST', `/api/merchants/${merchantId}/invites`, { email: `nuovo.${run}@example.it`, role: 'user' });
    expect(invite).toEqual(refusal);
    const inviteId = String((await teamApi()).invites[0].id);
    expect(await api(b.context, app.baseUrl, 'DELETE', `/api/merchants/${merchantId}/invites/${inviteId}`)).toEqual(refusal);
    const adminId = await memberId(admin.email);
    expect(await api(b.context, app.baseUrl, 'PATCH', `/api/merchants/${merchantId}/users/${adminId}`, { role: 'user' })).toEqual(refusal);
    expect(await api(b.context, app.baseUrl, 'DELETE', `/api/merchants/${merchantId}/users/${adminId}`)).toEqual(refusal);
    // Nothing changed.
    const { members, invites } = await teamApi();
    expect(members.find((m) => m.email === admin.email).role).toBe('admin');
    expect(invites.map((i) => i.email)).toEqual([cancelledEmail]);
  });

  step("'Annulla' on the third invite asks for confirmation; kept, nothing changes; confirmed, the row goes, the API list is empty, the link is dead", async () => {
    const link = await cancelledLink.get();
    const page = await adminOnTeam();
    const tm = team(page);
    await tm.invitesTab.click();
    const row = tm.invite(cancelledEmail);
    const confirm = page.getByTestId('confirm-dialog');

    // Asked first; 'Mantieni invito' keeps it.
    await row.getByTestId('invite-cancel').click();
    await confirm.waitFor();
    await confirm.getByRole('heading', { name: 'Annulla invito' }).waitFor();
    expect(await textOf(confirm.getByTestId('confirm-dialog-text'))).toBe(
      `Sei sicuro di voler annullare l'invito per ${cancelledEmail}? Il link ricevuto via email non funzionerà più.`,
    );
    expect(await textOf(confirm.getByTestId('confirm-dialog-cancel'))).toBe('Mantieni invito');
    await confirm.getByTestId('confirm-dialog-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('toast').filter({ hasText: 'Invito annullato' }).count()).toBe(0);
    expect((await teamApi()).invites.map((i) => i.email)).toEqual([cancelledEmail]);
    expect((await api(a.context, app.baseUrl, 'GET', `/api/invites/${encodeURIComponent(tokenOf(link))}`)).status).toBe(200);
    await row.waitFor();

    // Confirmed: cancelled.
    await row.getByTestId('invite-cancel').click();
    await confirm.waitFor();
    const confirmButton = confirm.getByTestId('confirm-dialog-confirm');
    expect(await textOf(confirmButton)).toBe('Annulla invito');
    await confirmButton.click();
    await expectToast(page, 'Invito annullato', { description: `L'invito per ${cancelledEmail} è stato annullato.` });
    await confirm.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('invites-empty').filter({ hasText: 'Nessun invito pendente' }).waitFor();
    await eventually(async () => expect(await textOf(tm.invitesCount)).toBe('0'));
    expect((await teamApi()).invites).toEqual([]);

    const lookup = await api(a.context, app.baseUrl, 'GET', `/api/invites/${encodeURIComponent(tokenOf(link))}`);
    expect(lookup.status).toBe(404);
    expect(lookup.body.message).toBe('Invito non valido');
  });

  step("changes the colleague's role to Admin through 'Modifica', and back to Utente", async () => {
    const { merchantId } = await adminSetup.get();
    const b = await colleagueIn();
    const page = await adminOnTeam();
    const tm = team(page);
    await tm.membersTab.click();
    const row = tm.member(colleague.email);
    const dialog = page.getByTestId('member-dialog');

    const changeRole = async (to: 'admin' | 'user', label: string) => {
      await row.getByTestId('member-edit').click();
      await dialog.waitFor();
      await dialog.getByRole('heading', { name: 'Modifica membro' }).waitFor();
      expect(await dialog.innerText()).toContain(`${colleagueName} · ${colleague.email}`);
      const before = to === 'admin' ? 'user' : 'admin';
      expect(await dialog.locator('#member-role').inputValue()).toBe(before);
      // Unchanged role: nothing to save.
      expect(await dialog.getByTestId('member-save').isDisabled()).toBe(true);
      await dialog.locator('#member-role').selectOption(to);
      await dialog.getByTestId('member-save').click();
      await expectToast(page, 'Ruolo aggiornato', { description: `${colleagueName} ora è ${label}.` });
      await dialog.waitFor({ state: 'detached' });
      await eventually(async () => expect(await row.getAttribute('data-role')).toBe(to));
      expect(await textOf(row.getByTestId('member-role'))).toBe(label);
      expect((await teamApi()).members.find((m) => m.email === colleague.email).role).toBe(to);
      // The colleague's own list of merchants says so too.
      expect((await api(b.context, app.baseUrl, 'GET', '/api/merchants')).body).toEqual([{ id: merchantId, name: merchantName, role: to, ssoRequired: false }]);
    };

    await changeRole('admin', 'Admin');
    await changeRole('user', 'Utente');
    await eventually(async () => expect(await textOf(tm.membersCount)).toBe('2'));
  });

  step('the only admin cannot demote themself: error toast, nothing changed', async () => {
    // The admin is the only one (a role change left half done puts the other back as Utente).
    const { merchantId, session } = await adminSetup.get();
    for (const other of (await teamApi()).members.filter((m) => m.role === 'admin' && m.email !== admin.email)) {
      must(await api(session, app.baseUrl, 'PATCH', `/api/merchants/${merchantId}/users/${other.id}`, { role: 'user' }), 200, `${other.email} back to Utente`);
    }
    const page = await adminOnTeam();
    const dialog = page.getByTestId('member-dialog');
    await team(page).member(admin.email).getByTestId('member-edit').click();
    await dialog.waitFor();
    await dialog.locator('#member-role').selectOption('user');
    await dialog.getByTestId('member-save').click();
    await expectToast(page, 'Errore', {
      description: "Impossibile aggiornare il ruolo: Il merchant deve avere almeno un amministratore: non puoi rimuovere o declassare l'ultimo",
      variant: 'destructive',
    });
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await team(page).member(admin.email).getAttribute('data-role')).toBe('admin');
    expect((await teamApi()).members.find((m) => m.email === admin.email).role).toBe('admin');
  });

  step('a fourth member (invited and registered through the API) is removed from the team in the UI', async () => {
    const { merchantId, session } = await adminSetup.get();
    await colleagueJoined.get();
    const since = new Date(Date.now() - 1000);
    const sent = await api(session, app.baseUrl, 'POST', `/api/merchants/${merchantId}/invites`, { email: leaver.email, role: 'user' });
    expect(sent.status).toBe(201);
    const { link } = await inviteLinkFor(leaver.email, since);

    const leaverApi = await apiSession();
    const registered = await api(leaverApi, app.baseUrl, 'POST', '/api/register', { ...leaver, inviteToken: tokenOf(link) });
    expect(registered.status).toBe(201);
    // The membership follows the registration a moment later.
    const inMerchant = await eventually(async () => {
      const list = await api(leaverApi, app.baseUrl, 'GET', '/api/merchants');
      expect(list.body).toEqual([{ id: merchantId, name: merchantName, role: 'user', ssoRequired: false }]);
      return list;
    });
    expect(inMerchant.status).toBe(200);
    expect((await api(leaverApi, app.baseUrl, 'POST', '/api/merchants/set-current', { merchantId })).status).toBe(200);

    const page = await adminOnTeam();
    const tm = team(page);
    const row = tm.member(leaver.email);
    await row.waitFor();
    await eventually(async () => expect(await textOf(tm.membersCount)).toBe('3'));

    const dialog = page.getByTestId('member-dialog');
    await row.getByTestId('member-edit').click();
    await dialog.waitFor();
    await dialog.getByTestId('member-remove').click();
    const confirm = dialog.getByTestId('member-remove-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(`Sei sicuro di voler rimuovere ${leaverName} dal team? Perderà l'accesso al merchant.`);
    await dialog.getByTestId('member-remove-submit').click();
    await expectToast(page, 'Membro rimosso', { description: `${leaverName} è stato rimosso dal team.` });
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await eventually(async () => expect(await textOf(tm.membersCount)).toBe('2'));

    expect((await teamApi()).members.map((m) => m.email).sort()).toEqual([admin.email, colleague.email].sort());
    await eventually(async () => expect((await api(leaverApi, app.baseUrl, 'GET', '/api/merchants')).body).toEqual([]));
    // Nor can the removed user enter it again.
    expect((await api(leaverApi, app.baseUrl, 'POST', '/api/merchants/set-current', { merchantId })).status).toBe(404);
  });

  step('an existing user with a merchant of their own is invited, logs in through the link and accepts on /accept-existing-invite', async () => {
    const { merchantId, session } = await adminSetup.get();
    const c = await browserC.get();
    // What is pending for others stays so; this invite goes once accepted.
    const pendingBefore = (await teamApi()).invites.map((i) => i.email);
    expect((await api(c.context, app.baseUrl, 'POST', '/api/register', existing)).status).toBe(201);
    expect((await api(c.context, app.baseUrl, 'POST', '/api/merchants', { name: existingMerchantName })).status).toBe(201);
    expect((await api(c.context, app.baseUrl, 'POST', '/api/logout', {})).status).toBe(200);

    const since = new Date(Date.now() - 1000);
    const sent = await api(session, app.baseUrl, 'POST', `/api/merchants/${merchantId}/invites`, { email: existing.email, role: 'user' });
    expect(sent.status).toBe(201);
    const existingLink = (await inviteLinkFor(existing.email, since)).link;

    const page = c.page;
    await page.goto(existingLink);
    // The address has an account: /auth shows the login, prefilled, with the invite banner.
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByTestId('login-form').waitFor();
    await page.getByTestId('invite-banner').filter({ hasText: `${admin.email} ti ha invitato a unirti a ${merchantName} come Utente.` }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(existing.email);
    await page.getByLabel('Password', { exact: true }).fill(existing.password);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expectToast(page, 'Accesso completato', { description: `Bentornato, ${existing.firstName}!` });

    await page.waitForURL((url) => url.pathname === '/accept-existing-invite');
    expect(new URL(page.url()).searchParams.get('token')).toBe(tokenOf(existingLink));
    const card = page.locator('[data-testid="invite-page"][data-state="ready"]');
    await card.waitFor();
    expect(await card.getAttribute('data-variant')).toBe('existing');
    expect(await textOf(card.getByTestId('invite-merchant'))).toBe(merchantName);
    expect(await textOf(card.getByTestId('invite-role'))).toBe('Utente');
    expect(await textOf(card.getByTestId('invite-inviter'))).toBe(admin.email);
    await card.getByTestId('invite-expires').waitFor();
    const accept = card.getByTestId('invite-accept');
    expect(await textOf(accept)).toBe('Accetta invito');
    await accept.click();

    await expectToast(page, 'Invito accettato', { description: `Ora fai parte di ${merchantName}.` });
    await page.waitForURL('**/dashboard');
    await eventually(async () => expect(await page.getByTestId('current-merchant').innerText()).toContain(merchantName));
    const merchants = await api(c.context, app.baseUrl, 'GET', '/api/merchants');
    expect(merchants.status).toBe(200);
    expect(merchants.body).toHaveLength(2);
    expect(merchants.body).toEqual(
      expect.arrayContaining([
        { id: merchantId, name: merchantName, role: 'user', ssoRequired: false },
        { id: expect.any(String), name: existingMerchantName, role: 'admin', ssoRequired: false },
      ]),
    );
    const { members, invites } = await teamApi();
    expect(members.find((m) => m.email === existing.email)?.role).toBe('user');
    expect(invites.map((i) => i.email)).toEqual(pendingBefore);
    existingAccepted.set({ link: existingLink });
  });

  step('the existing user sees both merchants on /merchant-selection and switches between them', async () => {
    const { merchantId } = await adminSetup.get();
    await existingAccepted.get();
    const c = await browserC.get();
    const page = c.page;
    // Logged in and working in the merchant they were invited to.
    await signIn(c.context, app.baseUrl, existing, merchantId);
    await rememberMerchant(page, { id: merchantId, name: merchantName });
    await page.goto('/dashboard');
    const current = page.getByTestId('current-merchant');
    await eventually(async () => expect(await current.innerText()).toContain(merchantName));
    const option = (name: string) => page.getByTestId('merchant-option').filter({ hasText: name });

    const switchTo = async (name: string, checkList?: () => Promise<void>) => {
      await current.click();
      await page.waitForURL('**/merchant-selection');
      await page.getByTestId('merchant-list').waitFor();
      expect(await page.getByTestId('merchant-option').count()).toBe(2);
      await checkList?.();
      await option(name).click();
      await page.getByTestId('loading-overlay').filter({ hasText: 'Caricamento in corso...' }).waitFor();
      await page.waitForURL('**/dashboard');
      await eventually(async () => expect(await current.innerText()).toContain(name));
    };

    await switchTo(existingMerchantName, async () => {
      // Roles capitalised; the merchant in use marked 'Attuale'.
      expect(await option(merchantName).innerText()).toContain('User');
      expect(await option(merchantName).innerText()).toContain('Attuale');
      expect(await option(existingMerchantName).innerText()).toContain('Admin');
      expect(await option(existingMerchantName).innerText()).not.toContain('Attuale');
    });
    expect(await current.innerText()).not.toContain(merchantName);
    await switchTo(merchantName);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('selectedMerchant') ?? 'null'))).toEqual({ id: merchantId, name: merchantName });
  });

  step("re-opening the accepted link shows 'Invito non valido'", async () => {
    const { link: existingLink } = await existingAccepted.get();
    const c = await browserC.get();
    await signIn(c.context, app.baseUrl, existing);
    const page = c.page;
    await page.goto(existingLink);
    const card = page.locator('[data-testid="invite-page"][data-state="invalid"]');
    await card.waitFor();
    expect(pathOf(page)).toBe('/accept-invite');
    await card.getByText('Invito non valido', { exact: true }).waitFor();
    expect(await textOf(card.getByTestId('invite-message'))).toBe("L'invito non è valido, è scaduto oppure è già stato accettato.");
    expect(await page.getByTestId('invite-accept').count()).toBe(0);

    const token = encodeURIComponent(tokenOf(existingLink));
    const lookup = await api(c.context, app.baseUrl, 'GET', `/api/invites/${token}`);
    expect(lookup.status).toBe(404);
    expect(lookup.body.message).toBe('Invito non valido');
    const again = await api(c.context, app.baseUrl, 'POST', `/api/invites/${token}/accept`, {});
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Invito non valido');
  });

  step('a logged-in user opening an invite for another address sees the e-mail mismatch; the API accept answers 403', async () => {
    const { merchantId, session } = await adminSetup.get();
    const b = await colleagueIn();
    // Whatever else is pending stays so.
    const pendingBefore = (await teamApi()).invites.map((i) => [i.email, i.role]);
    const since = new Date(Date.now() - 1000);
    const sent = await api(session, app.baseUrl, 'POST', `/api/merchants/${merchantId}/invites`, { email: strangerEmail, role: 'admin' });
    expect(sent.status).toBe(201);
    const { link } = await inviteLinkFor(strangerEmail, since);

    const page = b.page;
    await page.goto(link);
    const card = page.locator('[data-testid="invite-page"][data-state="email-mismatch"]');
    await card.waitFor();
    await card.getByText('Invito per un altro indirizzo email', { exact: true }).waitFor();
    expect(await textOf(card.getByTestId('invite-message'))).toBe("Questo invito è destinato a un altro indirizzo email. Accedi con l'indirizzo invitato.");
    expect(await textOf(card.getByTestId('invite-email'))).toBe(strangerEmail);
    expect(await textOf(card.getByTestId('invite-user-email'))).toBe(colleague.email);
    await card.getByRole('button', { name: 'Esci e accedi con un altro account' }).waitFor();
    expect(await page.getByTestId('invite-accept').count()).toBe(0);

    const accepted = await api(b.context, app.baseUrl, 'POST', `/api/invites/${encodeURIComponent(tokenOf(link))}/accept`, {});
    expect(accepted.status).toBe(403);
    expect(accepted.body.message).toBe("Questo invito è destinato a un altro indirizzo email. Accedi con l'indirizzo invitato.");
    // The invite is still pending and the colleague is still a plain user of one merchant.
    const byEmail = (x: unknown[], y: unknown[]) => String(x[0]).localeCompare(String(y[0]));
    expect((await teamApi()).invites.map((i) => [i.email, i.role]).sort(byEmail)).toEqual([...pendingBefore, [strangerEmail, 'admin']].sort(byEmail));
    expect((await api(b.context, app.baseUrl, 'GET', '/api/merchants')).body).toEqual([{ id: merchantId, name: merchantName, role: 'user', ssoRequired: false }]);
  });
});
