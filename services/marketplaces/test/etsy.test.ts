import { status } from '@grpc/grpc-js';
import { etsyMessages, marketplaceMessages as m } from '@smista/contracts';
import { ETSY_SANDBOX_APP, etsyAuthorizeAs, etsySandboxControl, startEtsySandbox, type EtsySandbox } from '@smista/sandboxes';
import { completeWith, connectedIntegration, consentFor, failure, finishedJob, importedOrders, startMarketplacesStack, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * Etsy through the service, as the screens drive it: GetOAuthParams with a PKCE challenge whose
 * verifier stays in the service (sealed beside the state, bound to the user and merchant, used
 * once), Etsy's consent page, CompleteOAuth, a sync importing the shop's receipts in offset pages, a
 * day's quota running low slowing the pages and the schedule and saying so on the integration,
 * tracking sent once per shipment with Etsy's carrier names, the 30-day warning of the refresh
 * token and a revoked consent turning the integration to Errore. The real identity, merchants and
 * marketplaces services, the Etsy sandbox.
 */

const SELLER = { userId: 81234567, shopId: 66677788, shopName: 'ServizioArtigiano', email: 'venditore@servizio-etsy.it', password: 'Servizio1!' };
const RECEIPTS = 45;

let etsy: EtsySandbox;
let stack: MarketplacesStack;
let merchant: TestMerchant;

beforeAll(async () => {
  etsy = await startEtsySandbox({ port: 0, sellers: [{ ...SELLER, receipts: RECEIPTS, seed: 31 }], quota: { perSecond: 1000, perDay: 10_000_000 } });
  stack = await startMarketplacesStack({
    env: {
      ETSY_KEYSTRING: ETSY_SANDBOX_APP.keystring,
      ETSY_SHARED_SECRET: ETSY_SANDBOX_APP.sharedSecret,
      ETSY_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
      ETSY_CONNECT_URL: etsy.url,
      ETSY_TOKEN_URL: etsy.url,
      ETSY_API_URL: etsy.url,
      // Pages of 20: the window is read in offset pages.
      SYNC_PAGE_SIZE: '20',
    },
    options: { pollMs: 200 },
  });
  merchant = await stack.newMerchant();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await etsy?.close();
}, 30_000);

const control = () => etsySandboxControl(etsy.url);
const integrations = async () => Number((await stack.pool.query('SELECT count(*)::int AS n FROM integrations')).rows[0].n);

const consent = (who: TestMerchant) => consentFor(who, 'etsy', (url) => etsyAuthorizeAs(url, SELLER));
const complete = (who: TestMerchant, callback: URL) => completeWith(who, 'etsy', callback);
const connected = (who: TestMerchant) => connectedIntegration(who, 'etsy', (url) => etsyAuthorizeAs(url, SELLER));

it("connects the shop from Etsy's consent page with PKCE: the verifier stays sealed in the service, the state is this user's and is used once", async () => {
  const { params, callback } = await consent(merchant);
  const url = new URL(params.consentUrl);
  expect(`${url.origin}${url.pathname}`).toBe(`${etsy.url}/oauth/connect`);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: ETSY_SANDBOX_APP.keystring, code_challenge_method: 'S256', scope: 'transactions_r transactions_w', state: expect.stringMatching(/^etsy\./) });
  const challenge = url.searchParams.get('code_challenge')!;
  expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The verifier is nowhere in the answer the browser gets, and is sealed at rest.
  const { rows } = await stack.pool.query<{ code_verifier: string }>('SELECT code_verifier FROM oauth_states WHERE code_verifier IS NOT NULL');
  expect(rows).toHaveLength(1);
  expect(JSON.stringify(params)).not.toContain(rows[0]!.code_verifier);
  expect(rows[0]!.code_verifier).not.toMatch(/^[A-Za-z0-9_-]{43}$/);

  // Another merchant's user cannot use this consent's state (nor learn its verifier).
  const other = await stack.newMerchant();
  expect(await failure(complete(other, callback))).toMatchObject({ code: status.FAILED_PRECONDITION });
  const before = await integrations();
  const { integration } = await complete(merchant, callback);
  expect(integration).toMatchObject({ provider: 'etsy', status: 'active', username: SELLER.shopName, externalUserId: String(SELLER.shopId) });
  expect(await integrations()).toBe(before + 1);
  // Used once: the verifier is wiped and the same redirect connects nothing more.
  expect((await stack.pool.query('SELECT count(*)::int AS n FROM oauth_states WHERE code_verifier IS NOT NULL')).rows[0].n).toBe(0);
  expect(await failure(complete(merchant, callback))).toMatchObject({ code: status.FAILED_PRECONDITION });
  // Tokens of an hour and 90 days, sealed, in no log line; the challenge was S256 of the verifier Etsy checked.
  const tokens = await stack.openTokens(integration!.id);
  const raw = (tokens.accessToken ?? '').split('/')[1] ?? '';
  expect(raw).toMatch(new RegExp(`^${SELLER.userId}\\.`));
  expect(stack.logText()).not.toContain(raw);
  expect(stack.logText()).not.toContain(ETSY_SANDBOX_APP.sharedSecret);
  const stored = await merchant.api.getIntegration({ merchantId: '', id: integration!.id });
  expect(Math.round((Date.parse(stored.refreshTokenExpiresAt) - Date.now()) / 86_400_000)).toBe(90);
  expect(stored.tokenWarning).toBe('');
}, 60_000);

