import { POSTE_PRODUCTS } from './accounts';
import type { SandboxWaybill } from './store';

/**
 * The tracking of a sandbox waybill (`/postalandlogistics/parcel/tracking`). The parcel is taken
 * in charge when the waybill is created, then walks through transit, out for delivery and
 * delivery, which comes `deliverAfterMs` after the creation; at once for a receiver named
 * `CONSEGNA IMMEDIATA`. A receiver named `GIACENZA` stops in storage at the post office (an
 * exception) halfway, never delivered.
 */
export interface PosteTrackingEvent {
  at: Date;
  /** Three-letter event code (`PRE` taken in charge, `PCP` in transit, `INC` out for delivery, `CON` delivered, `GIA` held). */
  status: string;
  phase: string;
  description: string;
  office: string;
}

export const IMMEDIATE_DELIVERY_NAME = 'CONSEGNA IMMEDIATA';
export const HELD_NAME = 'GIACENZA';

const HUB = 'Centro Operativo Postale Bologna (BO)';

const place = (city: string, province: string) => (province ? `${city.toUpperCase()} (${province})` : city.toUpperCase());

export function trackingEvents(w: SandboxWaybill, now: Date, deliverAfterMs: number): PosteTrackingEvent[] {
  const name = w.receiver.nameSurname.toUpperCase();
  const t0 = w.createdAt.getTime();
  const span = name.includes(IMMEDIATE_DELIVERY_NAME) ? 0 : deliverAfterMs;
  const from = place(w.sender.city, w.sender.province);
  const to = place(w.receiver.city, w.receiver.province);
  const all: PosteTrackingEvent[] = [
    { at: new Date(t0), status: 'PRE', phase: 'PRESA IN CARICO', description: 'La spedizione è stata presa in carico', office: from },
    { at: new Date(t0 + span / 4), status: 'PCP', phase: 'IN TRANSITO', description: 'In transito presso il Centro Operativo Postale', office: HUB },
  ];
  if (name.includes(HELD_NAME)) {
    all.push({ at: new Date(t0 + span / 2), status: 'GIA', phase: 'IN GIACENZA', description: "In giacenza presso l'ufficio postale: destinatario assente", office: to });
  } else {
    all.push(
      { at: new Date(t0 + (span * 3) / 4), status: 'INC', phase: 'IN CONSEGNA', description: 'La spedizione è in consegna', office: to },
      { at: new Date(t0 + span), status: 'CON', phase: 'CONSEGNATA', description: 'La spedizione è stata consegnata', office: to },
    );
  }
  return all.filter((e) => e.at.getTime() <= now.getTime());
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

/** One element of the answer's `shipment`: the events newest first, as Poste lists them. */
export function shipmentJson(w: SandboxWaybill, events: PosteTrackingEvent[], lastOnly: boolean) {
  const listed = [...events].reverse();
  return {
    waybillNumber: w.code,
    product: POSTE_PRODUCTS[w.product].name,
    NotificationFlag: 'S',
    returnFlag: 'N',
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
