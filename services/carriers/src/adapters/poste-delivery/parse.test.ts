import { posteMessages } from '@smista/contracts';
import { DomainError } from '@smista/service-kit';
import type { CarrierError } from '../adapter';
import { parseSession, parseTracking, parseVoidCheck, parseWaybillResponse } from './parse';

/* Good responses parsed and error responses parsed, for each Poste Delivery Business answer. */

function refusal(fn: () => unknown): CarrierError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as CarrierError;
  }
  throw new Error('expected a refusal');
}

describe('session', () => {
  it('reads the token and its lifetime', () => {
    expect(parseSession(200, JSON.stringify({ token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: 'eyJ0' }))).toEqual({ token: 'eyJ0', expiresInSeconds: 3599 });
    expect(parseSession(200, JSON.stringify({ token_type: 'bearer', expires_in: '3600', access_token: 'x' })).expiresInSeconds).toBe(3600);
  });

  it("turns Poste's refusal into CREDENTIALS_REFUSED quoting its reason", () => {
    const err = refusal(() => parseSession(401, JSON.stringify({ error: 'unauthorized_client', error_description: 'Client ID o secret non validi' })));
    expect(err.code).toBe('CREDENTIALS_REFUSED');
    expect(err.message).toBe(posteMessages.credentialsRefused('Client ID o secret non validi'));
    expect(err.detail).toBe('session: HTTP 401 unauthorized_client');
    expect(refusal(() => parseSession(400, JSON.stringify({ error: 'invalid_scope', error_description: 'scope obbligatorio' }))).message).toBe(posteMessages.credentialsRefused('scope obbligatorio'));
    expect(refusal(() => parseSession(401, '{}')).message).toBe(posteMessages.credentialsRefusedNoReason);
  });

  it.each([
    ['not JSON', 200, '<html>'],
    ['no token', 200, JSON.stringify({ token_type: 'Bearer', expires_in: 3600 })],
    ['another token type', 200, JSON.stringify({ token_type: 'MAC', expires_in: 3600, access_token: 'x' })],
    ['no lifetime', 200, JSON.stringify({ token_type: 'Bearer', access_token: 'x' })],
  ])('answers BAD_RESPONSE for %s', (_name, status, text) => {
    const err = refusal(() => parseSession(status, text));
    expect(err.code).toBe('BAD_RESPONSE');
    expect(err.message).toBe(posteMessages.badResponse);
  });
});

describe('waybill', () => {
  it('reads the code and the label link', () => {
    const text = JSON.stringify({
      costCenterCode: 'CDC-000001',
      result: { errorCode: 0, errorDescription: 'OK' },
      waybills: [{ code: '3UW0000000001', downloadURL: 'https://storage.example/label.pdf?sig=abc', errorCode: 0, errorDescription: 'OK' }],
    });
    expect(parseWaybillResponse(text)).toEqual({ code: '3UW0000000001', downloadURL: 'https://storage.example/label.pdf?sig=abc' });
  });

  it("answers LABEL_REFUSED with the waybill's own error first, then the request's", () => {
    const own = refusal(() =>
      parseWaybillResponse(JSON.stringify({ result: { errorCode: 204, errorDescription: 'CAP 00000 inesistente' }, waybills: [{ code: '', downloadURL: '', errorCode: 204, errorDescription: 'CAP 00000 inesistente' }] })),
    );
    expect(own.code).toBe('LABEL_REFUSED');
    expect(own.message).toBe(posteMessages.labelRefused('CAP 00000 inesistente'));
    expect(own.detail).toBe('waybill: errorCode 204, errorDescription "CAP 00000 inesistente"');
    const request = refusal(() => parseWaybillResponse(JSON.stringify({ result: { errorCode: 102, errorDescription: 'Centro di costo CDC-9 non associato al client' }, waybills: [] })));
    expect(request.message).toBe(posteMessages.labelRefused('Centro di costo CDC-9 non associato al client'));
    const asText = refusal(() => parseWaybillResponse(JSON.stringify({ result: { errorCode: '0' }, waybills: [{ errorCode: '17', errorDescription: '' }] })));
    expect(asText.message).toBe(posteMessages.labelRefused('errore 17'));
  });

  it('answers BAD_RESPONSE for an answer without a waybill code, without a label link, or not JSON', () => {
    const noCode = refusal(() => parseWaybillResponse(JSON.stringify({ result: { errorCode: 0 }, waybills: [{ errorCode: 0 }] })));
    expect([noCode.code, noCode.message]).toEqual(['BAD_RESPONSE', posteMessages.noWaybill]);
    const noLink = refusal(() => parseWaybillResponse(JSON.stringify({ result: { errorCode: 0 }, waybills: [{ code: '3UW1', downloadURL: '', errorCode: 0 }] })));
    expect([noLink.code, noLink.message]).toEqual(['BAD_RESPONSE', posteMessages.labelMissing]);
    expect(refusal(() => parseWaybillResponse('Service Unavailable')).code).toBe('BAD_RESPONSE');
  });
});

