import { sedeName } from './branches';
import { glsDate, glsTime } from './dates';
import { commaDecimal } from './parcel-rules';
import type { SandboxShipment } from './store';

/**
 * The public tracking feed (`/XML/get_xml_track.php`, GLS manual MU40) of a sandbox shipment, on the
 * sandbox's clock. Nothing reaches GLS until the workday is closed, so an open shipment is "not
 * found". From the close the parcel walks a path chosen by a marker in the recipient's name
 * (README.md, "Tracking"); `deliverAfterMs` is the time from the close to the delivery (0 for
 * `CONSEGNA IMMEDIATA`: every event of the path at once).
 */
export interface TrackingEvent {
  at: Date;
  /** GLS event code (`Codice`): the table below. */
  code: string;
  /** GLS's text (`Stato`), upper case as GLS writes it. */
  stato: string;
  luogo: string;
  note: string;
}

/** Every event of the path at the close: a delivery (or a path's end) with no wait. */
export const IMMEDIATE_DELIVERY_NAME = 'CONSEGNA IMMEDIATA';
/** Out for delivery, recipient absent, then held at the destination branch: never delivered. */
export const HELD_NAME = 'GIACENZA';
/** Out for delivery, recipient absent, delivered on a second attempt a span later. */
export const SECOND_ATTEMPT_NAME = 'SECONDO TENTATIVO';
/** Out for delivery, recipient absent, held, then returned to the sender (final). */
export const RETURNED_NAME = 'RESO';
/** Departs and passes the hub, then no event ever again (a parcel stalled in transit). */
export const STALLED_NAME = 'FERMO';

/**
 * The sandbox's codes and texts (the carriers' GLS adapter maps them in `units.ts`): 901–906 are the
 * codes the adapter's table has for these states (third-party clients); `1` (recipient absent),
 * `68` (held) and `910` (returned) are the sandbox's choice (GLS's table of result codes is not
 * public: [open]).
 */
export const GLS_TRACKING = {
  dataReceived: { code: '901', stato: 'DATI SPEDIZIONE TRASMESSI A GLS' },
  departed: { code: '902', stato: 'SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.' },
  hub: { code: '903', stato: 'IN TRANSITO PRESSO IL CENTRO DI SMISTAMENTO GLS' },
  arrived: { code: '904', stato: 'ARRIVATA NELLA SEDE GLS DI DESTINAZIONE' },
  outForDelivery: { code: '905', stato: 'IN CONSEGNA' },
  delivered: { code: '906', stato: 'CONSEGNATA.' },
  recipientAbsent: { code: '1', stato: 'NON CONSEGNATA: DESTINATARIO ASSENTE. AVVISO DI PASSAGGIO LASCIATO.' },
  held: { code: '68', stato: 'IN GIACENZA PRESSO LA SEDE GLS: IN ATTESA DI ISTRUZIONI DAL MITTENTE.' },
  returned: { code: '910', stato: 'RESO AL MITTENTE' },
} as const;

/** The hub every sandbox parcel passes (GLS Italy sorts national traffic through hubs; which one is not modelled). */
const HUB = 'BOLOGNA HUB';

type Path = 'normal' | 'held' | 'secondAttempt' | 'returned' | 'stalled';

/** A marker as a word of the name ('Giacenza Srl', 'Mario Rossi RESO'), so 'Resort' or 'Fermoposta' choose no path. */
const hasMarker = (name: string, marker: string) => new RegExp(`(^|[^A-Z0-9À-Ý])${marker}($|[^A-Z0-9À-Ý])`).test(name);

/** The path of a recipient: the first marker of RESO, SECONDO TENTATIVO, GIACENZA, FERMO in its name, else the normal one. */
export function pathOf(recipientName: string): Path {
  const name = recipientName.toUpperCase();
  if (hasMarker(name, RETURNED_NAME)) return 'returned';
  if (hasMarker(name, SECOND_ATTEMPT_NAME)) return 'secondAttempt';
  if (hasMarker(name, HELD_NAME)) return 'held';
  if (hasMarker(name, STALLED_NAME)) return 'stalled';
  return 'normal';
}

