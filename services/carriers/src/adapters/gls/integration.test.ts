import { inspect } from 'node:util';
import { glsMessages } from '@smista/contracts';
import { createLogger, DomainError, ProviderUnavailableError } from '@smista/service-kit';
import { glsSandboxControl, startGlsSandbox, type GlsSandbox } from '@smista/sandboxes';
import { PDFDocument } from 'pdf-lib';
import { CarrierError, type CarrierAdapter, type LabelRequest, type PartyAddress } from '../adapter';
import { createGlsAdapter, type GlsSettings } from './index';

/*
 * The GLS adapter end to end against the real sandbox (deploy/sandboxes/src/gls) on a free port:
 * labels read back as PDFs, the open/closed workday, every GLS failure form reaching the caller as
 * its Italian CarrierError, idempotent retries, and no password in any log line or error.
 */

/** The sandbox's default account, with a password full of characters XML and forms must escape. */
const PASSWORD = 'S&b<1>"x%';
const account = { sede: 'MI', codiceCliente: '123456', password: PASSWORD, contracts: ['1234'] };

let sandbox: GlsSandbox;
let settings: GlsSettings;
let logLines: string[];
const adapters: CarrierAdapter[] = [];

function adapterWith(overrides: Partial<GlsSettings> = {}): CarrierAdapter {
  const logger = createLogger('carriers-test', 'debug', { write: (line: string) => void logLines.push(line) });
  const adapter = createGlsAdapter({ ...settings, ...overrides }, { logger, http: { retries: { maxRetries: 1, baseDelayMs: 10, maxDelayMs: 20 } } });
  adapters.push(adapter);
  return adapter;
}

let seq = 1000;
/** A recipient of its own per test, so no two tests' parcels merge into one GLS shipment. */
function labelRequest(recipient: Partial<PartyAddress> = {}, rest: Partial<LabelRequest> = {}): LabelRequest {
  const n = ++seq;
  return {
    reference: `SHP-${n}`,
    sequence: n,
    recipient: { name: `Cliente ${n}`, addressLine1: `Via Roma ${n}`, city: 'Milano', postalCode: '20121', province: 'MI', countryCode: 'IT', phone: '+39 333 1234567', ...recipient },
    sender: { name: 'Negozio Srl', addressLine1: 'Via Torino 2', city: 'Milano', postalCode: '20123', province: 'MI', countryCode: 'IT' },
    parcels: [{ weightGrams: 2500 }],
    ...rest,
  };
}

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  sandbox = await startGlsSandbox({ port: 0, accounts: [account, { sede: 'TO', codiceCliente: '111111', password: 'NoPdf001', contracts: ['4321'], inlinePdf: false }] });
  settings = { baseUrl: sandbox.url, trackingUrl: sandbox.url, siglaSede: 'MI', codiceCliente: '123456', passwordCliente: PASSWORD, codiceContratto: '1234' };
});
beforeEach(() => {
  logLines = [];
});
afterAll(async () => {
  await Promise.all(adapters.map((a) => a.close()));
  await sandbox.close();
});

describe('issue 25: a UK parcel', () => {
  it('is accepted with its declaration (the sandbox refuses one without) and comes back with the commercial invoice after the label', async () => {
    const customs: LabelRequest['customs'] = {
      contentType: 'merce',
      invoiceNumber: 'FT-2026-12',
      currency: 'EUR',
      items: [{ description: 'Tazza in ceramica', quantity: 2, valueCents: 2500, weightGrams: 700, hsCode: '691200', originCountry: 'IT' }],
    };
    const label = await adapterWith().createLabel(labelRequest({ countryCode: 'GB', postalCode: 'SW1A 1AA', city: 'London', province: '' }, { customs }));
    const pdf = await PDFDocument.load(label.labelPdf);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getPage(1).getSize().width).toBeCloseTo(595.28, 1);
  });

  it('without its declaration GLS refuses it, as the customs desk would', async () => {
    const err = await failure(adapterWith().createLabel(labelRequest({ countryCode: 'GB', postalCode: 'SW1A 1AA', city: 'London', province: '' })));
    expect(err.message).toContain('dati doganali per spedizione extra UE mancanti o non validi: NumeroFattura');
  });
});

