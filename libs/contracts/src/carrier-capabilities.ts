import { isPoolCarrier, posteDeliveryProducts, type PoolCarrierCode } from './carriers';
import { posteLetterServiceNames, posteMessages } from './poste-messages';

/*
 * What each carrier of the catalogue can do, as the one source of truth every service and screen
 * reads: where its services deliver (the label refuses a destination the service does not serve,
 * and the shipping rules pass over a rule whose carrier would refuse the order) and whether a
 * shipment can be cancelled at the carrier or only in Smista (the cancel dialog says it before the
 * click, the shipments service acts on it). Pure: no I/O, usable in the browser.
 */

// --- destinations ---

/** Where a carrier service delivers: only in its home countries, only abroad, or anywhere. */
export type DestinationScope = 'domestic' | 'international' | 'any';

/** A carrier integration as far as its destinations go: the catalogue code and, for Poste Delivery, its product. */
export interface CarrierService {
  carrierCode: string;
  /**
   * The integration's `serviceType` (Poste Delivery's product, `APT000902`); '' means the carrier's
   * default (Standard). null or undefined: not known (an integration seen before this was
   * recorded): only the checks that do not depend on the product are made.
   */
  serviceType?: string | null;
}

/** Countries the Poste letter services reach at domestic rates (Poste's domestic tariff area). */
export const LETTER_DOMESTIC_COUNTRIES = ['IT', 'SM', 'VA'] as const;
/** Countries Poste Delivery Business's domestic products deliver to (receiver country `ITA1`). */
export const PARCEL_DOMESTIC_COUNTRIES = ['IT'] as const;

const POSTE_DELIVERY_DEFAULT_PRODUCT = 'APT000902';
const POSTE_DELIVERY_INTERNATIONAL = new Set(['APT000903', 'APT000904']);
const INTERNATIONAL_LETTERS = new Set<PoolCarrierCode>(['posta_pr_intl', 'posta_rc_intl']);

/** How a carrier service's destinations are known: its scope, its home countries and the name its refusals use. */
export interface CarrierDestinations {
  scope: DestinationScope;
  /** The countries (ISO alpha-2) counted as domestic for this service. */
  domestic: readonly string[];
  /** The service as the refusal names it (`Posta1`, `Standard`). */
  serviceName: string;
}

/**
 * The destinations of a carrier service (providers.md): GLS Italia ships in Italy and abroad (the
 * label switches `TipoSpedizione`); Poste Delivery Business Express and Standard only to Italy,
 * Internazionale Express and Standard only abroad; Posta1 and Raccomandata only to Italy, San
 * Marino and the Vatican, Postapriority and Raccomandata Internazionale only beyond them.
 *
 * @example carrierDestinations({ carrierCode: 'posta_1' }) // { scope: 'domestic', domestic: ['IT', 'SM', 'VA'], serviceName: 'Posta1' }
 */
export function carrierDestinations(service: CarrierService): CarrierDestinations {
  const code = service.carrierCode.trim().toLowerCase();
  if (isPoolCarrier(code)) {
    return { scope: INTERNATIONAL_LETTERS.has(code) ? 'international' : 'domestic', domestic: LETTER_DOMESTIC_COUNTRIES, serviceName: posteLetterServiceNames[code] };
  }
  if (code === 'poste_delivery' && service.serviceType !== null && service.serviceType !== undefined) {
    const product = service.serviceType.trim() || POSTE_DELIVERY_DEFAULT_PRODUCT;
    if (Object.hasOwn(posteDeliveryProducts, product)) {
      const serviceName = posteDeliveryProducts[product as keyof typeof posteDeliveryProducts];
      return { scope: POSTE_DELIVERY_INTERNATIONAL.has(product) ? 'international' : 'domestic', domestic: PARCEL_DOMESTIC_COUNTRIES, serviceName };
    }
  }
  return { scope: 'any', domestic: PARCEL_DOMESTIC_COUNTRIES, serviceName: code };
}

const italianRegion = (() => {
  try {
    return new Intl.DisplayNames(['it'], { type: 'region' });
  } catch {
    return undefined;
  }
})();

