import { createLogger } from '@smista/service-kit';
import { startGlsSandbox, type GlsSandbox } from '@smista/sandboxes';
import { XMLParser } from 'fast-xml-parser';
import { PDFDocument } from 'pdf-lib';
import { CarrierError, type LabelRequest } from '../adapter';
import {
  buildAddParcelXml,
  buildCloseWorkDayByShipmentNumberXml,
  buildCloseWorkDayXml,
  buildDeleteSpedForm,
  buildListSpedForm,
  buildTrackQuery,
} from './build';
import { createGlsClient, type GlsClient } from './client';
import { deleteOutcome, fatalError, parcelFailure } from './errors';
import {
  decodeTrackingBody,
  parseAddParcelResponse,
  parseCloseWorkDayByShipmentNumberResponse,
  parseCloseWorkDayResponse,
  parseDeleteSpedResponse,
  parseListSpedResponse,
  parseTrackingResponse,
} from './parse';
import type { GlsSettings } from './settings';

/*
 * The four tests of each capability (STYLE.md habit 7): the request built (pure), the URL hit (the
 * client against the real sandbox), a good answer parsed and an error parsed (GLS's documented forms).
 */

const settings: GlsSettings = {
  baseUrl: 'http://unused',
  trackingUrl: 'http://unused',
  siglaSede: 'MI',
  codiceCliente: '123456',
  passwordCliente: 'Sandbox1',
  codiceContratto: '1234',
};

