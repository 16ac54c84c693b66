/**
 * E-mails to the buyer in the merchant's name (issue 26), against the real carriers service, the GLS
 * sandbox and the mail catcher: off until a merchant switches them on; settings saved by admins only
 * and checked; each kind queued in the transaction that labelled the shipment or kept the carrier's
 * news, sent once, in the merchant's name with its reply-to and a working unsubscribe link;
 * Amazon's relay gets only what Amazon allows; a buyer without an address, or one who unsubscribed,
 * gets nothing and the shipment says why.
 */
import { randomUUID } from 'node:crypto';
import { buyerMailMessages, defaultBuyerMailTemplates, type BuyerMailKind } from '@smista/contracts';
import { GrpcStatus } from '@smista/service-kit';
import { glsSandboxControl, HELD_NAME } from '@smista/sandboxes';
import type { shipments } from '@smista/proto';
import { listMails, waitForMail } from '../../../e2e/support/mail';
import { pngOf } from '../../../e2e/support/pdf';
import { failure, italianOrders, startShipmentsStack, type ShipmentsStack, type TestMerchant } from './support/harness';

let stack: ShipmentsStack;
let shop: TestMerchant;
const run = randomUUID().slice(0, 8);
const address = (who: string) => `${who}-${run}@example.it`;

/** The merchant's buyers: their own mailbox, Amazon's and eBay's relays, none, and one whose parcel goes into giacenza. */
const BUYERS = {
  own: address('lucia'),
  amazon: `0dx2vt6d5lkq2yl-${run}@marketplace.amazon.it`,
  ebay: `b8c2f0d3a1e4-${run}@members.ebay.com`,
  none: '',
  held: address('marta'),
  amazonHeld: `7hq3wz0b9kd1m5c-${run}@marketplace.amazon.it`,
} as const;
type Buyer = keyof typeof BUYERS;
const ORDER: Buyer[] = ['own', 'amazon', 'ebay', 'none', 'held', 'amazonHeld'];
const isHeld = (who: Buyer) => who === 'held' || who === 'amazonHeld';
let ids: Record<Buyer, number>;

function settings(overrides: Partial<shipments.BuyerMailSettings> = {}, kinds: BuyerMailKind[] = ['shipped', 'out_for_delivery', 'delivered', 'held']): shipments.BuyerMailSettings {
  return {
    enabled: true,
    senderName: 'Bottega Rossi',
    replyTo: 'assistenza@bottega-rossi.it',
    templates: (['shipped', 'out_for_delivery', 'delivered', 'held'] as const).map((kind) => ({ kind, enabled: kinds.includes(kind), ...defaultBuyerMailTemplates[kind], customised: false })),
    fromAddress: '',
    merchantName: '',
    ...overrides,
  };
}

const mailRows = async (id: number) =>
  (await stack.pool.query(`SELECT kind, status, reason, recipient FROM buyer_mails WHERE shipment_id = $1 ORDER BY id`, [id])).rows as { kind: string; status: string; reason: string | null; recipient: string }[];

/** Rounds of the sender until it finds nothing due. */
async function sendAll(): Promise<number> {
  let total = 0;
  for (let n = await stack.running!.buyerMailer.runRound(); n > 0; n = await stack.running!.buyerMailer.runRound()) total += n;
  return total;
}

