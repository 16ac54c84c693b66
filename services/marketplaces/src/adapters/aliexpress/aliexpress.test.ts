import { aliexpressMessages } from '@smista/contracts';
import { KitErrorCode } from '@smista/service-kit';
import { MarketplaceError } from '../adapter';
import { fulfilParams, orderQuery, syncParams, tokenParams, TOKEN_CREATE_PATH } from './build';
import { banMs, gatewayErrorOf, responseOf } from './errors';
import { signatureMatches, signIop, stringToSign } from './sign';
import { aliexpressDateToUtc, utcToAliexpressDate, zoneOffsetMs } from './time';
import { ALIEXPRESS_DEFAULT_LOGISTICS_SERVICES, isExpressService, orderStatusOf, parseLogisticsServices } from './units';

/*
 * The AliExpress adapter's pure parts (issue 23): the
 * signature against AliExpress's two published examples, `error_response` arriving with HTTP 200,
 * the Pacific wall-clock dates across both daylight-saving changes, the fulfil parameters.
 */

const throws = (f: () => unknown): unknown => {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
};

describe('the IOP signature (HMAC-SHA256)', () => {
  it("gives the published example of /auth/token/create (the path signed in front)", () => {
    const params = { app_key: '12345678', code: '3_500102_JxZ05Ux3cnnSSUm6dCxYg6Q26', sign_method: 'sha256', timestamp: '1517820392000' };
    expect(stringToSign(params, '/auth/token/create')).toBe('/auth/token/createapp_key12345678code3_500102_JxZ05Ux3cnnSSUm6dCxYg6Q26sign_methodsha256timestamp1517820392000');
    expect(signIop('helloworld', params, '/auth/token/create')).toBe('35607762342831B6A417A0DED84B79C05FEFBF116969C48AD6DC00279A9F4D81');
    expect(tokenParams({ appKey: '12345678', appSecret: 'helloworld' }, TOKEN_CREATE_PATH, { code: params.code }, 1517820392000).sign).toBe('35607762342831B6A417A0DED84B79C05FEFBF116969C48AD6DC00279A9F4D81');
  });

  it('gives the published example of a business call (no path; method is a parameter)', () => {
    const params = { access_token: 'test', aliexpress_category_id: '200135143', app_key: '123456', method: 'aliexpress.logistics.redefining.getonlinelogisticsinfo', sign_method: 'sha256', timestamp: '1517820392000' };
    expect(signIop('helloworld', params)).toBe('F7F7926B67316C9D1E8E15F7E66940ED3059B1638C497D77973F30046EFB5BBB');
  });

  it('leaves out sign and empty values, and checks a sent signature', () => {
    const params = { app_key: '12345678', code: '3_500102_JxZ05Ux3cnnSSUm6dCxYg6Q26', sign_method: 'sha256', timestamp: '1517820392000', session: '', sign: 'X' };
    expect(signIop('helloworld', params, '/auth/token/create')).toBe('35607762342831B6A417A0DED84B79C05FEFBF116969C48AD6DC00279A9F4D81');
    const sent = syncParams({ appKey: '123456', appSecret: 'helloworld' }, 'aliexpress.solution.order.get', 'sessione', { param0: '{}' }, 1517820392000);
    expect(sent).toMatchObject({ method: 'aliexpress.solution.order.get', app_key: '123456', sign_method: 'sha256', session: 'sessione', timestamp: '1517820392000' });
    expect(signatureMatches('helloworld', sent)).toBe(true);
    expect(signatureMatches('altro', sent)).toBe(false);
    expect(Object.values(sent)).not.toContain('helloworld');
  });
});