const request: LabelRequest = {
  reference: 'SHP-42',
  sequence: 42,
  recipient: { name: 'Mario Rossi', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20121', province: 'MI', countryCode: 'IT' },
  sender: { name: 'Negozio Srl', addressLine1: 'Via Torino 2', city: 'Milano', postalCode: '20123', province: 'MI', countryCode: 'IT' },
  parcels: [{ weightGrams: 2500 }],
};

const xml = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'Parcel' });
const wrap = (payload: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="https://labelservice.gls-italy.com/">${payload.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</string>`;

let sandbox: GlsSandbox;
let client: GlsClient;
const lastRequest = () => sandbox.requests().at(-1)!;

beforeAll(async () => {
  sandbox = await startGlsSandbox({ port: 0 });
  client = createGlsClient({ ...settings, baseUrl: sandbox.url, trackingUrl: sandbox.url }, createLogger('carriers-test', 'silent'));
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

describe('validateCredentials (ListSped)', () => {
  it('builds the form with the credentials', () => {
    expect(buildListSpedForm({ ...settings, siglaSede: ' mi ' })).toEqual({ SedeGls: 'MI', CodiceClienteGls: '123456', PasswordClienteGls: 'Sandbox1' });
  });

  it('posts to /ilswebservice.asmx/ListSped', async () => {
    const answer = await client.listSped(buildListSpedForm(settings));
    expect(lastRequest()).toEqual({ method: 'POST', path: '/ilswebservice.asmx/ListSped', fields: ['SedeGls', 'CodiceClienteGls', 'PasswordClienteGls'], query: {} });
    expect(parseListSpedResponse(answer)).toEqual({ shipments: [] });
  });

  it('parses the list of shipments', () => {
    const answer = wrap(
      '<ListSped><Parcel><StatoSpedizione>IN ATTESA DI CHIUSURA.</StatoSpedizione><NumSpedizione>000000042</NumSpedizione></Parcel><Parcel><StatoSpedizione>CHIUSA.</StatoSpedizione><NumSpedizione>800000001</NumSpedizione></Parcel></ListSped>',
    );
    expect(parseListSpedResponse(answer)).toEqual({
      shipments: [
        { number: '000000042', status: 'IN ATTESA DI CHIUSURA.' },
        { number: '800000001', status: 'CHIUSA.' },
      ],
    });
  });

  it('parses a refused login into CREDENTIALS_REFUSED with GLS reason', () => {
    const answer = parseListSpedResponse(wrap('<DescrizioneErrore>Autenticazione non riuscita: password errata</DescrizioneErrore>'));
    expect(answer).toEqual({ fatal: 'Autenticazione non riuscita: password errata' });
    const error = fatalError('ListSped', 'Autenticazione non riuscita: password errata');
    expect(error).toMatchObject({ code: 'CREDENTIALS_REFUSED', message: 'GLS Italia ha rifiutato le credenziali: Autenticazione non riuscita: password errata' });
  });
});

describe('createLabel (AddParcel)', () => {
  it('builds XMLInfoParcel with one Parcel per package, comma decimals and an inline PDF', () => {
    const doc = xml.parse(buildAddParcelXml(settings, request));
    expect(doc.Info).toMatchObject({ SedeGls: 'MI', CodiceClienteGls: '123456', PasswordClienteGls: 'Sandbox1' });
    expect(doc.Info.Parcel).toEqual([
      {
        CodiceContrattoGls: '1234',
        RagioneSociale: 'Mario Rossi',
        Indirizzo: 'Via Roma 1',
        Localita: 'Milano',
        Zipcode: '20121',
        Provincia: 'MI',
        Bda: 'SHP42',
        Colli: '1',
        PesoReale: '2,5',
        TipoPorto: 'F',
        TipoCollo: '0',
        RiferimentoCliente: 'SHP-42',
        GeneraPdf: '4',
        FormatoPdf: 'A6',
        ContatoreProgressivo: '4201',
        TipoSpedizione: 'N',
      },
    ]);
  });

  it('posts XMLInfoParcel to /ilswebservice.asmx/AddParcel', async () => {
    const answer = await client.addParcel(buildAddParcelXml(settings, request));
    expect(lastRequest()).toEqual({ method: 'POST', path: '/ilswebservice.asmx/AddParcel', fields: ['XMLInfoParcel'], query: {} });
    const parsed = parseAddParcelResponse(answer);
    expect('parcels' in parsed && parsed.parcels[0]!.numeroSpedizione).toMatch(/^\d{9}$/);
  });

  it('parses a parcel with its number and label, wrapped or bare', async () => {
    const label = Buffer.from(await (await PDFDocument.create()).save()).toString('base64');
    const payload = `<InfoLabel><Parcel Result="Success"><SiglaMittente>MI</SiglaMittente><NumeroSpedizione>000000042</NumeroSpedizione><TotaleColli>1</TotaleColli><ProgressivoCollo>1</ProgressivoCollo><SiglaSedeDestino>MI</SiglaSedeDestino><DescrizioneSedeDestino>MILANO</DescrizioneSedeDestino><DataSpedizione>05/03/26</DataSpedizione><ContatoreProgressivo>4201</ContatoreProgressivo><NoteSpedizione /><PdfLabel>${label}</PdfLabel></Parcel></InfoLabel>`;
    for (const answer of [wrap(payload), `<?xml version="1.0" encoding="utf-8"?>\n${payload}`]) {
      const parsed = parseAddParcelResponse(answer);
      if (!('parcels' in parsed)) throw new Error('expected parcels');
      const p = parsed.parcels[0]!;
      expect(p).toMatchObject({ result: 'Success', numeroSpedizione: '000000042', siglaMittente: 'MI', contatoreProgressivo: '4201', dataSpedizione: '05/03/26' });
      expect(Buffer.from(p.pdfLabel!).subarray(0, 5).toString()).toBe('%PDF-');
      expect(parcelFailure(p)).toBeUndefined();
    }
  });

  it('parses "Dati non accettabili" into LABEL_REFUSED with GLS reason in Italian', () => {
    const parsed = parseAddParcelResponse(
      wrap('<InfoLabel><Parcel><SiglaMittente>MI</SiglaMittente><ContatoreProgressivo>4201</ContatoreProgressivo><NoteSpedizione>Dati non accettabili: CAP non valido</NoteSpedizione></Parcel></InfoLabel>'),
    );
    if (!('parcels' in parsed)) throw new Error('expected parcels');
    expect(parcelFailure(parsed.parcels[0]!)).toMatchObject({ code: 'LABEL_REFUSED', message: 'GLS Italia ha rifiutato la spedizione: CAP non valido' });
  });
});

describe('cancelShipment (DeleteSped)', () => {
  it('builds the form with the bare 9-digit number', () => {
    expect(buildDeleteSpedForm(settings, '000000042')).toEqual({ SedeGls: 'MI', CodiceClienteGls: '123456', PasswordClienteGls: 'Sandbox1', NumSpedizione: '000000042' });
  });

  it('posts to /ilswebservice.asmx/DeleteSped', async () => {
    const answer = await client.deleteSped(buildDeleteSpedForm(settings, '123456789'));
    expect(lastRequest()).toEqual({
      method: 'POST',
      path: '/ilswebservice.asmx/DeleteSped',
      fields: ['SedeGls', 'CodiceClienteGls', 'PasswordClienteGls', 'NumSpedizione'],
      query: {},
    });
    expect(parseDeleteSpedResponse(answer)).toEqual({ message: 'Spedizione 123456789 non presente.' });
  });

  it('parses the deletion message', () => {
    const parsed = parseDeleteSpedResponse(wrap('Eliminazione della spedizione 000000042 avvenuta.'));
    expect(parsed).toEqual({ message: 'Eliminazione della spedizione 000000042 avvenuta.' });
    expect(deleteOutcome('Eliminazione della spedizione 000000042 avvenuta.', '000000042')).toEqual({ message: 'Eliminazione della spedizione 000000042 avvenuta.', cancelledAtCarrier: true });
  });

  it('parses "non presente" into SHIPMENT_UNKNOWN and a closed shipment into CANCEL_REFUSED', () => {
    expect(() => deleteOutcome('Spedizione 000000042 non presente.', '000000042')).toThrow(
      expect.objectContaining({ code: 'SHIPMENT_UNKNOWN', message: 'GLS Italia non conosce la spedizione 000000042 (già annullata o mai creata)' }),
    );
    expect(() => deleteOutcome('Spedizione 000000042 già chiusa: eliminazione non consentita.', '000000042')).toThrow(
      expect.objectContaining({ code: 'CANCEL_REFUSED', message: 'GLS Italia non permette di annullare la spedizione: Spedizione 000000042 già chiusa: eliminazione non consentita.' }),
    );
  });
});

describe('closeWorkday (CloseWorkDayByShipmentNumber, CloseWorkDay)', () => {
  it('builds both documents with the bare numbers', () => {
    expect(xml.parse(buildCloseWorkDayByShipmentNumberXml(settings, ['000000042', '000000043'])).Info).toEqual({
      SedeGls: 'MI',
      CodiceClienteGls: '123456',
      PasswordClienteGls: 'Sandbox1',
      Parcel: [{ NumeroDiSpedizioneGLSDaConfermare: '000000042' }, { NumeroDiSpedizioneGLSDaConfermare: '000000043' }],
    });
    expect(xml.parse(buildCloseWorkDayXml(settings, ['000000042'])).Info).toMatchObject({ CloseWorkDayResult: 'S', Parcel: [{ NumeroDiSpedizioneGLSDaConfermare: '000000042' }] });
  });

  it('posts _xmlRequest and XMLCloseInfoParcel to their operations', async () => {
    const byNumber = await client.closeWorkDayByShipmentNumber(buildCloseWorkDayByShipmentNumberXml(settings, ['123456789']));
    expect(lastRequest()).toEqual({ method: 'POST', path: '/ilswebservice.asmx/CloseWorkDayByShipmentNumber', fields: ['_xmlRequest'], query: {} });
    expect(parseCloseWorkDayByShipmentNumberResponse(byNumber)).toEqual({ esiti: [{ number: '123456789', esito: 'Spedizione inesistente o precedentemente cancellata' }] });
    await client.closeWorkDay(buildCloseWorkDayXml(settings, ['123456789']));
    expect(lastRequest()).toEqual({ method: 'POST', path: '/ilswebservice.asmx/CloseWorkDay', fields: ['XMLCloseInfoParcel'], query: {} });
  });

  it('parses the outcomes and the manifest', async () => {
    const pdf = Buffer.from(await (await PDFDocument.create()).save()).toString('base64');
    expect(
      parseCloseWorkDayByShipmentNumberResponse(
        wrap('<CloseWorkDayByShipmentNumberResult><DescrizioneErrore>OK</DescrizioneErrore><Parcel><NumeroDiSpedizioneGLSDaConfermare>000000042</NumeroDiSpedizioneGLSDaConfermare><esito>OK</esito></Parcel></CloseWorkDayByShipmentNumberResult>'),
      ),
    ).toEqual({ esiti: [{ number: '000000042', esito: 'OK' }] });
    const closed = parseCloseWorkDayResponse(wrap(`<CloseWorkDayResult><DescrizioneErrore>OK</DescrizioneErrore><DistintaPDF>${pdf}</DistintaPDF></CloseWorkDayResult>`));
    if (!('esiti' in closed)) throw new Error('expected a result');
    expect(Buffer.from(closed.manifestPdf!).subarray(0, 5).toString()).toBe('%PDF-');
    expect(parseCloseWorkDayResponse(wrap('OK'))).toEqual({ esiti: [] });
  });

  it('parses a refused close and a per-shipment refusal', () => {
    expect(parseCloseWorkDayByShipmentNumberResponse(wrap('<CloseWorkDayByShipmentNumberResult><DescrizioneErrore>Errore nel formato XML</DescrizioneErrore></CloseWorkDayByShipmentNumberResult>'))).toEqual({
      fatal: 'Errore nel formato XML',
    });
    expect(fatalError('CloseWorkDayByShipmentNumber', 'Errore nel formato XML')).toMatchObject({ code: 'PROVIDER_REFUSED', message: 'GLS Italia ha rifiutato la richiesta: Errore nel formato XML' });
    expect(
      parseCloseWorkDayByShipmentNumberResponse(
        wrap(
          '<CloseWorkDayByShipmentNumberResult><DescrizioneErrore>OK</DescrizioneErrore><Parcel><NumeroDiSpedizioneGLSDaConfermare>000000042</NumeroDiSpedizioneGLSDaConfermare><esito>Spedizione inesistente o precedentemente cancellata</esito></Parcel></CloseWorkDayByShipmentNumberResult>',
        ),
      ),
    ).toEqual({ esiti: [{ number: '000000042', esito: 'Spedizione inesistente o precedentemente cancellata' }] });
  });
});

describe('track (public tracking feed)', () => {
  it('builds the query with the departure sede, the bare number and the contract', () => {
    expect(buildTrackQuery(settings, { trackingNumber: 'RM800000001', carrierShipmentNumber: '800000001' }, '800000001')).toEqual({ locpartenza: 'RM', NumSped: '800000001', CodCli: '1234' });
    expect(buildTrackQuery(settings, { trackingNumber: '', carrierShipmentNumber: '800000001' }, '800000001')).toEqual({ locpartenza: 'MI', NumSped: '800000001', CodCli: '1234' });
  });

  it('gets /XML/get_xml_track.php from the tracking host', async () => {
    const { body, contentType } = await client.track({ locpartenza: 'MI', NumSped: '800000001', CodCli: '1234' });
    expect(lastRequest()).toEqual({ method: 'GET', path: '/XML/get_xml_track.php', fields: [], query: { locpartenza: 'MI', NumSped: '800000001', CodCli: '1234' } });
    expect(contentType).toBe('text/xml; charset=ISO-8859-1');
    expect(parseTrackingResponse(decodeTrackingBody(body, contentType))).toEqual({ notFound: 'Spedizione non trovata' });
  });

  it('parses the events, newest first as GLS lists them', () => {
    const feed = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><ELENCO><SPEDIZIONE><NumSped>800000001</NumSped><StatoSpedizione><![CDATA[CONSEGNATA.]]></StatoSpedizione><TRACKING>' +
        '<Data>05/03/26</Data><Ora>15:10</Ora><Luogo><![CDATA[FORLÌ]]></Luogo><Stato><![CDATA[CONSEGNATA.]]></Stato><Note /><Codice>906</Codice>' +
        '<Data>05/03/26</Data><Ora>09:00</Ora><Luogo><![CDATA[MILANO]]></Luogo><Stato><![CDATA[IN TRANSITO]]></Stato><Note /><Codice>902</Codice>' +
        '</TRACKING></SPEDIZIONE></ELENCO>',
      'latin1',
    );
    expect(parseTrackingResponse(decodeTrackingBody(feed, 'text/xml; charset=ISO-8859-1'))).toEqual({
      status: 'CONSEGNATA.',
      events: [
        { data: '05/03/26', ora: '15:10', luogo: 'FORLÌ', stato: 'CONSEGNATA.', note: '', codice: '906' },
        { data: '05/03/26', ora: '09:00', luogo: 'MILANO', stato: 'IN TRANSITO', note: '', codice: '902' },
      ],
    });
  });

  it('parses an unknown shipment and rejects an unreadable answer', () => {
    expect(parseTrackingResponse('<ELENCO><ERRORE><TESTOERRORE>Spedizione non trovata</TESTOERRORE></ERRORE></ELENCO>')).toEqual({ notFound: 'Spedizione non trovata' });
    expect(() => parseTrackingResponse('<html><body>Service Unavailable')).toThrow(CarrierError);
    expect(() => parseTrackingResponse('<html><body>Service Unavailable')).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});
