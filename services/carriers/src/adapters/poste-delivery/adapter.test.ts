import { carrierMessages, posteMessages } from '@smista/contracts';
import { posteDeliverySandboxControl, startPosteDeliverySandbox, type PosteDeliverySandbox } from '@smista/sandboxes';
import { createLogger, DomainError, NotSupportedError, ProviderUnavailableError } from '@smista/service-kit';
import { PDFDocument } from 'pdf-lib';
import type { CarrierAdapter, CarrierError, LabelRequest, PartyAddress } from '../adapter';
import { createPosteDeliveryAdapter, SessionTokenCache, sharedSessionTokens, type PosteDeliveryDeps, type PosteDeliverySettings } from './index';

/*
 * The adapter as the carriers service uses it, against the real sandbox on a free port: the URLs
 * and headers it hits, what it makes of good and bad answers, and how it keeps the session token.
 */

const lines: string[] = [];
const logger = createLogger('carriers-test', 'debug', { write: (line: string) => void lines.push(line) });

const sender: PartyAddress = { name: 'Bottega Verdi Srl', addressLine1: 'Via Roma 10', city: 'Milano', postalCode: '20121', province: 'MI', countryCode: 'IT' };
const recipient: PartyAddress = {
  name: 'Mario Rossi',
  addressLine1: 'Via Garibaldi 5',
  city: 'Torino',
  postalCode: '10121',
  province: 'TO',
  countryCode: 'IT',
  phone: '+39 333 1234567',
  email: 'mario.rossi@example.it',
};
let nextRef = 0;
const label = (patch: Partial<LabelRequest> = {}): LabelRequest => ({
  reference: `SHP-${++nextRef}`,
  sequence: nextRef,
  recipient,
  sender,
  parcels: [{ weightGrams: 2500 }],
  ...patch,
});

let poste: PosteDeliverySandbox;
const open: CarrierAdapter[] = [];

beforeAll(async () => {
  poste = await startPosteDeliverySandbox({ port: 0 });
});
afterAll(async () => {
  await Promise.all(open.map((a) => a.close()));
  await poste.close();
});

function adapterFor(patch: Partial<PosteDeliverySettings> = {}, deps: Partial<PosteDeliveryDeps> = {}, sandbox = poste): CarrierAdapter {
  const adapter = createPosteDeliveryAdapter(
    { baseUrl: sandbox.url, clientId: 'smista-sandbox', secret: 'PosteSandbox1', costCenterCode: 'CDC-000001', product: 'APT000902', scope: '', ...patch },
    { logger, sessions: new SessionTokenCache(), http: { retries: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 } }, ...deps },
  );
  open.push(adapter);
  return adapter;
}

async function failure(promise: Promise<unknown>): Promise<CarrierError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as CarrierError;
  }
  throw new Error('expected a failure');
}

/** The requests the sandbox received since `from`, as method and path. */
const hits = (from: number, sandbox = poste) =>
  sandbox
    .requests()
    .slice(from)
    .map((r) => `${r.method} ${r.path.startsWith('/label/') ? '/label/…' : r.path}`);

describe('validateCredentials', () => {
  it('asks Poste for a session with the client credentials', async () => {
    const from = poste.requests().length;
    await adapterFor().validateCredentials();
    expect(hits(from)).toEqual(['POST /user/sessions']);
    expect(poste.requests().at(-1)).toMatchObject({ fields: ['clientId', 'secretId', 'scope', 'grantType'], clientIdHeader: 'smista-sandbox' });
  });

  it("answers CREDENTIALS_REFUSED with Poste's reason for a wrong secret or a disabled client", async () => {
    const wrong = await failure(adapterFor({ secret: 'Sbagliata1' }).validateCredentials());
    expect([wrong.code, wrong.message]).toEqual(['CREDENTIALS_REFUSED', posteMessages.credentialsRefused('Client ID o secret non validi')]);
    const disabled = await failure(adapterFor({ clientId: 'smista-disabled', secret: 'PosteDisabled1' }).validateCredentials());
    expect(disabled.message).toBe(posteMessages.credentialsRefused('Client disabilitato: contatta Poste Italiane'));
  });

  it('refuses incomplete settings without calling Poste', async () => {
    const from = poste.requests().length;
    const err = await failure(adapterFor({ costCenterCode: ' ' }).validateCredentials());
    expect([err.code, err.message]).toEqual(['CREDENTIALS_REFUSED', carrierMessages.posteCostCenterRequired]);
    expect(hits(from)).toEqual([]);
  });

  it('answers PROVIDER_UNAVAILABLE when Poste does not answer', async () => {
    const gone = await startPosteDeliverySandbox();
    const url = gone.url;
    await gone.close();
    const err = await failure(adapterFor({ baseUrl: url }).validateCredentials());
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect(err.message).toBe('Poste Delivery Business non risponde in questo momento. Riprova più tardi.');
  });
});

