import type { TrackingStatus } from '@smista/contracts';

/*
 * Poste Delivery Business's units and codes to ours: grams and centimetres as whole numbers in
 * strings, countries as ISO alpha-3 plus a digit (`ITA1`), euro with a dot, event dates as
 * `yyyy-MM-dd HH:mm:ss` in Italian local time, and the tracking phases and status codes.
 */

/** ISO 3166-1 alpha-2 followed by alpha-3, five letters a country. */
const ISO2_ISO3 = [
  'ADAND AEARE AFAFG AGATG AIAIA ALALB AMARM AOAGO AQATA ARARG ASASM ATAUT AUAUS AWABW AXALA AZAZE',
  'BABIH BBBRB BDBGD BEBEL BFBFA BGBGR BHBHR BIBDI BJBEN BLBLM BMBMU BNBRN BOBOL BQBES BRBRA BSBHS',
  'BTBTN BVBVT BWBWA BYBLR BZBLZ CACAN CCCCK CDCOD CFCAF CGCOG CHCHE CICIV CKCOK CLCHL CMCMR CNCHN',
  'COCOL CRCRI CUCUB CVCPV CWCUW CXCXR CYCYP CZCZE DEDEU DJDJI DKDNK DMDMA DODOM DZDZA ECECU EEEST',
  'EGEGY EHESH ERERI ESESP ETETH FIFIN FJFJI FKFLK FMFSM FOFRO FRFRA GAGAB GBGBR GDGRD GEGEO GFGUF',
  'GGGGY GHGHA GIGIB GLGRL GMGMB GNGIN GPGLP GQGNQ GRGRC GSSGS GTGTM GUGUM GWGNB GYGUY HKHKG HMHMD',
  'HNHND HRHRV HTHTI HUHUN IDIDN IEIRL ILISR IMIMN ININD IOIOT IQIRQ IRIRN ISISL ITITA JEJEY JMJAM',
  'JOJOR JPJPN KEKEN KGKGZ KHKHM KIKIR KMCOM KNKNA KPPRK KRKOR KWKWT KYCYM KZKAZ LALAO LBLBN LCLCA',
  'LILIE LKLKA LRLBR LSLSO LTLTU LULUX LVLVA LYLBY MAMAR MCMCO MDMDA MEMNE MFMAF MGMDG MHMHL MKMKD',
  'MLMLI MMMMR MNMNG MOMAC MPMNP MQMTQ MRMRT MSMSR MTMLT MUMUS MVMDV MWMWI MXMEX MYMYS MZMOZ NANAM',
  'NCNCL NENER NFNFK NGNGA NINIC NLNLD NONOR NPNPL NRNRU NUNIU NZNZL OMOMN PAPAN PEPER PFPYF PGPNG',
  'PHPHL PKPAK PLPOL PMSPM PNPCN PRPRI PSPSE PTPRT PWPLW PYPRY QAQAT REREU ROROU RSSRB RURUS RWRWA',
  'SASAU SBSLB SCSYC SDSDN SESWE SGSGP SHSHN SISVN SJSJM SKSVK SLSLE SMSMR SNSEN SOSOM SRSUR SSSSD',
  'STSTP SVSLV SXSXM SYSYR SZSWZ TCTCA TDTCD TFATF TGTGO THTHA TJTJK TKTKL TLTLS TMTKM TNTUN TOTON',
  'TRTUR TTTTO TVTUV TWTWN TZTZA UAUKR UGUGA UMUMI USUSA UYURY UZUZB VAVAT VCVCT VEVEN VGVGB VIVIR',
  'VNVNM VUVUT WFWLF WSWSM YEYEM YTMYT ZAZAF ZMZMB ZWZWE',].join(' ');

const ALPHA3 = new Map(ISO2_ISO3.split(' ').map((pair) => [pair.slice(0, 2), pair.slice(2)]));

/**
 * A two-letter country to Poste's four-character code: the alpha-3 code and `1` (third-party
 * clients validate `^[A-Z]{3}[1-9]$`; Italy is `ITA1`). Undefined for a code ISO does not assign.
 *
 * @example posteCountry('IT') // 'ITA1'; posteCountry('fr') // 'FRA1'
 */
export function posteCountry(iso2: string): string | undefined {
  const alpha3 = ALPHA3.get(iso2.trim().toUpperCase());
  return alpha3 ? `${alpha3}1` : undefined;
}

