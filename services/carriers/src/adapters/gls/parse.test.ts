import { decodeTrackingBody, parseAddParcelResponse, parseCloseWorkDayResponse, parseDeleteSpedResponse, parseListSpedResponse, parseTrackingResponse, unwrapAsmxString } from './parse';

const wrap = (payload: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\r\n<string xmlns="https://labelservice.gls-italy.com/">${payload.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</string>`;

describe('unwrapAsmxString', () => {
  it('opens the ASMX string wrapper, decoding entities and character references', () => {
    expect(unwrapAsmxString(wrap('<InfoLabel><X>a &amp; b</X></InfoLabel>'))).toBe('<InfoLabel><X>a &amp; b</X></InfoLabel>');
    expect(unwrapAsmxString('<string xmlns="x">Citt&#224; &#x2713; &quot;ok&quot;</string>')).toBe('Città ✓ "ok"');
    expect(unwrapAsmxString('<?xml version="1.0"?><string xmlns="x" />')).toBe('');
  });

  it('leaves a bare answer as it is', () => {
    expect(unwrapAsmxString('<InfoLabel/>')).toBe('<InfoLabel/>');
    expect(unwrapAsmxString('  Spedizione 1 non presente. ')).toBe('Spedizione 1 non presente.');
  });
});

describe('parseAddParcelResponse', () => {
  it('keeps numbers as strings with their zeros and reads every parcel', () => {
    const parsed = parseAddParcelResponse(
      wrap('<InfoLabel><Parcel Result="Success"><NumeroSpedizione>000000042</NumeroSpedizione><ContatoreProgressivo>4201</ContatoreProgressivo></Parcel><Parcel Result="Warning"><NumeroSpedizione>000000042</NumeroSpedizione><DescrizioneSedeDestino>GLS Check</DescrizioneSedeDestino><NoteSpedizione>Via ignota</NoteSpedizione></Parcel></InfoLabel>'),
    );
    expect(parsed).toEqual({
      parcels: [
        expect.objectContaining({ result: 'Success', numeroSpedizione: '000000042', contatoreProgressivo: '4201' }),
        expect.objectContaining({ result: 'Warning', descrizioneSedeDestino: 'GLS Check', noteSpedizione: 'Via ignota' }),
      ],
    });
    expect('parcels' in parsed && 'pdfLabel' in parsed.parcels[0]!).toBe(false);
  });

  it('reads each parcel’s label, base64 over several lines, in parcel order', () => {
    const first = Buffer.from('%PDF-1.7 first label %%EOF');
    const second = Buffer.from('%PDF-1.7 second label, a little longer %%EOF');
    const lines = (bytes: Buffer) => bytes.toString('base64').replace(/(.{16})/g, '$1\r\n');
    const parsed = parseAddParcelResponse(
      wrap(`<InfoLabel><Parcel Result="Success"><NumeroSpedizione>1</NumeroSpedizione><PdfLabel>${lines(first)}</PdfLabel></Parcel><Parcel Result="Success"><NumeroSpedizione>1</NumeroSpedizione><PdfLabel>\n${lines(second)}\n</PdfLabel><NoteSpedizione>#0</NoteSpedizione></Parcel></InfoLabel>`),
    );
    if (!('parcels' in parsed)) throw new Error('no parcels');
    expect(parsed.parcels.map((p) => Buffer.from(p.pdfLabel ?? []).toString())).toEqual([first.toString(), second.toString()]);
    expect(parsed.parcels[1]!.noteSpedizione).toBe('#0');
  });

  it('reads a label the fast path does not lift (a prefixed or attributed element) through the parser', () => {
    const pdf = Buffer.from('%PDF-1.4 x %%EOF');
    const parsed = parseAddParcelResponse(
      wrap(`<InfoLabel xmlns:g="urn:g"><Parcel Result="Success"><NumeroSpedizione>7</NumeroSpedizione><g:PdfLabel type="pdf">${pdf.toString('base64')}</g:PdfLabel></Parcel></InfoLabel>`),
    );
    expect('parcels' in parsed && Buffer.from(parsed.parcels[0]!.pdfLabel ?? []).toString()).toBe(pdf.toString());
  });

  it('reads the fatal form, bare or inside the result, and a plain message', () => {
    expect(parseAddParcelResponse(wrap('<DescrizioneErrore>Errore nel formato XML</DescrizioneErrore>'))).toEqual({ fatal: 'Errore nel formato XML' });
    expect(parseAddParcelResponse('<?xml version="1.0"?><InfoLabel><DescrizioneErrore>Login fallito</DescrizioneErrore></InfoLabel>')).toEqual({ fatal: 'Login fallito' });
    expect(parseAddParcelResponse(wrap('Servizio momentaneamente non disponibile'))).toEqual({ fatal: 'Servizio momentaneamente non disponibile' });
  });

  it('refuses what it cannot read as BAD_RESPONSE', () => {
    expect(() => parseAddParcelResponse('<html><body>Runtime Error')).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
    expect(() => parseAddParcelResponse(wrap('<InfoLabel></InfoLabel>'))).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('the other Label Service answers', () => {
  it('DeleteSped: the message, or the fatal form', () => {
    expect(parseDeleteSpedResponse('<string xmlns="x">Spedizione 1 non presente.</string>')).toEqual({ message: 'Spedizione 1 non presente.' });
    expect(parseDeleteSpedResponse(wrap('<DescrizioneErrore>Password errata</DescrizioneErrore>'))).toEqual({ fatal: 'Password errata' });
  });

  it('ListSped: an empty list and the fatal form', () => {
    expect(parseListSpedResponse(wrap('<ListSped />'))).toEqual({ shipments: [] });
    expect(parseListSpedResponse(wrap('<DescrizioneErrore>Password errata</DescrizioneErrore>'))).toEqual({ fatal: 'Password errata' });
  });

  it('CloseWorkDay: the fatal form', () => {
    expect(parseCloseWorkDayResponse(wrap('<DescrizioneErrore>Password errata</DescrizioneErrore>'))).toEqual({ fatal: 'Password errata' });
  });
});

describe('the tracking feed', () => {
  it('decodes ISO-8859-1 by Content-Type or XML declaration, UTF-8 otherwise', () => {
    const latin = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><A>Forlì</A>', 'latin1');
    expect(decodeTrackingBody(latin, 'text/xml; charset=ISO-8859-1')).toContain('Forlì');
    expect(decodeTrackingBody(latin, 'text/xml')).toContain('Forlì');
    expect(decodeTrackingBody(Buffer.from('<A>Forlì</A>', 'utf8'), 'text/xml; charset=utf-8')).toBe('<A>Forlì</A>');
  });

  it('reads events as repeated TRACKING elements too', () => {
    const feed =
      '<ELENCO><SPEDIZIONE><StatoSpedizione>IN TRANSITO</StatoSpedizione>' +
      '<TRACKING><Data>05/03/26</Data><Ora>12:00</Ora><Luogo>BOLOGNA</Luogo><Stato>ARRIVATA</Stato><Codice>904</Codice></TRACKING>' +
      '<TRACKING><Data>05/03/26</Data><Ora>09:00</Ora><Stato>PARTITA</Stato><Note>nota</Note><Codice>902</Codice></TRACKING>' +
      '</SPEDIZIONE></ELENCO>';
    expect(parseTrackingResponse(feed)).toEqual({
      status: 'IN TRANSITO',
      events: [
        { data: '05/03/26', ora: '12:00', luogo: 'BOLOGNA', stato: 'ARRIVATA', note: '', codice: '904' },
        { data: '05/03/26', ora: '09:00', luogo: '', stato: 'PARTITA', note: 'nota', codice: '902' },
      ],
    });
  });

  it('reads a feed without the ELENCO root and one with no events', () => {
    expect(parseTrackingResponse('<SPEDIZIONE><StatoSpedizione>IN TRANSITO</StatoSpedizione></SPEDIZIONE>')).toEqual({ status: 'IN TRANSITO', events: [] });
    expect(parseTrackingResponse('<ERRORE><TESTOERRORE>Spedizione non trovata</TESTOERRORE></ERRORE>')).toEqual({ notFound: 'Spedizione non trovata' });
    expect(() => parseTrackingResponse('<ELENCO><Other/></ELENCO>')).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});