describe('createLabel', () => {
  it('creates the waybill with a bearer token and fetches its PDF label from downloadURL', async () => {
    const from = poste.requests().length;
    const result = await adapterFor().createLabel(label({ parcels: [{ weightGrams: 1200 }, { weightGrams: 800, heightCm: 10, lengthCm: 20, widthCm: 15 }] }));
    expect(hits(from)).toEqual(['POST /user/sessions', 'POST /postalandlogistics/parcel/waybill', 'GET /label/…']);
    const waybillCall = poste.requests()[from + 1]!;
    expect(waybillCall).toMatchObject({ authorization: 'bearer', clientIdHeader: 'smista-sandbox', fields: ['costCenterCode', 'paperless', 'shipmentDate', 'waybills'] });
    expect(poste.requests()[from + 2]!.authorization).toBe('none');
    expect(result.trackingNumber).toMatch(/^3UW\d{10}$/);
    expect(result.carrierShipmentNumber).toBe(result.trackingNumber);
    expect(result.warnings).toEqual([]);
    const pdf = await PDFDocument.load(result.labelPdf);
    expect(pdf.getTitle()).toBe(`Poste Delivery Business ${result.trackingNumber}`);
    expect(pdf.getPageCount()).toBe(2);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([283, 312]);
  });

  it('answers the same waybill when the same shipment is labelled again', async () => {
    const adapter = adapterFor();
    const request = label();
    const first = await adapter.createLabel(request);
    const again = await adapter.createLabel(request);
    expect(again.trackingNumber).toBe(first.trackingNumber);
  });

  it.each<[string, Partial<LabelRequest>, Partial<PosteDeliverySettings>, string, string]>([
    ['CAP 00000', { recipient: { ...recipient, postalCode: '00000' } }, {}, 'LABEL_REFUSED', posteMessages.labelRefused('CAP 00000 inesistente')],
    ['a cost centre not of the client', {}, { costCenterCode: 'CDC-000002' }, 'LABEL_REFUSED', posteMessages.labelRefused('Centro di costo CDC-000002 non associato al client smista-sandbox')],
    ['a receiver SENZA ETICHETTA (no downloadURL)', { recipient: { ...recipient, name: 'Senza Etichetta' } }, {}, 'BAD_RESPONSE', posteMessages.labelMissing],
  ])("answers Poste's refusal of %s as a readable error", async (_name, patch, settings, code, message) => {
    const err = await failure(adapterFor(settings).createLabel(label(patch)));
    expect([err.code, err.message]).toEqual([code, message]);
  });

  it('answers a product the contract lacks as LABEL_REFUSED quoting Poste', async () => {
    const fr: PartyAddress = { ...recipient, city: 'Paris', postalCode: '75001', province: '', countryCode: 'FR' };
    const adapter = adapterFor({ clientId: 'smista-sandbox-2', secret: 'PosteSandbox2', costCenterCode: 'CDC-000002', product: 'APT000903' });
    const err = await failure(adapter.createLabel(label({ recipient: fr, contentDescription: 'Libri' })));
    expect(err.message).toBe(posteMessages.labelRefused('Prodotto APT000903 non abilitato per il contratto'));
  });

  it('answers PROVIDER_UNAVAILABLE when Poste keeps failing with HTTP 500', async () => {
    const err = await failure(adapterFor().createLabel(label({ recipient: { ...recipient, name: 'Errore 500' } })));
    expect(err).toBeInstanceOf(ProviderUnavailableError);
  });

  it('refuses what Poste would refuse before calling it', async () => {
    const adapter = adapterFor();
    await adapter.validateCredentials();
    const from = poste.requests().length;
    const err = await failure(adapter.createLabel(label({ recipient: { ...recipient, name: 'N'.repeat(40) } })));
    expect(err.message).toBe(posteMessages.labelRefused(posteMessages.fieldTooLong('Nome del destinatario', 40, 35)));
    expect(hits(from)).toEqual([]);
  });
});

