import { posteLetterServiceNames, type PoolCarrierCode } from '@smista/contracts';
import type { PartyAddress } from '../adapter';

/*
 * What the letter services are (domestic or international, registered or priority), how their
 * labels and distinte write dates, places and text: Italian local time, Poste's address layout, and
 * the characters the PDF standard fonts can print.
 */

export interface LetterService {
  /** As printed on the label and the distinta (`Raccomandata`). */
  printedName: string;
  /** Abroad only (UPU S10 codes). */
  international: boolean;
  /** Registered mail: the label carries the boxed `R` (UPU CN 04). */
  registered: boolean;
  /** International priority: the label carries `PRIORITAIRE` (UPU CN 15). */
  priority: boolean;
}

const SERVICES: Record<PoolCarrierCode, Omit<LetterService, 'printedName'>> = {
  posta_1: { international: false, registered: false, priority: false },
  posta_rc: { international: false, registered: true, priority: false },
  posta_pr_intl: { international: true, registered: false, priority: true },
  posta_rc_intl: { international: true, registered: true, priority: false },
};

export function letterService(code: PoolCarrierCode): LetterService {
  return { printedName: posteLetterServiceNames[code], ...SERVICES[code] };
}


const romeFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function romeParts(at: Date): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  const p = Object.fromEntries(romeFormat.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: p.day!, month: p.month!, year: p.year!, hour: p.hour!, minute: p.minute! };
}

/** `dd/mm/yyyy` in Italy. @example italianDate(new Date('2026-03-05T23:30:00Z')) // '06/03/2026' */
export function italianDate(at: Date): string {
  const p = romeParts(at);
  return `${p.day}/${p.month}/${p.year}`;
}

/** `dd/mm/yyyy HH:MM` in Italy (what Excel-it reads as a date and time). */
export function italianDateTime(at: Date): string {
  const p = romeParts(at);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** A `YYYY-MM-DD` day as `dd/mm/yyyy`; anything else as it is. */
export function isoDayToItalian(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

const italianRegion = new Intl.DisplayNames(['it'], { type: 'region' });

/** A country's Italian name. @example countryName('FR') // 'Francia' */
export function countryName(iso2: string): string {
  const code = iso2.trim().toUpperCase();
  try {
    return italianRegion.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Trimmed, inner whitespace and control characters collapsed to one space. */
export function clean(value: string | null | undefined): string {
  return (value ?? '').replace(/[\u0000-\u001F\u007F]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The characters beyond Latin-1 that WinAnsi (the PDF standard fonts' encoding) has. */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);

/**
 * Text the standard fonts can print: accents kept where WinAnsi has them (à, è, ñ, ß), others
 * reduced to their letter (ł stays unknown: `?`), never an exception from the PDF library.
 *
 * @example winAnsi('Łódź — Città') // '?ódz — Città'
 */
export function winAnsi(text: string): string {
  return [...text.normalize('NFC')]
    .map((c) => {
      const code = c.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c)) return c;
      if (code < 0x20) return ' ';
      const base = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return base && [...base].every((b) => b.codePointAt(0)! <= 0xff) ? base : '?';
    })
    .join('');
}

/**
 * An address in Poste's layout, one line each: name, contact, street, complement, then `CAP
 * LOCALITÀ PR` in Italy, or the postal code and city and the country in capitals abroad (UPU).
 *
 * @example addressLines({ name: 'Mario Rossi', addressLine1: 'Via Garibaldi 5', city: 'Torino', postalCode: '10121', province: 'TO', countryCode: 'IT' })
 * // { name: 'Mario Rossi', lines: ['Via Garibaldi 5'], destination: '10121 TORINO TO', country: undefined }
 */
export function addressLines(a: PartyAddress): { name: string; contact?: string; lines: string[]; destination: string; country?: string } {
  const domestic = clean(a.countryCode).toUpperCase() === 'IT';
  const province = clean(a.province).toUpperCase();
  const contact = clean(a.contactName);
  const destination = domestic
    ? [clean(a.postalCode), clean(a.city).toUpperCase(), /^[A-Z]{2}$/.test(province) ? province : ''].filter(Boolean).join(' ')
    : [clean(a.postalCode), clean(a.city).toUpperCase(), province].filter(Boolean).join(' ');
  return {
    name: clean(a.name),
    ...(contact && contact !== clean(a.name) ? { contact } : {}),
    lines: [clean(a.addressLine1), clean(a.addressLine2)].filter(Boolean),
    destination,
    ...(domestic ? {} : { country: countryName(a.countryCode).toUpperCase() }),
  };
}