beforeAll(async () => {
  stack = await startShipmentsStack();
  shop = await stack.newMerchant();
  const orders = italianOrders(ORDER.length, {
    patch: (i) => {
      const who = ORDER[i]!;
      const base = italianOrders(1)[0]!;
      return { buyerEmail: BUYERS[who], shippingAddress: { ...base.shippingAddress!, fullName: isHeld(who) ? `Marta ${HELD_NAME}` : `Cliente ${who}`, email: BUYERS[who], city: 'Milano', stateOrProvince: 'MI', postalCode: '20121', countryCode: 'IT', addressLine1: 'Via Roma 1', addressLine2: '', companyName: '' } };
    },
  });
  const orderIds = await shop.importOrders(orders.map((order) => ({ order, carrierIntegrationId: shop.gls })));
  const created = await shop.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' });
  ids = Object.fromEntries(ORDER.map((who, i) => [who, created.outcomes[i]!.shipmentId])) as Record<Buyer, number>;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('buyer e-mail settings', () => {
  it('are off, with the Italian templates, until a merchant saves them; the sender address is the deployment\'s', async () => {
    const got = await shop.api.getBuyerMailSettings({});
    expect(got).toMatchObject({ enabled: false, senderName: '', replyTo: '', fromAddress: 'spedizioni@smista.test' });
    expect(got.merchantName).not.toBe('');
    expect(got.templates.map((t) => [t.kind, t.enabled, t.subject, t.customised])).toEqual([
      ['shipped', true, defaultBuyerMailTemplates.shipped.subject, false],
      ['out_for_delivery', true, defaultBuyerMailTemplates.out_for_delivery.subject, false],
      ['delivered', true, defaultBuyerMailTemplates.delivered.subject, false],
      ['held', true, defaultBuyerMailTemplates.held.subject, false],
    ]);
  });

  it('a plain user may not change them; a typo in a placeholder or a subject on two lines is refused in Italian', async () => {
    const { api } = await shop.member();
    expect(await failure(api.updateBuyerMailSettings(settings()))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED, details: buyerMailMessages.adminOnly });
    const typo = settings({ templates: settings().templates.map((t) => (t.kind === 'shipped' ? { ...t, body: 'Ciao {{clinte}}' } : t)) });
    expect(await failure(shop.api.updateBuyerMailSettings(typo))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, details: buyerMailMessages.unknownPlaceholder(['clinte']) });
    const twoLines = settings({ templates: settings().templates.map((t) => (t.kind === 'held' ? { ...t, subject: 'Uno\nDue' } : t)) });
    expect(await failure(shop.api.updateBuyerMailSettings(twoLines))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, details: buyerMailMessages.subjectOneLine });
    expect(await failure(shop.api.updateBuyerMailSettings(settings({ replyTo: 'non-una-mail' })))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, details: buyerMailMessages.replyToInvalid });
    expect((await shop.api.getBuyerMailSettings({})).enabled).toBe(false);
  });

  it('the preview fills the sample parcel; the test goes to the address given, in the merchant\'s name', async () => {
    const draft = { kind: 'shipped', subject: 'Spedito {{ordine}} da {{negozio}}', body: 'Ciao {{cliente}}, segui il pacco: {{link_tracciamento}}', senderName: 'Bottega Rossi', replyTo: 'assistenza@bottega-rossi.it', testRecipient: '' };
    const preview = await shop.api.previewBuyerMail(draft);
    expect(preview.subject).toMatch(/^Spedito 12-34567-89012 da .+/);
    expect(preview.text).toContain('Ciao Mario Rossi, segui il pacco: https://smista.test/api/tracking-page/preview');
    expect(preview.html).toContain('<a href="https://smista.test/api/tracking-page/preview"');
    expect(preview.from).toBe('Bottega Rossi <spedizioni@smista.test>');
    const me = address('prova');
    expect((await shop.api.sendTestBuyerMail({ ...draft, testRecipient: me })).message).toBe(buyerMailMessages.testSent(me));
    const mail = await waitForMail({ to: me });
    expect(mail).toMatchObject({ from: 'Bottega Rossi <spedizioni@smista.test>', replyTo: 'assistenza@bottega-rossi.it' });
    expect(mail.subject).toMatch(/^Spedito 12-34567-89012/);
  });

  it('saved by an admin, they read back; a template equal to the default is not marked reworded', async () => {
    const own = settings({ templates: settings().templates.map((t) => (t.kind === 'delivered' ? { ...t, subject: 'Consegnato! {{ordine}}' } : t)) });
    const saved = await shop.api.updateBuyerMailSettings(own);
    expect(saved).toMatchObject({ enabled: true, senderName: 'Bottega Rossi', replyTo: 'assistenza@bottega-rossi.it' });
    expect(saved.templates.map((t) => [t.kind, t.customised])).toEqual([
      ['shipped', false],
      ['out_for_delivery', false],
      ['delivered', true],
      ['held', false],
    ]);
    expect(await shop.api.getBuyerMailSettings({})).toEqual(saved);
  });
});

