import { aliexpressErrorTexts, aliexpressMessages } from '@smista/contracts';
import { ProviderUnavailableError } from '@smista/service-kit';
import { MarketplaceError } from '../adapter';

/*
 * AliExpress's failure forms (providers.md): `/sync` refuses with **HTTP 200** and
 * `{"error_response": {type, code, msg, sub_code?, request_id}}`, so every answer is read for it
 * before its `<method>_response`; `/rest` answers carry a top-level `code` ("0" = OK).
 *
 * | AliExpress answer                                       | code |
 * |---------------------------------------------------------|------|
 * | IncompleteSignature, InvalidAppkey                       | CLIENT_REFUSED (configuration) |
 * | InvalidCode (token create)                               | CODE_REFUSED |
 * | IllegalRefreshToken (token refresh)                      | REFRESH_REFUSED |
 * | IllegalAccessToken, sub_code isv.session…                | TOKEN_EXPIRED |
 * | ApiCallLimit ("this ban will last N seconds")             | QUOTA_EXCEEDED (retryAfterMs = N s, else 1 s) |
 * | type SYSTEM / ISP, ServiceUnavailable                    | ProviderUnavailableError (retried by the job) |
 * | anything else                                            | REQUEST_REFUSED (the code's Italian text, else msg) |
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export interface GatewayError {
  type: string;
  code: string;
  msg: string;
  subCode: string;
  requestId: string;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The `error_response` of a `/sync` answer, or the non-"0" `code` of a `/rest` answer; undefined when it succeeded. */
export function gatewayErrorOf(body: unknown): GatewayError | undefined {
  if (!isObject(body)) return undefined;
  const e = isObject(body.error_response) ? body.error_response : s(body.code) && s(body.code) !== '0' ? body : undefined;
  if (!e) return undefined;
  return { type: s(e.type), code: s(e.code), msg: s(e.msg) || s(e.message), subCode: s(e.sub_code), requestId: s(e.request_id) };
}

/** The wait an `ApiCallLimit` message names ("this ban will last 3 seconds"), in ms. */
export function banMs(msg: string): number | undefined {
  const m = /last\s+(\d+)\s*second/i.exec(msg);
  return m ? Number(m[1]) * 1000 : undefined;
}

/** What a refusal means in Smista's words; `what` names the call ('la lettura degli ordini'…). */
export function gatewayFailure(error: GatewayError, what: string, grant?: 'code' | 'refresh'): MarketplaceError | ProviderUnavailableError {
  const reason = aliexpressErrorTexts[error.code] ?? (error.msg || error.code);
  const details = { providerCode: error.subCode || error.code };
  if (error.code === 'IncompleteSignature' || error.code === 'InvalidAppkey') return new MarketplaceError('CLIENT_REFUSED', aliexpressMessages.refused(what, reason), details);
  if (grant === 'code' && (error.code === 'InvalidCode' || /code/i.test(error.subCode))) return new MarketplaceError('CODE_REFUSED', aliexpressMessages.refused(what, reason), details);
  if (grant === 'refresh' && /refresh|token/i.test(`${error.code} ${error.subCode}`)) return new MarketplaceError('REFRESH_REFUSED', aliexpressMessages.refused(what, aliexpressErrorTexts.IllegalRefreshToken!), details);
  if (/IllegalAccessToken|session/i.test(`${error.code} ${error.subCode}`)) return new MarketplaceError('TOKEN_EXPIRED', aliexpressMessages.refused(what, aliexpressErrorTexts.IllegalAccessToken!), details);
  if (error.code === 'ApiCallLimit') {
    const wait = banMs(error.msg) ?? 1000;
    return new MarketplaceError('QUOTA_EXCEEDED', aliexpressMessages.quotaExceeded(`${Math.max(1, Math.round(wait / 1000))} secondi`), { ...details, retryAfterMs: wait });
  }
  if (error.type === 'SYSTEM' || error.type === 'ISP' || error.code === 'ServiceUnavailable') {
    return new ProviderUnavailableError({ provider: aliexpressMessages.provider, operation: what, method: 'POST', url: '/sync', attempts: 1, status: 200, detail: `${error.code} ${error.msg}`.trim() });
  }
  return new MarketplaceError('REQUEST_REFUSED', aliexpressMessages.refused(what, reason), details);
}

/**
 * The `<method>_response` of a successful `/sync` answer (HTTP 200 either way): the gateway's
 * refusal thrown in Smista's words first.
 *
 * @example responseOf('aliexpress.solution.order.get', text, 'la lettura degli ordini') // { result: {…}, request_id: '…' }
 */
export function responseOf(method: string, text: string, what: string): Json {
  const body = parseJson(text);
  const error = gatewayErrorOf(body);
  if (error) throw gatewayFailure(error, what);
  const key = `${method.replace(/\./g, '_')}_response`;
  if (!isObject(body) || !isObject(body[key])) {
    throw new ProviderUnavailableError({ provider: aliexpressMessages.provider, operation: method, method: 'POST', url: '/sync', attempts: 1, status: 200, detail: `unreadable answer: no ${key}` });
  }
  return body[key] as Json;
}