describe('error_response with HTTP 200', () => {
  it('reads the refusal before the answer and says it in Italian', () => {
    const refused = JSON.stringify({ error_response: { type: 'ISV', code: 'IncompleteSignature', msg: 'The request signature does not conform to platform standards', request_id: '0ba2887315178178017221014' } });
    expect(gatewayErrorOf(JSON.parse(refused))).toMatchObject({ type: 'ISV', code: 'IncompleteSignature' });
    const err = throws(() => responseOf('aliexpress.solution.order.get', refused, aliexpressMessages.ordersWhat));
    expect(err).toBeInstanceOf(MarketplaceError);
    expect(err).toMatchObject({ code: 'CLIENT_REFUSED', message: "AliExpress ha rifiutato la lettura degli ordini: firma della richiesta non valida: controlla la configurazione di Smista (app secret)" });
    const ban = JSON.stringify({ error_response: { type: 'ISV', code: 'ApiCallLimit', msg: 'Api access frequency exceeds the limit. this ban will last 3 seconds' } });
    expect(throws(() => responseOf('aliexpress.solution.order.get', ban, aliexpressMessages.ordersWhat))).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: 3000 } });
    expect(banMs('no wait given')).toBeUndefined();
    const token = JSON.stringify({ error_response: { type: 'ISV', code: 'IllegalAccessToken', msg: 'The specified access token is invalid or expired' } });
    expect(throws(() => responseOf('aliexpress.solution.order.get', token, aliexpressMessages.ordersWhat))).toMatchObject({ code: 'TOKEN_EXPIRED' });
    const system = JSON.stringify({ error_response: { type: 'SYSTEM', code: 'ServiceUnavailable', msg: 'busy' } });
    expect(throws(() => responseOf('aliexpress.solution.order.get', system, aliexpressMessages.ordersWhat))).toMatchObject({ code: KitErrorCode.ProviderUnavailable });
    const unknown = JSON.stringify({ error_response: { type: 'ISV', code: 'isv.some-rule', msg: 'Order is locked' } });
    expect(throws(() => responseOf('aliexpress.solution.order.fulfill', unknown, aliexpressMessages.fulfilWhat))).toMatchObject({ code: 'REQUEST_REFUSED', message: "AliExpress ha rifiutato l'invio del tracking: Order is locked" });
  });

  it('answers the method\'s response when there is no error, and a /rest code "0" is no error', () => {
    const ok = JSON.stringify({ aliexpress_solution_order_get_response: { result: { success: true, total_count: 0 }, request_id: 'r' } });
    expect(responseOf('aliexpress.solution.order.get', ok, aliexpressMessages.ordersWhat)).toMatchObject({ result: { success: true } });
    expect(gatewayErrorOf({ code: '0', access_token: 'x' })).toBeUndefined();
    expect(gatewayErrorOf({ code: 'InvalidCode', message: 'code expired', request_id: 'r' })).toMatchObject({ code: 'InvalidCode', msg: 'code expired' });
    expect(throws(() => responseOf('aliexpress.solution.order.get', '{}', aliexpressMessages.ordersWhat))).toMatchObject({ code: KitErrorCode.ProviderUnavailable });
  });
});

