import { customsMessages } from '@smista/contracts';
import { customsOfOrder, customsStateOf, labelBlocker, mmToCm, parcelOfOrder } from './parcel';
import { planShipment, type SourceOrder } from './bulk-create';
import { afterLabelFailure, labelRequestOf } from './process';
import { assertCanProcess, problemOf } from './rules';

const line = { title: 'Tazza in ceramica', quantity: 2, unitPrice: '12.50', currency: 'EUR', weightGrams: 350, hsCode: '6912.00', originCountry: 'it', customsDescription: '' };
const PARCEL = { weightGrams: 1200, lengthMm: null, widthMm: null, heightMm: null, packageName: '' };

describe('the parcel of a new shipment, from the order (issue 25)', () => {
  it('the order weight (catalogue weights plus tare) and the package inner dimensions', () => {
    expect(parcelOfOrder({ weightKg: 1.25, weightMissing: false, package: { name: 'Scatola M', lengthMm: 300, widthMm: 200, heightMm: 150 } })).toEqual({ weightGrams: 1250, lengthMm: 300, widthMm: 200, heightMm: 150, packageName: 'Scatola M' });
  });
  it('a missing item weight or an unknown order weight is no weight, never 1 kg', () => {
    expect(parcelOfOrder({ weightKg: 0.8, weightMissing: true, package: null }).weightGrams).toBeNull();
    expect(parcelOfOrder({ weightKg: null, weightMissing: false, package: null })).toEqual({ weightGrams: null, lengthMm: null, widthMm: null, heightMm: null, packageName: '' });
  });
  it('millimetres go to the carriers as whole centimetres, rounded up', () => {
    expect(mmToCm(301)).toBe(31);
    expect(mmToCm(null)).toBeUndefined();
  });
});

describe('the customs declaration prefilled from the order', () => {
  it('description (customs description or title), quantity, value, weight of all units, HS code, origin; the order number as the invoice number', () => {
    expect(customsOfOrder([line, { ...line, title: 'Teiera', customsDescription: 'Teiera in ghisa', quantity: 1, weightGrams: null, hsCode: '', originCountry: '' }], ' 12-34567-89012 ')).toEqual({
      contentType: 'merce',
      invoiceNumber: '12-34567-89012',
      currency: 'EUR',
      items: [
        { description: 'Tazza in ceramica', quantity: 2, valueCents: 2500, weightGrams: 700, hsCode: '691200', originCountry: 'IT' },
        { description: 'Teiera in ghisa', quantity: 1, valueCents: 1250, weightGrams: null, hsCode: '', originCountry: '' },
      ],
    });
  });

  it('a UK order gets its prefilled declaration and what it lacks; an Italian one none', () => {
    const order = (countryCode: string, postalCode: string): SourceOrder => ({
      id: 1,
      externalId: '01-1',
      marketplace: 'ebay',
      integrationId: 3,
      status: 'da_spedire',
      paymentStatus: 'pagato',
      carrierIntegrationId: null,
      address: { id: 9, fullName: 'Jane Doe', companyName: '', addressLine1: '1 High St', addressLine2: '', city: 'London', state: '', postalCode, country: '', countryCode, phoneNumber: '', email: '' },
      items: [{ ...line, externalItemId: '1', fulfillmentStatus: 'da_spedire' }],
      weightKg: 0.9,
      weightMissing: false,
      package: null,
    });
    const uk = planShipment('m', 1, order('GB', 'SW1A 1AA'), new Map());
    expect(uk).toMatchObject({ kind: 'create', shipment: { customsNeeded: true, customsTerritory: 'GB', customs: { invoiceNumber: '01-1' }, customsMissing: [], parcel: { weightGrams: 900 } } });
    const it = planShipment('m', 1, order('IT', '20121'), new Map());
    expect(it).toMatchObject({ kind: 'create', shipment: { customsNeeded: false, customs: null, customsMissing: [] } });
    expect(customsStateOf('IT', '23041', null)).toEqual({ customsNeeded: true, customsTerritory: 'Livigno', customsMissing: ['il tipo di contenuto', 'almeno un articolo'] });
  });
});

describe('before a label', () => {
  it('no weight or missing customs data block the label, named', () => {
    expect(labelBlocker({ parcel: { ...PARCEL, weightGrams: null }, customsMissing: [] })).toEqual({ code: 'WEIGHT_MISSING', message: customsMessages.weightMissing });
    expect(labelBlocker({ parcel: PARCEL, customsMissing: ['il numero di fattura'] })?.message).toBe(
      "Dati doganali mancanti per la destinazione fuori dall'Unione doganale UE: il numero di fattura. Completali nella sezione 'Dati doganali' della spedizione.",
    );
    expect(labelBlocker({ parcel: PARCEL, customsMissing: [] })).toBeNull();
  });
  it("'Processa' on one shipment is refused with the reason; a run leaves it pending with the reason, no carrier called", () => {
    expect(() => assertCanProcess({ status: 'pending', parcel: { ...PARCEL, weightGrams: null }, customsMissing: [] })).toThrow(customsMessages.weightMissing);
    expect(afterLabelFailure({ kind: 'blocked', code: 'WEIGHT_MISSING', message: customsMessages.weightMissing })).toEqual({ status: 'pending', errorMessage: customsMessages.weightMissing, errorCode: 'WEIGHT_MISSING', auditOutcome: 'refused' });
  });
  it('a pending shipment without weight or with missing customs data is in Errori', () => {
    const base = { status: 'pending' as const, errorMessage: null, errorCode: null, shippedAt: null, trackingStatus: null, trackingDescription: null, trackingUpdatedAt: null, trackingAlerts: [], orderPaymentStatus: null };
    expect(problemOf({ ...base, parcel: { ...PARCEL, weightGrams: null }, customsMissing: [] }, new Date())).toBe(customsMessages.problemWeightMissing);
    expect(problemOf({ ...base, parcel: PARCEL, customsMissing: ['il numero di fattura'] }, new Date())).toBe('Dati doganali mancanti: il numero di fattura');
    expect(problemOf({ ...base, parcel: PARCEL, customsMissing: [] }, new Date())).toBeNull();
  });
});

describe('the label request carries the real parcel and the declaration', () => {
  it('weight, centimetres and customs', () => {
    const customs = customsOfOrder([line], '01-1');
    const s = {
      id: 42,
      carrierIntegrationId: 7,
      labelSequence: 1007,
      recipientName: 'Jane Doe',
      addressLine1: '1 High St',
      addressLine2: null,
      city: 'London',
      state: null,
      postalCode: 'SW1A 1AA',
      countryCode: 'GB',
      phoneNumber: null,
      recipientEmail: null,
      orderExternalId: '01-1',
      orderId: 1,
      contentDescription: 'Tazza',
      parcel: { weightGrams: 950, lengthMm: 305, widthMm: 200, heightMm: 95, packageName: 'Scatola S' },
      customsNeeded: true,
      customs,
    } as unknown as Parameters<typeof labelRequestOf>[0];
    expect(labelRequestOf(s)).toMatchObject({ parcels: [{ weightGrams: 950, lengthCm: 31, widthCm: 20, heightCm: 10 }], customs });
  });
});