it('refuses a callback whose consent Etsy denied, connecting nothing', async () => {
  const params = await merchant.api.getOAuthParams({ marketplace: 'etsy', account: '' });
  const denied = new URL(await etsyAuthorizeAs(params.consentUrl, { ...SELLER, allow: false }));
  const before = await integrations();
  expect(await failure(complete(merchant, denied))).toEqual({ code: status.FAILED_PRECONDITION, details: 'Autorizzazione negata: access_denied' });
  expect(await integrations()).toBe(before);
}, 60_000);

it("syncs every receipt of the shop's window in offset pages, Money exact, express by upgrade, no phone", async () => {
  const integration = await connected(merchant);
  const started = await merchant.api.startSync({ merchantId: merchant.merchantId, integrationId: integration.id, triggeredBy: '' });
  const job = await finishedJob(merchant.api, merchant.merchantId, started.id);
  expect(job).toMatchObject({ status: 'completed', ordersFound: RECEIPTS, ordersSynced: RECEIPTS });
  const imported = (await importedOrders(stack.pool)).filter((e) => e.integrationId === integration.id);
  const receipts = await control().receipts(SELLER.userId);
  expect(new Set(imported.map((e) => e.order!.externalId))).toEqual(new Set(receipts.map((r) => String(r.receiptId))));
  for (const e of imported) {
    expect(e.order!.total).toMatch(/^\d+\.\d{2}$/);
    expect(e.order!.express).toBe(receipts.find((r) => String(r.receiptId) === e.order!.externalId)!.express);
    expect(e.order!.shippingAddress?.address?.phone).toBe('');
  }
  const pages = etsy.requests().filter((r) => r.operation === 'getShopReceipts');
  expect(pages.map((r) => r.query.offset)).toEqual(['0', '20', '40']);
  expect(pages[0]!.query).toMatchObject({ limit: '20', sort_order: 'asc' });
  expect(pages[0]!.query.min_created).toBeDefined();
}, 120_000);

it("slows the pages and the schedule when the day's quota runs low and says so on the integration; back to normal, the notice goes", async () => {
  // Another merchant connects the same shop: its first sync reads the whole window, three pages.
  const other = await stack.newMerchant();
  const integration = await connected(other);
  // 900,000 of 10,000,000 calls left: under the 10 % reserve, each page waits 5 s before the next.
  await control().setQuota({ perDay: 10_000_000, usedToday: 9_100_000 });
  const startedAt = Date.now();
  const started = await other.api.startSync({ merchantId: other.merchantId, integrationId: integration.id, triggeredBy: '' });
  const job = await finishedJob(other.api, other.merchantId, started.id, 90_000);
  expect(job).toMatchObject({ status: 'completed', ordersFound: RECEIPTS, ordersSynced: RECEIPTS });
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2 * 5_000);
  const slowed = await other.api.getIntegration({ merchantId: '', id: integration.id });
  expect(slowed.status).toBe('active');
  expect(slowed.statusMessage).toMatch(/^Quota giornaliera di chiamate Etsy quasi esaurita \(\d+ di 10000000 rimaste\): la sincronizzazione rallenta, prossima lettura tra 5 secondi$/);
  // The next scheduled sync waits as well.
  const { rows } = await stack.pool.query<{ next_sync_at: Date }>('SELECT next_sync_at FROM integrations WHERE id = $1', [integration.id]);
  expect(rows[0]!.next_sync_at.getTime()).toBeGreaterThan(Date.parse(job.completedAt) + 4_000);

  await control().setQuota({ perDay: 10_000_000, usedToday: 0 });
  const again = await other.api.startSync({ merchantId: other.merchantId, integrationId: integration.id, triggeredBy: '' });
  expect((await finishedJob(other.api, other.merchantId, again.id)).status).toBe('completed');
  expect((await other.api.getIntegration({ merchantId: '', id: integration.id })).statusMessage).toBe('');
}, 120_000);

