import { setTimeout as sleep } from 'node:timers/promises';
import express, { type NextFunction, type Request, type Response } from 'express';
import { addParcel, closeWorkDay, closeWorkDayByShipmentNumber, deleteSped, listSped, type AsmxAnswer, type Form, type OperationContext } from './operations';
import { clockRouter, type SandboxClock } from '../sandbox-clock';
import { normaliseNumber, type GlsStore } from './store';
import { latin1, trackingEvents, trackingNotFoundXml, trackingXml } from './tracking';
import { asmxString } from './xml';

/** One request as the sandbox saw it (tests check which URL and which parameters an adapter sent). */
export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. `/ilswebservice.asmx/AddParcel`. */
  path: string;
  /** Form field names of a POST (values are not kept: they hold passwords). */
  fields: string[];
  /** Query parameters of a GET. */
  query: Record<string, string>;
}

export interface GlsAppOptions {
  store: GlsStore;
  /** The sandbox's clock (tests move it through `/__sandbox/clock`). */
  clock: SandboxClock;
  latencyMs: number;
  deliverAfterMs: number;
  /** `string` (default): answers inside the ASMX `<string>` wrapper; `bare`: the XML document itself. */
  responseForm: 'string' | 'bare';
  record: (request: RecordedRequest) => void;
}

const OPERATIONS: Record<string, (ctx: OperationContext, form: Form) => AsmxAnswer | Promise<AsmxAnswer>> = {
  AddParcel: addParcel,
  DeleteSped: deleteSped,
  ListSped: (ctx, form) => listSped(ctx, form, false),
  ListSpedByStato: (ctx, form) => listSped(ctx, form, true),
  CloseWorkDay: closeWorkDay,
  CloseWorkDayByShipmentNumber: closeWorkDayByShipmentNumber,
};

/**
 * The sandbox's HTTP surface: the control endpoints under `/__sandbox` (never delayed, never
 * recorded: the clock), then the Label Service's ASMX HTTP-POST operations and the public tracking feed.
 */
export function createGlsApp(options: GlsAppOptions): express.Express {
  const now = options.clock.now;
  const ctx: OperationContext = { store: options.store, now };
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use('/__sandbox', clockRouter(options.clock));

  app.use(async (req: Request, _res: Response, next: NextFunction) => {
    if (options.latencyMs > 0) await sleep(options.latencyMs);
    next();
  });

  app.post('/ilswebservice.asmx/:op', express.urlencoded({ extended: false, limit: '50mb', parameterLimit: 100 }), async (req, res) => {
    const form = (req.body ?? {}) as Form;
    options.record({ method: 'POST', path: req.path, fields: Object.keys(form), query: {} });
    const operation = OPERATIONS[String(req.params.op)];
    if (!operation) {
      res.status(500).type('text/plain').send(`System.InvalidOperationException: ${String(req.params.op)} Web Service method name is not valid.`);
      return;
    }
    const answer = await operation(ctx, form);
    if ('fault' in answer) {
      res.status(500).type('text/plain; charset=utf-8').send(answer.fault);
      return;
    }
    const body = options.responseForm === 'bare' && answer.payload.startsWith('<') ? `<?xml version="1.0" encoding="utf-8"?>\n${answer.payload}` : asmxString(answer.payload);
    res.status(200).type('text/xml; charset=utf-8').send(body);
  });

  app.all('/ilswebservice.asmx/:op', (req, res) => {
    options.record({ method: req.method, path: req.path, fields: [], query: {} });
    res.status(500).type('text/plain').send(`Request format is unrecognized for URL unexpectedly ending in '/${String(req.params.op)}'.`);
  });

  app.get('/XML/get_xml_track.php', (req, res) => {
    const query = Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, String(v)]));
    options.record({ method: 'GET', path: req.path, fields: [], query });
    // Clients spell the number parameter NumSped or numsped; both are accepted.
    const number = normaliseNumber(query.NumSped ?? query.numsped ?? '');
    const shipment = number ? options.store.forTracking(query.locpartenza ?? '', number, query.CodCli ?? '') : undefined;
    const events = shipment ? trackingEvents(shipment, now(), options.deliverAfterMs) : [];
    const xml = shipment && events.length > 0 ? trackingXml(shipment, events) : trackingNotFoundXml();
    res.status(200).type('text/xml; charset=ISO-8859-1').send(latin1(xml));
  });

  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not Found');
  });

  // A body that cannot be read (too large, bad encoding) answers like IIS would: a plain error.
  app.use((err: { status?: number; message?: string }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(err.status && err.status < 500 ? err.status : 500).type('text/plain').send(err.message ?? 'Errore interno');
  });

  return app;
}