describe('buyer e-mails', () => {
  it("labelled: each buyer is told once, in the merchant's name and logo, with the page's link and an unsubscribe link; Amazon's relay and a buyer without an address get nothing", async () => {
    // The merchant's logo rides inline (no remote image for a mail client to block).
    await (await stack.carriersStack.merchants.as(shop.admin, { merchantId: shop.merchantId, role: 'admin' })).setLogo({ data: pngOf(200, 60) });
    expect(await shop.api.processShipments({ shipmentIds: Object.values(ids), allPending: false })).toMatchObject({ success: 6, failed: 0 });
    // Five claimed: three sent, the two Amazon ones skipped (the one without an address never queued).
    expect(await sendAll()).toBe(5);
    for (const who of ['own', 'ebay', 'held'] as const) {
      const [mail, ...more] = await listMails({ to: BUYERS[who] });
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ from: 'Bottega Rossi <spedizioni@smista.test>', replyTo: 'assistenza@bottega-rossi.it' });
      expect(mail!.subject).toMatch(/^Il tuo ordine \S+ è stato spedito$/);
      const page = (await shop.api.getShipment({ id: ids[who] })).publicToken;
      expect(mail!.text).toContain(`https://smista.test/t/${page}`);
      expect(mail!.headers['list-unsubscribe']).toMatch(/^<https:\/\/smista\.test\/u\/[A-Za-z0-9_-]{43}>$/);
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail!.attachments).toEqual([{ filename: 'logo.png', contentType: 'image/png', cid: 'logo@smista', size: expect.any(Number) }]);
      expect(mail!.html).toMatch(/<img src="data:image\/png;base64,/);
      expect(mail!.headers['message-id']).toMatch(/^<buyer-mail-\d+-[A-Za-z0-9_-]{12}@smista\.test>$/);
      expect(await mailRows(ids[who])).toEqual([{ kind: 'shipped', status: 'sent', reason: null, recipient: BUYERS[who] }]);
    }
    for (const who of ['amazon', 'amazonHeld'] as const) {
      expect(await listMails({ to: BUYERS[who] })).toEqual([]);
      expect(await mailRows(ids[who])).toEqual([{ kind: 'shipped', status: 'skipped', reason: 'amazon_relay', recipient: BUYERS[who] }]);
    }
    expect(await mailRows(ids.none)).toEqual([{ kind: 'shipped', status: 'skipped', reason: 'no_address', recipient: '' }]);
    // The drawer's list says the same.
    expect((await shop.api.getShipment({ id: ids.amazon })).buyerMails).toEqual([expect.objectContaining({ kind: 'shipped', status: 'skipped', reason: 'amazon_relay' })]);
    // Nothing is sent twice.
    expect(await sendAll()).toBe(0);
  });

  it('the unsubscribe link names the merchant, records the choice once, and the next e-mail to that buyer is not sent', async () => {
    const [mail] = await listMails({ to: BUYERS.ebay });
    const token = /\/u\/([A-Za-z0-9_-]{43})/.exec(mail!.headers['list-unsubscribe']!)![1]!;
    const anonymous = stack.as(randomUUID(), undefined);
    expect(await anonymous.getBuyerMailUnsubscribe({ token })).toMatchObject({ unsubscribed: false, merchantName: expect.any(String) });
    expect(await anonymous.unsubscribeBuyer({ token })).toMatchObject({ unsubscribed: true });
    expect(await anonymous.unsubscribeBuyer({ token })).toMatchObject({ unsubscribed: true });
    expect(await anonymous.getBuyerMailUnsubscribe({ token })).toMatchObject({ unsubscribed: true });
    expect(await failure(anonymous.getBuyerMailUnsubscribe({ token: 'x'.repeat(43) }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
    expect(await failure(anonymous.unsubscribeBuyer({ token: '../../etc' }))).toMatchObject({ code: GrpcStatus.NOT_FOUND });
  });

  it("the carrier's news: a delivery and a giacenza each queue their e-mail in the same transaction; Amazon's relay gets the giacenza without any link", async () => {
    expect(await shop.api.closeWorkday({ shipmentIds: Object.values(ids) })).toMatchObject({ failed: 0 });
    await glsSandboxControl(stack.glsUrl).advanceClock(3_600);
    for (const who of ORDER) await shop.api.updateTracking({ id: ids[who] });
    expect(await sendAll()).toBeGreaterThan(0);

    // Delivered: the reworded subject; the unsubscribed eBay buyer gets nothing more.
    const delivered = (await listMails({ to: BUYERS.own })).find((m) => m.subject.startsWith('Consegnato!'));
    expect(delivered?.text).toContain('è stato consegnato');
    expect(await mailRows(ids.ebay)).toEqual([
      { kind: 'shipped', status: 'sent', reason: null, recipient: BUYERS.ebay },
      { kind: 'delivered', status: 'skipped', reason: 'unsubscribed', recipient: BUYERS.ebay },
    ]);
    expect((await listMails({ to: BUYERS.ebay })).length).toBe(1);
    // Amazon: the delivery notice is Amazon's own.
    expect(await mailRows(ids.amazon)).toEqual([
      { kind: 'shipped', status: 'skipped', reason: 'amazon_relay', recipient: BUYERS.amazon },
      { kind: 'delivered', status: 'skipped', reason: 'amazon_relay', recipient: BUYERS.amazon },
    ]);
    // Held: 'cosa fare', with the carrier's words.
    const held = (await listMails({ to: BUYERS.held })).find((m) => m.subject.includes('giacenza'));
    expect(held?.subject).toMatch(/^Il pacco del tuo ordine \S+ è in giacenza: cosa fare$/);
    expect(held?.text).toContain('Cosa fare:');
    expect((await mailRows(ids.held)).map((r) => [r.kind, r.status])).toEqual([
      ['shipped', 'sent'],
      ['held', 'sent'],
    ]);
    // Amazon's relay: the giacenza is a message needed to complete the order, sent without any
    // link, logo link or unsubscribe link (Amazon keeps the buyer's choice).
    const [amazonHeld, ...moreAmazon] = await listMails({ to: BUYERS.amazonHeld });
    expect(moreAmazon).toEqual([]);
    expect(amazonHeld!.subject).toContain('giacenza');
    expect(amazonHeld!.html).not.toMatch(/<a\s/i);
    expect(amazonHeld!.text).not.toMatch(/https?:\/\//);
    expect(amazonHeld!.headers['list-unsubscribe']).toBeUndefined();
    // Read again: nothing new is queued.
    for (const who of ORDER) await shop.api.updateTracking({ id: ids[who] }).catch(() => undefined);
    expect(await sendAll()).toBe(0);
  });

  it('a merchant who never switched them on queues nothing', async () => {
    const other = await stack.newMerchant();
    const orderIds = await other.importOrders(italianOrders(1, { patch: () => ({ buyerEmail: address('altro') }) }).map((order) => ({ order, carrierIntegrationId: other.gls })));
    const created = await other.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' });
    expect(await other.api.processShipments({ shipmentIds: created.outcomes.map((o) => o.shipmentId), allPending: false })).toMatchObject({ success: 1 });
    expect(await mailRows(created.outcomes[0]!.shipmentId)).toEqual([]);
  });
});
