import { isPosteProduct, POSTE_PRODUCTS, type PosteProduct, type PosteSandboxAccount } from './accounts';

/*
 * What the sandbox checks in a `POST /postalandlogistics/parcel/waybill` body, field by field, with
 * the limits third-party clients document (providers.md) and the error form of Poste's answers:
 * `{errorCode, errorDescription}`, `errorCode` 0 meaning OK (never an HTTP status). The codes
 * below are the sandbox's own numbering (Poste's are not public); README.md lists them with what
 * triggers each.
 */

/** `errorCode` values the sandbox answers. */
export const POSTE_ERRORS = {
  ok: 0,
  badRequest: 101,
  costCenter: 102,
  productUnknown: 201,
  productNotEnabled: 202,
  required: 203,
  zipCode: 204,
  tooLong: 205,
  weight: 206,
  dimension: 207,
  country: 208,
  province: 209,
  contact: 210,
  cashOnDelivery: 211,
  reference: 212,
  printFormat: 213,
  productDestination: 214,
  tooManyParcels: 215,
} as const;

export interface PosteError {
  errorCode: number;
  errorDescription: string;
}

export const PRINT_FORMATS = ['A4', '1011', 'ZPL'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

/** The receiver's `zipCode` that Poste's address book does not know. */
export const UNKNOWN_ZIPCODE = '00000';
/** Parcels per waybill the sandbox accepts. */
export const MAX_DECLARED = 10;
/** Grams per parcel. */
export const MAX_WEIGHT_GRAMS = 30_000;
/** The cash-on-delivery accessory service and its payment modes (cash, cashier's cheque, bank cheque). */
export const COD_SERVICE = 'APT000918';
const COD_MODES = new Set(['CON', 'ACM', 'ABM']);
const MAX_COD_CENTS = 300_000;

/** Field lengths of the Address object (third-party client annotations). */
const ADDRESS_LIMITS = {
  contactName: 35,
  nameSurname: 35,
  address: 40,
  streetNumber: 4,
  zipCode: 25,
  city: 30,
  province: 2,
  email: 50,
  note1: 20,
  note2: 20,
} as const;

export interface WaybillAddress {
  contactName: string;
  nameSurname: string;
  address: string;
  streetNumber: string;
  zipCode: string;
  city: string;
  province: string;
  /** ISO alpha-3 plus a digit (`ITA1`). */
  country: string;
  email: string;
  phone: string;
  /** Printed on the label when the sender carries it. */
  note1: string;
}

export interface DeclaredParcel {
  weightGrams: number;
  heightCm?: number;
  lengthCm?: number;
  widthCm?: number;
  description: string;
}

export interface AcceptedWaybill {
  clientReferenceId?: string;
  printFormat: PrintFormat;
  product: PosteProduct;
  parcels: DeclaredParcel[];
  content: string;
  codCents: number;
  sender: WaybillAddress;
  receiver: WaybillAddress;
}

export interface AcceptedEnvelope {
  costCenterCode: string;
  paperless: boolean;
  shipmentDate: Date;
  items: unknown[];
}

type Check<T> = { ok: true; value: T } | { ok: false; error: PosteError };

const fail = (errorCode: number, errorDescription: string): { ok: false; error: PosteError } => ({ ok: false, error: { errorCode, errorDescription } });

/** Thrown inside the field walk; caught into `{ok: false}` by the checks below. */
class Refusal extends Error {
  constructor(readonly error: PosteError) {
    super(error.errorDescription);
  }
}
const refuse = (errorCode: number, errorDescription: string): never => {
  throw new Refusal({ errorCode, errorDescription });
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string field: absent or null is empty; numbers are taken as their text; anything else is refused. */
function text(obj: Record<string, unknown>, key: string, path: string): string {
  const v = obj[key];
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return refuse(POSTE_ERRORS.badRequest, `Richiesta non valida: ${path} deve essere una stringa`);
}

function limited(value: string, max: number, path: string): string {
  if ([...value].length > max) refuse(POSTE_ERRORS.tooLong, `Campo ${path} troppo lungo (massimo ${max} caratteri)`);
  return value;
}

function required(value: string, path: string): string {
  if (!value) refuse(POSTE_ERRORS.required, `Campo obbligatorio mancante: ${path}`);
  return value;
}

/** The request's envelope: a known cost centre of the client, a date, and at least one waybill. */
export function checkEnvelope(body: unknown, account: PosteSandboxAccount): Check<AcceptedEnvelope> {
  if (!isObject(body)) return fail(POSTE_ERRORS.badRequest, 'Richiesta non valida: il corpo deve essere un oggetto JSON');
  try {
    const costCenterCode = required(text(body, 'costCenterCode', 'costCenterCode'), 'costCenterCode');
    if (!account.costCenters.includes(costCenterCode)) {
      return fail(POSTE_ERRORS.costCenter, `Centro di costo ${costCenterCode} non associato al client ${account.clientId}`);
    }
    const rawDate = required(text(body, 'shipmentDate', 'shipmentDate'), 'shipmentDate');
    const shipmentDate = new Date(rawDate);
    if (!/^\d{4}-\d{2}-\d{2}/.test(rawDate) || Number.isNaN(shipmentDate.getTime())) {
      return fail(POSTE_ERRORS.badRequest, `Richiesta non valida: shipmentDate non è una data ISO-8601 (${rawDate})`);
    }
    const paperless = body.paperless === true || body.paperless === 'true';
    const items = body.waybills;
    if (!Array.isArray(items) || items.length === 0) return fail(POSTE_ERRORS.badRequest, 'Richiesta non valida: waybills deve contenere almeno una lettera di vettura');
    return { ok: true, value: { costCenterCode, paperless, shipmentDate, items } };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, error: err.error };
    throw err;
  }
}

function address(obj: unknown, path: string): Record<string, unknown> {
  if (obj === undefined || obj === null) return refuse(POSTE_ERRORS.required, `Campo obbligatorio mancante: ${path}`);
  if (!isObject(obj)) return refuse(POSTE_ERRORS.badRequest, `Richiesta non valida: ${path} deve essere un oggetto`);
  return obj;
}

const PHONE = /^\+?[0-9]{1,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkAddress(raw: unknown, path: string, international: boolean): WaybillAddress {
  const a = address(raw, path);
  const field = (key: keyof typeof ADDRESS_LIMITS) => limited(text(a, key, `${path}.${key}`), ADDRESS_LIMITS[key], `${path}.${key}`);
  const country = required(text(a, 'country', `${path}.country`), `${path}.country`).toUpperCase();
  if (!/^[A-Z]{3}[1-9]$/.test(country)) refuse(POSTE_ERRORS.country, `Nazione non valida: ${country} (codice ISO4, es. ITA1)`);
  const domestic = country === 'ITA1';
  const out: WaybillAddress = {
    contactName: field('contactName'),
    nameSurname: required(field('nameSurname'), `${path}.nameSurname`),
    address: required(field('address'), `${path}.address`),
    streetNumber: field('streetNumber'),
    zipCode: required(text(a, 'zipCode', `${path}.zipCode`), `${path}.zipCode`),
    city: required(field('city'), `${path}.city`),
    province: text(a, 'province', `${path}.province`).toUpperCase(),
    country,
    email: field('email'),
    phone: text(a, 'phone', `${path}.phone`),
    note1: field('note1'),
  };
  field('note2');
  if (domestic ? !/^\d{5}$/.test(out.zipCode) : !/^[A-Za-z0-9 -]{1,25}$/.test(out.zipCode)) refuse(POSTE_ERRORS.zipCode, `CAP non valido: ${out.zipCode}`);
  if (out.zipCode === UNKNOWN_ZIPCODE) refuse(POSTE_ERRORS.zipCode, `CAP ${UNKNOWN_ZIPCODE} inesistente`);
  if (domestic) required(out.province, `${path}.province`);
  if (out.province && !/^[A-Z]{2}$/.test(out.province)) refuse(POSTE_ERRORS.province, `Provincia non valida: ${out.province}`);
  if (out.phone && !PHONE.test(out.phone)) refuse(POSTE_ERRORS.contact, `Telefono non valido: ${path}.phone`);
  const cellphone = text(a, 'cellphone', `${path}.cellphone`);
  if (cellphone && !PHONE.test(cellphone)) refuse(POSTE_ERRORS.contact, `Telefono non valido: ${path}.cellphone`);
  if (out.email && !EMAIL.test(out.email)) refuse(POSTE_ERRORS.contact, `Email non valida: ${path}.email`);
  if (international && path === 'receiver') {
    required(out.contactName, `${path}.contactName`);
    required(out.email, `${path}.email`);
    required(out.phone, `${path}.phone`);
  }
  return out;
}

/** A positive whole number written as a string (Poste's weights and sizes). */
function wholeString(obj: Record<string, unknown>, key: string): number | undefined {
  const v = obj[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || !/^[1-9]\d{0,6}$/.test(v)) return NaN;
  return Number(v);
}

function checkDeclared(raw: unknown, international: boolean): DeclaredParcel[] {
  if (!Array.isArray(raw) || raw.length === 0) return refuse(POSTE_ERRORS.required, 'Campo obbligatorio mancante: data.declared');
  if (raw.length > MAX_DECLARED) refuse(POSTE_ERRORS.tooManyParcels, `Troppi colli: al massimo ${MAX_DECLARED} per lettera di vettura`);
  return raw.map((item, i) => {
    const path = `data.declared[${i}]`;
    if (!isObject(item)) return refuse(POSTE_ERRORS.badRequest, `Richiesta non valida: ${path} deve essere un oggetto`);
    const weightGrams = wholeString(item, 'weight');
    if (weightGrams === undefined) return refuse(POSTE_ERRORS.required, `Campo obbligatorio mancante: ${path}.weight`);
    if (Number.isNaN(weightGrams)) return refuse(POSTE_ERRORS.weight, `Peso non valido: ${path}.weight (grammi interi in una stringa, es. "2500")`);
    if (weightGrams > MAX_WEIGHT_GRAMS) refuse(POSTE_ERRORS.weight, `Peso superiore al massimo consentito (${MAX_WEIGHT_GRAMS} g)`);
    const parcel: DeclaredParcel = { weightGrams, description: limited(text(item, 'description', `${path}.description`), 30, `${path}.description`) };
    for (const [key, target] of [
      ['height', 'heightCm'],
      ['length', 'lengthCm'],
      ['width', 'widthCm'],
    ] as const) {
      const cm = wholeString(item, key);
      if (Number.isNaN(cm)) refuse(POSTE_ERRORS.dimension, `Dimensione non valida: ${path}.${key} (centimetri interi in una stringa)`);
      if (cm !== undefined) parcel[target] = cm;
    }
    if (international) required(parcel.description, `${path}.description`);
    return parcel;
  });
}

/** Cash on delivery: `services.APT000918 = {amount: "12.30", paymentMode: "CON|ACM|ABM"}`, domestic only. */
function checkCashOnDelivery(services: unknown, international: boolean): number {
  if (services === undefined || services === null) return 0;
  if (!isObject(services)) return refuse(POSTE_ERRORS.badRequest, 'Richiesta non valida: data.services deve essere un oggetto');
  const cod = services[COD_SERVICE];
  if (cod === undefined) return 0;
  if (international) refuse(POSTE_ERRORS.cashOnDelivery, 'Contrassegno non disponibile per le spedizioni internazionali');
  if (!isObject(cod)) return refuse(POSTE_ERRORS.cashOnDelivery, 'Contrassegno non valido');
  const amount = text(cod, 'amount', `data.services.${COD_SERVICE}.amount`);
  if (!/^\d{1,6}\.\d{2}$/.test(amount)) refuse(POSTE_ERRORS.cashOnDelivery, `Importo del contrassegno non valido: ${amount} (es. "12.30")`);
  const cents = Math.round(Number(amount) * 100);
  if (cents <= 0 || cents > MAX_COD_CENTS) refuse(POSTE_ERRORS.cashOnDelivery, `Importo del contrassegno fuori dai limiti: ${amount}`);
  if (!COD_MODES.has(text(cod, 'paymentMode', `data.services.${COD_SERVICE}.paymentMode`))) {
    refuse(POSTE_ERRORS.cashOnDelivery, 'Modalità di pagamento del contrassegno non valida (CON, ACM o ABM)');
  }
  return cents;
}

/** One element of `waybills`: every field checked, the first problem answered as that waybill's error. */
export function checkWaybill(raw: unknown, account: PosteSandboxAccount): Check<AcceptedWaybill> {
  try {
    if (!isObject(raw)) return fail(POSTE_ERRORS.badRequest, 'Richiesta non valida: ogni lettera di vettura deve essere un oggetto');
    const clientReferenceId = text(raw, 'clientReferenceId', 'clientReferenceId');
    if ([...clientReferenceId].length > 25) return fail(POSTE_ERRORS.reference, 'clientReferenceId troppo lungo (massimo 25 caratteri)');
    const printFormat = (text(raw, 'printFormat', 'printFormat') || 'A4').toUpperCase();
    if (!(PRINT_FORMATS as readonly string[]).includes(printFormat)) return fail(POSTE_ERRORS.printFormat, `printFormat non valido: ${printFormat} (A4, 1011 o ZPL)`);
    const product = required(text(raw, 'product', 'product'), 'product');
    if (!isPosteProduct(product)) return fail(POSTE_ERRORS.productUnknown, `Prodotto ${product} sconosciuto`);
    if (account.products && !account.products.includes(product)) return fail(POSTE_ERRORS.productNotEnabled, `Prodotto ${product} non abilitato per il contratto`);
    const international = POSTE_PRODUCTS[product].international;
    const data = raw.data;
    if (!isObject(data)) return fail(POSTE_ERRORS.required, 'Campo obbligatorio mancante: data');
    const sender = checkAddress(data.sender, 'sender', false);
    const receiver = checkAddress(data.receiver, 'receiver', international);
    if (international === (receiver.country === 'ITA1')) {
      return fail(POSTE_ERRORS.productDestination, `Prodotto ${product} non disponibile per la nazione ${receiver.country}`);
    }
    const parcels = checkDeclared(data.declared, international);
    const content = limited(text(data, 'content', 'data.content'), 30, 'data.content');
    const codCents = checkCashOnDelivery(data.services, international);
    return {
      ok: true,
      value: { ...(clientReferenceId ? { clientReferenceId } : {}), printFormat: printFormat as PrintFormat, product, parcels, content, codCents, sender, receiver },
    };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, error: err.error };
    throw err;
  }
}
