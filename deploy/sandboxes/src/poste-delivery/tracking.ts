import { POSTE_PRODUCTS } from './accounts';
import type { SandboxWaybill } from './store';

/**
 * The tracking of a sandbox waybill (`/postalandlogistics/parcel/tracking`) on the sandbox's clock.
 * The waybill's data reach Poste when it is created; the parcel then walks a path chosen by a marker
 * in the receiver's `nameSurname` (README.md, "Tracking"); `deliverAfterMs` is the time from the
 * creation to the delivery (0 for `CONSEGNA IMMEDIATA`: every event of the path at once).
 */
export interface PosteTrackingEvent {
  at: Date;
  /** Three-letter event code (`status`): the table below. */
  status: string;
  phase: string;
  description: string;
  office: string;
}

/** Every event of the path at the waybill's creation: a delivery (or a path's end) with no wait. */
export const IMMEDIATE_DELIVERY_NAME = 'CONSEGNA IMMEDIATA';
/** Out for delivery, receiver absent, then held at the post office: never delivered. */
export const HELD_NAME = 'GIACENZA';
/** Out for delivery, receiver absent, delivered on a second attempt a span later. */
export const SECOND_ATTEMPT_NAME = 'SECONDO TENTATIVO';
/** Out for delivery, receiver absent, held, then returned to the sender (final). */
export const RETURNED_NAME = 'RESO';
/** Taken in charge and through the hub, then no event ever again (a parcel stalled in transit). */
export const STALLED_NAME = 'FERMO';

/**
 * The sandbox's codes, phases and descriptions (the carriers' Poste Delivery adapter maps them in
 * `units.ts`). The three-letter codes are those third-party clients show (`PCP` with 'In transito
 * presso il Centro Operativo Postale'; [3p]) or the sandbox's choice where none shows one
 * ([sandbox]: Poste's list of codes is not public).
 */
export const POSTE_TRACKING = {
  registered: { status: 'PRE', phase: 'IN ATTESA DI PRESA IN CARICO', description: 'I dati della spedizione sono stati trasmessi a Poste Italiane' },
  accepted: { status: 'ACC', phase: 'PRESA IN CARICO', description: 'La spedizione è stata presa in carico' },
  hub: { status: 'PCP', phase: 'IN TRANSITO', description: 'In transito presso il Centro Operativo Postale' },
  arrived: { status: 'ARR', phase: 'IN TRANSITO', description: 'La spedizione è arrivata al Centro di Distribuzione di destinazione' },
  outForDelivery: { status: 'INC', phase: 'IN CONSEGNA', description: 'La spedizione è in consegna' },
  delivered: { status: 'CON', phase: 'CONSEGNATA', description: 'La spedizione è stata consegnata' },
  notDelivered: { status: 'MCO', phase: 'MANCATA CONSEGNA', description: 'Mancata consegna: destinatario assente, avviso di passaggio lasciato' },
  held: { status: 'GIA', phase: 'IN GIACENZA', description: "In giacenza presso l'ufficio postale" },
  returned: { status: 'RES', phase: 'RESO AL MITTENTE', description: 'La spedizione è stata restituita al mittente' },
} as const;

const HUB = 'Centro Operativo Postale Bologna (BO)';

const place = (city: string, province: string) => (province ? `${city.toUpperCase()} (${province})` : city.toUpperCase());

type Path = 'normal' | 'held' | 'secondAttempt' | 'returned' | 'stalled';

/** A marker as a word of the name ('Giacenza Srl', 'Mario Rossi RESO'), so 'Resort' or 'Fermoposta' choose no path. */
const hasMarker = (name: string, marker: string) => new RegExp(`(^|[^A-Z0-9À-Ý])${marker}($|[^A-Z0-9À-Ý])`).test(name);

/** The path of a receiver: the first marker of RESO, SECONDO TENTATIVO, GIACENZA, FERMO in its name, else the normal one. */
export function pathOf(receiverName: string): Path {
  const name = receiverName.toUpperCase();
  if (hasMarker(name, RETURNED_NAME)) return 'returned';
  if (hasMarker(name, SECOND_ATTEMPT_NAME)) return 'secondAttempt';
  if (hasMarker(name, HELD_NAME)) return 'held';
  if (hasMarker(name, STALLED_NAME)) return 'stalled';
  return 'normal';
}

/** Every event of a waybill's path, due or not, oldest first (times from the creation, in spans of `deliverAfterMs`). */
export function pathEvents(w: SandboxWaybill, deliverAfterMs: number): PosteTrackingEvent[] {
  const name = w.receiver.nameSurname.toUpperCase();
  const t0 = w.createdAt.getTime();
  const span = name.includes(IMMEDIATE_DELIVERY_NAME) ? 0 : deliverAfterMs;
  const from = place(w.sender.city, w.sender.province);
  const to = place(w.receiver.city, w.receiver.province);
  const event = (spans: number, e: { status: string; phase: string; description: string }, office: string): PosteTrackingEvent => ({ at: new Date(t0 + span * spans), ...e, office });
  const T = POSTE_TRACKING;
  // The hub's event stays at a quarter of the span: the voiding rule of the README reads it there.
  const departure = [event(0, T.registered, from), event(0.125, T.accepted, from), event(0.25, T.hub, HUB)];
  const path = pathOf(name);
  if (path === 'stalled') return departure;
  const onTheWay = [...departure, event(0.5, T.arrived, `Centro di Distribuzione ${to}`), event(0.75, T.outForDelivery, to)];
  if (path === 'normal') return [...onTheWay, event(1, T.delivered, to)];
  const absent = event(1, T.notDelivered, to);
  if (path === 'secondAttempt') return [...onTheWay, absent, event(1.75, { ...T.outForDelivery, description: 'La spedizione è in consegna (secondo tentativo)' }, to), event(2, T.delivered, to)];
  const held = event(1.25, { ...T.held, description: `${T.held.description}: destinatario assente` }, `Ufficio Postale ${to}`);
  if (path === 'held') return [...onTheWay, absent, held];
  return [...onTheWay, absent, held, event(2, T.returned, from)];
}

/** The events of a waybill due on the sandbox's clock at `now`, oldest first. */
export function trackingEvents(w: SandboxWaybill, now: Date, deliverAfterMs: number): PosteTrackingEvent[] {
  return pathEvents(w, deliverAfterMs).filter((e) => e.at.getTime() <= now.getTime());
}

/** `yyyy-MM-dd HH:mm:ss` in Italian local time, as Poste writes the `data` of an event. */
const romeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function posteDateTime(at: Date): string {
  return romeFormat.format(at);
}

/** One element of the answer's `shipment`: the events newest first, as Poste lists them; `returnFlag` S once returned. */
export function shipmentJson(w: SandboxWaybill, events: PosteTrackingEvent[], lastOnly: boolean) {
  const listed = [...events].reverse();
  return {
    waybillNumber: w.code,
    product: POSTE_PRODUCTS[w.product].name,
    NotificationFlag: 'S',
    returnFlag: events.some((e) => e.status === POSTE_TRACKING.returned.status) ? 'S' : 'N',
    tracking: (lastOnly ? listed.slice(0, 1) : listed).map((e) => ({
      data: posteDateTime(e.at),
      officeDescription: e.office,
      StatusDescription: e.description,
      synthesisStatusDescription: `${e.description} - ${e.office}`,
      phase: e.phase,
      officeId: 'UP',
      status: e.status,
    })),
  };
}
