import { setTimeout as sleep } from 'node:timers/promises';
import express, { type NextFunction, type Request, type Response } from 'express';
import { clockRouter, type SandboxClock } from '../sandbox-clock';
import { renderWaybillLabel, renderWaybillZpl } from './pdf';
import type { PosteStore, SandboxSession, SandboxWaybill } from './store';
import { shipmentJson, trackingEvents } from './tracking';
import { checkEnvelope, checkWaybill, POSTE_ERRORS, type PosteError } from './waybill-rules';

/** One request as the sandbox saw it (tests check which URL, header forms and fields an adapter sent; never a credential). */
export interface PosteRecordedRequest {
  method: string;
  /** Path without the query, e.g. `/postalandlogistics/parcel/waybill`. */
  path: string;
  /** Query parameters (tracking). */
  query: Record<string, string>;
  /** Field names of a JSON body's top level (values are not kept: a session request holds the secret). */
  fields: string[];
  /** How `Authorization` carried the token: `Bearer <token>`, the bare token, or none. */
  authorization: 'bearer' | 'bare' | 'none';
  /** The `POSTE_clientID` header, when sent (a client id, not a secret). */
  clientIdHeader?: string;
}

export interface PosteAppOptions {
  store: PosteStore;
  /** The sandbox's clock (tests move it through `/__sandbox/clock`). */
  clock: SandboxClock;
  latencyMs: number;
  tokenTtlSeconds: number;
  deliverAfterMs: number;
  /** `bare` (default): the tracking result at the top level (`{outcome, code, shipment}`); `return`: inside `{return: {…}}`. */
  trackingEnvelope: 'bare' | 'return';
  record: (request: PosteRecordedRequest) => void;
}

/** A receiver named so makes the waybill call answer HTTP 500 (an unavailable Poste). */
export const SERVER_ERROR_NAME = 'ERRORE 500';
/** A receiver named so gets a waybill without `downloadURL`. */
export const NO_LABEL_NAME = 'SENZA ETICHETTA';

const UNAUTHORIZED = { statusCode: 401, message: 'Unauthorized. Access token is missing or invalid.' };
const MAX_CACHED_LABELS = 500;

function authorizationForm(header: string | undefined): { form: PosteRecordedRequest['authorization']; token: string } {
  const value = (header ?? '').trim();
  if (!value) return { form: 'none', token: '' };
  const bearer = /^Bearer\s+(\S+)$/i.exec(value);
  return bearer ? { form: 'bearer', token: bearer[1]! } : { form: 'bare', token: value };
}

type Authed = Request & { session?: SandboxSession };

/**
 * The sandbox's HTTP surface: the control endpoints under `/__sandbox` (never delayed, never
 * recorded: the clock), then `/user/sessions`, the waybill and tracking calls under
 * `/postalandlogistics/parcel/`, and the label files behind each `downloadURL` (`/label/<id>.pdf`).
 */
