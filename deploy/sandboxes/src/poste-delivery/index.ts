import { listen, RequestLog } from '../listen';
import { SandboxClock } from '../sandbox-clock';
import { defaultPosteAccounts, type PosteSandboxAccount } from './accounts';
import { createPosteApp, type PosteRecordedRequest } from './app';
import { PosteStore } from './store';

export { defaultPosteAccounts, POSTE_PRODUCTS, type PosteSandboxAccount } from './accounts';
export { NO_LABEL_NAME, SERVER_ERROR_NAME, type PosteRecordedRequest } from './app';
export { WAYBILL_PREFIX } from './store';
export {
  HELD_NAME as POSTE_HELD_NAME,
  IMMEDIATE_DELIVERY_NAME as POSTE_IMMEDIATE_DELIVERY_NAME,
  POSTE_TRACKING,
  RETURNED_NAME as POSTE_RETURNED_NAME,
  SECOND_ATTEMPT_NAME as POSTE_SECOND_ATTEMPT_NAME,
  STALLED_NAME as POSTE_STALLED_NAME,
} from './tracking';
export { posteDeliverySandboxControl } from './control';
export { POSTE_ERRORS, UNKNOWN_ZIPCODE as POSTE_UNKNOWN_ZIPCODE } from './waybill-rules';

export interface PosteDeliverySandboxOptions {
  /** Port on `host`; 0 (the default) picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Added before every answer, so load tests meet a realistic provider. Default 0. */
  latencyMs?: number;
  /** The known clients; default {@link defaultPosteAccounts} (see README.md). */
  accounts?: readonly PosteSandboxAccount[];
  /** Lifetime of a session token (`expires_in`). Default 3600. */
  tokenTtlSeconds?: number;
  /** Seconds from the waybill's creation to its delivery event in tracking (the span of every tracking path, README.md). Default 300. */
  deliverAfterSeconds?: number;
  /** `bare` (default): tracking answers `{outcome, code, messages, shipment}`; `return`: the same inside `{return: …}`. */
  trackingEnvelope?: 'bare' | 'return';
  /**
   * The base clock (tests move it). Default the system clock. `POST /__sandbox/clock` moves the
   * sandbox's time forward on top of it ({@link posteDeliverySandboxControl}).
   */
  now?: () => Date;
}

export interface PosteDeliverySandbox {
  /** `http://host:port`: the adapter's base URL. */
  url: string;
  port: number;
  /** The requests received so far, oldest first (the last 1000). */
  requests(): PosteRecordedRequest[];
  /** Invalidates every session token before its expiry (a client must ask for a new one after the 401). */
  revokeTokens(): void;
  close(): Promise<void>;
}

/**
 * Starts the Poste Delivery Business sandbox: `POST /user/sessions`, `POST
 * /postalandlogistics/parcel/waybill`, `GET|POST /postalandlogistics/parcel/tracking` and the label
 * PDFs behind each `downloadURL`, with everything kept in memory. README.md lists the accounts and
 * the inputs that trigger each failure.
 *
 * @example
 * const poste = await startPosteDeliverySandbox({ port: 0 });
 * const adapter = createPosteDeliveryAdapter({ baseUrl: poste.url, clientId: 'smista-sandbox', secret: 'PosteSandbox1', costCenterCode: 'CDC-000001', product: 'APT000902', scope: '' }, { logger });
 * await poste.close();
 */
export async function startPosteDeliverySandbox(options: PosteDeliverySandboxOptions = {}): Promise<PosteDeliverySandbox> {
  const clock = new SandboxClock(options.now);
  const store = new PosteStore(options.accounts ?? defaultPosteAccounts, clock.now);
  const log = new RequestLog<PosteRecordedRequest>();
  const app = createPosteApp({
    store,
    clock,
    latencyMs: options.latencyMs ?? 0,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    deliverAfterMs: (options.deliverAfterSeconds ?? 300) * 1000,
    trackingEnvelope: options.trackingEnvelope ?? 'bare',
    record: log.record,
  });
  const served = await listen(app, options);
  return {
    ...served,
    requests: () => log.list(),
    revokeTokens: () => store.revokeSessions(),
  };
}
