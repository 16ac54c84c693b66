import { sedeName } from './branches';
import { glsDate, glsTime } from './dates';
import { commaDecimal } from './parcel-rules';
import type { SandboxShipment } from './store';

/**
 * The public tracking feed (`/XML/get_xml_track.php`, GLS manual MU40) of a sandbox shipment.
 * Nothing reaches GLS until the workday is closed, so an open shipment is "not found". After the
 * close the shipment is in transit and walks through the usual events; it is delivered
 * `deliverAfterMs` after the close, or at once for a recipient named `CONSEGNA IMMEDIATA`. A
 * recipient named `GIACENZA` stops in storage (wrong address) right after the close.
 */
export interface TrackingEvent {
  at: Date;
  /** GLS event code (901 data received, 902 in transit, 904 at destination branch, 905 out for delivery, 906 delivered, 68 held). */
  code: string;
  stato: string;
  luogo: string;
  note: string;
}

export const IMMEDIATE_DELIVERY_NAME = 'CONSEGNA IMMEDIATA';
export const HELD_NAME = 'GIACENZA';

export function trackingEvents(s: SandboxShipment, now: Date, deliverAfterMs: number): TrackingEvent[] {
  if (s.state !== 'closed' || !s.closedAt) return [];
  const name = s.recipient.ragioneSociale.toUpperCase();
  const t0 = s.closedAt.getTime();
  const span = name.includes(IMMEDIATE_DELIVERY_NAME) ? 0 : deliverAfterMs;
  const from = sedeName(s.sede);
  const to = s.recipient.localita.toUpperCase();
  const all: TrackingEvent[] = [
    { at: new Date(t0), code: '901', stato: 'DATI SPEDIZIONE TRASMESSI A GLS', luogo: from, note: '' },
    { at: new Date(t0), code: '902', stato: 'SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.', luogo: from, note: '' },
  ];
  if (name.includes(HELD_NAME)) {
    all.push({ at: new Date(t0), code: '68', stato: 'IN GIACENZA: INDIRIZZO ERRATO. IN ATTESA DI ISTRUZIONI DAL MITTENTE.', luogo: s.destination.descrizione, note: '' });
  } else {
    all.push(
      { at: new Date(t0 + span / 2), code: '904', stato: 'ARRIVATA NELLA SEDE GLS DI DESTINAZIONE', luogo: s.destination.descrizione, note: '' },
      { at: new Date(t0 + (span * 3) / 4), code: '905', stato: 'IN CONSEGNA', luogo: to, note: '' },
      { at: new Date(t0 + span), code: '906', stato: 'CONSEGNATA.', luogo: to, note: `Firmato da: ${s.recipient.ragioneSociale}` },
    );
  }
  return all.filter((e) => e.at.getTime() <= now.getTime());
}

function shipmentStatus(events: TrackingEvent[]): string {
  const last = events.at(-1)?.code;
  if (last === '906') return 'CONSEGNATA.';
  if (last === '905') return 'IN CONSEGNA';
  if (last === '68') return 'IN GIACENZA';
  return 'IN TRANSITO';
}

/** CDATA as GLS sends text fields; a `]]>` inside is split so it cannot close the section. */
function cdata(name: string, value: string): string {
  return `<${name}><![CDATA[${value.replace(/]]>/g, ']]]]><![CDATA[>')}]]></${name}>`;
}

/** The feed's XML: `<ELENCO><SPEDIZIONE>…<TRACKING>` with the events newest first, as GLS lists them. */
export function trackingXml(s: SandboxShipment, events: TrackingEvent[]): string {
  const delivered = events.find((e) => e.code === '906');
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
