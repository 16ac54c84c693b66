import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badResponse } from './errors';

/*
 * Pure readers of GLS Italy's answers. Every Label Service operation answers an ASMX string result:
 * over HTTP POST that is `<string xmlns="https://labelservice.gls-italy.com/">` with the result
 * escaped inside (an XML document or a plain message); some clients and proxies hand over the bare
 * document instead, so both are read. Values stay strings: shipment numbers keep their leading zeros
 * and weights their commas.
 */

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  isArray: (name) => name === 'Parcel',
});

/** For the tracking feed, whose events are runs of sibling elements: order matters there. */
const orderedParser = new XMLParser({ preserveOrder: true, ignoreAttributes: true, parseTagValue: false, trimValues: true, removeNSPrefix: true });

const excerpt = (text: string) => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML character references and the five predefined entities, decoded. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref]!;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/**
 * The result inside an ASMX `<string>` wrapper, decoded; the text itself when it is not wrapped.
 * The wrapper's text is read directly (not through the XML parser), so a large escaped result with
 * base64 labels in it costs one pass.
 *
 * @example unwrapAsmxString('<string xmlns="https://labelservice.gls-italy.com/">&lt;InfoLabel/&gt;</string>') // '<InfoLabel/>'
 */
export function unwrapAsmxString(text: string): string {
  const body = text.replace(/^\uFEFF/, '').replace(/^\s*<\?xml[^>]*\?>\s*/, '');
  const wrapped = /^<string(?:\s[^>]*)?>([\s\S]*)<\/string>\s*$/.exec(body);
  if (wrapped) return decodeEntities(wrapped[1]!).trim();
  if (/^<string(?:\s[^>]*)?\/>\s*$/.test(body)) return '';
  return text.trim();
}

/** A document's root element name and content, or undefined when the text is not XML. */
function parseDocument(text: string): { root: string; node: Node } | undefined {
  if (!text.startsWith('<')) return undefined;
  if (XMLValidator.validate(text) !== true) return undefined;
  const doc = parser.parse(text) as Node;
  const root = Object.keys(doc).find((k) => !k.startsWith('?'));
  if (!root) return undefined;
  const node = doc[root];
  return { root, node: typeof node === 'object' && node !== null ? (node as Node) : { '#text': node } };
}

/** The text of a child element ('' when absent). */
function text(node: Node | undefined, name: string): string {
  const value = node?.[name];
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return text({ [name]: value[0] }, name);
  if (typeof value === 'object') return String((value as Node)['#text'] ?? '');
  return String(value);
}

const parcelsOf = (node: Node | undefined): Node[] => (Array.isArray(node?.Parcel) ? (node!.Parcel as unknown[]).filter((p): p is Node => typeof p === 'object' && p !== null) : []);

/** The fatal form: a `<DescrizioneErrore>` root, or one inside the result that is not `OK`. */
function fatalOf(doc: { root: string; node: Node }): string | undefined {
  if (doc.root === 'DescrizioneErrore') return String(doc.node['#text'] ?? '').trim() || 'errore non specificato';
  const inner = text(doc.node, 'DescrizioneErrore').trim();
  return inner && inner.toUpperCase() !== 'OK' ? inner : undefined;
}

/** The payload of an answer: unwrapped, and `{ fatal }` when GLS refused the whole call. */
function open(answer: string, operation: string): { fatal: string } | { doc: { root: string; node: Node } } {
  return openPayload(unwrapAsmxString(answer), operation);
}

/** An unwrapped payload as a document, or `{ fatal }`. */
function openPayload(payload: string, operation: string): { fatal: string } | { doc: { root: string; node: Node } } {
  const doc = parseDocument(payload);
  if (!doc) {
    // A plain message where a document was due: GLS's words, as a refusal.
    if (payload && !payload.startsWith('<') && payload.length <= 500) return { fatal: payload };
    throw badResponse(`${operation}: not an XML answer: ${excerpt(payload)}`);
  }
  const fatal = fatalOf(doc);
  return fatal ? { fatal } : { doc };
}

/** One `<Parcel>` of an AddParcel answer. */
export interface ParsedParcel {
  result: string;
  numeroSpedizione: string;
  siglaMittente: string;
  progressivoCollo: string;
  totaleColli: string;
  descrizioneSedeDestino: string;
  siglaSedeDestino: string;
  noteSpedizione: string;
  contatoreProgressivo: string;
  dataSpedizione: string;
  /** The decoded `PdfLabel`, when GLS sent one. */
  pdfLabel?: Uint8Array;
}

