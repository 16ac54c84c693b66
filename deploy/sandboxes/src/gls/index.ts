import { listen, RequestLog } from '../listen';
import { SandboxClock } from '../sandbox-clock';
import { defaultGlsAccounts, type GlsSandboxAccount } from './accounts';
import type { ReferenceTally } from './store';
import { createGlsApp, type RecordedRequest } from './app';
import { GlsStore } from './store';

export { defaultGlsAccounts, type GlsSandboxAccount } from './accounts';
export type { ReferenceTally } from './store';
export type { RecordedRequest } from './app';
export { GLS_SANDBOX_TEXTS, NO_BRANCH_ZIPCODE, NO_NUMBER_MARK, UNKNOWN_STREET_MARK } from './operations';
export { GLS_TRACKING, HELD_NAME, IMMEDIATE_DELIVERY_NAME, RETURNED_NAME, SECOND_ATTEMPT_NAME, STALLED_NAME } from './tracking';
export { glsSandboxControl } from './control';

export interface GlsSandboxOptions {
  /** Port on `host`; 0 (the default) picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Added before every answer, so load tests meet a realistic provider. Default 0. */
  latencyMs?: number;
  /** The known customer accounts; default {@link defaultGlsAccounts} (see README.md). */
  accounts?: GlsSandboxAccount[];
  /**
   * Seconds from the workday close to the delivery event in tracking (the span of every tracking
   * path, README.md). Default 300.
   */
  deliverAfterSeconds?: number;
  /** `string` (default, as ASMX answers): results inside `<string xmlns=…>`; `bare`: the XML document alone. */
  responseForm?: 'string' | 'bare';
  /**
   * The base clock (tests move it). Default the system clock. `POST /__sandbox/clock` moves the
   * sandbox's time forward on top of it ({@link glsSandboxControl}).
   */
  now?: () => Date;
}

export interface GlsSandbox {
  /** `http://host:port`: the adapter's base URL and tracking URL alike. */
  url: string;
  port: number;
  /** The requests received so far, oldest first (the last 1000). */
  requests(): RecordedRequest[];
  /**
   * Per `RiferimentoCliente` (the shipment reference the carriers adapter sends): parcels asked for
   * by AddParcel, replays of a known ContatoreProgressivo included, and parcels actually made.
   */
  referenceTally(): Record<string, ReferenceTally>;
  close(): Promise<void>;
}

/**
 * Starts the GLS Italy Label Service sandbox: the ASMX HTTP-POST operations under
 * `/ilswebservice.asmx/<Op>` and the public tracking feed under `/XML/get_xml_track.php`, with
 * shipments kept in memory. README.md lists the accounts and the inputs that trigger each failure.
 *
 * @example
 * const gls = await startGlsSandbox({ port: 0 });
 * const adapter = createGlsAdapter({ baseUrl: gls.url, trackingUrl: gls.url, siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234' }, { logger });
 * await gls.close();
 */
export async function startGlsSandbox(options: GlsSandboxOptions = {}): Promise<GlsSandbox> {
  const clock = new SandboxClock(options.now);
  const store = new GlsStore(options.accounts ?? defaultGlsAccounts, clock.now);
  const log = new RequestLog<RecordedRequest>();
  const app = createGlsApp({
    store,
    clock,
    latencyMs: options.latencyMs ?? 0,
    deliverAfterMs: (options.deliverAfterSeconds ?? 300) * 1000,
    responseForm: options.responseForm ?? 'string',
    record: log.record,
  });
  const served = await listen(app, options);
  return {
    ...served,
    requests: () => log.list(),
    referenceTally: () => store.referenceTally(),
  };
}
