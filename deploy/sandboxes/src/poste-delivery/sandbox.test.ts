import { PDFDocument } from 'pdf-lib';
import { MAX_CLOCK_ADVANCE_SECONDS } from '../sandbox-clock';
import { posteDeliverySandboxControl, startPosteDeliverySandbox, type PosteDeliverySandbox } from './index';

/*
 * The sandbox over real HTTP: what a client of Poste Delivery Business would see, including every
 * failure README.md documents.
 */

const ACCOUNT = { clientId: 'smista-sandbox', secretId: 'PosteSandbox1', scope: 'api://sandbox/.default', grantType: 'client_credentials' };
const DOMESTIC_ONLY = { ...ACCOUNT, clientId: 'smista-sandbox-2', secretId: 'PosteSandbox2' };

type Json = Record<string, any>;

async function call(
  sandbox: PosteDeliverySandbox,
  path: string,
  init: { method?: string; json?: unknown; token?: string; bare?: boolean; clientId?: string | null } = {},
): Promise<{ status: number; type: string; body: Json }> {
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = init.bare ? init.token : `Bearer ${init.token}`;
  if (init.clientId !== null) headers.POSTE_clientID = init.clientId ?? ACCOUNT.clientId;
  const res = await fetch(`${sandbox.url}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: text ? (JSON.parse(text) as Json) : {} };
}

async function login(sandbox: PosteDeliverySandbox, creds: Json = ACCOUNT): Promise<string> {
  const res = await call(sandbox, '/user/sessions', { json: creds, clientId: creds.clientId });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

const address = (patch: Json = {}) => ({
  contactName: '',
  nameSurname: 'Mario Rossi',
  address: 'Via Garibaldi',
  streetNumber: '5',
  zipCode: '10121',
  city: 'Torino',
  province: 'TO',
  country: 'ITA1',
  email: 'mario.rossi@example.it',
  phone: '+393331234567',
  ...patch,
});

const sender = address({ nameSurname: 'Bottega Verdi Srl', address: 'Via Roma', streetNumber: '10', zipCode: '20121', city: 'Milano', province: 'MI' });

const waybill = (patch: Json = {}, data: Json = {}) => ({
  clientReferenceId: 'SHP-1',
  printFormat: 'A4',
  product: 'APT000902',
  ...patch,
  data: { declared: [{ weight: '2500', height: '10', length: '30', width: '20', description: 'Libri' }], content: 'Libri', services: {}, sender, receiver: address(), ...data },
});

const request = (waybills: Json[], patch: Json = {}) => ({ costCenterCode: 'CDC-000001', paperless: false, shipmentDate: '2026-03-05T09:00:00.000+00:00', waybills, ...patch });

let poste: PosteDeliverySandbox;
let token: string;

beforeAll(async () => {
  poste = await startPosteDeliverySandbox({ port: 0 });
  token = await login(poste);
});
afterAll(async () => {
  await poste.close();
});

const createWaybill = (body: Json, sandbox = poste, t = token) => call(sandbox, '/postalandlogistics/parcel/waybill', { json: body, token: t });

describe('sessions', () => {
  it('issues a bearer token for a known client, expiring after the configured time', async () => {
    const res = await call(poste, '/user/sessions', { json: ACCOUNT });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body).toEqual({ token_type: 'Bearer', expires_in: 3600, ext_expires_in: 3600, access_token: expect.stringMatching(/^pdb\.[\w-]{40,}$/) });
  });

  it.each([
    ['a wrong secret', { ...ACCOUNT, secretId: 'nope' }, 401, 'unauthorized_client', 'Client ID o secret non validi'],
    ['an unknown client', { ...ACCOUNT, clientId: 'who' }, 401, 'unauthorized_client', 'Client ID o secret non validi'],
    ['a disabled client', { ...ACCOUNT, clientId: 'smista-disabled', secretId: 'PosteDisabled1' }, 401, 'unauthorized_client', 'Client disabilitato: contatta Poste Italiane'],
    ['another grant type', { ...ACCOUNT, grantType: 'password' }, 400, 'unsupported_grant_type', 'grantType deve essere client_credentials'],
    ['no scope', { ...ACCOUNT, scope: '' }, 400, 'invalid_scope', 'scope obbligatorio'],
    ['no secret', { clientId: 'smista-sandbox', scope: 's', grantType: 'client_credentials' }, 400, 'invalid_request', 'clientId e secretId sono obbligatori'],
  ])('refuses %s', async (_name, body, status, error, description) => {
    const res = await call(poste, '/user/sessions', { json: body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error, error_description: description });
  });

  it('answers unreadable JSON in the OAuth form', async () => {
    const res = await fetch(`${poste.url}/user/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"clientId":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', error_description: 'JSON non leggibile' });
  });
});

