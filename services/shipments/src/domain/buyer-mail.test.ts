import { buyerMailTexts, defaultBuyerMailTemplates } from '@smista/contracts';
import {
  buyerMailDecision,
  buyerMailKindsOnTracking,
  buyerMailSettingsOf,
  parseBuyerMailKinds,
  relayOf,
  renderBuyerMail,
  sampleBuyerMailValues,
  senderDisplayName,
  storedBuyerMailSettings,
  type BuyerMailSettings,
} from './buyer-mail';

const on = (): BuyerMailSettings => ({ ...buyerMailSettingsOf(null), enabled: true });

describe('buyer e-mail settings', () => {
  it('none saved: all off, every kind chosen, the default Italian templates', () => {
    const s = buyerMailSettingsOf(null);
    expect(s.enabled).toBe(false);
    expect(s.templates.held).toEqual({ enabled: true, ...defaultBuyerMailTemplates.held, customised: false });
  });

  it('keep only the reworded templates, and read back the same', () => {
    const settings = on();
    settings.templates.delivered = { ...settings.templates.delivered, subject: 'Arrivato!', enabled: false };
    const stored = storedBuyerMailSettings(settings);
    expect(stored.templates).toEqual({ delivered: { subject: 'Arrivato!', body: defaultBuyerMailTemplates.delivered.body } });
    expect(stored.kinds).toEqual(['shipped', 'out_for_delivery', 'held']);
    const back = buyerMailSettingsOf(stored);
    expect(back.templates.delivered).toEqual({ enabled: false, subject: 'Arrivato!', body: defaultBuyerMailTemplates.delivered.body, customised: true });
    expect(back.templates.shipped.customised).toBe(false);
  });
});

describe('buyerMailKindsOnTracking', () => {
  it('queues a delivery, going out for delivery and a giacenza when they begin', () => {
    expect(buyerMailKindsOnTracking({ status: 'shipped', trackingStatus: 'in_transit' }, { status: 'delivered', trackingStatus: 'delivered' })).toEqual(['delivered']);
    expect(buyerMailKindsOnTracking({ status: 'shipped', trackingStatus: 'in_transit' }, { status: 'shipped', trackingStatus: 'out_for_delivery' })).toEqual(['out_for_delivery']);
    expect(buyerMailKindsOnTracking({ status: 'shipped', trackingStatus: 'exception' }, { status: 'shipped', trackingStatus: 'held' })).toEqual(['held']);
    expect(buyerMailKindsOnTracking({ status: 'shipped', trackingStatus: 'held' }, { status: 'shipped', trackingStatus: 'held' })).toEqual([]);
    expect(buyerMailKindsOnTracking({ status: 'delivered', trackingStatus: 'delivered' }, { status: 'delivered', trackingStatus: 'delivered' })).toEqual([]);
  });
});

describe('relayOf', () => {
  it("tells Amazon's and eBay's relay addresses from a buyer's own", () => {
    expect(relayOf('0dx2vt6d5lkq2yl@marketplace.amazon.it')).toBe('amazon');
    expect(relayOf('X@Marketplace.Amazon.co.uk ')).toBe('amazon');
    expect(relayOf('b8c2f0d3a1e4@members.ebay.com')).toBe('ebay');
    expect(relayOf('mario@amazon.it')).toBeNull();
    expect(relayOf('mario@marketplace.amazon.it.evil.example')).toBeNull();
    expect(relayOf('')).toBeNull();
  });
});

