import { posteMessages } from '@smista/contracts';
import type { TrackingEvent, TrackResult } from '../adapter';
import { badResponse, credentialsRefused, labelRefused, requestRefused, shipmentUnknown } from './errors';
import { eventDateToIso, trackingStatusOf } from './units';

/*
 * Pure readers of Poste Delivery Business answers (providers.md). Each takes the body as text, so
 * an answer that is not JSON is a readable BAD_RESPONSE rather than a SyntaxError.
 */

export interface PosteSession {
  token: string;
  expiresInSeconds: number;
}

export interface ParsedWaybill {
  code: string;
  downloadURL: string;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

function json(text: string, operation: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badResponse(`${operation}: the answer is not JSON (${text.length} characters)`);
  }
}

/**
 * `/user/sessions`: `{token_type: "Bearer", expires_in, access_token}`, or the OAuth refusal
 * `{error: "unauthorized_client", error_description}` (401; 400 for a malformed request).
 *
 * @example parseSession(200, '{"token_type":"Bearer","expires_in":3600,"access_token":"…"}') // { token: '…', expiresInSeconds: 3600 }
 */
export function parseSession(status: number, text: string): PosteSession {
  const body = json(text, 'session');
  if (isObject(body) && str(body.error)) {
    throw credentialsRefused(str(body.error_description) || undefined, `session: HTTP ${status} ${str(body.error)}`);
  }
  if (status === 401 || status === 403) throw credentialsRefused(undefined, `session: HTTP ${status} without an OAuth error`);
  if (!isObject(body) || status < 200 || status >= 300) throw badResponse(`session: HTTP ${status}, no token and no OAuth error`);
  const token = str(body.access_token);
  const type = str(body.token_type);
  const expires = Number(body.expires_in);
  if (!token) throw badResponse('session: no access_token');
  if (type && type.toLowerCase() !== 'bearer') throw badResponse(`session: token_type ${JSON.stringify(type)}`);
  if (!Number.isFinite(expires) || expires <= 0) throw badResponse(`session: expires_in ${JSON.stringify(body.expires_in)}`);
  return { token, expiresInSeconds: expires };
}

/** `errorCode` 0 (a number or its text) is success; a missing one counts as success only with description OK or none. */
function failed(o: Json): boolean {
  const code = o.errorCode;
  const description = str(o.errorDescription).toUpperCase();
  if (code === undefined || code === null || code === '') return description !== '' && description !== 'OK';
  return Number(code) !== 0;
}

const errorText = (o: Json) => str(o.errorDescription) || `errore ${str(o.errorCode)}`;

/**
 * The waybill answer `{result: {errorCode, errorDescription}, waybills: [{code, downloadURL,
 * errorCode, errorDescription}]}`: our one waybill's number and label link. The waybill's own error
 * comes first (it names the field), then the request's.
 *
 * @example parseWaybillResponse('{"result":{"errorCode":0},"waybills":[{"code":"3UW0000000001","downloadURL":"https://…","errorCode":0}]}')
 * // { code: '3UW0000000001', downloadURL: 'https://…' }
 */
export function parseWaybillResponse(text: string): ParsedWaybill {
  const body = json(text, 'waybill');
  if (!isObject(body)) throw badResponse('waybill: the answer is not an object');
  const first = Array.isArray(body.waybills) ? body.waybills.find(isObject) : undefined;
  const detail = (o: Json) => `waybill: errorCode ${JSON.stringify(o.errorCode)}, errorDescription ${JSON.stringify(str(o.errorDescription).slice(0, 200))}`;
  if (first && failed(first)) throw labelRefused(errorText(first), detail(first));
  if (isObject(body.result) && failed(body.result)) throw labelRefused(errorText(body.result), detail(body.result));
  if (!first || !str(first.code)) throw badResponse('waybill: no waybill code in the answer', posteMessages.noWaybill);
  const downloadURL = str(first.downloadURL);
  if (!/^https?:\/\//i.test(downloadURL)) throw badResponse(`waybill ${str(first.code)}: downloadURL ${JSON.stringify(downloadURL.slice(0, 100))}`, posteMessages.labelMissing);
  return { code: str(first.code), downloadURL };
}

/** Every non-empty `message` text anywhere inside Poste's `messages` (their nesting differs between clients). */
function messageTexts(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) messageTexts(v, out);
  else if (isObject(value)) {
    const text = str(value.message);
    if (text) out.push(text);
    for (const [k, v] of Object.entries(value)) if (k !== 'message' && typeof v === 'object') messageTexts(v, out);
  }
  return out;
}

/** One event of Poste's tracking as Poste wrote it (its own codes), dated. */
interface RawTrackingEvent {
  at: string;
  /** Poste's event code (`status`), upper case. */
  code: string;
  phase: string;
  description: string;
  location: string;
}

/**
 * The events of `waybillNumber` in a tracking answer, oldest first, with Poste's own codes; or, when
 * Poste answered that it does not know the number (`outcome` KO with a business code, 2xx), what it
 * said. Any other refusal throws.
 */