describe('track', () => {
  it('asks the tracking call for the waybill number and reads the delivery', async () => {
    const adapter = adapterFor();
    const { trackingNumber, carrierShipmentNumber } = await adapter.createLabel(label({ recipient: { ...recipient, name: 'Consegna Immediata' } }));
    const from = poste.requests().length;
    const result = await adapter.track({ trackingNumber, carrierShipmentNumber });
    expect(hits(from)).toEqual(['GET /postalandlogistics/parcel/tracking']);
    expect(poste.requests().at(-1)!.query).toEqual({ waybillNumber: trackingNumber, statusDescription: 'E', customerType: 'DQ', lastTracingState: 'N' });
    expect(result.delivered).toBe(true);
    expect(result.events.map((e) => [e.code, e.status])).toEqual([
      ['PRE', 'info'],
      ['ACC', 'in_transit'],
      ['PCP', 'in_transit'],
      ['ARR', 'in_transit'],
      ['INC', 'out_for_delivery'],
      ['CON', 'delivered'],
    ]);
    expect(result.events[0]).toMatchObject({ description: 'I dati della spedizione sono stati trasmessi a Poste Italiane', location: 'MILANO (MI)' });
  });

  it('reads an answer inside `return` the same way', async () => {
    const wrapped = await startPosteDeliverySandbox({ trackingEnvelope: 'return' });
    try {
      const adapter = adapterFor({ baseUrl: wrapped.url });
      const { trackingNumber, carrierShipmentNumber } = await adapter.createLabel(label());
      const result = await adapter.track({ trackingNumber, carrierShipmentNumber });
      expect(result).toEqual({ delivered: false, events: [expect.objectContaining({ status: 'info', code: 'PRE', location: 'MILANO (MI)' })] });
    } finally {
      await wrapped.close();
    }
  });

  it('answers SHIPMENT_UNKNOWN for a number Poste does not know', async () => {
    const err = await failure(adapterFor().track({ trackingNumber: '3UW9999999999', carrierShipmentNumber: '3UW9999999999' }));
    expect([err.code, err.message]).toEqual(['SHIPMENT_UNKNOWN', posteMessages.shipmentUnknown('3UW9999999999')]);
  });
});

/*
 * Issue 26: the adapter reading every path of the sandbox (its README, "Tracking") while the test
 * moves the sandbox's clock over HTTP, each Poste code mapped to Smista's status. A sandbox of its
 * own, whose clock no other test reads.
 */
