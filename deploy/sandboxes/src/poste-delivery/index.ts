import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultPosteAccounts, type PosteSandboxAccount } from './accounts';
import { createPosteApp, type PosteRecordedRequest } from './app';
import { PosteStore } from './store';

export { defaultPosteAccounts, POSTE_PRODUCTS, type PosteSandboxAccount } from './accounts';
export { NO_LABEL_NAME, SERVER_ERROR_NAME, type PosteRecordedRequest } from './app';
export { WAYBILL_PREFIX } from './store';
export { HELD_NAME as POSTE_HELD_NAME, IMMEDIATE_DELIVERY_NAME as POSTE_IMMEDIATE_DELIVERY_NAME } from './tracking';
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
  /** Seconds from the waybill's creation to its delivery event in tracking. Default 300. */
  deliverAfterSeconds?: number;
  /** `bare` (default): tracking answers `{outcome, code, messages, shipment}`; `return`: the same inside `{return: …}`. */
  trackingEnvelope?: 'bare' | 'return';
  /** The clock (tests move it). Default the system clock. */
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

const MAX_RECORDED = 1000;

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
  const now = options.now ?? (() => new Date());
  const store = new PosteStore(options.accounts ?? defaultPosteAccounts, now);
  const recorded: PosteRecordedRequest[] = [];
  const app = createPosteApp({
    store,
    now,
    latencyMs: options.latencyMs ?? 0,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    deliverAfterMs: (options.deliverAfterSeconds ?? 300) * 1000,
    trackingEnvelope: options.trackingEnvelope ?? 'bare',
    record: (r) => {
      recorded.push(r);
      if (recorded.length > MAX_RECORDED) recorded.shift();
    },
  });
  const host = options.host ?? '127.0.0.1';
  const server: Server = app.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    requests: () => [...recorded],
    revokeTokens: () => store.revokeSessions(),
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