describe("AliExpress's Pacific wall-clock dates", () => {
  it('converts in winter (−8 h) and in summer (−7 h)', () => {
    expect(aliexpressDateToUtc('2026-01-15 12:30:00').toISOString()).toBe('2026-01-15T20:30:00.000Z');
    expect(aliexpressDateToUtc('2026-07-01 10:00:00').toISOString()).toBe('2026-07-01T17:00:00.000Z');
    expect(utcToAliexpressDate(new Date('2026-01-15T20:30:00Z'))).toBe('2026-01-15 12:30:00');
    expect(utcToAliexpressDate(new Date('2026-07-01T17:00:00Z'))).toBe('2026-07-01 10:00:00');
  });

  it('crosses the spring change (8 March 2026, 02:00 → 03:00): before, after, and the hour that never happens', () => {
    expect(aliexpressDateToUtc('2026-03-08 01:59:59').toISOString()).toBe('2026-03-08T09:59:59.000Z');
    expect(aliexpressDateToUtc('2026-03-08 03:00:00').toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(aliexpressDateToUtc('2026-03-08 02:30:00').toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(zoneOffsetMs(Date.parse('2026-03-08T09:59:59Z'), 'America/Los_Angeles')).toBe(-8 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-03-08T10:00:00Z'), 'America/Los_Angeles')).toBe(-7 * 3_600_000);
  });

  it("crosses the autumn change (1 November 2026, 02:00 → 01:00): the repeated hour is the first; a window's ends as AliExpress's clock reads them", () => {
    expect(aliexpressDateToUtc('2026-11-01 00:59:59').toISOString()).toBe('2026-11-01T07:59:59.000Z');
    expect(aliexpressDateToUtc('2026-11-01 01:30:00').toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(aliexpressDateToUtc('2026-11-01 02:00:00').toISOString()).toBe('2026-11-01T10:00:00.000Z');
    // Round trip of every quarter hour across the change.
    for (let t = Date.parse('2026-11-01T06:00:00Z'); t < Date.parse('2026-11-01T12:00:00Z'); t += 900_000) {
      const wall = utcToAliexpressDate(new Date(t));
      const back = aliexpressDateToUtc(wall).getTime();
      expect([t, t - 3_600_000]).toContain(back);
    }
    const query = JSON.parse(orderQuery({ filterBy: 'modified', from: new Date('2026-11-01T07:00:00Z'), to: new Date('2026-11-01T11:00:00Z') }, 1, 50).param0!);
    expect(query).toEqual({ modified_date_start: '2026-11-01 00:00:00', modified_date_end: '2026-11-01 03:00:00', page_size: 50, current_page: 1 });
  });

  it('refuses a date it cannot read, in Italian', () => {
    expect(throws(() => aliexpressDateToUtc('01/11/2026'))).toMatchObject({ code: 'REQUEST_REFUSED', message: 'Data di AliExpress non leggibile: 01/11/2026' });
  });
});

describe('fulfil and units', () => {
  it("sends our carrier's logistics service, all or part, and refuses a carrier without one before any call", () => {
    expect(fulfilParams({ externalOrderId: '8012345678901234', carrierCode: 'gls', trackingNumber: 'MI 123 456', allLines: true }, ALIEXPRESS_DEFAULT_LOGISTICS_SERVICES)).toEqual({ service_name: 'GLS_IT', out_ref: '8012345678901234', send_type: 'all', logistics_no: 'MI123456' });
    expect(fulfilParams({ externalOrderId: '1', carrierCode: 'posta_1', trackingNumber: 'X1', allLines: false }, ALIEXPRESS_DEFAULT_LOGISTICS_SERVICES)).toMatchObject({ service_name: 'POSTE_ITALIANE', send_type: 'part' });
    expect(throws(() => fulfilParams({ externalOrderId: '1', carrierCode: 'brt', trackingNumber: 'X1', allLines: true }, ALIEXPRESS_DEFAULT_LOGISTICS_SERVICES))).toMatchObject({ code: 'REQUEST_REFUSED', message: aliexpressMessages.serviceNameMissing('brt') });
    expect(parseLogisticsServices('brt=OTHER_IT, gls=GLS_EU')).toMatchObject({ brt: 'OTHER_IT', gls: 'GLS_EU', poste_delivery: 'POSTE_ITALIANE' });
    expect(parseLogisticsServices('brt')).toContain('ALIEXPRESS_LOGISTICS_SERVICES');
  });

  it("maps the seller order statuses to Smista's", () => {
    expect(orderStatusOf('WAIT_SELLER_SEND_GOODS')).toBe('da_spedire');
    expect(orderStatusOf('SELLER_PART_SEND_GOODS')).toBe('da_spedire');
    expect(orderStatusOf('WAIT_BUYER_ACCEPT_GOODS')).toBe('spedito');
    expect(orderStatusOf('FINISH')).toBe('spedito');
    expect(orderStatusOf('IN_CANCEL')).toBe('annullato');
    expect(orderStatusOf('PLACE_ORDER_SUCCESS')).toBe('da_spedire');
  });

  it("reads express from the buyer's service, not from the brand: AliExpress Standard Shipping is not express", () => {
    expect(['AliExpress Premium Shipping', 'DHL Express', 'EMS Express', 'AliExpress Standard Shipping', 'AliExpress Saver Shipping', 'Cainiao Super Economy', ''].map(isExpressService)).toEqual([true, true, true, false, false, false, false]);
  });
});
