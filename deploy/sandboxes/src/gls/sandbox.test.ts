import { XMLParser } from 'fast-xml-parser';
import { PDFDocument } from 'pdf-lib';
import { glsSandboxControl, startGlsSandbox, type GlsSandbox } from './index';

/*
 * The sandbox over real HTTP: what a client of GLS's ASMX HTTP-POST form and of the public tracking
 * feed would see, including every failure form README.md documents.
 */

const MI = { SedeGls: 'MI', CodiceClienteGls: '123456', PasswordClienteGls: 'Sandbox1' };
const RM = { SedeGls: 'RM', CodiceClienteGls: '654321', PasswordClienteGls: 'Sandbox2' };
const TO = { SedeGls: 'TO', CodiceClienteGls: '111111', PasswordClienteGls: 'NoPdf001' };
type Credentials = typeof MI;

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true, isArray: (name) => name === 'Parcel' });

type Node = Record<string, any>;

function escape(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function parcel(fields: Record<string, string | number> = {}): string {
  const all: Record<string, string | number> = {
    CodiceContrattoGls: '1234',
    RagioneSociale: 'Mario Rossi',
    Indirizzo: 'Via Roma 1',
    Localita: 'Milano',
    Zipcode: '20121',
    Provincia: 'MI',
    Colli: 1,
    PesoReale: '2,5',
    TipoPorto: 'F',
    GeneraPdf: 4,
    ...fields,
  };
  return `<Parcel>${Object.entries(all)
    .map(([k, v]) => `<${k}>${escape(String(v))}</${k}>`)
    .join('')}</Parcel>`;
}

function info(creds: Credentials, inner: string): string {
  return `<Info><SedeGls>${creds.SedeGls}</SedeGls><CodiceClienteGls>${creds.CodiceClienteGls}</CodiceClienteGls><PasswordClienteGls>${escape(creds.PasswordClienteGls)}</PasswordClienteGls>${inner}</Info>`;
}

let gls: GlsSandbox;

async function post(op: string, form: Record<string, string>, sandbox: GlsSandbox = gls): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(`${sandbox.url}/ilswebservice.asmx/${op}`, { method: 'POST', body: new URLSearchParams(form) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The ASMX `<string>` result: its text, i.e. the payload the operation answered. */
function unwrap(text: string): string {
  const doc = parser.parse(text) as Node;
  expect(doc.string['@_xmlns']).toBe('https://labelservice.gls-italy.com/');
  return typeof doc.string === 'string' ? doc.string : String(doc.string['#text'] ?? '');
}

async function call(op: string, form: Record<string, string>, sandbox?: GlsSandbox): Promise<Node> {
  const res = await post(op, form, sandbox);
  expect(res.status).toBe(200);
  expect(res.type).toBe('text/xml; charset=utf-8');
  return parser.parse(unwrap(res.text)) as Node;
}

const addParcels = (creds: Credentials, ...parcels: string[]) => call('AddParcel', { XMLInfoParcel: info(creds, parcels.join('')) });
const firstParcel = async (creds: Credentials, p: string) => ((await addParcels(creds, p)).InfoLabel.Parcel as Node[])[0]!;
const deleteSped = async (creds: Credentials, n: string, sandbox?: GlsSandbox) => unwrap((await post('DeleteSped', { ...creds, NumSpedizione: n }, sandbox)).text);
const closeXml = (creds: Credentials, numbers: string[]) =>
  info(creds, numbers.map((n) => `<Parcel><NumeroDiSpedizioneGLSDaConfermare>${n}</NumeroDiSpedizioneGLSDaConfermare></Parcel>`).join(''));
const closeByNumber = (creds: Credentials, ...numbers: string[]) => call('CloseWorkDayByShipmentNumber', { _xmlRequest: closeXml(creds, numbers) });

async function track(query: Record<string, string>, sandbox: GlsSandbox = gls): Promise<{ type: string; doc: Node; raw: Buffer }> {
  const res = await fetch(`${sandbox.url}/XML/get_xml_track.php?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  const raw = Buffer.from(await res.arrayBuffer());
  return { type: res.headers.get('content-type') ?? '', doc: parser.parse(raw.toString('latin1')) as Node, raw };
}

beforeAll(async () => {
  gls = await startGlsSandbox({ port: 0 });
});
afterAll(async () => {
  await gls.close();
});

describe('AddParcel', () => {
  it('answers a number and a real PDF label inside the ASMX string wrapper', async () => {
    const res = await post('AddParcel', { XMLInfoParcel: info(MI, parcel({ RagioneSociale: 'Label Uno', ContatoreProgressivo: 101 })) });
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<string xmlns="https:\/\/labelservice.gls-italy.com\/">&lt;InfoLabel&gt;/);
    const p = (parser.parse(unwrap(res.text)) as Node).InfoLabel.Parcel[0];
    expect(p['@_Result']).toBe('Success');
    expect(p.NumeroSpedizione).toMatch(/^\d{9}$/);
    expect(p).toMatchObject({ SiglaMittente: 'MI', ProgressivoCollo: '1', TotaleColli: '1', SiglaSedeDestino: 'MI', DescrizioneSedeDestino: 'MILANO', ContatoreProgressivo: '101', PesoSpedizione: '2,5' });
    expect(p.DataSpedizione).toMatch(/^\d\d\/\d\d\/\d\d$/);
    const pdf = await PDFDocument.load(Buffer.from(p.PdfLabel, 'base64'));
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([298, 420]);
  });

  it('numbers shipments sequentially per sede', async () => {
    const a = await firstParcel(MI, parcel({ RagioneSociale: 'Seq A' }));
    const b = await firstParcel(MI, parcel({ RagioneSociale: 'Seq B' }));
    expect(Number(b.NumeroSpedizione)).toBe(Number(a.NumeroSpedizione) + 1);
    const other = await startGlsSandbox();
    try {
      const rm = await call('AddParcel', { XMLInfoParcel: info(RM, parcel({ CodiceContrattoGls: '5678' })) }, other);
      const mi = await call('AddParcel', { XMLInfoParcel: info(MI, parcel()) }, other);
      expect(rm.InfoLabel.Parcel[0].NumeroSpedizione).toBe('800000001');
      expect(mi.InfoLabel.Parcel[0].NumeroSpedizione).toBe('800000001');
    } finally {
      await other.close();
    }
  });

  it('merges parcels to the same contract, recipient, place, address and porto into one shipment', async () => {
    const same = { RagioneSociale: 'Merge Srl', Indirizzo: 'Via Merge 3' };
    const first = (await addParcels(MI, parcel(same), parcel({ ...same, PesoReale: '1' }))).InfoLabel.Parcel as Node[];
    expect(first[0]!.NumeroSpedizione).toBe(first[1]!.NumeroSpedizione);
    expect(first.map((p) => p.ProgressivoCollo)).toEqual(['1', '2']);
    expect(first[1]!.PesoSpedizione).toBe('3,5');
    const later = await firstParcel(MI, parcel({ RagioneSociale: 'MERGE  SRL', Indirizzo: 'via merge 3' }));
    expect(later.NumeroSpedizione).toBe(first[0]!.NumeroSpedizione);
    expect(later.ProgressivoCollo).toBe('3');
    const assegnato = await firstParcel(MI, parcel({ ...same, TipoPorto: 'A' }));
    expect(assegnato.NumeroSpedizione).not.toBe(first[0]!.NumeroSpedizione);
  });

  it('answers the same parcel again for the same ContatoreProgressivo, and frees the counter once deleted', async () => {
    const p = parcel({ RagioneSociale: 'Idempotente', ContatoreProgressivo: 555 });
    const once = await firstParcel(MI, p);
    const twice = await firstParcel(MI, parcel({ RagioneSociale: 'Idempotente', ContatoreProgressivo: '000000555', PesoReale: '9' }));
    expect(twice).toEqual(once);
    const list = await call('ListSped', MI);
    expect((list.ListSped.Parcel as Node[]).filter((s) => s.NumSpedizione === once.NumeroSpedizione)).toEqual([
      expect.objectContaining({ TotaleColli: '1', StatoSpedizione: 'IN ATTESA DI CHIUSURA.' }),
    ]);
    // Another account has its own counters.
    const rm = await firstParcel(RM, parcel({ CodiceContrattoGls: '5678', ContatoreProgressivo: 555 }));
    expect(rm.SiglaMittente).toBe('RM');

    expect(await deleteSped(MI, once.NumeroSpedizione)).toBe(`Eliminazione della spedizione ${once.NumeroSpedizione} avvenuta.`);
    const fresh = await firstParcel(MI, p);
    expect(fresh.NumeroSpedizione).not.toBe(once.NumeroSpedizione);
  });

  it('tallies per RiferimentoCliente the parcels asked for and the parcels made (a replay makes none)', async () => {
    const p = parcel({ RagioneSociale: 'Conteggio', RiferimentoCliente: 'SHP-TALLY-1', ContatoreProgressivo: 777 });
    await firstParcel(MI, p);
    await firstParcel(MI, p);
    await firstParcel(MI, parcel({ RiferimentoCliente: 'SHP-TALLY-2', Zipcode: '00000' }));
    expect(gls.referenceTally()).toMatchObject({ 'SHP-TALLY-1': { requested: 2, created: 1 }, 'SHP-TALLY-2': { requested: 1, created: 0 } });
  });

  it('refuses invalid values with "Dati non accettabili" and no number', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ Zipcode: '00000' }, 'Dati non accettabili: CAP non valido'],
      [{ Zipcode: '2012' }, 'Dati non accettabili: CAP non valido'],
      [{ Indirizzo: 'x'.repeat(36) }, 'Dati non accettabili: campo Indirizzo troppo lungo (massimo 35 caratteri)'],
      [{ RagioneSociale: 'x'.repeat(36) }, 'Dati non accettabili: campo RagioneSociale troppo lungo (massimo 35 caratteri)'],
      [{ Localita: 'x'.repeat(31) }, 'Dati non accettabili: campo Localita troppo lungo (massimo 30 caratteri)'],
      [{ NoteSpedizione: 'x'.repeat(41) }, 'Dati non accettabili: campo NoteSpedizione troppo lungo (massimo 40 caratteri)'],
      [{ Email: `${'x'.repeat(65)}@ex.it` }, 'Dati non accettabili: campo Email troppo lungo (massimo 70 caratteri)'],
      [{ PesoReale: '2.5' }, 'Dati non accettabili: PesoReale non valido (kg con la virgola, es. 2,5)'],
      [{ ImportoContrassegno: '10,00' }, 'Dati non accettabili: ModalitaIncasso obbligatoria con il contrassegno'],
      [{ CodiceContrattoGls: '9999' }, 'Dati non accettabili: Codice contratto 9999 non valido per il cliente'],
      [{ Provincia: 'M' }, 'Dati non accettabili: Provincia non valida'],
      [{ ContatoreProgressivo: '1234567890' }, 'Dati non accettabili: ContatoreProgressivo non valido (al massimo 9 cifre)'],
    ];
    for (const [fields, note] of cases) {
      const p = await firstParcel(MI, parcel(fields));
      expect({ fields, note: p.NoteSpedizione, number: p.NumeroSpedizione, pdf: p.PdfLabel }).toEqual({ fields, note, number: undefined, pdf: undefined });
    }
  });

  it('accepts an international parcel (TipoSpedizione P) with a 7-character zipcode', async () => {
    const p = await firstParcel(MI, parcel({ TipoSpedizione: 'P', Zipcode: '75001', Provincia: 'FR', Localita: 'Paris', ImportoContrassegno: '12,50', ModalitaIncasso: 'CONT' }));
    expect(p).toMatchObject({ '@_Result': 'Success', SiglaSedeDestino: 'EX' });
    const intl = await firstParcel(MI, parcel({ TipoSpedizione: 'P', Zipcode: '1010', Provincia: 'AT', Localita: 'Wien', PesoVolume: '0,012' }));
    expect(intl.NumeroSpedizione).toMatch(/^\d{9}$/);
  });

  describe('extra-EU parcels (issue 25): the declaration is checked as the customs desk would', () => {
    const article = (patch: Record<string, string> = {}) => {
      const a = { Descrizione: 'Tazza in ceramica', Quantita: '2', Valore: '25,00', PesoNetto: '0,7', CodiceHS: '691200', PaeseOrigine: 'IT', ...patch };
      return `<Articolo>${Object.entries(a).map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</Articolo>`;
    };
    const uk = (fields: Record<string, string> = {}, articles = article()) =>
      parcel({ TipoSpedizione: 'P', Zipcode: 'SW1A1AA', Provincia: 'GB', Localita: 'London', NumeroFattura: 'FT-12', ValoreDichiarato: '25,00', Valuta: 'EUR', TipoContenuto: 'SALE OF GOODS', ...fields }).replace('</Parcel>', `${articles}</Parcel>`);

    it('accepts a UK parcel with its invoice, value and articles', async () => {
      const p = await firstParcel(MI, uk());
      expect(p.NumeroSpedizione).toMatch(/^\d{9}$/);
    });

    it.each([
      [{ NumeroFattura: '' }, article(), 'NumeroFattura'],
      [{ ValoreDichiarato: '25.00' }, article(), 'ValoreDichiarato'],
      [{ TipoContenuto: 'MERCE' }, article(), 'TipoContenuto'],
      [{}, '', 'Articolo'],
      [{}, article({ CodiceHS: '12' }), 'Articolo 1 CodiceHS'],
      [{}, article({ PaeseOrigine: '' }), 'Articolo 1 PaeseOrigine'],
    ])('refuses a declaration missing or wrong (case %#)', async (fields, articles, what) => {
      const p = await firstParcel(MI, uk(fields, articles));
      expect(p.NoteSpedizione).toBe(`Dati non accettabili: dati doganali per spedizione extra UE mancanti o non validi: ${what}`);
      expect(p.NumeroSpedizione).toBeUndefined();
    });
  });

  it('gives NumeroSpedizione 999999999 to a RagioneSociale containing 999999999', async () => {
    const p = await firstParcel(MI, parcel({ RagioneSociale: 'Test 999999999' }));
    expect(p.NumeroSpedizione).toBe('999999999');
    expect(p.PdfLabel).toBeUndefined();
  });

  it('answers DescrizioneSedeDestino ERRORE for the zipcode 99999', async () => {
    const p = await firstParcel(MI, parcel({ Zipcode: '99999' }));
    expect(p).toMatchObject({ DescrizioneSedeDestino: 'ERRORE', NoteSpedizione: 'Sede di destinazione non determinabile per il CAP 99999' });
    expect(p.NumeroSpedizione).toBeUndefined();
  });

  it('warns "GLS Check" for an unknown street and still gives a number and a label', async () => {
    const p = await firstParcel(MI, parcel({ Indirizzo: 'Via Sconosciuta 12', Localita: 'Roma', Zipcode: '00184', Provincia: 'RM' }));
    expect(p).toMatchObject({ '@_Result': 'Warning', DescrizioneSedeDestino: 'GLS Check', NoteSpedizione: 'Indirizzo non presente nello stradario GLS di ROMA' });
    expect(p.NumeroSpedizione).toMatch(/^\d{9}$/);
    await PDFDocument.load(Buffer.from(p.PdfLabel, 'base64'));
  });

  it('refuses a Bda already used by another shipment', async () => {
    await firstParcel(MI, parcel({ RagioneSociale: 'Bda Uno', Bda: 'ORD42' }));
    const again = await firstParcel(MI, parcel({ RagioneSociale: 'Bda Due', Bda: 'ORD42' }));
    expect(again.NoteSpedizione).toBe("Dati non accettabili: Bda ORD42 già utilizzato per un'altra spedizione");
    const merged = await firstParcel(MI, parcel({ RagioneSociale: 'Bda Uno', Bda: 'ORD42' }));
    expect(merged.ProgressivoCollo).toBe('2');
  });

  it('answers the fatal DescrizioneErrore form for a wrong login, bad XML and a feature not enabled', async () => {
    expect(await addParcels({ ...MI, PasswordClienteGls: 'wrong' }, parcel())).toEqual({
      DescrizioneErrore: 'Autenticazione non riuscita: sede, codice cliente o password errati',
    });
    const bad = await call('AddParcel', { XMLInfoParcel: '<Info><SedeGls>MI</Sede' });
    expect(bad.DescrizioneErrore).toMatch(/^Errore nel formato XML: /);
    expect((await call('AddParcel', { XMLInfoParcel: '<Other/>' })).DescrizioneErrore).toBe("Errore nel formato XML: manca l'elemento Info");
    expect((await addParcels(MI)).DescrizioneErrore).toBe('Nessun elemento Parcel nella richiesta');
    expect((await addParcels(TO, parcel({ CodiceContrattoGls: '4321' }))).DescrizioneErrore).toBe(
      'Funzionalità non abilitata: etichetta PDF in linea (GeneraPdf=4) non attiva per il cliente 111111',
    );
    expect((await addParcels(MI, parcel({ GeneraPdf: 5 }))).DescrizioneErrore).toMatch(/^Funzionalità non abilitata: etichetta ZPL/);
    const noPdf = await firstParcel(TO, parcel({ CodiceContrattoGls: '4321', GeneraPdf: 0 }));
    expect(noPdf.NumeroSpedizione).toMatch(/^\d{9}$/);
    expect(noPdf.PdfLabel).toBe('');
  });

  it('answers an ASMX fault (HTTP 500) when the form parameter is missing or the operation unknown', async () => {
    const missing = await post('AddParcel', { Other: 'x' });
    expect(missing).toMatchObject({ status: 500, text: 'System.InvalidOperationException: Missing parameter: XMLInfoParcel.' });
    expect(missing.type).toMatch(/^text\/plain/);
    expect((await post('GetSomething', {})).status).toBe(500);
  });
});

describe('DeleteSped, ListSped and the workday close', () => {
  it('deletes an open shipment, refuses a closed one and lists by state', async () => {
    const open = await firstParcel(MI, parcel({ RagioneSociale: 'Da eliminare' }));
    const toClose = await firstParcel(MI, parcel({ RagioneSociale: 'Da chiudere' }));
    const n = toClose.NumeroSpedizione as string;

    const closing = await closeByNumber(MI, n, '000000001');
    expect(closing.CloseWorkDayByShipmentNumberResult).toEqual({
      DescrizioneErrore: 'OK',
      Parcel: [
        { NumeroDiSpedizioneGLSDaConfermare: n, esito: 'OK' },
        { NumeroDiSpedizioneGLSDaConfermare: '000000001', esito: 'Spedizione inesistente o precedentemente cancellata' },
      ],
    });
    // Closing again is a confirmation that already holds.
    expect((await closeByNumber(MI, n)).CloseWorkDayByShipmentNumberResult.Parcel[0].esito).toBe('OK');

    expect(await deleteSped(MI, n)).toBe(`Spedizione ${n} già chiusa: eliminazione non consentita.`);
    expect(await deleteSped(MI, open.NumeroSpedizione)).toBe(`Eliminazione della spedizione ${open.NumeroSpedizione} avvenuta.`);
    expect(await deleteSped(MI, open.NumeroSpedizione)).toBe(`Spedizione ${open.NumeroSpedizione} non presente.`);
    expect(await deleteSped(RM, n)).toBe(`Spedizione ${n} non presente.`);
    expect(await deleteSped(MI, String(Number(n)))).toBe(`Spedizione ${n} già chiusa: eliminazione non consentita.`);

    const closed = (await call('ListSpedByStato', { ...MI, Stato: '1' })).ListSped.Parcel as Node[];
    expect(closed.map((s) => s.NumSpedizione)).toContain(n);
    expect(closed.every((s) => s.StatoSpedizione === 'CHIUSA.')).toBe(true);
    const waiting = (await call('ListSpedByStato', { ...MI, Stato: '0' })).ListSped.Parcel as Node[];
    expect(waiting.map((s) => s.NumSpedizione)).not.toContain(n);
    expect(waiting.map((s) => s.NumSpedizione)).not.toContain(open.NumeroSpedizione);

    // The deleted shipment is gone for the close too.
    expect((await closeByNumber(MI, open.NumeroSpedizione)).CloseWorkDayByShipmentNumberResult.Parcel[0].esito).toBe(
      'Spedizione inesistente o precedentemente cancellata',
    );
  });

  it('refuses a wrong login on every operation', async () => {
    const wrong = { ...MI, PasswordClienteGls: 'Sandbox2' };
    const reason = 'Autenticazione non riuscita: sede, codice cliente o password errati';
    expect(await call('ListSped', wrong)).toEqual({ DescrizioneErrore: reason });
    expect(await call('ListSpedByStato', { ...wrong, Stato: '' })).toEqual({ DescrizioneErrore: reason });
    expect(await call('DeleteSped', { ...wrong, NumSpedizione: '800000001' })).toEqual({ DescrizioneErrore: reason });
    expect((await closeByNumber(wrong, '800000001')).CloseWorkDayByShipmentNumberResult).toEqual({ DescrizioneErrore: reason });
    expect(await call('CloseWorkDay', { XMLCloseInfoParcel: info(wrong, '') })).toEqual({ DescrizioneErrore: reason });
  });

  it('closes with CloseWorkDay and answers the manifest as a real PDF', async () => {
    const sandbox = await startGlsSandbox();
    try {
      const a = (await call('AddParcel', { XMLInfoParcel: info(MI, parcel({ RagioneSociale: 'Distinta A', ImportoContrassegno: '12,30', ModalitaIncasso: 'CONT' })) }, sandbox)).InfoLabel.Parcel[0];
      const b = (await call('AddParcel', { XMLInfoParcel: info(MI, parcel({ RagioneSociale: 'Distinta B' })) }, sandbox)).InfoLabel.Parcel[0];
      const result = await call(
        'CloseWorkDay',
        { XMLCloseInfoParcel: info(MI, `<CloseWorkDayResult>S</CloseWorkDayResult><Parcel><NumeroDiSpedizioneGLSDaConfermare>${a.NumeroSpedizione}</NumeroDiSpedizioneGLSDaConfermare></Parcel>`) },
        sandbox,
      );
      expect(result.CloseWorkDayResult.DescrizioneErrore).toBe('OK');
      expect(result.CloseWorkDayResult.Parcel).toEqual([{ NumeroDiSpedizioneGLSDaConfermare: a.NumeroSpedizione, esito: 'OK' }]);
      const manifest = await PDFDocument.load(Buffer.from(result.CloseWorkDayResult.DistintaPDF, 'base64'));
      expect(manifest.getPageCount()).toBe(1);
      expect(manifest.getTitle()).toMatch(/^Distinta GLS MI 123456 /);

      // Without listed parcels every open shipment closes; without S the answer is a bare OK.
      const plain = await post('CloseWorkDay', { XMLCloseInfoParcel: info(MI, '') }, sandbox);
      expect(unwrap(plain.text)).toBe('OK');
      const stillOpen = (await call('ListSpedByStato', { ...MI, Stato: '0' }, sandbox)).ListSped;
      expect(stillOpen.Parcel).toBeUndefined();
      expect(await deleteSped(MI, b.NumeroSpedizione, sandbox)).toBe(`Spedizione ${b.NumeroSpedizione} già chiusa: eliminazione non consentita.`);
    } finally {
      await sandbox.close();
    }
  });
});

describe('public tracking feed', () => {
  // The base clock stands still: only the control endpoint moves the sandbox's time, over HTTP.
  const base = new Date('2026-03-05T09:00:00Z');
  let sandbox: GlsSandbox;
  beforeEach(async () => {
    sandbox = await startGlsSandbox({ now: () => base, deliverAfterSeconds: 600 });
  });
  afterEach(async () => {
    await sandbox.close();
  });

  /** A parcel to `name` in Torino, closed at once: the query of its tracking. */
  const closed = async (name: string) => {
    const p = (await call('AddParcel', { XMLInfoParcel: info(MI, parcel({ RagioneSociale: name, Localita: 'Torino', Zipcode: '10121', Provincia: 'TO' })) }, sandbox)).InfoLabel.Parcel[0];
    expect((await call('CloseWorkDayByShipmentNumber', { _xmlRequest: closeXml(MI, [p.NumeroSpedizione]) }, sandbox)).CloseWorkDayByShipmentNumberResult.Parcel[0].esito).toBe('OK');
    return { locpartenza: 'MI', NumSped: p.NumeroSpedizione as string, CodCli: '1234' };
  };
  const spedizione = async (q: Record<string, string>) => (await track(q, sandbox)).doc.ELENCO.SPEDIZIONE as Node;
  const list = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(String);
  /** The codes newest first after moving the sandbox's clock `seconds` further (over HTTP). */
  const after = async (seconds: number, q: Record<string, string>) => {
    await glsSandboxControl(sandbox.url).advanceClock(seconds);
    return list((await spedizione(q)).TRACKING.Codice);
  };
  /** Nineteen days later, twice (within the 40 days GLS keeps a shipment): a path that ended stays as it ended. */
  const muchLater = async (q: Record<string, string>) => {
    await after(19 * 86_400, q);
    return (await after(19 * 86_400, q)).join(' ');
  };

  it('knows a shipment only after the close, then walks the normal path to the delivery after deliverAfterSeconds', async () => {
    const p = (await call('AddParcel', { XMLInfoParcel: info(MI, parcel({ RagioneSociale: 'Tracciato', Localita: 'Torino', Zipcode: '10121', Provincia: 'TO' })) }, sandbox)).InfoLabel.Parcel[0];
    const q = { locpartenza: 'MI', NumSped: p.NumeroSpedizione, CodCli: '1234' };
    expect((await track(q, sandbox)).doc).toEqual({ '?xml': expect.anything(), ELENCO: { ERRORE: { TESTOERRORE: 'Spedizione non trovata' } } });
    // Not even a day later: nothing reaches GLS before the close.
    await glsSandboxControl(sandbox.url).advanceClock(3600);
    expect((await track(q, sandbox)).doc.ELENCO.ERRORE).toBeDefined();

    expect((await call('CloseWorkDayByShipmentNumber', { _xmlRequest: closeXml(MI, [p.NumeroSpedizione]) }, sandbox)).CloseWorkDayByShipmentNumberResult.Parcel[0].esito).toBe('OK');
    const transit = await track(q, sandbox);
    expect(transit.type).toBe('text/xml; charset=ISO-8859-1');
    expect(transit.raw.toString('latin1')).toMatch(/^<\?xml version="1.0" encoding="ISO-8859-1"\?>/);
    expect(transit.doc.ELENCO.SPEDIZIONE).toMatchObject({ NumSped: p.NumeroSpedizione, StatoSpedizione: 'IN TRANSITO', NumeroColli: '1' });
    expect(transit.doc.ELENCO.SPEDIZIONE.TRACKING.Codice).toEqual(['902', '901']);
    expect(transit.doc.ELENCO.SPEDIZIONE.TRACKING.Data).toEqual(['05/03/26', '05/03/26']);
    expect(transit.doc.ELENCO.SPEDIZIONE.TRACKING.Ora).toEqual(['11:00', '11:00']);

    expect(await after(149, q)).toEqual(['902', '901']);
    expect(await after(1, q)).toEqual(['903', '902', '901']);
    expect(await after(150, q)).toEqual(['904', '903', '902', '901']);
    expect(await after(150, q)).toEqual(['905', '904', '903', '902', '901']);
    expect((await spedizione(q)).StatoSpedizione).toBe('IN CONSEGNA');
    expect(await after(149, q)).toEqual(['905', '904', '903', '902', '901']);
    expect(await after(1, q)).toEqual(['906', '905', '904', '903', '902', '901']);
    const delivered = await spedizione({ locpartenza: 'MI', numsped: p.NumeroSpedizione, CodCli: '1234' });
    expect(delivered).toMatchObject({ StatoSpedizione: 'CONSEGNATA.', DataConsegna: '05/03/26', OraConsegna: '11:10' });
    expect([list(delivered.TRACKING.Ora), list(delivered.TRACKING.Luogo), list(delivered.TRACKING.Stato)]).toEqual([
      ['11:10', '11:07', '11:05', '11:02', '11:00', '11:00'],
      ['TORINO', 'TORINO', 'TORINO', 'BOLOGNA HUB', 'MILANO', 'MILANO'],
      [
        'CONSEGNATA.',
        'IN CONSEGNA',
        'ARRIVATA NELLA SEDE GLS DI DESTINAZIONE',
        'IN TRANSITO PRESSO IL CENTRO DI SMISTAMENTO GLS',
        'SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.',
        'DATI SPEDIZIONE TRASMESSI A GLS',
      ],
    ]);
    expect(list(delivered.TRACKING.Note)[0]).toBe('Firmato da: Tracciato');
    expect(await muchLater(q)).toBe('906 905 904 903 902 901');

    // Wrong contract or sede: not found.
    expect((await track({ ...q, CodCli: '9999' }, sandbox)).doc.ELENCO.ERRORE).toBeDefined();
    expect((await track({ ...q, locpartenza: 'RM' }, sandbox)).doc.ELENCO.ERRORE).toBeDefined();
  });

  it('GIACENZA: out for delivery, recipient absent, then held at the destination branch, never delivered', async () => {
    const q = await closed('Giacenza Srl');
    expect(await after(450, q)).toEqual(['905', '904', '903', '902', '901']);
    expect(await after(150, q)).toEqual(['1', '905', '904', '903', '902', '901']);
    expect((await spedizione(q)).StatoSpedizione).toBe('NON CONSEGNATA');
    expect(await after(150, q)).toEqual(['68', '1', '905', '904', '903', '902', '901']);
    const held = await spedizione(q);
    expect(held).toMatchObject({ StatoSpedizione: 'IN GIACENZA', DataConsegna: '', OraConsegna: '' });
    expect(list(held.TRACKING.Stato).slice(0, 2)).toEqual(['IN GIACENZA PRESSO LA SEDE GLS: IN ATTESA DI ISTRUZIONI DAL MITTENTE.', 'NON CONSEGNATA: DESTINATARIO ASSENTE. AVVISO DI PASSAGGIO LASCIATO.']);
    expect(list(held.TRACKING.Luogo).slice(0, 2)).toEqual(['TORINO', 'TORINO']);
    expect(list(held.TRACKING.Ora)[0]).toBe('10:12');
    expect(await muchLater(q)).toBe('68 1 905 904 903 902 901');
  });

  it('SECONDO TENTATIVO: recipient absent at the first attempt, delivered at the second', async () => {
    const q = await closed('Bianchi SECONDO TENTATIVO');
    expect(await after(600, q)).toEqual(['1', '905', '904', '903', '902', '901']);
    expect(await after(450, q)).toEqual(['905', '1', '905', '904', '903', '902', '901']);
    expect((await spedizione(q)).TRACKING.Stato[0]).toBe('IN CONSEGNA (SECONDO TENTATIVO)');
    expect(await after(150, q)).toEqual(['906', '905', '1', '905', '904', '903', '902', '901']);
    expect(await spedizione(q)).toMatchObject({ StatoSpedizione: 'CONSEGNATA.', OraConsegna: '10:20' });
    expect(await muchLater(q)).toBe('906 905 1 905 904 903 902 901');
  });

  it('RESO: recipient absent, held, then returned to the sender, and nothing after', async () => {
    const q = await closed('Verdi RESO');
    expect(await after(750, q)).toEqual(['68', '1', '905', '904', '903', '902', '901']);
    expect(await after(450, q)).toEqual(['910', '68', '1', '905', '904', '903', '902', '901']);
    const back = await spedizione(q);
    expect(back).toMatchObject({ StatoSpedizione: 'RESO AL MITTENTE', DataConsegna: '' });
    expect([back.TRACKING.Stato[0], back.TRACKING.Luogo[0]]).toEqual(['RESO AL MITTENTE', 'MILANO']);
    expect(await muchLater(q)).toBe('910 68 1 905 904 903 902 901');
  });

  it('FERMO: departs and passes the hub, then no event ever again', async () => {
    const q = await closed('Fermo Logistica');
    expect(await after(150, q)).toEqual(['903', '902', '901']);
    expect(await muchLater(q)).toBe('903 902 901');
    expect((await spedizione(q)).StatoSpedizione).toBe('IN TRANSITO');
  });

  it('CONSEGNA IMMEDIATA walks any path at once; markers are words of the name', async () => {
    expect(list((await spedizione(await closed('Consegna Immediata Spa'))).TRACKING.Codice)).toEqual(['906', '905', '904', '903', '902', '901']);
    expect(list((await spedizione(await closed('Giacenza CONSEGNA IMMEDIATA'))).TRACKING.Codice)).toEqual(['68', '1', '905', '904', '903', '902', '901']);
    // 'Resort' holds no RESO, 'Fermoposta' no FERMO: the normal path.
    const resort = await closed('Hotel Resort Fermoposta');
    expect(await after(600, resort)).toEqual(['906', '905', '904', '903', '902', '901']);
  });
});

describe('the clock the tests control (/__sandbox/clock)', () => {
  it('answers the time, moves it forward by advanceSeconds on top of the now option, and refuses bad input with a 400', async () => {
    const base = new Date('2026-03-05T09:00:00Z');
    const sandbox = await startGlsSandbox({ now: () => base, latencyMs: 1_500 });
    try {
      const control = glsSandboxControl(sandbox.url);
      const started = performance.now();
      expect(await control.clock()).toEqual(base);
      expect(await control.advanceClock(86_400)).toEqual(new Date('2026-03-06T09:00:00Z'));
      expect(await control.clock()).toEqual(new Date('2026-03-06T09:00:00Z'));
      // Never delayed by latencyMs, never recorded as a call to GLS.
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(sandbox.requests()).toEqual([]);
      for (const body of [{ advanceSeconds: 'tanti' }, { advanceSeconds: 0 }, { advanceSeconds: 60 * 86_400 + 1 }, {}]) {
        const res = await fetch(`${sandbox.url}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect({ body, status: res.status, error: ((await res.json()) as { error: string }).error }).toEqual({ body, status: 400, error: expect.stringMatching(/^advanceSeconds deve essere un numero di secondi maggiore di 0/) });
      }
      await expect(control.advanceClock(Number.NaN)).rejects.toThrow(/^GLS sandbox POST \/clock: 400/);
      expect(await control.clock()).toEqual(new Date('2026-03-06T09:00:00Z'));
    } finally {
      await sandbox.close();
    }
  });

  it('runs everything on the moved clock: a shipment is dropped 40 days after its creation, as GLS does', async () => {
    const sandbox = await startGlsSandbox();
    try {
      const p = (await call('AddParcel', { XMLInfoParcel: info(MI, parcel({ RagioneSociale: 'Archivio' })) }, sandbox)).InfoLabel.Parcel[0];
      await call('CloseWorkDayByShipmentNumber', { _xmlRequest: closeXml(MI, [p.NumeroSpedizione]) }, sandbox);
      const q = { locpartenza: 'MI', NumSped: p.NumeroSpedizione, CodCli: '1234' };
      await glsSandboxControl(sandbox.url).advanceClock(39 * 86_400);
      expect((await track(q, sandbox)).doc.ELENCO.SPEDIZIONE.StatoSpedizione).toBe('CONSEGNATA.');
      await glsSandboxControl(sandbox.url).advanceClock(2 * 86_400);
      // The purge runs on the next AddParcel.
      await call('AddParcel', { XMLInfoParcel: info(MI, parcel({ RagioneSociale: 'Nuova' })) }, sandbox);
      expect((await track(q, sandbox)).doc.ELENCO.ERRORE).toBeDefined();
    } finally {
      await sandbox.close();
    }
  });
});