describe('authorization of the other calls', () => {
  const track = (init: Parameters<typeof call>[2]) => call(poste, '/postalandlogistics/parcel/tracking?waybillNumber=3UW0000000001', init);

  it('accepts the token as `Bearer <token>` and bare, and records which form came', async () => {
    expect((await track({ token })).status).toBe(200);
    expect((await track({ token, bare: true })).status).toBe(200);
    const forms = poste
      .requests()
      .filter((r) => r.path === '/postalandlogistics/parcel/tracking')
      .slice(-2)
      .map((r) => [r.authorization, r.clientIdHeader]);
    expect(forms).toEqual([
      ['bearer', 'smista-sandbox'],
      ['bare', 'smista-sandbox'],
    ]);
  });

  it('answers 401 without a token, with an unknown one, or without the client id header of the token', async () => {
    for (const init of [{}, { token: 'pdb.unknown' }, { token, clientId: null }, { token, clientId: 'smista-sandbox-2' }]) {
      const res = await track(init);
      expect(res.status).toBe(401);
      expect(res.body.statusCode).toBe(401);
    }
  });

  it('never records a credential', () => {
    const all = JSON.stringify(poste.requests());
    expect(all).not.toContain('PosteSandbox1');
    expect(all).not.toContain(token);
    expect(poste.requests().find((r) => r.path === '/user/sessions')?.fields).toEqual(['clientId', 'secretId', 'scope', 'grantType']);
  });

  it('refuses a token after its expiry, and every token after revokeTokens', async () => {
    let clock = new Date('2026-03-05T10:00:00Z');
    const sandbox = await startPosteDeliverySandbox({ tokenTtlSeconds: 120, now: () => clock });
    try {
      const t = await login(sandbox);
      const ask = () => call(sandbox, '/postalandlogistics/parcel/tracking?waybillNumber=X', { token: t });
      expect((await ask()).status).toBe(200);
      clock = new Date(clock.getTime() + 119_000);
      expect((await ask()).status).toBe(200);
      clock = new Date(clock.getTime() + 1_000);
      expect((await ask()).status).toBe(401);
      const fresh = await login(sandbox);
      expect((await call(sandbox, '/postalandlogistics/parcel/tracking?waybillNumber=X', { token: fresh })).status).toBe(200);
      sandbox.revokeTokens();
      expect((await call(sandbox, '/postalandlogistics/parcel/tracking?waybillNumber=X', { token: fresh })).status).toBe(401);
    } finally {
      await sandbox.close();
    }
  });
});