/** Every event of a shipment's path, due or not, oldest first (times from the close, in spans of `deliverAfterMs`). */
export function pathEvents(s: SandboxShipment & { closedAt: Date }, deliverAfterMs: number): TrackingEvent[] {
  const name = s.recipient.ragioneSociale.toUpperCase();
  const t0 = s.closedAt.getTime();
  const span = name.includes(IMMEDIATE_DELIVERY_NAME) ? 0 : deliverAfterMs;
  const from = sedeName(s.sede);
  const branch = s.destination.descrizione;
  const to = s.recipient.localita.toUpperCase();
  const at = (spans: number) => new Date(t0 + span * spans);
  const event = (spans: number, e: { code: string; stato: string }, luogo: string, note = ''): TrackingEvent => ({ at: at(spans), ...e, luogo, note });
  const T = GLS_TRACKING;
  const departure = [event(0, T.dataReceived, from), event(0, T.departed, from), event(0.25, T.hub, HUB)];
  const path = pathOf(name);
  if (path === 'stalled') return departure;
  const onTheWay = [...departure, event(0.5, T.arrived, branch), event(0.75, T.outForDelivery, to)];
  const signed = `Firmato da: ${s.recipient.ragioneSociale}`;
  if (path === 'normal') return [...onTheWay, event(1, T.delivered, to, signed)];
  const absent = event(1, T.recipientAbsent, to);
  if (path === 'secondAttempt') return [...onTheWay, absent, event(1.75, { ...T.outForDelivery, stato: 'IN CONSEGNA (SECONDO TENTATIVO)' }, to), event(2, T.delivered, to, signed)];
  const held = event(1.25, T.held, branch, 'Destinatario assente');
  if (path === 'held') return [...onTheWay, absent, held];
  return [...onTheWay, absent, held, event(2, T.returned, from, 'Giacenza non svincolata')];
}

/** The events of a shipment due on the sandbox's clock at `now`, oldest first; none before the close. */
export function trackingEvents(s: SandboxShipment, now: Date, deliverAfterMs: number): TrackingEvent[] {
  if (s.state !== 'closed' || !s.closedAt) return [];
  return pathEvents({ ...s, closedAt: s.closedAt }, deliverAfterMs).filter((e) => e.at.getTime() <= now.getTime());
}

/** `StatoSpedizione`: the shipment's state by its latest event. */
function shipmentStatus(events: TrackingEvent[]): string {
  switch (events.at(-1)?.code) {
    case GLS_TRACKING.delivered.code:
      return 'CONSEGNATA.';
    case GLS_TRACKING.outForDelivery.code:
      return 'IN CONSEGNA';
    case GLS_TRACKING.recipientAbsent.code:
      return 'NON CONSEGNATA';
    case GLS_TRACKING.held.code:
      return 'IN GIACENZA';
    case GLS_TRACKING.returned.code:
      return 'RESO AL MITTENTE';
    default:
      return 'IN TRANSITO';
  }
}

/** CDATA as GLS sends text fields; a `]]>` inside is split so it cannot close the section. */
function cdata(name: string, value: string): string {
  return `<${name}><![CDATA[${value.replace(/]]>/g, ']]]]><![CDATA[>')}]]></${name}>`;
}

/** The feed's XML: `<ELENCO><SPEDIZIONE>…<TRACKING>` with the events newest first, as GLS lists them. */
export function trackingXml(s: SandboxShipment, events: TrackingEvent[]): string {
  const delivered = events.find((e) => e.code === GLS_TRACKING.delivered.code);
  const colli = s.parcels.length;
  const peso = s.parcels.reduce((sum, p) => sum + p.pesoKg, 0);
  const cod = s.parcels.reduce((sum, p) => sum + p.codCents, 0);
  const tracking = [...events]
    .reverse()
    .map((e) => `<Data>${glsDate(e.at)}</Data><Ora>${glsTime(e.at)}</Ora>${cdata('Luogo', e.luogo)}${cdata('Stato', e.stato)}${cdata('Note', e.note)}<Codice>${e.code}</Codice>`)
    .join('');
  return [
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    '<ELENCO><SPEDIZIONE>',
    `<SedePartenza>${s.sede}</SedePartenza>`,
    `<NumSped>${s.number}</NumSped>`,
    cdata('Bda', s.parcels[0]?.bda ?? ''),
    `<DataSpedizione>${glsDate(s.createdAt)}</DataSpedizione>`,
    cdata('Destinatario', s.recipient.ragioneSociale),
    cdata('IndirizzoDestinazione', s.recipient.indirizzo),
    cdata('LocalitaDestinazione', `${s.recipient.zipcode} ${s.recipient.localita} (${s.recipient.provincia})`),
    `<NumeroColli>${colli}</NumeroColli>`,
    `<Peso>${commaDecimal(peso, 1)}</Peso>`,
    `<Contrassegno>${commaDecimal(cod / 100, 2)}</Contrassegno>`,
    cdata('StatoSpedizione', shipmentStatus(events)),
    `<DataConsegna>${delivered ? glsDate(delivered.at) : ''}</DataConsegna>`,
    `<OraConsegna>${delivered ? glsTime(delivered.at) : ''}</OraConsegna>`,
    `<TRACKING>${tracking}</TRACKING>`,
    '</SPEDIZIONE></ELENCO>',
  ].join('\n');
}

export function trackingNotFoundXml(reason = 'Spedizione non trovata'): string {
  return `<?xml version="1.0" encoding="ISO-8859-1"?>\n<ELENCO><ERRORE><TESTOERRORE>${reason}</TESTOERRORE></ERRORE></ELENCO>`;
}

/** ISO-8859-1 bytes, as the real feed answers; characters outside it become '?'. */
export function latin1(xml: string): Buffer {
  return Buffer.from(xml.replace(/[^\x00-\xFF]/g, '?'), 'latin1');
}
