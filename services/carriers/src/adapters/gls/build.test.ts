import { XMLParser } from 'fast-xml-parser';
import type { LabelRequest, PartyAddress } from '../adapter';
import { bdaOf, buildAddParcelXml, escapeXml, parcelCounter, shipmentNumberOf, volume } from './build';
import type { GlsSettings } from './settings';

const settings: GlsSettings = {
  baseUrl: 'https://labelservice.gls-italy.com',
  trackingUrl: 'https://infoweb.gls-italy.com',
  siglaSede: 'MI',
  codiceCliente: '123456',
  passwordCliente: 'P&<pw>',
  codiceContratto: '1234',
};

const recipient: PartyAddress = { name: 'Mario Rossi', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20121', province: 'MI', countryCode: 'IT' };
const sender: PartyAddress = { name: 'Negozio Srl', addressLine1: 'Via Torino 2', city: 'Milano', postalCode: '20123', province: 'MI', countryCode: 'IT' };

function request(overrides: Partial<LabelRequest> = {}, to: Partial<PartyAddress> = {}): LabelRequest {
  return { reference: 'SHP-42', sequence: 42, recipient: { ...recipient, ...to }, sender, parcels: [{ weightGrams: 2500 }], ...overrides };
}

const parser = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'Parcel' });
const parcels = (r: LabelRequest) => parser.parse(buildAddParcelXml(settings, r)).Info.Parcel as Record<string, string>[];

function refusal(r: LabelRequest): { code: string; message: string } {
  try {
    buildAddParcelXml(settings, r);
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected a refusal');
}

describe('issue 25: the real parcel and the extra-EU declaration', () => {
  const customs: LabelRequest['customs'] = {
    contentType: 'merce',
    invoiceNumber: 'FT-2026-12',
    currency: 'EUR',
    items: [{ description: 'Tazza in ceramica', quantity: 2, valueCents: 2500, weightGrams: 700, hsCode: '691200', originCountry: 'IT' }],
  };
  const articles = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'Parcel' || name === 'Articolo' });

  it('PesoReale from the weight, PesoVolume in cubic metres when the three sizes are known', () => {
    const [p] = parcels(request({ parcels: [{ weightGrams: 1234, lengthCm: 30, widthCm: 20, heightCm: 15 }] }));
    expect(p).toMatchObject({ PesoReale: '1,3', PesoVolume: '0,009' });
    expect(parcels(request())[0]).not.toHaveProperty('PesoVolume');
    expect(volume({ lengthCm: 200, widthCm: 100, heightCm: 60 })).toBe('1,200');
  });

  it('a UK parcel carries the invoice, value, currency, contents type and one Articolo per line', () => {
    const xml = buildAddParcelXml(settings, request({ customs }, { countryCode: 'GB', postalCode: 'SW1A 1AA', city: 'London' }));
    const [p] = articles.parse(xml).Info.Parcel as Record<string, unknown>[];
    expect(p).toMatchObject({ TipoSpedizione: 'P', NumeroFattura: 'FT-2026-12', ValoreDichiarato: '25,00', Valuta: 'EUR', TipoContenuto: 'SALE OF GOODS' });
    expect(p.Articolo).toEqual([{ Descrizione: 'Tazza in ceramica', Quantita: '2', Valore: '25,00', PesoNetto: '0,7', CodiceHS: '691200', PaeseOrigine: 'IT' }]);
  });

  it('inside the EU customs union no declaration is sent', () => {
    const xml = buildAddParcelXml(settings, request({ customs }, { countryCode: 'FR', postalCode: '75001', city: 'Paris' }));
    expect(xml).not.toContain('NumeroFattura');
    expect(xml).not.toContain('Articolo');
  });
});