describe('options', () => {
  it('delays every answer by latencyMs', async () => {
    const slow = await startGlsSandbox({ latencyMs: 150 });
    try {
      const started = performance.now();
      await post('ListSped', MI, slow);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await slow.close();
    }
  });

  it('answers the bare XML document with responseForm bare, and records the requests without values', async () => {
    const bare = await startGlsSandbox({ responseForm: 'bare' });
    try {
      const res = await post('AddParcel', { XMLInfoParcel: info(MI, parcel()) }, bare);
      expect(res.text).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<InfoLabel><Parcel Result="Success">/);
      const deleted = await post('DeleteSped', { ...MI, NumSpedizione: '800000001' }, bare);
      expect(unwrap(deleted.text)).toBe('Eliminazione della spedizione 800000001 avvenuta.');
      expect(bare.requests()).toEqual([
        { method: 'POST', path: '/ilswebservice.asmx/AddParcel', fields: ['XMLInfoParcel'], query: {} },
        { method: 'POST', path: '/ilswebservice.asmx/DeleteSped', fields: ['SedeGls', 'CodiceClienteGls', 'PasswordClienteGls', 'NumSpedizione'], query: {} },
      ]);
      expect(JSON.stringify(bare.requests())).not.toContain('Sandbox1');
    } finally {
      await bare.close();
    }
  });
});