describe('tracking paths on the sandbox clock (issue 26)', () => {
  let timed: PosteDeliverySandbox;
  let adapter: CarrierAdapter;
  beforeAll(async () => {
    timed = await startPosteDeliverySandbox({ now: () => new Date('2026-03-05T09:00:00Z'), deliverAfterSeconds: 400 });
    adapter = adapterFor({ baseUrl: timed.url });
  });
  afterAll(() => timed.close());

  const shipped = (name: string) => adapter.createLabel(label({ recipient: { ...recipient, name } }));
  /** `code status` of each event, oldest first, and whether the adapter says delivered. */
  const read = async (l: { trackingNumber: string; carrierShipmentNumber: string }) => {
    const { events, delivered } = await adapter.track(l);
    return { path: events.map((e) => `${e.code} ${e.status}`), delivered };
  };
  const advance = (seconds: number) => posteDeliverySandboxControl(timed.url).advanceClock(seconds);
  const ON_THE_WAY = ['PRE info', 'ACC in_transit', 'PCP in_transit', 'ARR in_transit', 'INC out_for_delivery'];

  it('walks the normal path and the four marked ones, each status as Smista names it, the ends final', async () => {
    const labels = await Promise.all(['Mario Rossi', 'Anna Giacenza', 'Luca SECONDO TENTATIVO', 'Marta Reso', 'Fermo Bianchi'].map(shipped));
    const [, held, , back, stalled] = labels;
    const all = () => Promise.all(labels.map(read));

    expect(await all()).toEqual(Array(5).fill({ path: ['PRE info'], delivered: false }));
    await advance(300);
    const [n1, h1, t1, b1, s1] = await all();
    expect([n1, h1, t1, b1]).toEqual(Array(4).fill({ path: ON_THE_WAY, delivered: false }));
    expect(s1).toEqual({ path: ['PRE info', 'ACC in_transit', 'PCP in_transit'], delivered: false });

    await advance(100);
    const [n2, h2, t2, b2] = await all();
    expect(n2).toEqual({ path: [...ON_THE_WAY, 'CON delivered'], delivered: true });
    for (const failed of [h2, t2, b2]) expect(failed).toEqual({ path: [...ON_THE_WAY, 'MCO exception'], delivered: false });

    await advance(100);
    const [, h3, , b3] = await all();
    for (const stored of [h3, b3]) expect(stored).toEqual({ path: [...ON_THE_WAY, 'MCO exception', 'GIA held'], delivered: false });

    await advance(300);
    const [, , t4, b4] = await all();
    expect(t4).toEqual({ path: [...ON_THE_WAY, 'MCO exception', 'INC out_for_delivery', 'CON delivered'], delivered: true });
    expect(b4).toEqual({ path: [...ON_THE_WAY, 'MCO exception', 'GIA held', 'RES returned'], delivered: false });
    expect((await adapter.track(back!)).events.at(-1)).toMatchObject({ description: 'La spedizione è stata restituita al mittente', location: 'MILANO (MI)' });

    // Two months later (the session token long expired on the moved clock: the adapter asks a new one)
    // nothing has moved: held is never delivered, returned and delivered are final, FERMO stays still.
    const before = await all();
    await advance(30 * 86_400);
    await advance(30 * 86_400);
    expect(await all()).toEqual(before);
    expect(await read(held!)).toEqual({ path: [...ON_THE_WAY, 'MCO exception', 'GIA held'], delivered: false });
    expect(await read(stalled!)).toEqual({ path: ['PRE info', 'ACC in_transit', 'PCP in_transit'], delivered: false });
  });
});

describe('cancelShipment: Poste offers no cancellation, so a void in Smista only after asking the tracking', () => {
  it('asks the tracking of the waybill and answers a Smista-only void while Poste does not have the parcel', async () => {
    const adapter = adapterFor();
    const { trackingNumber, carrierShipmentNumber } = await adapter.createLabel(label());
    const from = poste.requests().length;
    const result = await adapter.cancelShipment({ trackingNumber, carrierShipmentNumber });
    expect(result).toEqual({ message: posteMessages.voidChecked(trackingNumber), cancelledAtCarrier: false });
    expect(hits(from)).toEqual(['GET /postalandlogistics/parcel/tracking']);
    expect(poste.requests().at(-1)!.query).toEqual({ waybillNumber: trackingNumber, statusDescription: 'E', customerType: 'DQ', lastTracingState: 'N' });
  });

  it('refuses with CANCEL_REFUSED naming the last event once the parcel travels', async () => {
    let clock = Date.parse('2026-03-05T09:00:00Z');
    const timed = await startPosteDeliverySandbox({ now: () => new Date(clock), deliverAfterSeconds: 400 });
    try {
      const adapter = adapterFor({ baseUrl: timed.url });
      const { trackingNumber, carrierShipmentNumber } = await adapter.createLabel(label());
      clock += 101_000; // past a quarter of the delivery: in transit at the hub
      const err = await failure(adapter.cancelShipment({ trackingNumber, carrierShipmentNumber }));
      expect(err.code).toBe('CANCEL_REFUSED');
      expect(err.message).toBe(posteMessages.voidRefused(trackingNumber, 'In transito presso il Centro Operativo Postale, Centro Operativo Postale Bologna (BO)'));
    } finally {
      await timed.close();
    }
  });

  it('takes the voidable codes from the settings ([open]: configuration)', async () => {
    const adapter = adapterFor({ voidableStatuses: [] });
    const { trackingNumber, carrierShipmentNumber } = await adapter.createLabel(label());
    const err = await failure(adapter.cancelShipment({ trackingNumber, carrierShipmentNumber }));
    expect([err.code, err.message]).toEqual(['CANCEL_REFUSED', posteMessages.voidRefused(trackingNumber, 'I dati della spedizione sono stati trasmessi a Poste Italiane, MILANO (MI)')]);
  });

  it('voids a waybill Poste does not know: nothing of it travels', async () => {
    const result = await adapterFor().cancelShipment({ trackingNumber: '3UW9999999999', carrierShipmentNumber: '3UW9999999999' });
    expect(result.cancelledAtCarrier).toBe(false);
  });

  it('has no workday close: the kit NotSupportedError, calling nothing', async () => {
    const adapter = adapterFor();
    const from = poste.requests().length;
    const close = await failure(adapter.closeWorkday(['3UW1']));
    expect(close).toBeInstanceOf(NotSupportedError);
    expect(close.message).toBe('Operazione non supportata da Poste Delivery Business: chiusura giornata');
    expect(hits(from)).toEqual([]);
  });
});