describe('waybills', () => {
  it('creates a waybill whose downloadURL serves a real PDF label, one page per parcel', async () => {
    const res = await createWaybill(
      request([waybill({ clientReferenceId: 'SHP-PDF' }, { declared: [{ weight: '1200', description: 'a' }, { weight: '800', description: 'b' }] })]),
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ errorCode: 0, errorDescription: 'OK' });
    const [w] = res.body.waybills as Json[];
    expect(w).toEqual({ code: expect.stringMatching(/^3UW\d{10}$/), downloadURL: expect.stringMatching(new RegExp(`^${poste.url}/label/[0-9a-f]{32}\\.pdf$`)), errorCode: 0, errorDescription: 'OK' });
    const label = await fetch(w!.downloadURL as string);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await label.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe(`Poste Delivery Business ${w!.code}`);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  });

  it('prints the 10 × 11 cm format and ZPL on request', async () => {
    const res = await createWaybill(request([waybill({ clientReferenceId: 'SHP-1011', printFormat: '1011' }), waybill({ clientReferenceId: 'SHP-ZPL', printFormat: 'ZPL' })]));
    const [small, zpl] = res.body.waybills as Json[];
    const pdf = await PDFDocument.load(Buffer.from(await (await fetch(small!.downloadURL as string)).arrayBuffer()));
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([283, 312]);
    expect(zpl!.downloadURL).toMatch(/\.zpl$/);
    const text = await (await fetch(zpl!.downloadURL as string)).text();
    expect(text).toMatch(/^\^XA.*\^XZ$/s);
    expect(text).toContain(zpl!.code);
  });

  it('answers the same waybill again for the same clientReferenceId of a client, a new one for another client', async () => {
    const first = (await createWaybill(request([waybill({ clientReferenceId: 'SHP-IDEM' })]))).body.waybills[0] as Json;
    const again = (await createWaybill(request([waybill({ clientReferenceId: 'SHP-IDEM' }, { receiver: address({ nameSurname: 'Altro' }) })]))).body.waybills[0] as Json;
    expect(again).toEqual(first);
    const otherToken = await login(poste, DOMESTIC_ONLY);
    const other = (
      await call(poste, '/postalandlogistics/parcel/waybill', {
        json: request([waybill({ clientReferenceId: 'SHP-IDEM' })], { costCenterCode: 'CDC-000002' }),
        token: otherToken,
        clientId: DOMESTIC_ONLY.clientId,
      })
    ).body.waybills[0] as Json;
    expect(other.code).not.toBe(first.code);
    const noRef = (await createWaybill(request([waybill({ clientReferenceId: undefined })]))).body.waybills[0] as Json;
    const noRefAgain = (await createWaybill(request([waybill({ clientReferenceId: undefined })]))).body.waybills[0] as Json;
    expect(noRefAgain.code).not.toBe(noRef.code);
  });

  it('serves no label for a paperless request or an unknown label id', async () => {
    const paperless = (await createWaybill(request([waybill({ clientReferenceId: 'SHP-PAPERLESS' })], { paperless: true }))).body.waybills[0] as Json;
    expect(paperless.code).toMatch(/^3UW/);
    expect(paperless.downloadURL).toBe('');
    const missing = await fetch(`${poste.url}/label/${'0'.repeat(32)}.pdf`);
    expect(missing.status).toBe(404);
  });

  const refused = (errorCode: number, errorDescription: string) => ({ code: '', downloadURL: '', errorCode, errorDescription });
  const noReceiverCity = address();
  delete (noReceiverCity as Json).city;

  it.each([
    ['CAP 00000', waybill({}, { receiver: address({ zipCode: '00000' }) }), refused(204, 'CAP 00000 inesistente')],
    ['a domestic CAP not of 5 digits', waybill({}, { receiver: address({ zipCode: '1012' }) }), refused(204, 'CAP non valido: 1012')],
    ['a missing receiver city', waybill({}, { receiver: noReceiverCity }), refused(203, 'Campo obbligatorio mancante: receiver.city')],
    ['a missing receiver', waybill({}, { receiver: undefined }), refused(203, 'Campo obbligatorio mancante: receiver')],
    ['a missing province in Italy', waybill({}, { receiver: address({ province: '' }) }), refused(203, 'Campo obbligatorio mancante: receiver.province')],
    ['an unknown product', waybill({ product: 'APT999999' }), refused(201, 'Prodotto APT999999 sconosciuto')],
    ['a bad print format', waybill({ printFormat: 'A5' }), refused(213, 'printFormat non valido: A5 (A4, 1011 o ZPL)')],
    ['a reference over 25 characters', waybill({ clientReferenceId: 'R'.repeat(26) }), refused(212, 'clientReferenceId troppo lungo (massimo 25 caratteri)')],
    ['a name over 35 characters', waybill({}, { receiver: address({ nameSurname: 'N'.repeat(36) }) }), refused(205, 'Campo receiver.nameSurname troppo lungo (massimo 35 caratteri)')],
    ['a sender note over 20 characters', waybill({}, { sender: { ...sender, note1: 'N'.repeat(21) } }), refused(205, 'Campo sender.note1 troppo lungo (massimo 20 caratteri)')],
    ['a weight with decimals', waybill({}, { declared: [{ weight: '2.5' }] }), refused(206, 'Peso non valido: data.declared[0].weight (grammi interi in una stringa, es. "2500")')],
    ['a weight as a number', waybill({}, { declared: [{ weight: 2500 }] }), refused(206, 'Peso non valido: data.declared[0].weight (grammi interi in una stringa, es. "2500")')],
    ['a weight over 30 kg', waybill({}, { declared: [{ weight: '30001' }] }), refused(206, 'Peso superiore al massimo consentito (30000 g)')],
    ['a zero size', waybill({}, { declared: [{ weight: '100', height: '0' }] }), refused(207, 'Dimensione non valida: data.declared[0].height (centimetri interi in una stringa)')],
    ['no parcels', waybill({}, { declared: [] }), refused(203, 'Campo obbligatorio mancante: data.declared')],
    ['eleven parcels', waybill({}, { declared: Array.from({ length: 11 }, () => ({ weight: '100' })) }), refused(215, 'Troppi colli: al massimo 10 per lettera di vettura')],
    ['an ISO2 country', waybill({}, { receiver: address({ country: 'IT' }) }), refused(208, 'Nazione non valida: IT (codice ISO4, es. ITA1)')],
    ['a bad phone', waybill({}, { receiver: address({ phone: '333 123' }) }), refused(210, 'Telefono non valido: receiver.phone')],
    ['a domestic product abroad', waybill({}, { receiver: address({ country: 'FRA1', zipCode: '75001', province: '' }) }), refused(214, 'Prodotto APT000902 non disponibile per la nazione FRA1')],
    ['an international product to Italy', waybill({ product: 'APT000904' }, { receiver: address({ contactName: 'Mario' }) }), refused(214, 'Prodotto APT000904 non disponibile per la nazione ITA1')],
    [
      'an international receiver without e-mail',
      waybill({ product: 'APT000904' }, { receiver: address({ country: 'FRA1', zipCode: '75001', province: '', contactName: 'Jean', email: '' }) }),
      refused(203, 'Campo obbligatorio mancante: receiver.email'),
    ],
    [
      'cash on delivery abroad',
      waybill(
        { product: 'APT000904' },
        { receiver: address({ country: 'FRA1', zipCode: '75001', province: '', contactName: 'Jean' }), declared: [{ weight: '100', description: 'Libri' }], services: { APT000918: { amount: '10.00', paymentMode: 'CON' } } },
      ),
      refused(211, 'Contrassegno non disponibile per le spedizioni internazionali'),
    ],
    ['a cash on delivery with a comma', waybill({}, { services: { APT000918: { amount: '10,00', paymentMode: 'CON' } } }), refused(211, 'Importo del contrassegno non valido: 10,00 (es. "12.30")')],
  ])('answers a per-waybill error for %s, with result carrying it', async (_name, body, expected) => {
    const res = await createWaybill(request([body]));
    expect(res.status).toBe(200);
    expect(res.body.waybills).toEqual([expected]);
    expect(res.body.result).toEqual({ errorCode: expected.errorCode, errorDescription: expected.errorDescription });
  });

  it('accepts an international waybill with its contacts and cash on delivery in Italy', async () => {
    const intl = waybill(
      { clientReferenceId: 'SHP-FR', product: 'APT000904' },
      { receiver: address({ country: 'FRA1', zipCode: '75001', city: 'Paris', province: '', contactName: 'Jean Dupont' }), declared: [{ weight: '900', description: 'Livres' }] },
    );
    const cod = waybill({ clientReferenceId: 'SHP-COD' }, { services: { APT000918: { amount: '12.30', paymentMode: 'CON' } } });
    const res = await createWaybill(request([intl, cod]));
    expect(res.body.result.errorCode).toBe(0);
    expect((res.body.waybills as Json[]).map((w) => w.errorCode)).toEqual([0, 0]);
  });

  it('refuses the whole request for a cost centre not of the client, or a bad envelope', async () => {
    expect((await createWaybill(request([waybill()], { costCenterCode: 'CDC-000002' }))).body).toEqual({
      result: { errorCode: 102, errorDescription: 'Centro di costo CDC-000002 non associato al client smista-sandbox' },
      waybills: [],
    });
    expect((await createWaybill(request([], {}))).body.result).toEqual({ errorCode: 101, errorDescription: 'Richiesta non valida: waybills deve contenere almeno una lettera di vettura' });
    expect((await createWaybill(request([waybill()], { shipmentDate: 'domani' }))).body.result.errorCode).toBe(101);
    const res = await fetch(`${poste.url}/postalandlogistics/parcel/waybill`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, POSTE_clientID: ACCOUNT.clientId },
      body: '{',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).result).toEqual({ errorCode: 101, errorDescription: 'Richiesta non valida: JSON non leggibile' });
  });

  it('refuses a product the contract lacks', async () => {
    const otherToken = await login(poste, DOMESTIC_ONLY);
    const res = await call(poste, '/postalandlogistics/parcel/waybill', {
      json: request([waybill({ product: 'APT000903' })], { costCenterCode: 'CDC-000003' }),
      token: otherToken,
      clientId: DOMESTIC_ONLY.clientId,
    });
    expect(res.body.waybills[0]).toEqual(refused(202, 'Prodotto APT000903 non abilitato per il contratto'));
  });

  it('answers HTTP 500 for a receiver named ERRORE 500, and no downloadURL for SENZA ETICHETTA', async () => {
    const broken = await createWaybill(request([waybill({ clientReferenceId: 'SHP-500' }, { receiver: address({ nameSurname: 'Errore 500' }) })]));
    expect(broken.status).toBe(500);
    const noLabel = (await createWaybill(request([waybill({ clientReferenceId: 'SHP-NOLABEL' }, { receiver: address({ nameSurname: 'Senza etichetta' }) })]))).body.waybills[0] as Json;
    expect(noLabel).toEqual({ code: expect.stringMatching(/^3UW/), downloadURL: '', errorCode: 0, errorDescription: 'OK' });
  });
});

