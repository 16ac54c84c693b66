import { createProviderHttp, type Logger, type ProviderHttpOptions } from '@smista/service-kit';
import { glsMessages } from '@smista/contracts';
import type { GlsSettings } from './settings';

/**
 * The HTTP side of the GLS adapter, and nothing else: the Label Service's ASMX HTTP-POST operations
 * (`POST <baseUrl>/ilswebservice.asmx/<Op>`, form-urlencoded, the XML document in one string
 * parameter) and the public tracking feed (`GET <trackingUrl>/XML/get_xml_track.php`). Timeouts,
 * retries and redaction come from the kit's provider-http; the password travels inside the XML and
 * the forms, so it is handed over as a secret to redact wherever it could surface.
 */
export interface GlsClient {
  addParcel(xmlInfoParcel: string): Promise<string>;
  deleteSped(form: Record<string, string>): Promise<string>;
  listSped(form: Record<string, string>): Promise<string>;
  closeWorkDayByShipmentNumber(xmlRequest: string): Promise<string>;
  closeWorkDay(xmlCloseInfoParcel: string): Promise<string>;
  track(query: Record<string, string>): Promise<{ body: Uint8Array; contentType: string }>;
  /** Removes the password (in any spelling) from a text of the adapter's own. */
  redact(text: string): string;
  close(): Promise<void>;
}

const ASMX = '/ilswebservice.asmx';
const TRACKING_PATH = '/XML/get_xml_track.php';

/** Transport tuning for tests and load runs; production uses the defaults below. */
export type GlsHttpOptions = Pick<ProviderHttpOptions, 'timeouts' | 'retries' | 'maxConcurrentPerHost'>;

export function createGlsClient(settings: GlsSettings, logger: Logger, options: GlsHttpOptions = {}): GlsClient {
  const http = createProviderHttp({
    provider: glsMessages.provider,
    baseUrl: settings.baseUrl,
    logger,
    // A large AddParcel with its labels takes time (GLS allows 600 s per call; ~400 parcels).
    timeouts: { requestMs: 120_000, ...options.timeouts },
    ...(options.retries ? { retries: options.retries } : {}),
    ...(options.maxConcurrentPerHost ? { maxConcurrentPerHost: options.maxConcurrentPerHost } : {}),
    secrets: () => [settings.passwordCliente],
  });
  const trackingUrl = `${settings.trackingUrl.replace(/\/+$/, '')}${TRACKING_PATH}`;

  /**
   * One ASMX operation. `retrySafe` where GLS would not act twice: AddParcel de-duplicates on
   * `ContatoreProgressivo`, closing a closed shipment again changes nothing, listing is a read.
   * DeleteSped is not retried: a second attempt would answer "non presente" for a deletion that worked.
   */
  const post = async (operation: string, form: Record<string, string>, retrySafe: boolean) =>
    (await http.request({ method: 'POST', path: `${ASMX}/${operation}`, form, retrySafe, operation })).text();

  return {
    addParcel: (xml) => post('AddParcel', { XMLInfoParcel: xml }, true),
    deleteSped: (form) => post('DeleteSped', form, false),
    listSped: (form) => post('ListSped', form, true),
    closeWorkDayByShipmentNumber: (xml) => post('CloseWorkDayByShipmentNumber', { _xmlRequest: xml }, true),
    closeWorkDay: (xml) => post('CloseWorkDay', { XMLCloseInfoParcel: xml }, true),
    track: async (query) => {
      const res = await http.request({ method: 'GET', path: trackingUrl, query, operation: 'Tracking' });
      const type = res.headers['content-type'];
      return { body: res.body, contentType: Array.isArray(type) ? (type[0] ?? '') : (type ?? '') };
    },
    redact: (text) => http.redact(text),
    close: () => http.close(),
  };
}