describe('credentials', () => {
  it('accepts the right account and refuses a wrong password with GLS reason in Italian', async () => {
    await expect(adapterWith().validateCredentials()).resolves.toBeUndefined();
    const refused = await failure(adapterWith({ passwordCliente: 'Sbagliata1' }).validateCredentials());
    expect(refused).toBeInstanceOf(CarrierError);
    expect(refused).toMatchObject({
      code: 'CREDENTIALS_REFUSED',
      message: 'GLS Italia ha rifiutato le credenziali: Autenticazione non riuscita: sede, codice cliente o password errati',
    });
  });

  it('refuses a malformed account before calling GLS', async () => {
    const before = sandbox.requests().length;
    expect(await failure(adapterWith({ siglaSede: 'MIL' }).validateCredentials())).toMatchObject({ code: 'CREDENTIALS_REFUSED', message: 'La sigla sede GLS è di 2 lettere (es. MI)' });
    expect(await failure(adapterWith({ passwordCliente: 'x'.repeat(11) }).createLabel(labelRequest()))).toMatchObject({ code: 'CREDENTIALS_REFUSED' });
    expect(sandbox.requests().length).toBe(before);
  });
});

describe('labels', () => {
  it('creates a label read back as a valid PDF, with sede + 9 digits as tracking number', async () => {
    const label = await adapterWith().createLabel(labelRequest());
    expect(label.carrierShipmentNumber).toMatch(/^\d{9}$/);
    expect(label.trackingNumber).toBe(`MI${label.carrierShipmentNumber}`);
    expect(label.warnings).toEqual([]);
    const pdf = await PDFDocument.load(label.labelPdf);
    expect(pdf.getPageCount()).toBe(1);
  });

  it('merges the labels of several packages into one PDF of one shipment', async () => {
    const label = await adapterWith().createLabel(labelRequest({}, { parcels: [{ weightGrams: 1000 }, { weightGrams: 2000 }, { weightGrams: 300 }], cashOnDeliveryCents: 123410 }));
    const pdf = await PDFDocument.load(label.labelPdf);
    expect(pdf.getPageCount()).toBe(3);
  });

  it('does not create a second shipment when AddParcel is retried with the same sequence', async () => {
    const adapter = adapterWith();
    const request = labelRequest();
    const first = await adapter.createLabel(request);
    const again = await adapter.createLabel(request);
    expect(again.carrierShipmentNumber).toBe(first.carrierShipmentNumber);
    expect(Buffer.from(again.labelPdf)).toEqual(Buffer.from(first.labelPdf));
    const list = await fetch(`${sandbox.url}/ilswebservice.asmx/ListSped`, {
      method: 'POST',
      body: new URLSearchParams({ SedeGls: 'MI', CodiceClienteGls: '123456', PasswordClienteGls: PASSWORD }),
    }).then((r) => r.text());
    const rows = list.split('&lt;Parcel&gt;').filter((row) => row.includes(`&lt;NumSpedizione&gt;${first.carrierShipmentNumber}&lt;`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('&lt;TotaleColli&gt;1&lt;');
  });

  it('warns for a GLS Check and still answers the label', async () => {
    const label = await adapterWith().createLabel(labelRequest({ addressLine1: 'Via Sconosciuta 7', city: 'Roma', postalCode: '00184', province: 'RM' }));
    expect(label.carrierShipmentNumber).toMatch(/^\d{9}$/);
    expect(label.warnings).toEqual([glsMessages.glsCheckWarning('Indirizzo non presente nello stradario GLS di ROMA')]);
    await PDFDocument.load(label.labelPdf);
  });

  it('reads the bare XML form too', async () => {
    const bare = await startGlsSandbox({ responseForm: 'bare', accounts: [account] });
    try {
      const adapter = adapterWith({ baseUrl: bare.url, trackingUrl: bare.url });
      const label = await adapter.createLabel(labelRequest());
      await PDFDocument.load(label.labelPdf);
      expect(await adapter.closeWorkday([label.carrierShipmentNumber])).toMatchObject({ outcomes: [{ ok: true, message: 'OK' }] });
    } finally {
      await bare.close();
    }
  });
});

describe('each GLS failure form reaches the caller as its Italian CarrierError', () => {
  it.each([
    ['"Dati non accettabili" (CAP 00000)', labelRequest({ postalCode: '00000' }), 'LABEL_REFUSED', 'GLS Italia ha rifiutato la spedizione: CAP non valido'],
    ['NumeroSpedizione 999999999', labelRequest({ name: 'Prova 999999999' }), 'LABEL_REFUSED', 'GLS Italia non ha assegnato un numero di spedizione: controlla i dati del destinatario'],
    [
      'DescrizioneSedeDestino ERRORE (CAP 99999)',
      labelRequest({ postalCode: '99999' }),
      'LABEL_REFUSED',
      'GLS Italia non trova una sede di destinazione per questo indirizzo: Sede di destinazione non determinabile per il CAP 99999',
    ],
  ])('%s', async (_form, request, code, message) => {
    const error = await failure(adapterWith().createLabel(request));
    expect(error).toBeInstanceOf(CarrierError);
    expect({ code: error.code, message: error.message }).toEqual({ code, message });
  });

  it('DescrizioneErrore for a wrong login: CREDENTIALS_REFUSED on every operation', async () => {
    const wrong = adapterWith({ passwordCliente: 'Sbagliata1' });
    const message = 'GLS Italia ha rifiutato le credenziali: Autenticazione non riuscita: sede, codice cliente o password errati';
    for (const attempt of [wrong.createLabel(labelRequest()), wrong.cancelShipment({ carrierShipmentNumber: '800000001', trackingNumber: '' }), wrong.closeWorkday(['800000001'])]) {
      expect(await failure(attempt)).toMatchObject({ code: 'CREDENTIALS_REFUSED', message });
    }
  });

  it('DescrizioneErrore for a feature not enabled: LABEL_REFUSED with GLS words', async () => {
    const noPdf = adapterWith({ siglaSede: 'TO', codiceCliente: '111111', passwordCliente: 'NoPdf001', codiceContratto: '4321' });
    expect(await failure(noPdf.createLabel(labelRequest()))).toMatchObject({
      code: 'LABEL_REFUSED',
      message: 'GLS Italia ha rifiutato la spedizione: Funzionalità non abilitata: etichetta PDF in linea (GeneraPdf=4) non attiva per il cliente 111111',
    });
  });

  it('a field over the GLS limits is refused before sending, naming the field in Italian', async () => {
    const before = sandbox.requests().length;
    expect(await failure(adapterWith().createLabel(labelRequest({ name: 'N'.repeat(36) })))).toMatchObject({
      code: 'LABEL_REFUSED',
      message: 'GLS Italia ha rifiutato la spedizione: Nome del destinatario supera il limite di 35 caratteri (ne ha 36)',
    });
    expect(await failure(adapterWith().createLabel(labelRequest({ postalCode: '2012' })))).toMatchObject({
      code: 'LABEL_REFUSED',
      message: `GLS Italia ha rifiutato la spedizione: CAP non valido: "2012" (per l'Italia servono 5 cifre, es. 20121)`,
    });
    expect(sandbox.requests().length).toBe(before);
  });

  it('an unreachable GLS is PROVIDER_UNAVAILABLE', async () => {
    const down = await startGlsSandbox();
    const url = down.url;
    await down.close();
    const error = await failure(adapterWith({ baseUrl: url, trackingUrl: url }).validateCredentials());
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toBe('GLS Italia non risponde in questo momento. Riprova più tardi.');
  });
});

describe('cancel and workday close', () => {
  it('deletes a shipment before the close; a second delete is SHIPMENT_UNKNOWN', async () => {
    const adapter = adapterWith();
    const label = await adapter.createLabel(labelRequest());
    expect(await adapter.cancelShipment(label)).toEqual({ message: `Eliminazione della spedizione ${label.carrierShipmentNumber} avvenuta.`, cancelledAtCarrier: true });
    expect(await failure(adapter.cancelShipment(label))).toMatchObject({
      code: 'SHIPMENT_UNKNOWN',
      message: `GLS Italia non conosce la spedizione ${label.carrierShipmentNumber} (già annullata o mai creata)`,
    });
    // Cancelled: the close knows it no more.
    expect((await adapter.closeWorkday([label.carrierShipmentNumber])).outcomes).toEqual([
      { carrierShipmentNumber: label.carrierShipmentNumber, ok: false, message: 'Spedizione inesistente o precedentemente cancellata' },
    ]);
  });

  it('closes the day with a manifest PDF, and a closed shipment refuses deletion', async () => {
    const adapter = adapterWith();
    const a = await adapter.createLabel(labelRequest());
    const b = await adapter.createLabel(labelRequest());
    const result = await adapter.closeWorkday([a.carrierShipmentNumber, b.carrierShipmentNumber, '123456789', 'abc']);
    expect(result.outcomes).toEqual([
      { carrierShipmentNumber: a.carrierShipmentNumber, ok: true, message: 'OK' },
      { carrierShipmentNumber: b.carrierShipmentNumber, ok: true, message: 'OK' },
      { carrierShipmentNumber: '123456789', ok: false, message: 'Spedizione inesistente o precedentemente cancellata' },
      { carrierShipmentNumber: 'abc', ok: false, message: glsMessages.closeNumberInvalid },
    ]);
    const manifest = await PDFDocument.load(result.manifestPdf!);
    expect(manifest.getPageCount()).toBe(1);

    const refused = await failure(adapter.cancelShipment(a));
    expect(refused).toMatchObject({
      code: 'CANCEL_REFUSED',
      message: `GLS Italia non permette di annullare la spedizione: Spedizione ${a.carrierShipmentNumber} già chiusa: eliminazione non consentita.`,
    });
  });

  it('answers no manifest when nothing was confirmed', async () => {
    const result = await adapterWith().closeWorkday(['999888777']);
    expect(result).toEqual({ outcomes: [{ carrierShipmentNumber: '999888777', ok: false, message: 'Spedizione inesistente o precedentemente cancellata' }] });
  });
});

describe('tracking', () => {
  it('is not available before the close, in transit after it', async () => {
    const adapter = adapterWith();
    const label = await adapter.createLabel(labelRequest());
    expect(await failure(adapter.track(label))).toMatchObject({ code: 'SHIPMENT_UNKNOWN', message: glsMessages.trackingNotYetAvailable(label.trackingNumber) });
    await adapter.closeWorkday([label.carrierShipmentNumber]);
    const tracked = await adapter.track(label);
    expect(tracked.delivered).toBe(false);
    expect(tracked.events.map((e) => [e.status, e.description, e.location])).toEqual([
      ['info', 'DATI SPEDIZIONE TRASMESSI A GLS', 'MILANO'],
      ['in_transit', 'SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.', 'MILANO'],
    ]);
    expect(Math.abs(Date.parse(tracked.events[0]!.at) - Date.now())).toBeLessThan(120_000);
  });

  it('is delivered at once for CONSEGNA IMMEDIATA, held for GIACENZA CONSEGNA IMMEDIATA', async () => {
    const adapter = adapterWith();
    const quick = await adapter.createLabel(labelRequest({ name: 'Consegna Immediata Srl', city: 'Forlì', postalCode: '47121', province: 'FC' }));
    const held = await adapter.createLabel(labelRequest({ name: 'Giacenza Spa CONSEGNA IMMEDIATA' }));
    await adapter.closeWorkday([quick.carrierShipmentNumber, held.carrierShipmentNumber]);
    const delivered = await adapter.track({ trackingNumber: quick.trackingNumber, carrierShipmentNumber: '' });
    expect(delivered.delivered).toBe(true);
    expect(delivered.events.map((e) => [e.code, e.status])).toEqual([
      ['901', 'info'],
      ['902', 'in_transit'],
      ['903', 'in_transit'],
      ['904', 'in_transit'],
      ['905', 'out_for_delivery'],
      ['906', 'delivered'],
    ]);
    expect(delivered.events.at(-1)).toMatchObject({ description: 'CONSEGNATA. (Firmato da: Consegna Immediata Srl)', location: 'FORLÌ' });
    const stuck = await adapter.track(held);
    expect(stuck.delivered).toBe(false);
    expect(stuck.events.at(-1)).toMatchObject({ status: 'held', code: '68', description: 'IN GIACENZA PRESSO LA SEDE GLS: IN ATTESA DI ISTRUZIONI DAL MITTENTE. (Destinatario assente)' });
  });
});

/*
 * Issue 26: the adapter reading every path of the sandbox (its README, "Tracking") while the test
 * moves the sandbox's clock over HTTP, each GLS code mapped to Smista's status. A sandbox of its own:
 * moving the clock of the file's sandbox would age the other tests' parcels.
 */
describe('tracking paths on the sandbox clock (issue 26)', () => {
  let timed: GlsSandbox;
  let adapter: CarrierAdapter;
  beforeAll(async () => {
    timed = await startGlsSandbox({ port: 0, accounts: [account], now: () => new Date('2026-03-05T09:00:00Z'), deliverAfterSeconds: 600 });
    adapter = adapterWith({ baseUrl: timed.url, trackingUrl: timed.url });
  });
  afterAll(() => timed.close());

  /** A label to `name`, closed: the shipment to track. */
  const shipped = async (name: string) => {
    const label = await adapter.createLabel(labelRequest({ name, city: 'Torino', postalCode: '10121', province: 'TO' }));
    expect((await adapter.closeWorkday([label.carrierShipmentNumber])).outcomes[0]!.ok).toBe(true);
    return label;
  };
  /** `code status` of each event, oldest first, and whether the adapter says delivered. */
  const read = async (label: { trackingNumber: string; carrierShipmentNumber: string }) => {
    const { events, delivered } = await adapter.track(label);
    return { path: events.map((e) => `${e.code} ${e.status}`), delivered };
  };
  const advance = (seconds: number) => glsSandboxControl(timed.url).advanceClock(seconds);
  const DEPARTED = ['901 info', '902 in_transit'];
  const ON_THE_WAY = [...DEPARTED, '903 in_transit', '904 in_transit', '905 out_for_delivery'];

  it('walks the normal path and the four marked ones, each status as Smista names it, the ends final', async () => {
    const normal = await shipped('Mario Rossi');
    const held = await shipped('Anna GIACENZA');
    const twice = await shipped('Luca Secondo Tentativo');
    const back = await shipped('Marta Reso');
    const stalled = await shipped('Fermo Bianchi');
    const all = () => Promise.all([normal, held, twice, back, stalled].map(read));

    expect(await all()).toEqual(Array(5).fill({ path: DEPARTED, delivered: false }));
    await advance(450);
    const [n1, h1, t1, b1, s1] = await all();
    expect([n1, h1, t1, b1]).toEqual(Array(4).fill({ path: ON_THE_WAY, delivered: false }));
    expect(s1).toEqual({ path: [...DEPARTED, '903 in_transit'], delivered: false });

    await advance(150);
    const [n2, h2, t2, b2] = await all();
    expect(n2).toEqual({ path: [...ON_THE_WAY, '906 delivered'], delivered: true });
    for (const failed of [h2, t2, b2]) expect(failed).toEqual({ path: [...ON_THE_WAY, '1 exception'], delivered: false });

    await advance(150);
    const [, h3, , b3] = await all();
    for (const stored of [h3, b3]) expect(stored).toEqual({ path: [...ON_THE_WAY, '1 exception', '68 held'], delivered: false });

    await advance(450);
    const [n4, h4, t4, b4, s4] = await all();
    expect(t4).toEqual({ path: [...ON_THE_WAY, '1 exception', '905 out_for_delivery', '906 delivered'], delivered: true });
    expect(b4).toEqual({ path: [...ON_THE_WAY, '1 exception', '68 held', '910 returned'], delivered: false });
    expect((await adapter.track(back)).events.at(-1)).toMatchObject({ description: 'RESO AL MITTENTE (Giacenza non svincolata)', location: 'MILANO' });

    // Weeks later (within GLS's 40 days) nothing has moved: held is never delivered, returned and delivered are final, FERMO stays still.
    await advance(20 * 86_400);
    expect(await all()).toEqual([n4, h4, t4, b4, s4]);
    expect(h4).toEqual({ path: [...ON_THE_WAY, '1 exception', '68 held'], delivered: false });
    expect(s4).toEqual({ path: [...DEPARTED, '903 in_transit'], delivered: false });
  });
});

describe('the password never surfaces', () => {
  it('appears in no log line and no error, whatever the outcome', async () => {
    const errors: unknown[] = [];
    const keep = (p: Promise<unknown>) => p.catch((err: unknown) => void errors.push(err));
    const good = adapterWith();
    const label = await good.createLabel(labelRequest());
    await good.validateCredentials();
    await keep(good.createLabel(labelRequest({ postalCode: '00000' })));
    await keep(good.createLabel(labelRequest({ name: 'x'.repeat(40) })));
    await good.closeWorkday([label.carrierShipmentNumber]);
    await keep(good.cancelShipment(label));
    await good.track(label);
    await keep(adapterWith({ passwordCliente: 'Sbagliata1' }).createLabel(labelRequest()));
    const down = await startGlsSandbox();
    await down.close();
    await keep(adapterWith({ baseUrl: down.url }).createLabel(labelRequest()));

    expect(errors).toHaveLength(5);
    expect(logLines.length).toBeGreaterThan(5);
    const everything = [...logLines, ...errors.map((e) => `${inspect(e, { depth: 5 })} ${JSON.stringify(e)} ${(e as Error).message} ${(e as CarrierError).detail ?? ''}`)].join('\n');
    // Every spelling it could take: as is, in JSON (a log line), URL- and form-encoded, XML-escaped; and a fragment of it.
    const spellings = [PASSWORD, JSON.stringify(PASSWORD).slice(1, -1), encodeURIComponent(PASSWORD), new URLSearchParams({ p: PASSWORD }).toString().slice(2), 'S&amp;b&lt;1&gt;', 'S&b<1>', 'Sbagliata1'];
    for (const spelling of spellings) expect(everything).not.toContain(spelling);
  });
});