it("sends a shipment's tracking to Etsy once (GLS, Poste Italiane, other), form-encoded", async () => {
  const integration = await connected(merchant);
  const open = (await control().receipts(SELLER.userId)).filter((r) => r.status === 'paid' && r.shipments.length === 0);
  expect(open.length).toBeGreaterThanOrEqual(3);
  const push = (receipt: (typeof open)[number], carrierCode: string, trackingNumber: string, shipmentId: number) => ({
    merchantId: '',
    integrationId: integration.id,
    externalOrderId: String(receipt.receiptId),
    lineItems: receipt.transactions.map((t) => ({ lineItemId: String(t.transactionId), quantity: t.quantity })),
    carrierCode,
    trackingNumber,
    shippedDate: new Date().toISOString(),
    shipmentId,
    orderId: 0,
  });
  const made = await merchant.api.pushTracking(push(open[0]!, 'gls', 'MI 555 666 777', 9301));
  expect(made).toMatchObject({ ok: true, alreadyPushed: false });
  const again = await merchant.api.pushTracking(push(open[0]!, 'gls', 'MI 555 666 777', 9301));
  expect(again).toMatchObject({ ok: true, alreadyPushed: true, fulfillmentId: made.fulfillmentId });
  await merchant.api.pushTracking(push(open[1]!, 'posta_1', 'PD123456789IT', 9302));
  await merchant.api.pushTracking(push(open[2]!, 'brt', 'BRT0099887766', 9303));
  const held = new Map((await control().receipts(SELLER.userId)).map((r) => [r.receiptId, r]));
  expect(held.get(open[0]!.receiptId)!.shipments).toEqual([expect.objectContaining({ carrierName: 'GLS', trackingCode: 'MI555666777' })]);
  expect(held.get(open[1]!.receiptId)!.shipments).toEqual([expect.objectContaining({ carrierName: 'Poste Italiane' })]);
  expect(held.get(open[2]!.receiptId)!.shipments).toEqual([expect.objectContaining({ carrierName: 'other', trackingCode: 'BRT0099887766' })]);
  const sent = etsy.requests().filter((r) => r.operation === 'createReceiptShipment');
  expect(sent).toHaveLength(3);
  for (const r of sent) expect(r.contentType).toMatch(/^application\/x-www-form-urlencoded/);
}, 60_000);

it('warns 30 days before the refresh token runs out; a revoked consent turns the integration to Errore with the reason and stops imports', async () => {
  const integration = await connected(merchant);
  await stack.pool.query(`UPDATE integrations SET refresh_token_expires_at = now() + interval '20 days' WHERE id = $1`, [integration.id]);
  expect((await merchant.api.getIntegration({ merchantId: '', id: integration.id })).tokenWarning).toMatch(/^L'autorizzazione Etsy scade il \d{2}\/\d{2}\/\d{4}/);
  await control().revokeConsent(SELLER.userId);
  expect(await failure(merchant.api.refreshToken({ merchantId: '', id: integration.id }))).toEqual({ code: status.FAILED_PRECONDITION, details: etsyMessages.refreshRefused });
  const broken = await merchant.api.getIntegration({ merchantId: '', id: integration.id });
  expect(broken).toMatchObject({ status: 'error', statusMessage: etsyMessages.refreshRefused, tokenWarning: m.tokenRefused('Etsy') });
  expect(await failure(merchant.api.startSync({ merchantId: '', integrationId: integration.id, triggeredBy: '' }))).toEqual({ code: status.FAILED_PRECONDITION, details: etsyMessages.refreshRefused });
}, 60_000);