describe('buildAddParcelXml', () => {
  it('escapes XML in every value, the password included', () => {
    const xml = buildAddParcelXml(settings, request({ notes: 'Citofono "A" <2> & scala' }, { name: "Bar dell'Angolo & C." }));
    expect(xml).toContain('<PasswordClienteGls>P&amp;&lt;pw&gt;</PasswordClienteGls>');
    expect(xml).toContain('<RagioneSociale>Bar dell&apos;Angolo &amp; C.</RagioneSociale>');
    expect(xml).toContain('<NoteSpedizione>Citofono &quot;A&quot; &lt;2&gt; &amp; scala</NoteSpedizione>');
    expect(parser.parse(xml).Info.PasswordClienteGls).toBe('P&<pw>');
  });

  it('writes one Parcel per package with its own counter and the cash on delivery on the first only', () => {
    const out = parcels(request({ parcels: [{ weightGrams: 1234 }, { weightGrams: 50 }, { weightGrams: 12000 }], cashOnDeliveryCents: 123410 }));
    expect(out.map((p) => [p.PesoReale, p.ContatoreProgressivo, p.Colli, p.ImportoContrassegno, p.ModalitaIncasso])).toEqual([
      ['1,3', '4201', '1', '1234,10', 'CONT'],
      ['0,1', '4202', '1', undefined, undefined],
      ['12,0', '4203', '1', undefined, undefined],
    ]);
    expect(new Set(out.map((p) => `${p.RagioneSociale}|${p.Indirizzo}|${p.Localita}|${p.TipoPorto}`)).size).toBe(1);
  });

  it('sends the reference as RiferimentoCliente, and as Bda when it fits 11 letters or digits', () => {
    expect(parcels(request())[0]).toMatchObject({ Bda: 'SHP42', RiferimentoCliente: 'SHP-42' });
    expect(parcels(request({ reference: 'ORDER-2026-000123' }))[0]!.Bda).toBeUndefined();
    expect(bdaOf('A-B_C 1')).toBe('ABC1');
    expect(bdaOf('---')).toBeUndefined();
  });

  it('sends an international parcel as TipoSpedizione P with the country in Provincia', () => {
    const [p] = parcels(request({}, { countryCode: 'GB', postalCode: 'SW1A 1AA', province: 'London', city: 'London' }));
    expect(p).toMatchObject({ TipoSpedizione: 'P', Zipcode: 'SW1A1AA', Provincia: 'GB' });
    expect(parcels(request({}, { countryCode: 'NL', postalCode: '1011-AB', province: undefined }))[0]).toMatchObject({ Zipcode: '1011AB', Provincia: 'NL' });
  });

  it('keeps the phone: Cellulare1 for an Italian mobile, TelefonoDestinatario as given', () => {
    expect(parcels(request({}, { phone: '+39 333 123 4567', email: 'mario@example.it' }))[0]).toMatchObject({
      Cellulare1: '3331234567',
      TelefonoDestinatario: '+393331234567',
      Email: 'mario@example.it',
    });
    expect(parcels(request({}, { phone: '02 1234567' }))[0]).toMatchObject({ TelefonoDestinatario: '021234567' });
    expect(parcels(request({}, { phone: '02 1234567' }))[0]!.Cellulare1).toBeUndefined();
  });

  it('joins the two address lines when they fit, else moves the second to the printed notes', () => {
    expect(parcels(request({}, { addressLine2: 'Scala B' }))[0]).toMatchObject({ Indirizzo: 'Via Roma 1 Scala B' });
    const long = parcels(request({ notes: 'Citofonare' }, { addressLine1: 'Via Giuseppe Garibaldi 123', addressLine2: 'Scala B, interno 4' }))[0]!;
    expect(long).toMatchObject({ Indirizzo: 'Via Giuseppe Garibaldi 123', NoteSpedizione: 'Scala B, interno 4 - Citofonare' });
    expect(refusal(request({ notes: 'Consegnare solo al mattino' }, { addressLine1: 'Via Giuseppe Garibaldi 123', addressLine2: 'Scala B, interno 4' }))).toEqual({
      code: 'LABEL_REFUSED',
      message:
        'GLS Italia ha rifiutato la spedizione: Indirizzo del destinatario troppo lungo: la prima riga può avere al massimo 35 caratteri e il complemento, spostato nelle note, al massimo 40 insieme alle note',
    });
  });

  it('collapses whitespace and drops characters XML cannot carry', () => {
    expect(parcels(request({}, { name: '  Mario\t\nRossi\u0007 ' }))[0]!.RagioneSociale).toBe('Mario Rossi');
    expect(escapeXml('a\u0000b\u001Fc<')).toBe('abc&lt;');
  });

  it.each([
    [{ name: 'N'.repeat(36) }, {}, 'Nome del destinatario supera il limite di 35 caratteri (ne ha 36)'],
    [{ addressLine1: 'I'.repeat(36) }, {}, 'Indirizzo del destinatario supera il limite di 35 caratteri (ne ha 36)'],
    [{ city: 'L'.repeat(31) }, {}, 'Località del destinatario supera il limite di 30 caratteri (ne ha 31)'],
    [{ email: `${'e'.repeat(65)}@ex.it` }, {}, 'Email del destinatario supera il limite di 70 caratteri (ne ha 71)'],
    [{}, { notes: 'n'.repeat(41) }, 'Nota per il corriere supera il limite di 40 caratteri (ne ha 41)'],
    [{}, { contentDescription: 'c'.repeat(41) }, 'Descrizione del contenuto supera il limite di 40 caratteri (ne ha 41)'],
    [{ name: ' ' }, {}, 'Nome del destinatario mancante'],
    [{ city: '' }, {}, 'Località del destinatario mancante'],
    [{ postalCode: '2012' }, {}, 'CAP non valido: "2012" (per l\'Italia servono 5 cifre, es. 20121)'],
    [{ postalCode: '20121A' }, {}, 'CAP non valido: "20121A" (per l\'Italia servono 5 cifre, es. 20121)'],
    [{ countryCode: 'DE', postalCode: '12345678' }, {}, 'CAP estero non valido: "12345678" (al massimo 7 lettere o cifre)'],
    [{ province: undefined }, {}, 'Provincia del destinatario mancante: indica la sigla di 2 lettere (es. MI)'],
    [{ province: 'Milano' }, {}, 'Provincia non valida: "MILANO" (serve la sigla di 2 lettere, es. MI)'],
    [{}, { parcels: [] }, 'Indica almeno un collo'],
    [{}, { parcels: Array.from({ length: 100 }, () => ({ weightGrams: 100 })) }, 'Una spedizione GLS può avere al massimo 99 colli'],
    [{}, { parcels: [{ weightGrams: 0 }] }, 'Il peso di ogni collo deve essere maggiore di zero'],
    [{}, { parcels: [{ weightGrams: 10_000_000 }] }, 'Il peso di un collo non può superare 9999 kg'],
    [{}, { cashOnDeliveryCents: -5 }, 'Importo del contrassegno non valido'],
  ] as [Partial<PartyAddress>, Partial<LabelRequest>, string][])('refuses %j %j before sending', (to, overrides, reason) => {
    expect(refusal(request(overrides, to))).toEqual({ code: 'LABEL_REFUSED', message: `GLS Italia ha rifiutato la spedizione: ${reason}` });
  });

  it('counts characters, not UTF-16 units, against the limits', () => {
    expect(parcels(request({}, { name: '😀'.repeat(35) }))[0]!.RagioneSociale).toBe('😀'.repeat(35));
  });
});