/** A country's Italian name (`AT` → `Austria`), the code itself when unknown. */
export function italianCountryName(iso2: string): string {
  const code = iso2.trim().toUpperCase();
  try {
    return italianRegion?.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Why a carrier service does not deliver to `countryCode` (ISO alpha-2), in Italian, or null when
 * it does. The label (carriers) and the shipping rules (orders) ask the same question here, so a
 * rule never picks a carrier whose label would be refused for the order's destination.
 *
 * @example destinationRefusal({ carrierCode: 'posta_1' }, 'AT') // "Posta1 vale solo per l'Italia (con San Marino e Città del Vaticano): …"
 * destinationRefusal({ carrierCode: 'gls' }, 'AT') // null
 */
export function destinationRefusal(service: CarrierService, countryCode: string): string | null {
  const { scope, domestic, serviceName } = carrierDestinations(service);
  if (scope === 'any') return null;
  const country = countryCode.trim().toUpperCase();
  const home = domestic.includes(country);
  const letter = isPoolCarrier(service.carrierCode.trim().toLowerCase());
  if (scope === 'domestic' && !home) return letter ? posteMessages.letters.domesticOnly(serviceName) : posteMessages.productDomesticOnly(serviceName, italianCountryName(country));
  if (scope === 'international' && home) return letter ? posteMessages.letters.internationalOnly(serviceName) : posteMessages.productInternationalOnly(serviceName);
  return null;
}

// --- cancellation ---

/**
 * What cancelling a shipment means, decided before the click (the dialog) and again by the
 * shipments service (which acts on it):
 * - `here`: not labelled yet (pending): nothing exists at the carrier;
 * - `carrier`: the carrier deletes it (GLS `DeleteSped`, before the workday close);
 * - `pool`: a letter whose label was never handed out: its code goes back to the pool;
 * - `smista_only`: the carrier cannot cancel it (`reason` says why): it is voided in Smista only,
 *   its label marked not to be used, and the merchant must confirm that explicitly.
 */
export type CancellationKind = 'here' | 'carrier' | 'pool' | 'smista_only';

export interface Cancellation {
  kind: CancellationKind;
  /** `smista_only`: why the carrier cannot cancel, in Italian. */
  reason?: string;
}

export const cancellationMessages = {
  glsAfterClose:
    'GLS non permette di annullare una spedizione dopo la chiusura giornata: se il pacco non è ancora partito, avvisa la tua filiale GLS di non ritirarlo',
  posteDelivery: "Poste Delivery Business non offre l'annullamento di una lettera di vettura",
  letterPrinted: (service: string) => `L'etichetta ${service} è già stata scaricata: il suo codice di tracking resta usato e non torna disponibile`,
  /** The shipments service's refusal when a Smista-only void was not confirmed (409). */
  confirmationRequired: (reason: string) => `${reason}. Per annullarla solo in Smista conferma l'annullamento senza il corriere.`,
  /** The answer and the audit of a Smista-only void. */
  voided: (reason: string) => `Spedizione annullata solo in Smista: ${reason}. L'etichetta non va usata.`,
  /** The flag the screens show on a label voided in Smista only. */
  labelVoided: 'Etichetta annullata solo in Smista: non usarla',
  /** GetLabel of a label voided in Smista only (409). */
  labelVoidedNotPrintable: "L'etichetta è stata annullata solo in Smista e non va usata: non si può più stampare",
} as const;

/** What cancelling depends on: the shipment's carrier, status, GLS close and whether its label was handed out. */
export interface CancellationFacts {
  carrierProvider: string | null;
  status: string;
  closeWorkdayStatus?: string | null;
  /** When the label was first printed or downloaded; null when never. */
  labelPrintedAt?: string | Date | null;
}

/**
 * How `s` can be cancelled, or null when its status allows no cancellation (spec §4: pending or
 * shipped only).
 *
 * @example cancellationOf({ carrierProvider: 'poste_delivery', status: 'shipped' }) // { kind: 'smista_only', reason: 'Poste Delivery Business non offre …' }
 * cancellationOf({ carrierProvider: 'gls', status: 'shipped', closeWorkdayStatus: null }) // { kind: 'carrier' }
 */
export function cancellationOf(s: CancellationFacts): Cancellation | null {
  const status = s.status.trim().toLowerCase();
  if (status === 'pending') return { kind: 'here' };
  if (status !== 'shipped') return null;
  const carrier = (s.carrierProvider ?? '').trim().toLowerCase();
  if (!carrier) return { kind: 'here' };
  if (carrier === 'gls') return s.closeWorkdayStatus === 'closed' ? { kind: 'smista_only', reason: cancellationMessages.glsAfterClose } : { kind: 'carrier' };
  if (carrier === 'poste_delivery') return { kind: 'smista_only', reason: cancellationMessages.posteDelivery };
  if (isPoolCarrier(carrier)) {
    return s.labelPrintedAt ? { kind: 'smista_only', reason: cancellationMessages.letterPrinted(posteLetterServiceNames[carrier]) } : { kind: 'pool' };
  }
  return { kind: 'carrier' };
}