describe('tracking', () => {
  // The base clock stands still: only the control endpoint moves the sandbox's time, over HTTP.
  const base = new Date('2026-03-05T09:00:00Z');
  let sandbox: PosteDeliverySandbox;
  let t: string;
  beforeEach(async () => {
    sandbox = await startPosteDeliverySandbox({ now: () => base, deliverAfterSeconds: 400 });
    t = await login(sandbox);
  });
  afterEach(async () => {
    await sandbox.close();
  });

  const make = async (name = 'Mario Rossi', ref = 'SHP-T') =>
    ((await createWaybill(request([waybill({ clientReferenceId: ref }, { receiver: address({ nameSurname: name }) })]), sandbox, t)).body.waybills[0] as Json).code as string;
  const get = (number: string, extra = '') => call(sandbox, `/postalandlogistics/parcel/tracking?waybillNumber=${number}${extra}`, { token: t });
  const statuses = (body: Json) => (body.shipment[0].tracking as Json[]).map((e) => e.status);
  /**
   * The codes newest first after moving the sandbox's clock `seconds` further (over HTTP), with a
   * new token: the old one may have expired on the moved clock.
   */
  const after = async (seconds: number, code: string) => {
    await posteDeliverySandboxControl(sandbox.url).advanceClock(seconds);
    t = await login(sandbox);
    return statuses((await get(code)).body);
  };
  /** Thirty days later, twice: a path that ended stays as it ended. */
  const muchLater = async (code: string) => {
    await after(30 * 86_400, code);
    return (await after(30 * 86_400, code)).join(' ');
  };

  it('walks the normal path from the data received to the delivery, newest first, dates in Italian local time', async () => {
    const code = await make();
    const first = await get(code);
    expect(first.body).toEqual({
      outcome: 'OK',
      code: 0,
      result: 'OK',
      messages: [],
      shipment: [
        {
          waybillNumber: code,
          product: 'Poste Delivery Business Standard',
          NotificationFlag: 'S',
          returnFlag: 'N',
          tracking: [
            {
              data: '2026-03-05 10:00:00',
              officeDescription: 'MILANO (MI)',
              StatusDescription: 'I dati della spedizione sono stati trasmessi a Poste Italiane',
              synthesisStatusDescription: 'I dati della spedizione sono stati trasmessi a Poste Italiane - MILANO (MI)',
              phase: 'IN ATTESA DI PRESA IN CARICO',
              officeId: 'UP',
              status: 'PRE',
            },
          ],
        },
      ],
    });
    expect(await after(49, code)).toEqual(['PRE']);
    expect(await after(1, code)).toEqual(['ACC', 'PRE']);
    expect(await after(50, code)).toEqual(['PCP', 'ACC', 'PRE']);
    expect(await after(100, code)).toEqual(['ARR', 'PCP', 'ACC', 'PRE']);
    expect(await after(100, code)).toEqual(['INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    expect(await after(99, code)).toEqual(['INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    expect(await after(1, code)).toEqual(['CON', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    const events = (await get(code)).body.shipment[0].tracking as Json[];
    expect(events.map((e) => [e.data, e.phase, e.StatusDescription, e.officeDescription])).toEqual([
      ['2026-03-05 10:06:40', 'CONSEGNATA', 'La spedizione è stata consegnata', 'TORINO (TO)'],
      ['2026-03-05 10:05:00', 'IN CONSEGNA', 'La spedizione è in consegna', 'TORINO (TO)'],
      ['2026-03-05 10:03:20', 'IN TRANSITO', 'La spedizione è arrivata al Centro di Distribuzione di destinazione', 'Centro di Distribuzione TORINO (TO)'],
      ['2026-03-05 10:01:40', 'IN TRANSITO', 'In transito presso il Centro Operativo Postale', 'Centro Operativo Postale Bologna (BO)'],
      ['2026-03-05 10:00:50', 'PRESA IN CARICO', 'La spedizione è stata presa in carico', 'MILANO (MI)'],
      ['2026-03-05 10:00:00', 'IN ATTESA DI PRESA IN CARICO', 'I dati della spedizione sono stati trasmessi a Poste Italiane', 'MILANO (MI)'],
    ]);
    expect(statuses((await get(code, '&lastTracingState=S')).body)).toEqual(['CON']);
    expect(await muchLater(code)).toBe('CON INC ARR PCP ACC PRE');
  });

  it('GIACENZA: out for delivery, receiver absent, then held at the post office, never delivered', async () => {
    const code = await make('Anna Giacenza', 'SHP-HELD');
    expect(await after(300, code)).toEqual(['INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    expect(await after(100, code)).toEqual(['MCO', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    expect(await after(100, code)).toEqual(['GIA', 'MCO', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    const [held, absent] = (await get(code)).body.shipment[0].tracking as Json[];
    expect(absent).toMatchObject({ phase: 'MANCATA CONSEGNA', StatusDescription: 'Mancata consegna: destinatario assente, avviso di passaggio lasciato', officeDescription: 'TORINO (TO)' });
    expect(held).toMatchObject({ phase: 'IN GIACENZA', StatusDescription: "In giacenza presso l'ufficio postale: destinatario assente", officeDescription: 'Ufficio Postale TORINO (TO)', data: '2026-03-05 10:08:20' });
    expect(await muchLater(code)).toBe('GIA MCO INC ARR PCP ACC PRE');
  });

  it('SECONDO TENTATIVO: receiver absent at the first attempt, delivered at the second', async () => {
    const code = await make('Luca Secondo Tentativo', 'SHP-TWICE');
    expect(await after(400, code)).toEqual(['MCO', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    expect(await after(300, code)).toEqual(['INC', 'MCO', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    expect(await after(100, code)).toEqual(['CON', 'INC', 'MCO', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    const [delivered, second] = (await get(code)).body.shipment[0].tracking as Json[];
    expect(second).toMatchObject({ phase: 'IN CONSEGNA', StatusDescription: 'La spedizione è in consegna (secondo tentativo)' });
    expect(delivered).toMatchObject({ phase: 'CONSEGNATA', data: '2026-03-05 10:13:20' });
    expect(await muchLater(code)).toBe('CON INC MCO INC ARR PCP ACC PRE');
  });

  it('RESO: receiver absent, held, then returned to the sender, and nothing after', async () => {
    const code = await make('Marta Reso', 'SHP-BACK');
    expect(await after(500, code)).toEqual(['GIA', 'MCO', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    expect((await get(code)).body.shipment[0].returnFlag).toBe('N');
    expect(await after(300, code)).toEqual(['RES', 'GIA', 'MCO', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    const shipment = (await get(code)).body.shipment[0] as Json;
    expect(shipment.returnFlag).toBe('S');
    expect(shipment.tracking[0]).toMatchObject({ phase: 'RESO AL MITTENTE', StatusDescription: 'La spedizione è stata restituita al mittente', officeDescription: 'MILANO (MI)' });
    expect(await muchLater(code)).toBe('RES GIA MCO INC ARR PCP ACC PRE');
  });

  it('FERMO: taken in charge and through the hub, then no event ever again', async () => {
    const code = await make('Fermo Bianchi', 'SHP-STALL');
    expect(await after(100, code)).toEqual(['PCP', 'ACC', 'PRE']);
    expect(await muchLater(code)).toBe('PCP ACC PRE');
  });

  it('CONSEGNA IMMEDIATA walks any path at once; markers are words of the name', async () => {
    expect(statuses((await get(await make('Consegna immediata', 'SHP-NOW'))).body)).toEqual(['CON', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    expect(statuses((await get(await make('Reso CONSEGNA IMMEDIATA', 'SHP-NOW-BACK'))).body)).toEqual(['RES', 'GIA', 'MCO', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
    // 'Resort' holds no RESO, 'Fermoposta' no FERMO: the normal path.
    const resort = await make('Hotel Resort Fermoposta', 'SHP-WORDS');
    expect(await after(400, resort)).toEqual(['CON', 'INC', 'ARR', 'PCP', 'ACC', 'PRE']);
  });

  it('offers no cancellation, as Poste: a void is left to the client, which reads the tracking first', async () => {
    const code = await make('Mario Rossi', 'SHP-VOID');
    // No cancellation route in any of the forms a client might try: the gateway's 404, the waybill untouched.
    for (const [method, path] of [
      ['DELETE', `/postalandlogistics/parcel/waybill/${code}`],
      ['POST', '/postalandlogistics/parcel/waybill/cancel'],
      ['POST', '/postalandlogistics/parcel/waybill/delete'],
    ] as const) {
      const res = await call(sandbox, path, { method, json: { waybillNumber: code }, token: t });
      expect([res.status, res.body]).toEqual([404, { statusCode: 404, message: 'Resource not found' }]);
    }
    // Just made, only the PRE event: what a client may still void on its side.
    expect(statuses((await get(code)).body)).toEqual(['PRE']);
    // An eighth of the delivery later Poste has the parcel; a quarter later it is at the hub.
    expect(await after(50, code)).toEqual(['ACC', 'PRE']);
    expect(await after(50, code)).toEqual(['PCP', 'ACC', 'PRE']);
  });

  it('answers the POST form with arg0.shipmentsData, and a flat waybillNumber', async () => {
    const code = await make();
    const post = await call(sandbox, '/postalandlogistics/parcel/tracking', {
      json: { arg0: { shipmentsData: [{ waybillNumber: code, lastTracingState: 'N' }], statusDescription: 'E', customerType: 'DQ' } },
      token: t,
    });
    expect(post.body.shipment[0].waybillNumber).toBe(code);
    const flat = await call(sandbox, '/postalandlogistics/parcel/tracking', { json: { waybillNumber: code }, token: t });
    expect(flat.body.shipment).toEqual(post.body.shipment);
  });

  it("answers KO for an unknown number, another client's number, or none", async () => {
    const code = await make();
    const ko = (number: string) => ({
      outcome: 'KO',
      code: 201,
      result: 'KO',
      messages: [{ messages: [{ code: 'E201', field: 'waybillNumber', message: `Spedizione ${number} non trovata`, objectName: 'shipmentsData', severity: 2 }] }],
      shipment: [],
    });
    expect((await get('3UW9999999999')).body).toEqual(ko('3UW9999999999'));
    const other = await login(sandbox, DOMESTIC_ONLY);
    expect((await call(sandbox, `/postalandlogistics/parcel/tracking?waybillNumber=${code}`, { token: other, clientId: DOMESTIC_ONLY.clientId })).body).toEqual(ko(code));
    expect((await get('')).body).toMatchObject({ outcome: 'KO', code: 101 });
  });

  it('wraps the answer in `return` when asked to', async () => {
    const wrapped = await startPosteDeliverySandbox({ trackingEnvelope: 'return' });
    try {
      const wt = await login(wrapped);
      const code = ((await createWaybill(request([waybill()]), wrapped, wt)).body.waybills[0] as Json).code as string;
      const res = await call(wrapped, `/postalandlogistics/parcel/tracking?waybillNumber=${code}`, { token: wt });
      expect(res.body).toEqual({ return: expect.objectContaining({ outcome: 'OK', code: 0, shipment: [expect.objectContaining({ waybillNumber: code })] }) });
    } finally {
      await wrapped.close();
    }
  });
});

describe('the clock the tests control (/__sandbox/clock)', () => {
  it('answers the time, moves it forward by advanceSeconds on top of the now option, and refuses bad input with a 400', async () => {
    const base = new Date('2026-03-05T09:00:00Z');
    const sandbox = await startPosteDeliverySandbox({ now: () => base, latencyMs: 1_500 });
    try {
      const control = posteDeliverySandboxControl(sandbox.url);
      const started = performance.now();
      expect(await control.clock()).toEqual(base);
      expect(await control.advanceClock(90)).toEqual(new Date('2026-03-05T09:01:30Z'));
      expect(await control.advanceClock(0.5)).toEqual(new Date('2026-03-05T09:01:30.500Z'));
      expect(await control.clock()).toEqual(new Date('2026-03-05T09:01:30.500Z'));
      // Never delayed by latencyMs, never recorded as a call to Poste.
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(sandbox.requests()).toEqual([]);

      const refusal = `advanceSeconds deve essere un numero di secondi maggiore di 0 e al massimo ${MAX_CLOCK_ADVANCE_SECONDS} (60 giorni)`;
      for (const body of [{}, { advanceSeconds: '60' }, { advanceSeconds: 0 }, { advanceSeconds: -5 }, { advanceSeconds: MAX_CLOCK_ADVANCE_SECONDS + 1 }, { advanceSeconds: null }, [60]]) {
        const res = await fetch(`${sandbox.url}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect({ body, status: res.status, answer: await res.json() }).toEqual({ body, status: 400, answer: { error: refusal } });
      }
      const unreadable = await fetch(`${sandbox.url}/__sandbox/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceSeconds":' });
      expect(unreadable.status).toBe(400);
      expect(((await unreadable.json()) as { error: string }).error).toMatch(/^Richiesta non leggibile/);
      await expect(control.advanceClock(-1)).rejects.toThrow(`Poste Delivery sandbox POST /clock: 400 {"error":"${refusal}"}`);
      expect(await control.clock()).toEqual(new Date('2026-03-05T09:01:30.500Z'));
      expect(await control.advanceClock(MAX_CLOCK_ADVANCE_SECONDS)).toEqual(new Date(Date.parse('2026-03-05T09:01:30.500Z') + MAX_CLOCK_ADVANCE_SECONDS * 1000));
      expect((await fetch(`${sandbox.url}/__sandbox/nothing`)).status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });

  it('runs everything on the moved clock: a session token expires after tokenTtlSeconds of sandbox time', async () => {
    const sandbox = await startPosteDeliverySandbox({ tokenTtlSeconds: 3600 });
    try {
      const t = await login(sandbox);
      const code = ((await createWaybill(request([waybill()]), sandbox, t)).body.waybills[0] as Json).code as string;
      const track = () => call(sandbox, `/postalandlogistics/parcel/tracking?waybillNumber=${code}`, { token: t });
      expect((await track()).status).toBe(200);
      await posteDeliverySandboxControl(sandbox.url).advanceClock(3600);
      expect((await track()).status).toBe(401);
    } finally {
      await sandbox.close();
    }
  });
});

it('adds the configured latency to every answer', async () => {
  const slow = await startPosteDeliverySandbox({ latencyMs: 150 });
  try {
    const started = Date.now();
    await login(slow);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  } finally {
    await slow.close();
  }
});

it('answers an unknown path with 404', async () => {
  const res = await call(poste, '/postalandlogistics/parcel/nothing', { token });
  expect(res.status).toBe(404);
});