function readTracking(text: string, waybillNumber: string): { events: RawTrackingEvent[] } | { unknown: string } {
  const raw = json(text, 'tracking');
  const body = isObject(raw) && isObject(raw.return) ? raw.return : raw;
  if (!isObject(body)) throw badResponse('tracking: the answer is not an object');
  const code = body.code === undefined || body.code === null || body.code === '' ? 0 : Number(body.code);
  const ko = str(body.outcome).toUpperCase() === 'KO' || str(body.result).toUpperCase() === 'KO' || code !== 0;
  const shipments = Array.isArray(body.shipment) ? body.shipment.filter(isObject) : [];
  const wanted = waybillNumber.trim().toUpperCase();
  const shipment = shipments.find((s) => str(s.waybillNumber).toUpperCase() === wanted) ?? (shipments.length === 1 ? shipments[0] : undefined);
  const reasons = messageTexts(body.messages);
  const detail = `tracking ${wanted}: outcome ${JSON.stringify(body.outcome)}, code ${JSON.stringify(body.code)}, messages ${JSON.stringify(reasons.join('; ').slice(0, 200))}`;
  if (!shipment) {
    if (!ko || (code >= 200 && code < 300) || /non trovat|inesistent|not found/i.test(reasons.join(' '))) return { unknown: detail };
    throw requestRefused(reasons.join('; ') || `errore ${str(body.code) || 'KO'}`);
  }
  const events: RawTrackingEvent[] = [];
  for (const e of Array.isArray(shipment.tracking) ? shipment.tracking : []) {
    if (!isObject(e)) continue;
    const at = eventDateToIso(str(e.data));
    // An event without a readable date cannot be placed in the history; Poste always dates them.
    if (!at) continue;
    const description = str(e.StatusDescription) || str(e.statusDescription) || str(e.synthesisStatusDescription) || str(e.phase);
    events.push({ at, code: str(e.status).toUpperCase(), phase: str(e.phase), description, location: str(e.officeDescription) });
  }
  // Poste lists the newest first; events of the same second keep their order only when the list is
  // turned around before the (stable) sort, unless the list visibly runs oldest first.
  const oldestFirst = events.length > 1 && events[0]!.at < events[events.length - 1]!.at;
  if (!oldestFirst) events.reverse();
  events.sort((a, b) => a.at.localeCompare(b.at));
  return { events };
}

/**
 * The tracking answer, bare (`{outcome, code, messages, shipment}`, providers.md) or inside
 * `{return: …}` (one third-party client's form): the events of our shipment, oldest first.
 * `outcome` KO with a business code (2xx, e.g. not found) means Poste does not know the number.
 *
 * @example parseTracking('{"outcome":"OK","code":0,"shipment":[{"waybillNumber":"3UW…","tracking":[{"data":"2026-03-05 10:00:00","status":"CON","phase":"CONSEGNATA",…}]}]}', '3UW…')
 * // { delivered: true, events: [{ at: '2026-03-05T09:00:00.000Z', status: 'delivered', code: 'CON', … }] }
 */
export function parseTracking(text: string, waybillNumber: string): TrackResult {
  const read = readTracking(text, waybillNumber);
  if ('unknown' in read) throw shipmentUnknown(waybillNumber.trim(), read.unknown);
  const events: TrackingEvent[] = read.events.map((e) => ({
    at: e.at,
    status: trackingStatusOf(e.phase, e.code, e.description),
    code: e.code,
    description: e.description,
    ...(e.location ? { location: e.location } : {}),
  }));
  return { events, delivered: events.some((e) => e.status === 'delivered') };
}

/** Whether a waybill may still be voided in Smista only, from Poste's tracking of it. */
export type VoidCheck = { voidable: true } | { voidable: false; lastEvent: string };

/**
 * The tracking answer read for a void in Smista only (Poste Delivery Business offers no
 * cancellation): the waybill may be voided while Poste does not know it, or knows it only by events
 * whose code is in `voidableCodes` (the waybill's data received, the parcel not yet in Poste's
 * network); any other event means Poste has the parcel, and `lastEvent` names the latest one.
 *
 * @example parseVoidCheck('{"outcome":"OK","code":0,"shipment":[{"waybillNumber":"3UW…","tracking":[{"status":"PRE",…}]}]}', '3UW…', ['PRE']) // { voidable: true }
 */
export function parseVoidCheck(text: string, waybillNumber: string, voidableCodes: readonly string[]): VoidCheck {
  const read = readTracking(text, waybillNumber);
  if ('unknown' in read) return { voidable: true };
  const voidable = new Set(voidableCodes.map((c) => c.trim().toUpperCase()));
  const moving = read.events.filter((e) => !voidable.has(e.code));
  const last = moving[moving.length - 1];
  if (!last) return { voidable: true };
  return { voidable: false, lastEvent: [last.description, last.location].filter(Boolean).join(', ') || last.code };
}