describe('the session token', () => {
  const sessionsSince = (from: number, sandbox = poste) => hits(from, sandbox).filter((h) => h === 'POST /user/sessions').length;

  it('is fetched once for several calls, also across adapters of the same account and concurrent calls', async () => {
    const sessions = new SessionTokenCache();
    const from = poste.requests().length;
    const a = adapterFor({}, { sessions });
    await Promise.all([a.createLabel(label()), a.createLabel(label()), a.createLabel(label())]);
    const b = adapterFor({}, { sessions });
    const { trackingNumber, carrierShipmentNumber } = await b.createLabel(label());
    await b.track({ trackingNumber, carrierShipmentNumber });
    expect(sessionsSince(from)).toBe(1);
    // Another secret is another account for the cache, even with the same client id.
    await failure(adapterFor({ secret: 'Sbagliata1' }, { sessions }).createLabel(label()));
    expect(sessionsSince(from)).toBe(2);
  });

  it('is shared by default between adapters built separately', async () => {
    const from = poste.requests().length;
    sharedSessionTokens.clear();
    const first = createPosteDeliveryAdapter(
      { baseUrl: poste.url, clientId: 'smista-sandbox', secret: 'PosteSandbox1', costCenterCode: 'CDC-000001', product: 'APT000902', scope: '' },
      { logger },
    );
    const second = createPosteDeliveryAdapter(
      { baseUrl: poste.url, clientId: 'smista-sandbox', secret: 'PosteSandbox1', costCenterCode: 'CDC-000001', product: 'APT000902', scope: '' },
      { logger },
    );
    open.push(first, second);
    await first.createLabel(label());
    await second.createLabel(label());
    expect(sessionsSince(from)).toBe(1);
    sharedSessionTokens.clear();
  });

  it('is renewed shortly before it expires', async () => {
    let clock = Date.parse('2026-03-05T09:00:00Z');
    const sandbox = await startPosteDeliverySandbox({ now: () => new Date(clock), tokenTtlSeconds: 3600 });
    try {
      const adapter = adapterFor({ baseUrl: sandbox.url }, { now: () => clock });
      const from = sandbox.requests().length;
      await adapter.createLabel(label());
      clock += 3600_000 - 61_000;
      await adapter.createLabel(label());
      expect(sessionsSince(from, sandbox)).toBe(1);
      // Within the last minute of its life the token is no longer used: a new one is asked for.
      clock += 2_000;
      await adapter.createLabel(label());
      expect(sessionsSince(from, sandbox)).toBe(2);
    } finally {
      await sandbox.close();
    }
  });

  it('is renewed once when Poste refuses it with 401 before its expiry, and the call made again', async () => {
    const sandbox = await startPosteDeliverySandbox();
    try {
      const adapter = adapterFor({ baseUrl: sandbox.url });
      await adapter.createLabel(label());
      sandbox.revokeTokens();
      const from = sandbox.requests().length;
      const result = await adapter.createLabel(label());
      expect(result.trackingNumber).toMatch(/^3UW/);
      expect(hits(from, sandbox)).toEqual(['POST /postalandlogistics/parcel/waybill', 'POST /user/sessions', 'POST /postalandlogistics/parcel/waybill', 'GET /label/…']);
      sandbox.revokeTokens();
      const tracked = await adapter.track({ trackingNumber: result.trackingNumber, carrierShipmentNumber: result.carrierShipmentNumber });
      expect(tracked.events.length).toBeGreaterThan(0);
    } finally {
      await sandbox.close();
    }
  });

  it('never reaches a log line, nor does the secret', () => {
    const all = lines.join('');
    expect(all).toContain('"provider":"Poste Delivery Business"');
    expect(all).not.toContain('PosteSandbox1');
    expect(all).not.toMatch(/pdb\.[\w-]{20,}/);
  });
});