export function createPosteApp(options: PosteAppOptions): express.Express {
  const { store } = options;
  const labels = new Map<string, { body: Uint8Array | string; type: string }>();
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use('/__sandbox', clockRouter(options.clock));

  app.use(async (_req: Request, _res: Response, next: NextFunction) => {
    if (options.latencyMs > 0) await sleep(options.latencyMs);
    next();
  });
  app.use(express.json({ limit: '1mb' }));
  app.use((req: Request, _res: Response, next: NextFunction) => {
    const body: unknown = req.body;
    options.record({
      method: req.method,
      path: req.path,
      query: Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, String(v)])),
      fields: body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [],
      authorization: authorizationForm(req.get('authorization')).form,
      ...(req.get('poste_clientid') ? { clientIdHeader: req.get('poste_clientid') } : {}),
    });
    next();
  });

  app.post('/user/sessions', (req, res) => {
    const body: unknown = req.body;
    const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const str = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : '');
    if (!str('clientId') || !str('secretId')) {
      res.status(400).json({ error: 'invalid_request', error_description: 'clientId e secretId sono obbligatori' });
      return;
    }
    if (str('grantType') !== 'client_credentials') {
      res.status(400).json({ error: 'unsupported_grant_type', error_description: 'grantType deve essere client_credentials' });
      return;
    }
    if (!str('scope').trim()) {
      res.status(400).json({ error: 'invalid_scope', error_description: 'scope obbligatorio' });
      return;
    }
    const account = store.account(str('clientId'));
    if (!account || account.secret !== str('secretId')) {
      res.status(401).json({ error: 'unauthorized_client', error_description: 'Client ID o secret non validi' });
      return;
    }
    if (account.disabled) {
      res.status(401).json({ error: 'unauthorized_client', error_description: 'Client disabilitato: contatta Poste Italiane' });
      return;
    }
    const session = store.issueSession(account.clientId, options.tokenTtlSeconds);
    res.status(200).json({ token_type: 'Bearer', expires_in: options.tokenTtlSeconds, ext_expires_in: options.tokenTtlSeconds, access_token: session.token });
  });

  /** Every call but the session needs a live token and the `POSTE_clientID` of its client. */
  const authenticate = (req: Authed, res: Response, next: NextFunction) => {
    const { token } = authorizationForm(req.get('authorization'));
    const session = token ? store.session(token) : undefined;
    if (!session) {
      res.status(401).set('WWW-Authenticate', 'Bearer error="invalid_token"').json(UNAUTHORIZED);
      return;
    }
    if (req.get('poste_clientid') !== session.clientId) {
      res.status(401).json({ statusCode: 401, message: 'POSTE_clientID mancante o diverso dal client del token' });
      return;
    }
    req.session = session;
    next();
  };

  const origin = (req: Request) => `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;
  const labelUrl = (req: Request, w: SandboxWaybill) => `${origin(req)}/label/${w.labelId}.${w.printFormat === 'ZPL' ? 'zpl' : 'pdf'}`;

  app.post('/postalandlogistics/parcel/waybill', authenticate, (req: Authed, res) => {
    const clientId = req.session!.clientId;
    const account = store.account(clientId)!;
    const envelope = checkEnvelope(req.body, account);
    if (!envelope.ok) {
      res.json({ result: envelope.error, waybills: [] });
      return;
    }
    const { costCenterCode, paperless, shipmentDate, items } = envelope.value;
    const receiverName = (item: unknown) => String((item as { data?: { receiver?: { nameSurname?: unknown } } } | null)?.data?.receiver?.nameSurname ?? '').toUpperCase();
    if (items.some((item) => receiverName(item).includes(SERVER_ERROR_NAME))) {
      res.status(500).json({ statusCode: 500, message: 'Internal server error' });
      return;
    }
    let failure: PosteError | undefined;
    const waybills = items.map((item) => {
      const check = checkWaybill(item, account);
      if (!check.ok) {
        failure ??= check.error;
        return { code: '', downloadURL: '', ...check.error };
      }
      const ref = check.value.clientReferenceId;
      const w = (ref && store.byClientReference(clientId, ref)) || store.create({ ...check.value, clientId, costCenterCode, paperless, shipmentDate });
      const withLabel = !w.paperless && !w.receiver.nameSurname.toUpperCase().includes(NO_LABEL_NAME);
      return { code: w.code, downloadURL: withLabel ? labelUrl(req, w) : '', errorCode: POSTE_ERRORS.ok, errorDescription: 'OK' };
    });
    res.json({ costCenterCode, Paperless: paperless, result: failure ?? { errorCode: POSTE_ERRORS.ok, errorDescription: 'OK' }, waybills });
  });

  const answerTracking = (req: Authed, res: Response, wanted: { number: string; lastOnly: boolean }[]) => {
    const clientId = req.session!.clientId;
    const now = options.clock.now();
    const messages: { code: string; field: string; message: string; objectName: string; severity: number }[] = [];
    const shipment = wanted.flatMap(({ number, lastOnly }) => {
      const w = number ? store.forClient(clientId, number) : undefined;
      if (!w) {
        messages.push({ code: 'E201', field: 'waybillNumber', message: number ? `Spedizione ${number} non trovata` : 'waybillNumber obbligatorio', objectName: 'shipmentsData', severity: 2 });
        return [];
      }
      return [shipmentJson(w, trackingEvents(w, now, options.deliverAfterMs), lastOnly)];
    });
    const ok = shipment.length > 0;
    const code = ok ? 0 : wanted.some((w) => w.number) ? 201 : 101;
    const result = { outcome: ok ? 'OK' : 'KO', code, result: ok ? 'OK' : 'KO', messages: messages.length ? [{ messages }] : [], shipment };
    res.json(options.trackingEnvelope === 'return' ? { return: result } : result);
  };
  const lastOnly = (v: unknown) => ['S', 'Y'].includes(String(v ?? '').toUpperCase());

  app.get('/postalandlogistics/parcel/tracking', authenticate, (req: Authed, res) => {
    const numbers = String(req.query.waybillNumber ?? '')
      .split(',')
      .map((n) => n.trim());
    answerTracking(
      req,
      res,
      numbers.map((number) => ({ number, lastOnly: lastOnly(req.query.lastTracingState) })),
    );
  });

  // One client POSTs `{arg0: {shipmentsData: [{waybillNumber, lastTracingState}]}}`; a flat `{waybillNumber}` is taken too.
  app.post('/postalandlogistics/parcel/tracking', authenticate, (req: Authed, res) => {
    const body = (req.body ?? {}) as { waybillNumber?: unknown; lastTracingState?: unknown; arg0?: { shipmentsData?: unknown } };
    const data = Array.isArray(body.arg0?.shipmentsData) ? (body.arg0.shipmentsData as { waybillNumber?: unknown; lastTracingState?: unknown }[]) : [body];
    answerTracking(
      req,
      res,
      data.map((d) => ({ number: typeof d?.waybillNumber === 'string' ? d.waybillNumber.trim() : '', lastOnly: lastOnly(d?.lastTracingState) })),
    );
  });

  app.get('/label/:file', async (req, res) => {
    const match = /^([0-9a-f]{32})\.(pdf|zpl)$/.exec(String(req.params.file));
    const w = match ? store.byLabelId(match[1]!) : undefined;
    if (!w || (match![2] === 'zpl') !== (w.printFormat === 'ZPL')) {
      res.status(404).type('application/xml').send('<?xml version="1.0" encoding="utf-8"?><Error><Code>BlobNotFound</Code><Message>The specified blob does not exist.</Message></Error>');
      return;
    }
    let label = labels.get(w.labelId);
    if (!label) {
      label = w.printFormat === 'ZPL' ? { body: renderWaybillZpl(w), type: 'application/zpl; charset=utf-8' } : { body: await renderWaybillLabel(w), type: 'application/pdf' };
      labels.set(w.labelId, label);
      if (labels.size > MAX_CACHED_LABELS) labels.delete(labels.keys().next().value!);
    }
    res.status(200).type(label.type).send(typeof label.body === 'string' ? label.body : Buffer.from(label.body));
  });

  app.use((_req, res) => {
    res.status(404).json({ statusCode: 404, message: 'Resource not found' });
  });

  // A body that cannot be read (bad JSON, too large): the session call answers OAuth's form, the rest Poste's.
  app.use((err: { status?: number; type?: string; message?: string }, req: Request, res: Response, _next: NextFunction) => {
    const status = err.status && err.status < 500 ? err.status : 500;
    const reason = err.type === 'entity.parse.failed' ? 'JSON non leggibile' : (err.message ?? 'errore interno');
    if (req.path === '/user/sessions') res.status(status).json({ error: 'invalid_request', error_description: reason });
    else res.status(status).json({ result: { errorCode: POSTE_ERRORS.badRequest, errorDescription: `Richiesta non valida: ${reason}` } });
  });

  return app;
}