/**
 * A label's base64 inside `<PdfLabel>`: tens of KB that the XML validator and parser would each walk
 * character by character (most of an AddParcel answer's parsing time). They are lifted out before
 * parsing, leaving `#N` (never base64) in their place, and read back by that index.
 */
const PDF_LABEL = /<PdfLabel>([A-Za-z0-9+/=\s]+)<\/PdfLabel>/g;
const LIFTED_LABEL = /^#(\d+)$/;

function liftLabels(payload: string): { payload: string; labels: string[] } {
  const labels: string[] = [];
  const lifted = payload.replace(PDF_LABEL, (_, base64: string) => `<PdfLabel>#${labels.push(base64) - 1}</PdfLabel>`);
  return { payload: lifted, labels };
}

/**
 * AddParcel: `<InfoLabel><Parcel Result="…">…</Parcel>…</InfoLabel>`, one per requested package, or
 * the fatal `<DescrizioneErrore>`.
 */
export function parseAddParcelResponse(answer: string): { fatal: string } | { parcels: ParsedParcel[] } {
  const { payload, labels } = liftLabels(unwrapAsmxString(answer));
  const opened = openPayload(payload, 'AddParcel');
  if ('fatal' in opened) return opened;
  const parcels = parcelsOf(opened.doc.node).map((p): ParsedParcel => {
    const field = text(p, 'PdfLabel').trim();
    const lifted = LIFTED_LABEL.exec(field);
    const pdf = (lifted ? (labels[Number(lifted[1])] ?? '') : field).replace(/\s+/g, '');
    return {
      result: String(p['@_Result'] ?? ''),
      numeroSpedizione: text(p, 'NumeroSpedizione').trim(),
      siglaMittente: text(p, 'SiglaMittente').trim(),
      progressivoCollo: text(p, 'ProgressivoCollo').trim(),
      totaleColli: text(p, 'TotaleColli').trim(),
      descrizioneSedeDestino: text(p, 'DescrizioneSedeDestino').trim(),
      siglaSedeDestino: text(p, 'SiglaSedeDestino').trim(),
      noteSpedizione: text(p, 'NoteSpedizione').trim(),
      contatoreProgressivo: text(p, 'ContatoreProgressivo').trim(),
      dataSpedizione: text(p, 'DataSpedizione').trim(),
      ...(pdf ? { pdfLabel: new Uint8Array(Buffer.from(pdf, 'base64')) } : {}),
    };
  });
  if (parcels.length === 0) throw badResponse(`AddParcel: no Parcel in ${opened.doc.root}`);
  return { parcels };
}

/** ListSped / ListSpedByStato: the account's shipments, or the fatal form (the credential check). */
export function parseListSpedResponse(answer: string): { fatal: string } | { shipments: { number: string; status: string }[] } {
  const opened = open(answer, 'ListSped');
  if ('fatal' in opened) return opened;
  return { shipments: parcelsOf(opened.doc.node).map((p) => ({ number: text(p, 'NumSpedizione').trim(), status: text(p, 'StatoSpedizione').trim() })) };
}

/** DeleteSped: GLS's message, or the fatal form. */
export function parseDeleteSpedResponse(answer: string): { fatal: string } | { message: string } {
  const payload = unwrapAsmxString(answer);
  const doc = parseDocument(payload);
  if (!doc) return { message: payload };
  const fatal = fatalOf(doc);
  if (fatal) return { fatal };
  return { message: String(doc.node['#text'] ?? '').trim() };
}

/** The outcome GLS gave each shipment of a close (`<esito>`). */
export interface CloseEsito {
  number: string;
  esito: string;
}

const esitiOf = (node: Node): CloseEsito[] =>
  parcelsOf(node).map((p) => ({ number: text(p, 'NumeroDiSpedizioneGLSDaConfermare').trim(), esito: text(p, 'esito').trim() }));

/**
 * CloseWorkDayByShipmentNumber: `<CloseWorkDayByShipmentNumberResult><DescrizioneErrore>OK</…>
 * <Parcel><NumeroDiSpedizioneGLSDaConfermare/><esito/></Parcel>…`; a DescrizioneErrore other than OK
 * is the fatal form.
 */
export function parseCloseWorkDayByShipmentNumberResponse(answer: string): { fatal: string } | { esiti: CloseEsito[] } {
  const opened = open(answer, 'CloseWorkDayByShipmentNumber');
  if ('fatal' in opened) return opened;
  return { esiti: esitiOf(opened.doc.node) };
}

