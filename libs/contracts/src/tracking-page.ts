import { carrierTrackingStatusLabels } from './shipments';

/**
 * Issue 26: the buyer's public tracking page (`/t/{token}`), in Italian and in English (the
 * browser's language), and what the merchant's screens say about it. Every text of the page lives
 * here; the gateway's renderer only escapes and places them.
 */
export const trackingPageLanguages = ['it', 'en'] as const;
export type TrackingPageLanguage = (typeof trackingPageLanguages)[number];

/** The page's texts in one language. */
export interface TrackingPageTexts {
  /** `<html lang>` and the dates' locale. */
  locale: string;
  title: string;
  /** Above the merchant's name. */
  shippedBy: string;
  status: string;
  /** The parcel's status (Smista's: shipped, delivered and the carrier's tracking statuses). */
  statuses: Readonly<Record<string, string>>;
  steps: string;
  noSteps: string;
  carrier: string;
  trackingNumber: string;
  carrierLink: (carrierName: string) => string;
  destination: string;
  items: string;
  promisedDate: string;
  deliveredAt: string;
  logoAlt: (merchantName: string) => string;
  poweredBy: string;
  notFoundTitle: string;
  notFoundText: string;
  tooManyTitle: string;
  tooManyText: string;
  /** The preview's banner in Impostazioni: the parcel is an example. */
  sampleBanner: string;
  /** A sample step's mark in the preview. */
  sampleMark: string;
}

export const trackingPageTexts: Readonly<Record<TrackingPageLanguage, TrackingPageTexts>> = {
  it: {
    locale: 'it-IT',
    title: 'Traccia la tua spedizione',
    shippedBy: 'Spedizione di',
    status: 'Stato',
    statuses: { ...carrierTrackingStatusLabels, shipped: 'Spedita', info: 'Aggiornamento del corriere' },
    steps: 'Avanzamento',
    noSteps: 'Il corriere non ha ancora registrato movimenti del pacco.',
    carrier: 'Corriere',
    trackingNumber: 'Numero di tracciamento',
    carrierLink: (name) => `Segui il pacco sul sito di ${name}`,
    destination: 'Destinazione',
    items: 'Contenuto del pacco',
    promisedDate: 'Consegna prevista entro il',
    deliveredAt: 'Consegnata il',
    logoAlt: (name) => `Logo di ${name}`,
    poweredBy: 'Pagina di tracciamento di Smista',
    notFoundTitle: 'Spedizione non trovata',
    notFoundText: 'Il link potrebbe essere scaduto (la pagina resta disponibile fino a 90 giorni dopo la consegna) o non essere corretto. Controlla il link ricevuto o contatta il venditore.',
    tooManyTitle: 'Troppe richieste',
    tooManyText: 'Hai aperto questa pagina troppe volte in poco tempo. Riprova tra un minuto.',
    sampleBanner: 'Anteprima con un pacco di esempio: i tuoi clienti vedranno i dati della loro spedizione.',
    sampleMark: 'esempio',
  },
  en: {
    locale: 'en-GB',
    title: 'Track your parcel',
    shippedBy: 'Shipped by',
    status: 'Status',
    statuses: {
      shipped: 'Shipped',
      in_transit: 'In transit',
      out_for_delivery: 'Out for delivery',
      delivered: 'Delivered',
      held: 'Held at the depot',
      exception: 'Delivery problem',
      returned: 'Returned to sender',
      info: 'Carrier update',
    },
    steps: 'Progress',
    noSteps: 'The carrier has not recorded any movement of the parcel yet.',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    carrierLink: (name) => `Follow the parcel on the ${name} website`,
    destination: 'Destination',
    items: 'In the parcel',
    promisedDate: 'Expected delivery by',
    deliveredAt: 'Delivered on',
    logoAlt: (name) => `${name} logo`,
    poweredBy: 'Tracking page by Smista',
    notFoundTitle: 'Shipment not found',
    notFoundText: 'The link may have expired (the page stays available until 90 days after delivery) or may not be correct. Check the link you received or contact the seller.',
    tooManyTitle: 'Too many requests',
    tooManyText: 'You opened this page too many times in a short while. Please try again in a minute.',
    sampleBanner: 'Preview with a sample parcel: your customers will see their own shipment.',
    sampleMark: 'example',
  },
};

/** A status in the page's language; the carrier's update for one it does not know. */
export function trackingPageStatus(status: string, lang: TrackingPageLanguage): string {
  const statuses = trackingPageTexts[lang].statuses;
  return Object.hasOwn(statuses, status) ? statuses[status]! : statuses.info!;
}

/**
 * The page's language from the browser's Accept-Language: the supported language with the highest
 * weight (the earlier one on a tie); Italian when none is named.
 *
 * @example trackingPageLanguageOf('en-GB,en;q=0.9') // 'en'
 * @example trackingPageLanguageOf('it-IT,it;q=0.9,en;q=0.8') // 'it'
 */
export function trackingPageLanguageOf(acceptLanguage: string | undefined): TrackingPageLanguage {
  let best: { lang: TrackingPageLanguage; q: number } | null = null;
  for (const part of (acceptLanguage ?? '').split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'it' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'it';
}

/** The buyer's link of a shipment's public page, from its token (the drawer shows it). */
export const publicTrackingPath = (token: string): string => `/t/${token}`;

/** The merchant's screens: the preview in Impostazioni and the buyer's link in the shipment drawer. */
export const trackingPageSettingsTexts = {
  title: 'Pagina di tracciamento',
  description:
    'Ogni spedizione con etichetta ha una pagina pubblica per il tuo cliente, senza login: il tuo nome e il tuo logo, gli stati del pacco, il link del corriere e gli articoli senza prezzi. Mostra solo la città di destinazione e scade 90 giorni dopo la consegna. Qui sotto un pacco di esempio.',
  previewTitle: 'Anteprima della pagina di tracciamento',
  openInNewTab: 'Apri in una nuova scheda',
  drawerLinkLabel: 'Link di tracciamento per il cliente',
  copyLink: 'Copia link',
  copied: 'Link copiato',
  copyFailed: 'Copia non riuscita: seleziona il link e copialo a mano',
} as const;