const italianRegion = new Intl.DisplayNames(['it'], { type: 'region' });

/** The country's Italian name, for Poste's `countryName` and our messages. @example countryName('FR') // 'Francia' */
export function countryName(iso2: string): string {
  const code = iso2.trim().toUpperCase();
  try {
    return italianRegion.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Grams as Poste's `weight`: whole grams (rounded up, at least 1) in a string. @example gramsString(2499.2) // '2500' */
export function gramsString(grams: number): string {
  return String(Math.max(1, Math.ceil(grams)));
}

/** Centimetres as Poste's `height`/`length`/`width`: whole (rounded up) in a string; undefined when unknown. @example cmString(29.5) // '30' */
export function cmString(cm: number | undefined): string | undefined {
  return cm !== undefined && Number.isFinite(cm) && cm > 0 ? String(Math.ceil(cm)) : undefined;
}

/** Euro cents as the cash-on-delivery `amount`: two decimals and a dot. @example centsToAmount(1230) // '12.30' */
export function centsToAmount(cents: number): string {
  const whole = Math.round(cents);
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * An instant as the waybill's `shipmentDate`: ISO-8601 with milliseconds and an explicit offset,
 * as third-party clients send it (`yyyy-MM-ddTHH:mm:ss.fffzzz`).
 *
 * @example shipmentDate(new Date('2026-03-05T09:00:00Z')) // '2026-03-05T09:00:00.000+00:00'
 */
export function shipmentDate(at: Date): string {
  return at.toISOString().replace(/Z$/, '+00:00');
}

/** The UTC offset of Europe/Rome at an instant, in minutes (60 in winter, 120 in summer). */
function romeOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * A tracking event's `data` as ISO-8601 UTC: `yyyy-MM-dd HH:mm:ss` in Italian local time (what
 * Poste sends), or an ISO-8601 instant with its own offset; undefined when it cannot be read.
 *
 * @example eventDateToIso('2026-03-05 10:00:00') // '2026-03-05T09:00:00.000Z'
 */
export function eventDateToIso(data: string): string | undefined {
  const value = data.trim();
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the wall-clock time taken as UTC is right except within the hour of a change.
  const offset = romeOffsetMinutes(new Date(asUtc - romeOffsetMinutes(new Date(asUtc)) * 60_000));
  return new Date(asUtc - offset * 60_000).toISOString();
}

/*
 * Poste Delivery Business tracking events to Smista's statuses (issue 26). Each event has a
 * three-letter `status`, a `phase` (`IN TRANSITO`, `IN GIACENZA`, …) and a `StatusDescription`.
 * Poste's list of codes is not public ([open], providers.md); third-party clients show the fields
 * and `PCP` 'In transito presso il Centro Operativo Postale', their deposits ("giacenze") calls the
 * reasons of a giacenza (recipient absent, refused, address wrong, recipient not found).
 *
 * | status | meaning | Smista | source |
 * |---|---|---|---|
 * | PRE | the waybill's data received: the parcel is not yet in Poste's hands | info | the carriers' earlier table and POSTE_DELIVERY_VOIDABLE_STATUSES; the sandbox |
 * | ACC, PCP, TRA, PAR, ARR | taken in charge, at a Centro Operativo Postale, travelling, departed, arrived | in_transit | PCP [3p]; the others the earlier table; the sandbox's ACC, PCP, ARR |
 * | INC | IN CONSEGNA: out for delivery | out_for_delivery | the earlier table; the sandbox |
 * | CON | CONSEGNATA: delivered | delivered | the earlier table; the sandbox |
 * | GIA | IN GIACENZA: held at the post office | held | the earlier table; the sandbox |
 * | RES | reso al mittente / in restituzione: returned to the sender | returned | the earlier table; the sandbox |
 * | MCO, RIF, SMA, DAN | mancata consegna (recipient absent), rifiutata, smarrita, danneggiata | exception | the earlier table; the sandbox's MCO |
 *
 * PRE is info, not in transit: it is the event of a waybill just made, the one under which Smista
 * may still void a waybill (`POSTE_DELIVERY_VOIDABLE_STATUSES`, default PRE), so reading it as a
 * parcel on its way would tell the merchant and the buyer it moves while it may still be on the
 * sender's shelf.
 *
 * The words come first for a return ('reso al mittente', 'in restituzione', 'restituita al
 * mittente') and, but for CON, a giacenza, so an unknown code that says so is read right; then the
 * code; then the phase and the words: exception words ('mancata consegna', 'destinatario assente',
 * 'rifiutata', …), 'in consegna' (out_for_delivery, read before 'consegnata', which it must never be
 * taken for), 'consegnata', movement words.
 */
const DELIVERED = new Set(['CON']);
const OUT_FOR_DELIVERY = new Set(['INC']);
const HELD = new Set(['GIA']);
const RETURNED = new Set(['RES']);
const EXCEPTION = new Set(['MCO', 'RIF', 'SMA', 'DAN']);
const IN_TRANSIT = new Set(['ACC', 'PCP', 'TRA', 'PAR', 'ARR']);
const INFO = new Set(['PRE']);

const RETURNED_WORDS = /\bres[ao] al mittente|in restituzione|restituit[ao] al mittente|rientrat[ao] al mittente|ritorno al mittente/;
const HELD_WORDS = /giacenz/;
const EXCEPTION_WORDS = /mancata consegna|non consegnat|rifiutat|smarrit|danneggiat|destinatario assente|indirizzo errat|destinatario sconosciut/;

/**
 * One tracking event to Smista's status: its words for a return, the delivery code, its words for a
 * giacenza, then its three-letter `status`, then its `phase` and words (the table above).
 *
 * @example trackingStatusOf('CONSEGNATA', 'CON', 'La spedizione è stata consegnata') // 'delivered'
 * trackingStatusOf('IN CONSEGNA', 'INC', 'La spedizione è in consegna') // 'out_for_delivery'
 * trackingStatusOf('IN GIACENZA', 'GIA', "In giacenza presso l'ufficio postale") // 'held'
 */
export function trackingStatusOf(phase: string, status: string, description: string): TrackingStatus {
  const p = phase.trim().toUpperCase();
  const words = `${p} ${description}`.toLowerCase();
  const code = status.trim().toUpperCase();
  if (RETURNED_WORDS.test(words)) return 'returned';
  if (DELIVERED.has(code)) return 'delivered';
  if (HELD_WORDS.test(words)) return 'held';
  if (OUT_FOR_DELIVERY.has(code)) return 'out_for_delivery';
  if (HELD.has(code)) return 'held';
  if (RETURNED.has(code)) return 'returned';
  if (EXCEPTION.has(code)) return 'exception';
  if (IN_TRANSIT.has(code)) return 'in_transit';
  if (INFO.has(code)) return 'info';
  if (EXCEPTION_WORDS.test(words)) return 'exception';
  if (/\bin consegna\b/.test(words)) return 'out_for_delivery';
  if (p === 'CONSEGNATA' || p === 'CONSEGNATO' || /\bconsegnat[ao]\b/.test(words)) return 'delivered';
  if (/transit|presa in carico|accettat|partit|arrivat|lavorazione/.test(words)) return 'in_transit';
  return 'info';
}

/**
 * A street line split into Poste's `address` and `streetNumber` (at most 4 characters): a trailing
 * house number is moved out when it fits, otherwise the line stays whole.
 *
 * @example splitStreetNumber('Via Garibaldi 5') // { street: 'Via Garibaldi', number: '5' }
 * splitStreetNumber('Via Roma, 12/A') // { street: 'Via Roma', number: '12/A' }
 */
export function splitStreetNumber(line: string): { street: string; number: string } {
  const m = /^(.*?\D)[\s,]+(\d+(?:\s?[/-]?\s?[A-Za-z])?)$/.exec(line.trim());
  if (m && m[2]!.replace(/\s/g, '').length <= 4 && m[1]!.trim().length > 0) return { street: m[1]!.replace(/[\s,]+$/, '').trim(), number: m[2]!.replace(/\s/g, '') };
  return { street: line.trim(), number: '' };
}

/** A phone as Poste takes it (`^\+?[0-9]{1,15}$`): separators dropped, `00` as `+`; undefined when it still does not fit. */
export function normalisePhone(phone: string | undefined): string | undefined {
  const compact = (phone ?? '').replace(/[\s().\-/]/g, '').replace(/^00/, '+');
  return /^\+?[0-9]{1,15}$/.test(compact) ? compact : undefined;
}