/** CloseWorkDay with `CloseWorkDayResult` S: the manifest (`DistintaPDF`) and the outcomes; a bare `OK` carries neither. */
export function parseCloseWorkDayResponse(answer: string): { fatal: string } | { manifestPdf?: Uint8Array; esiti: CloseEsito[] } {
  const payload = unwrapAsmxString(answer);
  if (payload.toUpperCase() === 'OK') return { esiti: [] };
  const opened = open(answer, 'CloseWorkDay');
  if ('fatal' in opened) return opened;
  const pdf = text(opened.doc.node, 'DistintaPDF').replace(/\s+/g, '');
  return { esiti: esitiOf(opened.doc.node), ...(pdf ? { manifestPdf: new Uint8Array(Buffer.from(pdf, 'base64')) } : {}) };
}

/**
 * The tracking feed's body as text: it is ISO-8859-1 (by its Content-Type or XML declaration), or
 * UTF-8.
 */
export function decodeTrackingBody(body: Uint8Array, contentType = ''): string {
  const head = Buffer.from(body.subarray(0, 100)).toString('latin1');
  const charset = (/charset=([\w-]+)/i.exec(contentType)?.[1] ?? /encoding="([\w-]+)"/i.exec(head)?.[1] ?? 'utf-8').toLowerCase();
  const latin = ['iso-8859-1', 'latin1', 'iso8859-1', 'windows-1252', 'cp1252'].includes(charset);
  return new TextDecoder(latin ? 'windows-1252' : 'utf-8').decode(body);
}

/** One event of the feed, as GLS wrote it. */
export interface RawTrackingEvent {
  data: string;
  ora: string;
  luogo: string;
  stato: string;
  note: string;
  codice: string;
}

type Ordered = Record<string, unknown>[];

const EVENT_FIELDS = { Data: 'data', Ora: 'ora', Luogo: 'luogo', Stato: 'stato', Note: 'note', Codice: 'codice' } as const;

function childrenNamed(nodes: Ordered, name: string): Ordered[] {
  return nodes.filter((n) => name in n).map((n) => n[name] as Ordered);
}

function textOfOrdered(nodes: Ordered): string {
  return nodes
    .map((n) => ('#text' in n ? String(n['#text']) : ''))
    .join('')
    .trim();
}

/**
 * The public tracking feed (`<ELENCO><SPEDIZIONE>…<TRACKING>…`): the shipment's status and its
 * events in the feed's order (GLS lists the newest first). Clients disagree on whether events are
 * repeated `<TRACKING>` elements or runs of `<Data><Ora>…<Codice>` inside one; both are read, a new
 * event starting at each `<Data>`. `<ERRORE><TESTOERRORE>` is a shipment GLS does not know (yet).
 */
export function parseTrackingResponse(body: string): { notFound: string } | { status: string; events: RawTrackingEvent[] } {
  const trimmed = body.trim();
  if (!trimmed.startsWith('<') || XMLValidator.validate(trimmed) !== true) throw badResponse(`Tracking: not an XML answer: ${excerpt(trimmed)}`);
  const doc = orderedParser.parse(trimmed) as Ordered;
  const root = doc.find((n) => !Object.keys(n)[0]!.startsWith('?'));
  if (!root) throw badResponse('Tracking: empty document');
  const rootName = Object.keys(root)[0]!;
  const top = rootName === 'ELENCO' ? (root.ELENCO as Ordered) : [root];

  const error = childrenNamed(top, 'ERRORE')[0];
  if (error) return { notFound: textOfOrdered(childrenNamed(error, 'TESTOERRORE')[0] ?? error) || 'Spedizione non trovata' };
  const shipment = childrenNamed(top, 'SPEDIZIONE')[0];
  if (!shipment) throw badResponse(`Tracking: no SPEDIZIONE in ${rootName}`);

  const events: RawTrackingEvent[] = [];
  for (const tracking of childrenNamed(shipment, 'TRACKING')) {
    let current: RawTrackingEvent | undefined;
    for (const child of tracking) {
      const name = Object.keys(child)[0] as keyof typeof EVENT_FIELDS;
      const field = EVENT_FIELDS[name];
      if (!field) continue;
      if (!current || field === 'data' || current[field] !== '') {
        current = { data: '', ora: '', luogo: '', stato: '', note: '', codice: '' };
        events.push(current);
      }
      current[field] = textOfOrdered(child[name] as Ordered);
    }
  }
  return { status: textOfOrdered(childrenNamed(shipment, 'StatoSpedizione')[0] ?? []), events };
}
