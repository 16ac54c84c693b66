import { posteMessages } from '@smista/contracts';
import type { CarrierError, LabelRequest, PartyAddress } from '../adapter';
import { buildSessionRequest, buildTrackingQuery, buildWaybillRequest, clientReferenceOf } from './build';
import { POSTE_SCOPES, type PosteDeliverySettings } from './settings';

/* Request built: the exact JSON the adapter sends Poste, and every refusal before sending. */

const settings: PosteDeliverySettings = {
  baseUrl: 'https://apiw.gp.posteitaliane.it/gp/internet',
  clientId: ' smista-sandbox ',
  secret: 'PosteSandbox1',
  costCenterCode: 'CDC-000001',
  product: 'APT000902',
  scope: '',
};

const sender: PartyAddress = {
  name: 'Bottega Verdi Srl',
  contactName: 'Anna Verdi',
  addressLine1: 'Via Roma 10',
  city: 'Milano',
  postalCode: '20121',
  province: 'mi',
  countryCode: 'IT',
  phone: '+39 02 1234567',
  email: 'spedizioni@bottega.example.it',
};
const recipient: PartyAddress = {
  name: 'Mario Rossi',
  addressLine1: 'Via Garibaldi 5',
  addressLine2: 'scala B',
  city: 'Torino',
  postalCode: '10121',
  province: 'TO',
  countryCode: 'IT',
  phone: '333 123 4567',
  email: 'mario.rossi@example.it',
};
const label = (patch: Partial<LabelRequest> = {}): LabelRequest => ({
  reference: 'SHP-42',
  sequence: 42,
  recipient,
  sender,
  parcels: [{ weightGrams: 2499.2, lengthCm: 30, widthCm: 20.4, heightCm: 10 }],
  contentDescription: 'Libri usati',
  ...patch,
});
const AT = new Date('2026-03-05T09:00:00Z');

function refusal(fn: () => unknown): CarrierError {
  try {
    fn();
  } catch (err) {
    return err as CarrierError;
  }
  throw new Error('expected a refusal');
}

describe('the session request', () => {
  it('carries the client credentials, grant type and the production scope when none is configured', () => {
    expect(buildSessionRequest(settings)).toEqual({ clientId: 'smista-sandbox', secretId: 'PosteSandbox1', scope: POSTE_SCOPES.production, grantType: 'client_credentials' });
  });

  it("uses Poste's test scope against its test host, and a configured scope as it is", () => {
    expect(buildSessionRequest({ ...settings, baseUrl: 'https://apid.gp.posteitaliane.it/dev/kindergarden/' }).scope).toBe(POSTE_SCOPES.test);
    expect(buildSessionRequest({ ...settings, scope: 'api://custom/.default' }).scope).toBe('api://custom/.default');
  });
});

