import { createHmac } from 'node:crypto';

/*
 * The IOP gateway's request signature (providers.md, AliExpress "Signing"):
 * UPPER(HEX(HMAC-SHA256(app_secret, apiPath + key1value1key2value2…))) over the parameters sorted by
 * key, `sign` and empty values left out. `apiPath` is the `/auth/…` path of a `/rest` call and
 * empty for `/sync`, where `method` is itself a parameter. (`sign_method=md5` is the old TOP scheme,
 * not used.)
 */

/** The text that is signed: the path, then each non-empty parameter but `sign` as key+value, sorted by key. */
export function stringToSign(params: Readonly<Record<string, string | undefined>>, apiPath = ''): string {
  const keys = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort();
  return apiPath + keys.map((k) => `${k}${params[k]}`).join('');
}

/**
 * The signature of a request.
 *
 * @example signIop('helloworld', { app_key: '12345678', code: '3_500102_JxZ05Ux3cnnSSUm6dCxYg6Q26', sign_method: 'sha256', timestamp: '1517820392000' }, '/auth/token/create')
 * // '35607762342831B6A417A0DED84B79C05FEFBF116969C48AD6DC00279A9F4D81' (AliExpress's published example)
 */
export function signIop(appSecret: string, params: Readonly<Record<string, string | undefined>>, apiPath = ''): string {
  return createHmac('sha256', appSecret).update(stringToSign(params, apiPath), 'utf8').digest('hex').toUpperCase();
}

/** Whether a request's `sign` is the one its parameters give (a sandbox checks what a client sent). */
export function signatureMatches(appSecret: string, params: Readonly<Record<string, string | undefined>>, apiPath = ''): boolean {
  const given = (params.sign ?? '').toUpperCase();
  const expected = signIop(appSecret, params, apiPath);
  return given.length === expected.length && given === expected;
}
