import { aliexpressMessages } from '@smista/contracts';
import { MarketplaceError } from '../adapter';
import { signIop } from './sign';
import { utcToAliexpressDate } from './time';
import { logisticsServiceOf } from './units';

/* Pure request building for the IOP gateway (providers.md, AliExpress). */

export const TOKEN_CREATE_PATH = '/auth/token/create';
export const TOKEN_REFRESH_PATH = '/auth/token/refresh';
export const SYNC_PATH = '/sync';

export interface AppCredentials {
  appKey: string;
  appSecret: string;
}

/** A `/rest` token call's signed parameters (`apiPath` signed in front; no `uuid`: it causes InvalidCode). */
export function tokenParams(app: AppCredentials, path: typeof TOKEN_CREATE_PATH | typeof TOKEN_REFRESH_PATH, grant: { code: string } | { refresh_token: string }, nowMs: number): Record<string, string> {
  const params: Record<string, string> = { app_key: app.appKey, timestamp: String(nowMs), sign_method: 'sha256', ...grant };
  return { ...params, sign: signIop(app.appSecret, params, path) };
}

/**
 * A `/sync` business call's query: `method`, `app_key`, `timestamp` (ms), `sign_method=sha256`,
 * `session` (the seller's access token), `simplify`, `format`, the call's own parameters, `sign`.
 */
export function syncParams(app: AppCredentials, method: string, session: string, own: Readonly<Record<string, string>>, nowMs: number): Record<string, string> {
  const params: Record<string, string> = { method, app_key: app.appKey, timestamp: String(nowMs), sign_method: 'sha256', session, simplify: 'true', format: 'json', ...own };
  return { ...params, sign: signIop(app.appSecret, params) };
}

/** `aliexpress.solution.order.get`'s `param0` for a window page: dates as AliExpress's Pacific wall clock. */
export function orderQuery(window: { filterBy: 'created' | 'modified'; from: Date; to: Date }, page: number, pageSize: number, timeZone?: string): Record<string, string> {
  const [start, end] = window.filterBy === 'created' ? ['create_date_start', 'create_date_end'] : ['modified_date_start', 'modified_date_end'];
  return {
    param0: JSON.stringify({
      [start]: utcToAliexpressDate(window.from, timeZone),
      [end]: utcToAliexpressDate(window.to, timeZone),
      page_size: pageSize,
      current_page: page,
    }),
  };
}

/**
 * `aliexpress.solution.order.fulfill`'s parameters: the logistics service of our carrier (refused
 * in Italian before any call when none is configured), `send_type` all or part, the tracking.
 */
export function fulfilParams(push: { externalOrderId: string; carrierCode: string; trackingNumber: string; allLines: boolean }, services: Readonly<Record<string, string>>): Record<string, string> {
  const serviceName = logisticsServiceOf(push.carrierCode, services);
  if (!serviceName) throw new MarketplaceError('REQUEST_REFUSED', aliexpressMessages.serviceNameMissing(push.carrierCode));
  const trackingNumber = push.trackingNumber.replace(/\s+/g, '');
  if (!trackingNumber) throw new MarketplaceError('REQUEST_REFUSED', aliexpressMessages.trackingRequired);
  return { service_name: serviceName, out_ref: push.externalOrderId.trim(), send_type: push.allLines ? 'all' : 'part', logistics_no: trackingNumber };
}