describe('the waybill request', () => {
  it('is one waybill with a declared entry per parcel, whole grams and centimetres as strings, ISO4 countries', () => {
    expect(buildWaybillRequest(settings, label(), AT)).toEqual({
      costCenterCode: 'CDC-000001',
      paperless: false,
      shipmentDate: '2026-03-05T09:00:00.000+00:00',
      waybills: [
        {
          clientReferenceId: 'SHP-42',
          printFormat: '1011',
          product: 'APT000902',
          data: {
            declared: [{ weight: '2500', height: '10', length: '30', width: '21', description: 'Libri usati' }],
            content: 'Libri usati',
            services: {},
            sender: {
              contactName: 'Anna Verdi',
              nameSurname: 'Bottega Verdi Srl',
              address: 'Via Roma',
              streetNumber: '10',
              zipCode: '20121',
              city: 'Milano',
              province: 'MI',
              country: 'ITA1',
              countryName: 'Italia',
              email: 'spedizioni@bottega.example.it',
              phone: '+39021234567',
            },
            receiver: {
              contactName: '',
              nameSurname: 'Mario Rossi',
              address: 'Via Garibaldi scala B',
              streetNumber: '5',
              zipCode: '10121',
              city: 'Torino',
              province: 'TO',
              country: 'ITA1',
              countryName: 'Italia',
              email: 'mario.rossi@example.it',
              phone: '3331234567',
            },
          },
        },
      ],
    });
  });

  it('adds cash on delivery as accessory service APT000918, in euro with a dot, cash', () => {
    const body = buildWaybillRequest(settings, label({ cashOnDeliveryCents: 1230 }), AT);
    expect(body.waybills[0]!.data.services).toEqual({ APT000918: { amount: '12.30', paymentMode: 'CON' } });
  });

  it('puts the notes in the sender notes, the first 20 characters in the printed one', () => {
    const sender = buildWaybillRequest(settings, label({ notes: 'Citofonare Rossi, secondo piano interno 4' }), AT).waybills[0]!.data.sender;
    expect([sender.note1, sender.note2]).toEqual(['Citofonare Rossi, se', 'condo piano interno']);
    expect(buildWaybillRequest(settings, label({ notes: 'Fragile' }), AT).waybills[0]!.data.sender).toMatchObject({ note1: 'Fragile' });
    expect(buildWaybillRequest(settings, label({ notes: 'Fragile' }), AT).waybills[0]!.data.sender.note2).toBeUndefined();
  });

  it('sends several parcels, sizes only when known, and the A4 format when configured', () => {
    const body = buildWaybillRequest({ ...settings, printFormat: 'A4' }, label({ parcels: [{ weightGrams: 800 }, { weightGrams: 1200, heightCm: 5 }] }), AT);
    expect(body.waybills[0]!.printFormat).toBe('A4');
    expect(body.waybills[0]!.data.declared).toEqual([
      { weight: '800', description: 'Libri usati' },
      { weight: '1200', height: '5', description: 'Libri usati' },
    ]);
  });

  it('abroad: the international product, the country as ISO4, the recipient as contact, no province of more than 2 letters', () => {
    const fr: PartyAddress = { name: 'Jean Dupont', addressLine1: '12 rue de Rivoli', city: 'Paris', postalCode: '75001', province: 'Île-de-France', countryCode: 'fr', phone: '+33 1 23 45 67 89', email: 'jean@example.fr' };
    const body = buildWaybillRequest({ ...settings, product: 'APT000904' }, label({ recipient: fr }), AT);
    expect(body.waybills[0]!.product).toBe('APT000904');
    expect(body.waybills[0]!.data.receiver).toEqual({
      contactName: 'Jean Dupont',
      nameSurname: 'Jean Dupont',
      address: '12 rue de Rivoli',
      streetNumber: '',
      zipCode: '75001',
      city: 'Paris',
      province: '',
      country: 'FRA1',
      countryName: 'Francia',
      email: 'jean@example.fr',
      phone: '+33123456789',
    });
  });

  it('leaves out an unusable phone or e-mail at home, where both are optional', () => {
    const receiver = buildWaybillRequest(settings, label({ recipient: { ...recipient, phone: 'chiamare prima', email: 'non-una-mail' } }), AT).waybills[0]!.data.receiver;
    expect([receiver.phone, receiver.email]).toEqual(['', '']);
  });

  const fr: PartyAddress = { name: 'Jean Dupont', addressLine1: '12 rue de Rivoli', city: 'Paris', postalCode: '75001', countryCode: 'FR', phone: '+33123456789', email: 'jean@example.fr' };
  const intl = { ...settings, product: 'APT000904' };

  it.each<[string, PosteDeliverySettings, Partial<LabelRequest>, string]>([
    ['a name over 35 characters', settings, { recipient: { ...recipient, name: 'N'.repeat(36) } }, posteMessages.fieldTooLong('Nome del destinatario', 36, 35)],
    ['an address over 40 characters', settings, { recipient: { ...recipient, addressLine1: `Via ${'L'.repeat(40)} 3`, addressLine2: '' } }, posteMessages.fieldTooLong('Indirizzo del destinatario', 44, 40)],
    ['a city over 30 characters', settings, { recipient: { ...recipient, city: 'C'.repeat(31) } }, posteMessages.fieldTooLong('Città del destinatario', 31, 30)],
    ['an Italian CAP of 4 digits', settings, { recipient: { ...recipient, postalCode: '1012' } }, posteMessages.zipCodeDomestic('1012')],
    ['no province in Italy', settings, { recipient: { ...recipient, province: '' } }, posteMessages.provinceRequired],
    ['a province of 3 letters in Italy', settings, { recipient: { ...recipient, province: 'TOR' } }, posteMessages.provinceInvalid('TOR')],
    ['a country ISO does not assign', settings, { recipient: { ...recipient, countryCode: 'XX' } }, posteMessages.countryUnsupported('XX')],
    ['a domestic product abroad', settings, { recipient: fr }, posteMessages.productDomesticOnly('Standard', 'Francia')],
    ['an international product to Italy', intl, {}, posteMessages.productInternationalOnly('Internazionale Standard')],
    ['an unknown product', { ...settings, product: 'APT000999' }, {}, posteMessages.productUnknown('APT000999')],
    ['abroad without e-mail', intl, { recipient: { ...fr, email: '' } }, posteMessages.internationalFieldRequired('Email del destinatario')],
    ['abroad with a bad phone', intl, { recipient: { ...fr, phone: 'n/a' } }, posteMessages.phoneInvalid('n/a')],
    ['abroad without a content description', intl, { recipient: fr, contentDescription: '' }, posteMessages.internationalFieldRequired('Descrizione del contenuto')],
    ['cash on delivery abroad', intl, { recipient: fr, cashOnDeliveryCents: 1000 }, posteMessages.cashOnDeliveryInternational],
    ['a negative cash on delivery', settings, { cashOnDeliveryCents: -5 }, posteMessages.cashOnDeliveryInvalid],
    ['no parcels', settings, { parcels: [] }, posteMessages.parcelsRequired],
    ['eleven parcels', settings, { parcels: Array.from({ length: 11 }, () => ({ weightGrams: 100 })) }, posteMessages.tooManyParcels(10)],
    ['a parcel without weight', settings, { parcels: [{ weightGrams: 0 }] }, posteMessages.weightInvalid],
    ['a parcel over 30 kg', settings, { parcels: [{ weightGrams: 30_001 }] }, posteMessages.weightTooLarge(30)],
    ['a zero size', settings, { parcels: [{ weightGrams: 100, heightCm: 0 }] }, posteMessages.dimensionInvalid],
    ["a sender's province missing", settings, { sender: { ...sender, province: '' } }, posteMessages.senderProvinceInvalid('')],
    ["a sender's CAP of 4 digits", settings, { sender: { ...sender, postalCode: '2012' } }, posteMessages.senderZipCodeInvalid('2012')],
  ])('refuses %s before sending, with a message naming it', (_name, s, patch, reason) => {
    const err = refusal(() => buildWaybillRequest(s, label(patch), AT));
    expect(err.code).toBe('LABEL_REFUSED');
    expect(err.message).toBe(posteMessages.labelRefused(reason));
  });
});

describe('the client reference', () => {
  it('is the reference when it fits in 25 characters, else a stable shortened form that stays unique', () => {
    expect(clientReferenceOf(' SHP-42 ')).toBe('SHP-42');
    const long = 'ORDER-2026-03-05-000000001';
    const other = 'ORDER-2026-03-05-000000002';
    expect(clientReferenceOf(long)).toMatch(/^ORDER-2026-03-05~[0-9a-f]{8}$/);
    expect(clientReferenceOf(long)).toHaveLength(25);
    expect(clientReferenceOf(long)).toBe(clientReferenceOf(long));
    expect(clientReferenceOf(long)).not.toBe(clientReferenceOf(other));
  });
});

describe('the tracking query (also the check before a void in Smista only)', () => {
  it('asks for the full history of one number', () => {
    expect(buildTrackingQuery(' 3UW0000000001 ')).toEqual({ waybillNumber: '3UW0000000001', statusDescription: 'E', customerType: 'DQ', lastTracingState: 'N' });
  });
});
