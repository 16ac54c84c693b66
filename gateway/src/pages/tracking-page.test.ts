import { trackingPageTexts } from '@smista/contracts';
import { escapeHtml, renderNotFoundPage, renderTooManyPage, renderTrackingPage, samplePreviewView, trackingPageCsp, type TrackingPageView } from './tracking-page';

const view: TrackingPageView = {
  merchantName: 'Bottega "Verdi" <script>alert(1)</script>',
  logoSrc: '/t/tok/logo',
  carrierName: 'GLS',
  carrierTrackingUrl: 'https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni/?match=MI1&x=<b>',
  trackingNumber: 'MI1',
  status: 'held',
  steps: [
    { at: '2026-06-03T08:00:00Z', status: 'held', description: 'IN GIACENZA <img src=x onerror=alert(1)>', location: 'BOLOGNA' },
    { at: '2026-06-02T09:30:00Z', status: 'in_transit', description: 'IN TRANSITO', location: 'BOLOGNA HUB' },
  ],
  city: 'Bologna',
  countryCode: 'IT',
  items: [{ title: 'Tazza & piattino', quantity: 2 }],
  promisedDate: '2026-06-05T00:00:00Z',
  deliveredAt: '',
};

describe('renderTrackingPage', () => {
  it('escapes every text from the shipment and the merchant', () => {
    const html = renderTrackingPage(view, 'it');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Bottega &quot;Verdi&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('IN GIACENZA &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('2 × Tazza &amp; piattino');
    expect(html).toContain('href="https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni/?match=MI1&amp;x=&lt;b&gt;"');
  });

  it('shows the steps newest first, the city and the country only, no price', () => {
    const html = renderTrackingPage(view, 'it');
    expect(html.indexOf('IN GIACENZA')).toBeLessThan(html.indexOf('IN TRANSITO'));
    expect(html).toContain('Bologna, Italia');
    expect(html).toContain(`<p class="status held">${trackingPageTexts.it.statuses.held}</p>`);
    expect(html).toContain(trackingPageTexts.it.promisedDate);
    expect(html).not.toMatch(/€|EUR|prezzo|price/i);
  });

  it('speaks the language asked: texts, statuses, dates and the country', () => {
    const en = renderTrackingPage(view, 'en');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain(trackingPageTexts.en.statuses.held);
    expect(en).toContain('Bologna, Italy');
    expect(en).toContain('5 June 2026');
    const it = renderTrackingPage(view, 'it');
    expect(it).toContain('5 giugno 2026');
    expect(it).toContain('3 giu 2026, 10:00'); // Rome time
  });

  it('links the carrier over https only, and says when nothing moved yet', () => {
    const html = renderTrackingPage({ ...view, carrierTrackingUrl: 'javascript:alert(1)', steps: [] }, 'it');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('class="carrier"');
    expect(html).toContain(trackingPageTexts.it.noSteps);
  });

  it('the sample marks itself and each step as an example', () => {
    const html = renderTrackingPage(samplePreviewView('Alfa', null, new Date('2026-06-01T10:00:00Z')), 'it');
    expect(html).toContain(trackingPageTexts.it.sampleBanner);
    expect(html.match(/class="mark"/g)).toHaveLength(3);
    expect(html).toContain('Alfa');
  });
});

describe('the other pages and the policy', () => {
  it('404 and 429 pages in both languages', () => {
    expect(renderNotFoundPage('it')).toContain('Spedizione non trovata');
    expect(renderNotFoundPage('en')).toContain('Shipment not found');
    expect(renderTooManyPage('it')).toContain(trackingPageTexts.it.tooManyText);
  });
  it('a CSP that allows no script', () => {
    expect(trackingPageCsp(false)).not.toMatch(/script|unsafe/);
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
