import { posteMessages } from '@smista/contracts';
import { createProviderHttp, type Logger, type ProviderHttpOptions } from '@smista/service-kit';
import type { PosteSessionRequest, PosteWaybillRequest } from './build';
import type { PosteDeliverySettings } from './settings';

/**
 * The HTTP side of the Poste Delivery Business adapter, and nothing else: the session, waybill and
 * tracking calls under the base URL, and the label download from the absolute `downloadURL` Poste
 * answers. Every call carries `POSTE_clientID`; the calls after the session carry
 * `Authorization: Bearer <token>` (the sandbox also takes the bare token, as some clients send it).
 * Timeouts, retries and redaction come from the kit's provider-http: the secret travels in the
 * session body and the token in a header, so both are handed over to redact wherever they could
 * surface.
 */
export interface PosteDeliveryClient {
  /** `POST /user/sessions`; OAuth refusals (400, 401, 403) come back as data for the parser. */
  openSession(body: PosteSessionRequest): Promise<PosteAnswer>;
  /** `POST /postalandlogistics/parcel/waybill`; a 401 comes back as data (the token is then renewed once). */
  createWaybill(body: PosteWaybillRequest, token: string): Promise<PosteAnswer>;
  /** `GET /postalandlogistics/parcel/tracking?…`; a 401 comes back as data. */
  track(query: Record<string, string>, token: string): Promise<PosteAnswer>;
  /** `GET <downloadURL>`: the label file, without our token (the link carries its own signature). */
  downloadLabel(url: string): Promise<{ body: Uint8Array; contentType: string }>;
  /** Removes the secret (in any spelling) from a text of the adapter's own. */
  redact(text: string): string;
  close(): Promise<void>;
}

export interface PosteAnswer {
  status: number;
  text: string;
}

const SESSION_PATH = '/user/sessions';
const WAYBILL_PATH = '/postalandlogistics/parcel/waybill';
const TRACKING_PATH = '/postalandlogistics/parcel/tracking';

/** Transport tuning for tests and load runs; production uses the kit's defaults. */
export type PosteHttpOptions = Pick<ProviderHttpOptions, 'timeouts' | 'retries' | 'maxConcurrentPerHost'>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const okOr401 = (status: number) => (status >= 200 && status < 300) || status === 401;

export function createPosteDeliveryClient(settings: PosteDeliverySettings, logger: Logger, options: PosteHttpOptions = {}): PosteDeliveryClient {
  const http = createProviderHttp({
    provider: posteMessages.provider,
    baseUrl: settings.baseUrl,
    logger,
    headers: { POSTE_clientID: settings.clientId.trim(), accept: 'application/json' },
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.retries ? { retries: options.retries } : {}),
    ...(options.maxConcurrentPerHost ? { maxConcurrentPerHost: options.maxConcurrentPerHost } : {}),
    secrets: () => [settings.secret],
  });
  const answer = (res: { status: number; text(): string }): PosteAnswer => ({ status: res.status, text: res.text() });

  return {
    // Asking again for a token changes nothing at Poste.
    openSession: async (body) =>
      answer(
        await http.request({ method: 'POST', path: SESSION_PATH, json: body, retrySafe: true, accept: (s) => okOr401(s) || s === 400 || s === 403, operation: 'Session' }),
      ),
    // Retried only because Poste de-duplicates on clientReferenceId, which every waybill carries.
    createWaybill: async (body, token) =>
      answer(
        await http.request({
          method: 'POST',
          path: WAYBILL_PATH,
          json: body,
          headers: bearer(token),
          secrets: [token],
          retrySafe: body.waybills.every((w) => w.clientReferenceId !== ''),
          accept: okOr401,
          operation: 'Waybill',
        }),
      ),
    track: async (query, token) =>
      answer(await http.request({ method: 'GET', path: TRACKING_PATH, query, headers: bearer(token), secrets: [token], accept: okOr401, operation: 'Tracking' })),
    downloadLabel: async (url) => {
      // The link's query is its signature (a storage SAS token): kept out of logs and errors.
      const signature = (() => {
        try {
          return [...new URL(url).searchParams.values()];
        } catch {
          return [];
        }
      })();
      const res = await http.request({ method: 'GET', path: url, headers: { accept: 'application/pdf' }, secrets: signature, operation: 'DownloadLabel' });
      const type = res.headers['content-type'];
      return { body: res.body, contentType: Array.isArray(type) ? (type[0] ?? '') : (type ?? '') };
    },
    redact: (text) => http.redact(text),
    close: () => http.close(),
  };
}