describe('buyerMailDecision', () => {
  const base = { kind: 'shipped' as const, shipment: { status: 'shipped' as const, recipientEmail: 'lucia@example.it' }, settings: on(), unsubscribed: false, amazonKinds: ['held' as const] };
  it('sends, or says why not', () => {
    expect(buyerMailDecision(base)).toEqual({ send: true });
    expect(buyerMailDecision({ ...base, settings: buyerMailSettingsOf(null) })).toEqual({ send: false, reason: 'disabled' });
    const off = on();
    off.templates.shipped.enabled = false;
    expect(buyerMailDecision({ ...base, settings: off })).toEqual({ send: false, reason: 'disabled' });
    expect(buyerMailDecision({ ...base, shipment: { status: 'cancelled', recipientEmail: 'lucia@example.it' } })).toEqual({ send: false, reason: 'cancelled' });
    expect(buyerMailDecision({ ...base, shipment: { status: 'shipped', recipientEmail: ' ' } })).toEqual({ send: false, reason: 'no_address' });
    expect(buyerMailDecision({ ...base, unsubscribed: true })).toEqual({ send: false, reason: 'unsubscribed' });
    const amazon = { ...base, shipment: { status: 'shipped' as const, recipientEmail: 'x@marketplace.amazon.it' } };
    expect(buyerMailDecision(amazon)).toEqual({ send: false, reason: 'amazon_relay' });
    expect(buyerMailDecision({ ...amazon, kind: 'held' })).toEqual({ send: true });
  });
});

describe('parseBuyerMailKinds', () => {
  it('reads a list, empty included; names an unknown kind', () => {
    expect(parseBuyerMailKinds('held, delivered')).toEqual(['held', 'delivered']);
    expect(parseBuyerMailKinds('')).toEqual([]);
    expect(parseBuyerMailKinds('held,spedito')).toMatch(/unknown kind "spedito"/);
  });
});

describe('renderBuyerMail', () => {
  const values = { ...sampleBuyerMailValues('Bottega <b>Rossi</b>', 'https://smista.test/t/abc', new Date('2026-11-29T10:00:00Z')), cliente: 'Ada "<script>"' };
  const layout = { merchantName: 'Bottega <b>Rossi</b>', logoSrc: 'cid:logo@smista', unsubscribeUrl: 'https://smista.test/u/tok', links: true };

  it('fills subject and text; escapes every value in the HTML; links the page and the unsubscribe', () => {
    const r = renderBuyerMail(defaultBuyerMailTemplates.shipped, values, layout);
    expect(r.subject).toBe('Il tuo ordine 12-34567-89012 è stato spedito');
    expect(r.text).toContain('Ciao Ada "<script>",');
    expect(r.text).toContain(`${buyerMailTexts.footerUnsubscribe}: https://smista.test/u/tok`);
    expect(r.html).not.toContain('<script>');
    expect(r.html).toContain('Ada &quot;&lt;script&gt;&quot;');
    expect(r.html).toContain('Bottega &lt;b&gt;Rossi&lt;/b&gt;');
    expect(r.html).toContain('<a href="https://smista.test/t/abc"');
    expect(r.html).toContain('<a href="https://smista.test/u/tok"');
    expect(r.html).toContain('src="cid:logo@smista"');
  });

  it('without links (Amazon): no anchor at all, no unsubscribe', () => {
    const r = renderBuyerMail(defaultBuyerMailTemplates.held, { ...values, link_tracciamento: 'GLS MI0123456789' }, { ...layout, unsubscribeUrl: null, links: false });
    expect(r.html).not.toMatch(/<a\s/);
    expect(r.text).not.toContain(buyerMailTexts.footerUnsubscribe);
  });

  it('a subject stays on one line whatever a value holds', () => {
    expect(renderBuyerMail({ subject: '{{cliente}} ok', body: 'x' }, { ...values, cliente: 'a\r\nBcc: x@y' }, layout).subject).toBe('a Bcc: x@y ok');
  });
});

describe('senderDisplayName', () => {
  it('the chosen name, else the merchant, never a character that ends the quoted name', () => {
    expect(senderDisplayName('', 'Bottega Rossi')).toBe('Bottega Rossi');
    expect(senderDisplayName(' Vetreria "Fabbri" <x> ', 'B')).toBe('Vetreria Fabbri x');
  });
});