describe('parcelCounter', () => {
  it('numbers the packages of a sequence, at most 9 digits, the same on a retry', () => {
    expect(parcelCounter(42, 0)).toBe(4201);
    expect(parcelCounter(42, 98)).toBe(4299);
    expect(parcelCounter(9_999_999, 98)).toBe(999_999_999);
    expect(parcelCounter(999_999_999, 0)).toBe(999_999_901);
    expect(parcelCounter(10_000_042, 0)).toBe(4201);
    expect(() => parcelCounter(-1, 0)).toThrow(RangeError);
    expect(() => parcelCounter(1, 99)).toThrow(RangeError);
  });
});

describe('shipmentNumberOf', () => {
  it('takes the 9 digits from the shipment number, or from the tracking number', () => {
    expect(shipmentNumberOf({ carrierShipmentNumber: '000000042', trackingNumber: 'MI000000042' })).toBe('000000042');
    expect(shipmentNumberOf({ carrierShipmentNumber: '', trackingNumber: 'MI800000001' })).toBe('800000001');
    expect(shipmentNumberOf({ carrierShipmentNumber: '42', trackingNumber: 'MI800000001' })).toBeUndefined();
    expect(shipmentNumberOf({ carrierShipmentNumber: '', trackingNumber: '800000001' })).toBeUndefined();
  });
});
