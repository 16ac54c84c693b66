import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { trackingPageStatus, trackingPageTexts, trackingUrl, type TrackingPageLanguage } from '@smista/contracts';

/**
 * Issue 26: the buyer's public tracking page, rendered here as one HTML document with inline CSS
 * and no JavaScript (the page works on any phone, and its CSP allows no script at all). Every text
 * comes from the contracts (`trackingPageTexts`) or the shipment, and every one is escaped.
 */

/** What the page shows of a parcel: shipments' GetPublicTracking, or the preview's sample. */
export interface TrackingPageView {
  merchantName: string;
  /** `/t/{token}/logo`, the preview's data: URL, or null without a logo. */
  logoSrc: string | null;
  carrierName: string;
  /** The carrier's own tracking page (https only); empty when it has none. */
  carrierTrackingUrl: string;
  trackingNumber: string;
  /** Smista's status code (shipped, in_transit, delivered, ...). */
  status: string;
  /** Newest first. */
  steps: { at: string; status: string; description: string; location: string }[];
  city: string;
  countryCode: string;
  items: { title: string; quantity: number }[];
  /** ISO-8601; empty when none was promised. */
  promisedDate: string;
  /** ISO-8601; empty when not delivered. */
  deliveredAt: string;
  /** The preview in Impostazioni: a sample parcel, marked as such. */
  sample?: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4f5f7;color:#1c2430;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:36rem;margin:0 auto;padding:1rem}
header{display:flex;flex-direction:column;align-items:flex-start;gap:.5rem;margin:.5rem 0 1rem}
header img{max-height:3rem;max-width:9rem;object-fit:contain}
header p{margin:0;font-size:.85rem;color:#5b6675}
h1{margin:0;font-size:1.25rem;line-height:1.3}
h2{margin:0 0 .5rem;font-size:1rem}
section{background:#fff;border-radius:.75rem;padding:1rem;margin-bottom:.75rem;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.status{font-size:1.4rem;font-weight:700;margin:0}
.status.delivered{color:#17794a}
.status.held,.status.exception,.status.returned{color:#b4540a}
.muted{color:#5b6675;font-size:.9rem;margin:.25rem 0 0}
.sample{background:#fff4d6;border:1px solid #f0d58a;border-radius:.75rem;padding:.75rem 1rem;margin-bottom:.75rem;font-size:.9rem}
.mark{display:inline-block;margin-left:.4rem;padding:0 .4rem;border-radius:.3rem;background:#fff4d6;color:#7a5b00;font-size:.75rem;font-weight:600;vertical-align:middle}
ol{list-style:none;margin:0;padding:0}
ol li{position:relative;padding:0 0 .9rem 1.25rem;border-left:2px solid #d6dbe1;margin-left:.35rem}
ol li:last-child{border-left-color:transparent;padding-bottom:0}
ol li::before{content:"";position:absolute;left:-.45rem;top:.3rem;width:.75rem;height:.75rem;border-radius:50%;background:#d6dbe1}
ol li:first-child::before{background:#1f6feb}
.step{font-weight:600}
.words{overflow-wrap:anywhere}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:.35rem .75rem}
dt{color:#5b6675}
dd{margin:0;overflow-wrap:anywhere}
ul{margin:0;padding-left:1.1rem}
button{display:block;width:100%;margin-top:.75rem;padding:.7rem 1rem;border:0;border-radius:.5rem;background:#1f6feb;color:#fff;font:inherit;font-weight:600;cursor:pointer}
a.carrier{display:block;margin-top:.75rem;padding:.7rem 1rem;border-radius:.5rem;background:#1f6feb;color:#fff;text-align:center;text-decoration:none;font-weight:600}
footer{text-align:center;color:#8a94a3;font-size:.8rem;margin:1rem 0}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The page's CSP: nothing but its own inline style (by hash) and its images ('self' for the logo
 * route, data: for the preview's logo). No script, no form, no frame; only Smista's own
 * Impostazioni may frame the preview.
 */
export function trackingPageCsp(frameable: boolean, form = false): string {
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    // Only the unsubscribe page has a form, posting to itself.
    `form-action ${form ? "'self'" : "'none'"}`,
    `frame-ancestors ${frameable ? "'self'" : "'none'"}`,
  ].join('; ');
}

/** Sends a rendered page with the headers every tracking page answer carries. */
export function sendPage(res: Response, status: number, html: string, options: { frameable?: boolean; form?: boolean } = {}): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', trackingPageCsp(options.frameable ?? false, options.form ?? false));
  res.setHeader('X-Frame-Options', options.frameable ? 'SAMEORIGIN' : 'DENY');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Vary', 'Accept-Language');
  res.end(html);
}

/** A whole page in the tracking page's look (the buyer's unsubscribe page uses it too). */
export function documentOf(lang: TrackingPageLanguage, title: string, body: string, footer: string = trackingPageTexts[lang].poweredBy): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
<footer>${escapeHtml(footer)}</footer>
</main>
</body>
</html>
`;
}

const dateTime = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Rome' }).format(new Date(iso));
const dateOnly = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Rome' }).format(new Date(iso));

function countryName(code: string, locale: string): string {
  try {
    return (code && new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase())) || code;
  } catch {
    return code;
  }
}

/** Only an https link of the carrier is a link; anything else is not shown. */
const safeHttps = (url: string): string | null => {
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

/** The page of one parcel in the buyer's language. */
export function renderTrackingPage(view: TrackingPageView, lang: TrackingPageLanguage): string {
  const t = trackingPageTexts[lang];
  const e = escapeHtml;
  const mark = view.sample ? `<span class="mark">${e(t.sampleMark)}</span>` : '';
  const logo = view.logoSrc ? `<img src="${e(view.logoSrc)}" alt="${e(t.logoAlt(view.merchantName))}">` : '';
  const merchant = view.merchantName ? `<div><p>${e(t.shippedBy)}</p><h1>${e(view.merchantName)}</h1></div>` : `<div><h1>${e(t.title)}</h1></div>`;
  const when = view.deliveredAt
    ? `<p class="muted">${e(t.deliveredAt)} ${e(dateTime(view.deliveredAt, t.locale))}</p>`
    : view.promisedDate
      ? `<p class="muted">${e(t.promisedDate)} ${e(dateOnly(view.promisedDate, t.locale))}</p>`
      : '';
  const steps = view.steps.length
    ? `<ol>${view.steps
        .map(
          (s) =>
            `<li><div class="step">${e(trackingPageStatus(s.status, lang))}${mark}</div>` +
            (s.description ? `<div class="words">${e(s.description)}</div>` : '') +
            `<div class="muted">${e(dateTime(s.at, t.locale))}${s.location ? ` · ${e(s.location)}` : ''}</div></li>`,
        )
        .join('')}</ol>`
    : `<p class="muted">${e(t.noSteps)}</p>`;
  const link = safeHttps(view.carrierTrackingUrl);
  const carrierLink = link ? `<a class="carrier" href="${e(link)}" target="_blank" rel="noopener noreferrer">${e(t.carrierLink(view.carrierName))}</a>` : '';
  const items = view.items.length
    ? `<section><h2>${e(t.items)}</h2><ul>${view.items.map((i) => `<li>${i.quantity} × ${e(i.title)}</li>`).join('')}</ul></section>`
    : '';
  const destination = [view.city, countryName(view.countryCode, t.locale)].filter(Boolean).join(', ');
  const body = [
    view.sample ? `<div class="sample" role="note">${e(t.sampleBanner)}</div>` : '',
    `<header>${logo}${merchant}</header>`,
    `<section aria-labelledby="stato"><h2 id="stato">${e(t.status)}</h2><p class="status ${e(view.status)}">${e(trackingPageStatus(view.status, lang))}</p>${when}</section>`,
    `<section aria-labelledby="passi"><h2 id="passi">${e(t.steps)}</h2>${steps}</section>`,
    `<section><dl><dt>${e(t.carrier)}</dt><dd>${e(view.carrierName)}</dd><dt>${e(t.trackingNumber)}</dt><dd>${e(view.trackingNumber)}</dd>` +
      (destination ? `<dt>${e(t.destination)}</dt><dd>${e(destination)}</dd>` : '') +
      `</dl>${carrierLink}</section>`,
    items,
  ]
    .filter(Boolean)
    .join('\n');
  return documentOf(lang, view.merchantName ? `${t.title} · ${view.merchantName}` : t.title, body);
}

/** An unknown, expired or malformed link: the same page for all. */
export function renderNotFoundPage(lang: TrackingPageLanguage): string {
  const t = trackingPageTexts[lang];
  return documentOf(lang, t.notFoundTitle, `<section><h1>${escapeHtml(t.notFoundTitle)}</h1><p>${escapeHtml(t.notFoundText)}</p></section>`);
}

/** The rate limit's refusal (429). */
export function renderTooManyPage(lang: TrackingPageLanguage): string {
  const t = trackingPageTexts[lang];
  return documentOf(lang, t.tooManyTitle, `<section><h1>${escapeHtml(t.tooManyTitle)}</h1><p>${escapeHtml(t.tooManyText)}</p></section>`);
}

/**
 * The preview's sample parcel (Impostazioni): the merchant's real name and logo, a GLS parcel on
 * its way to Bologna with three steps, every one marked as an example.
 */
export function samplePreviewView(merchantName: string, logoSrc: string | null, now: Date): TrackingPageView {
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
  return {
    merchantName,
    logoSrc,
    carrierName: 'GLS',
    carrierTrackingUrl: trackingUrl('gls', 'MI123456789') ?? '',
    trackingNumber: 'MI123456789',
    status: 'out_for_delivery',
    steps: [
      { at: hoursAgo(2), status: 'out_for_delivery', description: 'IN CONSEGNA', location: 'BOLOGNA' },
      { at: hoursAgo(20), status: 'in_transit', description: 'ARRIVATA NELLA SEDE GLS DI DESTINAZIONE', location: 'BOLOGNA' },
      { at: hoursAgo(30), status: 'in_transit', description: 'SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.', location: 'MILANO' },
    ],
    city: 'Bologna',
    countryCode: 'IT',
    items: [
      { title: 'Articolo di esempio', quantity: 2 },
      { title: 'Altro articolo di esempio', quantity: 1 },
    ],
    promisedDate: new Date(now.getTime() + 86_400_000).toISOString(),
    deliveredAt: '',
    sample: true,
  };
}
