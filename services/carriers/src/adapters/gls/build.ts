import { customsContentTypeUpu, customsNeedOf, customsTotalCents, glsFieldNames, glsMessages, type CustomsDeclaration, type GlsFieldName } from '@smista/contracts';
import type { LabelRequest } from '../adapter';
import { labelRefused } from './errors';
import type { GlsSettings } from './settings';
import { centsToEuro, gramsToKg, isDomestic } from './units';

/*
 * Pure builders of GLS Italy Label Service requests (providers.md): the XML documents sent as one
 * form parameter, and the plain forms of DeleteSped and ListSped. Every GLS limit is checked here,
 * before anything is sent, so the merchant reads which field to fix instead of GLS's terse
 * "Dati non accettabili".
 */

/** Field limits of GLS manual MU162 (providers.md). */
export const GLS_LIMITS = {
  RagioneSociale: 35,
  Indirizzo: 35,
  Localita: 30,
  Bda: 11,
  NoteSpedizione: 40,
  NoteAggiuntive: 40,
  Email: 70,
  RiferimentoCliente: 600,
} as const satisfies Partial<Record<GlsFieldName, number>>;

/** Packages per GLS shipment. */
export const MAX_PARCELS = 99;
/** A single GLS package weighs at most this (kg); `PesoReale` has 4 integer digits. */
const MAX_KG = 9999;
/** `ModalitaIncasso` for cash on delivery: cash. */
const CASH = 'CONT';

/** Characters XML 1.0 cannot carry, whatever the escaping. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const el = (name: string, value: string | number) => `<${name}>${escapeXml(String(value))}</${name}>`;

/** Trimmed, inner whitespace (tabs, newlines) collapsed to one space: what a label can print. */
function clean(value: string | undefined | null): string {
  return (value ?? '').replace(NOT_XML, ' ').replace(/\s+/g, ' ').trim();
}

/** Characters as GLS counts them (code points, not UTF-16 units). */
const length = (value: string) => [...value].length;

function limited(field: keyof typeof GLS_LIMITS, value: string): string {
  const max = GLS_LIMITS[field];
  const n = length(value);
  if (n > max) throw labelRefused(glsMessages.fieldTooLong(glsFieldNames[field], n, max));
  return value;
}

function required(field: GlsFieldName, value: string): string {
  if (!value) throw labelRefused(glsMessages.fieldRequired(glsFieldNames[field]));
  return value;
}

function credentialsXml(s: GlsSettings): string {
  return el('SedeGls', s.siglaSede.trim().toUpperCase()) + el('CodiceClienteGls', s.codiceCliente.trim()) + el('PasswordClienteGls', s.passwordCliente);
}

/**
 * The `ContatoreProgressivo` of package `index` (0-based) of a request: unique per package, at most 9
 * digits, and the same on a retry of the same request, so GLS answers the parcels it already made
 * instead of new ones. Two decimal digits number the package (GLS allows 99 per shipment); the
 * sequence's last seven digits come before them. A sequence repeats its counters only after ten
 * million labels, long after GLS purged the first (40 days).
 *
 * @example parcelCounter(42, 0) // 4201; parcelCounter(42, 1) // 4202
 */
export function parcelCounter(sequence: number, index: number): number {
  if (!Number.isSafeInteger(sequence) || sequence < 0) throw new RangeError(`GLS label sequence must be a non-negative integer, got ${sequence}`);
  if (!Number.isInteger(index) || index < 0 || index >= MAX_PARCELS) throw new RangeError(`GLS parcel index out of range: ${index}`);
  return (sequence % 10_000_000) * 100 + index + 1;
}

/** `Bda` (GLS's document reference, 11 letters or digits): our reference when it fits, else none (a cut one could collide). */
export function bdaOf(reference: string): string | undefined {
  const alnum = reference.replace(/[^A-Za-z0-9]/g, '');
  return alnum.length > 0 && alnum.length <= GLS_LIMITS.Bda ? alnum : undefined;
}

/** Digits only, without the Italian prefix: what `Cellulare1` takes when it is an Italian mobile. */
function italianMobile(phone: string | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^(?:00)?39(?=3\d{8,9}$)/, '');
  return /^3\d{8,9}$/.test(digits) ? digits : undefined;
}

/**
 * The recipient's address line for `Indirizzo` (35) and what moves to the printed notes: both
 * address lines when they fit together, else the second line goes before the notes (40), so the
 * courier still reads it on the label.
 */
function addressAndNotes(line1: string, line2: string, notes: string): { indirizzo: string; note: string } {
  const both = line2 ? `${line1} ${line2}` : line1;
  if (length(both) <= GLS_LIMITS.Indirizzo) return { indirizzo: both, note: notes };
  if (length(line1) > GLS_LIMITS.Indirizzo) limited('Indirizzo', line1);
  const note = notes ? `${line2} - ${notes}` : line2;
  if (length(note) > GLS_LIMITS.NoteSpedizione) throw labelRefused(glsMessages.addressTooLong(GLS_LIMITS.Indirizzo, GLS_LIMITS.NoteSpedizione));
  return { indirizzo: line1, note };
}