describe('tracking', () => {
  const event = (data: string, status: string, phase: string, StatusDescription: string, officeDescription = 'TORINO (TO)') => ({
    data,
    officeDescription,
    StatusDescription,
    phase,
    status,
  });
  const answer = {
    outcome: 'OK',
    code: 0,
    result: 'OK',
    messages: [],
    shipment: [
      {
        waybillNumber: '3UW0000000001',
        tracking: [
          event('2026-03-05 10:06:40', 'CON', 'CONSEGNATA', 'La spedizione è stata consegnata'),
          event('2026-03-05 10:05:00', 'INC', 'IN CONSEGNA', 'La spedizione è in consegna'),
          event('2026-03-05 10:01:40', 'PCP', 'IN TRANSITO', 'In transito presso il Centro Operativo Postale', 'Centro Operativo Postale Bologna (BO)'),
          event('2026-03-05 10:00:00', 'PRE', 'PRESA IN CARICO', 'La spedizione è stata presa in carico', 'MILANO (MI)'),
        ],
      },
    ],
  };

  it("reads the events oldest first, Italian local time as UTC, with Smista's statuses and Poste's codes", () => {
    expect(parseTracking(JSON.stringify(answer), '3UW0000000001')).toEqual({
      delivered: true,
      events: [
        { at: '2026-03-05T09:00:00.000Z', status: 'info', code: 'PRE', description: 'La spedizione è stata presa in carico', location: 'MILANO (MI)' },
        { at: '2026-03-05T09:01:40.000Z', status: 'in_transit', code: 'PCP', description: 'In transito presso il Centro Operativo Postale', location: 'Centro Operativo Postale Bologna (BO)' },
        { at: '2026-03-05T09:05:00.000Z', status: 'out_for_delivery', code: 'INC', description: 'La spedizione è in consegna', location: 'TORINO (TO)' },
        { at: '2026-03-05T09:06:40.000Z', status: 'delivered', code: 'CON', description: 'La spedizione è stata consegnata', location: 'TORINO (TO)' },
      ],
    });
  });

  it('reads the same inside `return`, and keeps the order of events of the same second', () => {
    const sameSecond = {
      ...answer,
      shipment: [{ ...answer.shipment[0], tracking: answer.shipment[0]!.tracking.map((e) => ({ ...e, data: '2026-07-01 12:00:00' })) }],
    };
    const { events } = parseTracking(JSON.stringify({ return: sameSecond }), '3uw0000000001');
    expect(events.map((e) => [e.at, e.code, e.status])).toEqual([
      ['2026-07-01T10:00:00.000Z', 'PRE', 'info'],
      ['2026-07-01T10:00:00.000Z', 'PCP', 'in_transit'],
      ['2026-07-01T10:00:00.000Z', 'INC', 'out_for_delivery'],
      ['2026-07-01T10:00:00.000Z', 'CON', 'delivered'],
    ]);
  });

  it('reads a giacenza as held, a failed attempt as an exception, a return as returned (none delivered), and an empty history as not delivered', () => {
    const history = (...tracking: ReturnType<typeof event>[]) => JSON.stringify({ ...answer, shipment: [{ waybillNumber: '3UW1', tracking }] });
    const returned = history(
      event('2026-03-05 10:13:20', 'RES', 'RESO AL MITTENTE', 'La spedizione è stata restituita al mittente', 'MILANO (MI)'),
      event('2026-03-05 10:08:20', 'GIA', 'IN GIACENZA', "In giacenza presso l'ufficio postale: destinatario assente", 'Ufficio Postale TORINO (TO)'),
      event('2026-03-05 10:06:40', 'MCO', 'MANCATA CONSEGNA', 'Mancata consegna: destinatario assente, avviso di passaggio lasciato'),
    );
    expect(parseTracking(returned, '3UW1')).toEqual({
      delivered: false,
      events: [
        { at: '2026-03-05T09:06:40.000Z', status: 'exception', code: 'MCO', description: 'Mancata consegna: destinatario assente, avviso di passaggio lasciato', location: 'TORINO (TO)' },
        { at: '2026-03-05T09:08:20.000Z', status: 'held', code: 'GIA', description: "In giacenza presso l'ufficio postale: destinatario assente", location: 'Ufficio Postale TORINO (TO)' },
        { at: '2026-03-05T09:13:20.000Z', status: 'returned', code: 'RES', description: 'La spedizione è stata restituita al mittente', location: 'MILANO (MI)' },
      ],
    });
    expect(parseTracking(JSON.stringify({ ...answer, shipment: [{ waybillNumber: '3UW1', tracking: [] }] }), '3UW1')).toEqual({ delivered: false, events: [] });
  });

  it('answers SHIPMENT_UNKNOWN for a KO with a business code, PROVIDER_REFUSED quoting Poste for any other KO', () => {
    const notFound = {
      outcome: 'KO',
      code: 201,
      result: 'KO',
      messages: [{ messages: [{ code: 'E201', field: 'waybillNumber', message: 'Spedizione 3UW9 non trovata', objectName: 'shipmentsData', severity: 2 }] }],
      shipment: [],
    };
    const unknown = refusal(() => parseTracking(JSON.stringify(notFound), '3UW9'));
    expect([unknown.code, unknown.message]).toEqual(['SHIPMENT_UNKNOWN', posteMessages.shipmentUnknown('3UW9')]);
    expect(unknown.detail).toContain('Spedizione 3UW9 non trovata');
    const formal = refusal(() => parseTracking(JSON.stringify({ return: { outcome: 'KO', code: 101, messages: [{ messages: [{ message: 'waybillNumber obbligatorio' }] }], shipment: [] } }), ''));
    expect([formal.code, formal.message]).toEqual(['PROVIDER_REFUSED', posteMessages.trackingRefused('waybillNumber obbligatorio')]);
    expect(refusal(() => parseTracking('[]', '3UW9')).code).toBe('BAD_RESPONSE');
  });

  describe('read for a void in Smista only', () => {
    const only = (...tracking: ReturnType<typeof event>[]) => JSON.stringify({ ...answer, shipment: [{ waybillNumber: '3UW0000000001', tracking }] });
    const registered = event('2026-03-05 10:00:00', 'PRE', 'PRESA IN CARICO', 'La spedizione è stata presa in carico', 'MILANO (MI)');

    it('is voidable while every event has a voidable code, or there is none', () => {
      expect(parseVoidCheck(only(registered), '3UW0000000001', ['PRE'])).toEqual({ voidable: true });
      expect(parseVoidCheck(only(), '3UW0000000001', ['pre'])).toEqual({ voidable: true });
    });

    it('is not voidable once any other event came, naming the latest of them', () => {
      expect(parseVoidCheck(JSON.stringify(answer), '3UW0000000001', ['PRE'])).toEqual({ voidable: false, lastEvent: 'La spedizione è stata consegnata, TORINO (TO)' });
      expect(parseVoidCheck(only(registered), '3UW0000000001', [])).toEqual({ voidable: false, lastEvent: 'La spedizione è stata presa in carico, MILANO (MI)' });
    });

    it('is voidable for a number Poste does not know, and refuses like tracking otherwise', () => {
      const notFound = { outcome: 'KO', code: 201, messages: [{ messages: [{ message: 'Spedizione 3UW9 non trovata' }] }], shipment: [] };
      expect(parseVoidCheck(JSON.stringify(notFound), '3UW9', ['PRE'])).toEqual({ voidable: true });
      expect(refusal(() => parseVoidCheck(JSON.stringify({ outcome: 'KO', code: 101, messages: [{ messages: [{ message: 'waybillNumber obbligatorio' }] }], shipment: [] }), '', ['PRE'])).code).toBe('PROVIDER_REFUSED');
      expect(refusal(() => parseVoidCheck('<html>', '3UW9', ['PRE'])).code).toBe('BAD_RESPONSE');
    });
  });
});