/**
 * AddParcel's `XMLInfoParcel`: the credentials and one `<Parcel>` per package, all with the same
 * recipient (GLS joins them into one shipment), an inline PDF label each (`GeneraPdf` 4), the cash on
 * delivery on the first one only (it is the shipment's amount, not each package's).
 * Throws a {@link CarrierError} `LABEL_REFUSED` naming the field when a value breaks GLS's limits.
 *
 * @example buildAddParcelXml(settings, { reference: 'SHP-42', sequence: 42, recipient, sender, parcels: [{ weightGrams: 2500 }] })
 * // <Info><SedeGls>MI</SedeGls>…<Parcel><CodiceContrattoGls>1234</CodiceContrattoGls>…<PesoReale>2,5</PesoReale>…</Parcel></Info>
 */
export function buildAddParcelXml(settings: GlsSettings, request: LabelRequest): string {
  const r = request.recipient;
  if (request.parcels.length === 0) throw labelRefused(glsMessages.parcelsRequired);
  if (request.parcels.length > MAX_PARCELS) throw labelRefused(glsMessages.tooManyParcels(MAX_PARCELS));

  const domestic = isDomestic(r.countryCode);
  const ragioneSociale = limited('RagioneSociale', required('RagioneSociale', clean(r.name)));
  const line1 = required('Indirizzo', clean(r.addressLine1));
  const { indirizzo, note } = addressAndNotes(line1, clean(r.addressLine2), clean(request.notes));
  const localita = limited('Localita', required('Localita', clean(r.city)));
  const notes = limited('NoteSpedizione', note);
  const content = limited('NoteAggiuntive', clean(request.contentDescription));
  const email = limited('Email', clean(r.email));

  const zipcode = clean(r.postalCode).replace(domestic ? /\s/g : /[\s-]/g, '').toUpperCase();
  if (domestic ? !/^\d{5}$/.test(zipcode) : !/^[A-Z0-9]{1,7}$/.test(zipcode)) {
    throw labelRefused(domestic ? glsMessages.zipcodeDomestic(clean(r.postalCode)) : glsMessages.zipcodeInternational(clean(r.postalCode)));
  }
  // Italy: the province's 2 letters; abroad GLS wants the country code in the same field.
  const provincia = domestic ? clean(r.province).toUpperCase() : clean(r.countryCode).toUpperCase();
  if (domestic && !provincia) throw labelRefused(glsMessages.provinceRequired);
  if (!/^[A-Z]{2}$/.test(provincia)) throw labelRefused(domestic ? glsMessages.provinceInvalid(provincia) : glsMessages.countryInvalid(provincia));

  const cod = request.cashOnDeliveryCents ?? 0;
  if (!Number.isFinite(cod) || cod < 0 || cod >= 1_000_000_000) throw labelRefused(glsMessages.cashOnDeliveryInvalid);
  const reference = limited('RiferimentoCliente', clean(request.reference));
  const bda = bdaOf(reference);
  const mobile = italianMobile(r.phone);
  const phone = clean(r.phone).replace(/[^\d+]/g, '');

  // Issue 25: outside the EU customs union each parcel carries the shipment's declaration ([open]: GLS's field names).
  const extraEu = !domestic && customsNeedOf(r.countryCode, r.postalCode).needed && !!request.customs;
  const parcels = request.parcels.map((p, i) => {
    if (!(p.weightGrams > 0)) throw labelRefused(glsMessages.weightInvalid);
    if (p.weightGrams > MAX_KG * 1000) throw labelRefused(glsMessages.weightTooLarge(MAX_KG));
    const fields: [string, string | number][] = [
      ['CodiceContrattoGls', settings.codiceContratto.trim()],
      ['RagioneSociale', ragioneSociale],
      ['Indirizzo', indirizzo],
      ['Localita', localita],
      ['Zipcode', zipcode],
      ['Provincia', provincia],
      ...(bda ? [['Bda', bda] as [string, string]] : []),
      ['Colli', 1],
      ['PesoReale', gramsToKg(p.weightGrams)],
      ...(i === 0 && cod > 0
        ? [
            ['ImportoContrassegno', centsToEuro(cod)] as [string, string],
            ['ModalitaIncasso', CASH] as [string, string],
          ]
        : []),
      ...(notes ? [['NoteSpedizione', notes] as [string, string]] : []),
      ...(content ? [['NoteAggiuntive', content] as [string, string]] : []),
      ['TipoPorto', 'F'],
      ['TipoCollo', '0'],
      ...(email ? [['Email', email] as [string, string]] : []),
      ...(mobile ? [['Cellulare1', mobile] as [string, string]] : []),
      ...(phone && phone.length <= 16 ? [['TelefonoDestinatario', phone] as [string, string]] : []),
      ['RiferimentoCliente', reference],
      ['GeneraPdf', 4],
      ['FormatoPdf', 'A6'],
      ['ContatoreProgressivo', parcelCounter(request.sequence, i)],
      ['TipoSpedizione', domestic ? 'N' : 'P'],
      ...(volume(p) ? [['PesoVolume', volume(p)!] as [string, string]] : []),
      ...(extraEu ? extraEuFields(request.customs!) : []),
    ];
    const articles = extraEu ? extraEuArticles(request.customs!) : '';
    return `<Parcel>${fields.map(([name, value]) => el(name, value)).join('')}${articles}</Parcel>`;
  });
  return `<Info>${credentialsXml(settings)}${parcels.join('')}</Info>`;
}

/**
 * `PesoVolume`: the parcel's volume in cubic metres with a comma and three decimals, rounded up
 * (at least 0,001), when its three sizes are known ([open]: GLS's unit for this field).
 *
 * @example volume({ weightGrams: 900, lengthCm: 30, widthCm: 20, heightCm: 15 }) // '0,009'
 */
export function volume(p: { lengthCm?: number; widthCm?: number; heightCm?: number }): string | undefined {
  if (!(p.lengthCm && p.widthCm && p.heightCm)) return undefined;
  const litres = Math.max(1, Math.ceil((p.lengthCm * p.widthCm * p.heightCm) / 1000));
  return `${Math.floor(litres / 1000)},${String(litres % 1000).padStart(3, '0')}`;
}

/** The declaration's totals and invoice on the first parcel (`NumeroFattura` 35, `ValoreDichiarato` euro with a comma, `Valuta`, `TipoContenuto`). */
function extraEuFields(d: CustomsDeclaration): [string, string][] {
  return [
    ['NumeroFattura', d.invoiceNumber.trim()],
    ['ValoreDichiarato', centsToEuro(customsTotalCents(d))],
    ['Valuta', d.currency],
    ['TipoContenuto', customsContentTypeUpu[d.contentType || 'altro'].toUpperCase()],
  ];
}

/** One `<Articolo>` per line of the declaration: description, quantity, value, net kg, HS code, origin. */
function extraEuArticles(d: CustomsDeclaration): string {
  return d.items
    .map(
      (item) =>
        `<Articolo>${el('Descrizione', clean(item.description))}${el('Quantita', item.quantity)}${el('Valore', centsToEuro(item.valueCents))}${el('PesoNetto', gramsToKg(item.weightGrams ?? 0))}${el('CodiceHS', item.hsCode)}${el('PaeseOrigine', item.originCountry)}</Articolo>`,
    )
    .join('');
}

/** The plain form of ListSped (the credential check). */
export function buildListSpedForm(settings: GlsSettings): Record<string, string> {
  return { SedeGls: settings.siglaSede.trim().toUpperCase(), CodiceClienteGls: settings.codiceCliente.trim(), PasswordClienteGls: settings.passwordCliente };
}

/** The plain form of DeleteSped for one 9-digit shipment number. */
export function buildDeleteSpedForm(settings: GlsSettings, shipmentNumber: string): Record<string, string> {
  return { ...buildListSpedForm(settings), NumSpedizione: shipmentNumber };
}

const toConfirm = (numbers: readonly string[]) =>
  numbers.map((n) => `<Parcel>${el('NumeroDiSpedizioneGLSDaConfermare', n)}</Parcel>`).join('');

/** CloseWorkDayByShipmentNumber's `_xmlRequest`: the bare 9-digit numbers (no sede prefix) to confirm. */
export function buildCloseWorkDayByShipmentNumberXml(settings: GlsSettings, shipmentNumbers: readonly string[]): string {
  return `<Info>${credentialsXml(settings)}${toConfirm(shipmentNumbers)}</Info>`;
}

/** CloseWorkDay's `XMLCloseInfoParcel` asking for the manifest (`CloseWorkDayResult` S) of the given shipments. */
export function buildCloseWorkDayXml(settings: GlsSettings, shipmentNumbers: readonly string[]): string {
  return `<Info>${credentialsXml(settings)}${el('CloseWorkDayResult', 'S')}${toConfirm(shipmentNumbers)}</Info>`;
}

/**
 * The 9-digit GLS number of a shipment: `carrierShipmentNumber`, else the tracking number without its
 * 2-character sede; undefined when neither is one.
 *
 * @example shipmentNumberOf({ carrierShipmentNumber: '', trackingNumber: 'MI800000001' }) // '800000001'
 */
export function shipmentNumberOf(shipment: { carrierShipmentNumber: string; trackingNumber: string }): string | undefined {
  const own = shipment.carrierShipmentNumber.trim();
  if (/^\d{9}$/.test(own)) return own;
  const fromTracking = /^[A-Za-z0-9]{2}(\d{9})$/.exec(shipment.trackingNumber.trim())?.[1];
  return own === '' ? fromTracking : undefined;
}

/**
 * The public tracking query: departure sede (the tracking number's prefix, else the account's), the
 * bare number and the contract.
 */
export function buildTrackQuery(settings: GlsSettings, shipment: { carrierShipmentNumber: string; trackingNumber: string }, number: string): Record<string, string> {
  const prefix = /^([A-Za-z0-9]{2})\d{9}$/.exec(shipment.trackingNumber.trim())?.[1];
  return { locpartenza: (prefix ?? settings.siglaSede).toUpperCase(), NumSped: number, CodCli: settings.codiceContratto.trim() };
}
