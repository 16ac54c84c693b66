/**
 * The buyer e-mail settings and preview answer what their response schemas say (issue 27): no
 * gateway suite calls these routes (the real services: e2e/buyer-emails-settings.test.ts), so the
 * handlers run here with a stubbed shipments client and their bodies are checked against the JSON
 * Schema the API document gives (closed objects: an extra field fails, as in the suites).
 */
import type { shipments } from '@smista/proto';
import { schemaProblemsOf } from '../../test/support/api-conformance';
import { buyerMailRoutes } from './buyer-mail-routes';
import type { RouteContext, RouteDef } from './route';

const routeOf = (method: string, path: string): RouteDef => {
  const found = buyerMailRoutes.find((r) => r.method === method && r.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
};

const saved: shipments.BuyerMailSettings = {
  enabled: true,
  senderName: '',
  replyTo: 'aiuto@bottega.example',
  // Three kinds only: the fourth is answered with its defaults.
  templates: [
    { kind: 'shipped', enabled: true, subject: 'Il tuo ordine è partito', body: 'Ciao {nome}', customised: false },
    { kind: 'delivered', enabled: false, subject: 'Consegnato', body: 'Eccolo', customised: true },
    { kind: 'held', enabled: true, subject: 'In giacenza', body: 'Ritiralo', customised: false },
  ],
  fromAddress: 'no-reply@smista.example',
  merchantName: 'Bottega Verdi',
};

const context = (overrides: Partial<RouteContext<unknown, unknown, unknown>>): RouteContext<unknown, unknown, unknown> =>
  ({
    session: { user: { email: 'titolare@bottega.example' } },
    shipments: {
      getBuyerMailSettings: async () => saved,
      updateBuyerMailSettings: async () => saved,
      previewBuyerMail: async (): Promise<shipments.BuyerMailPreview> => ({ subject: 'Il tuo ordine è partito', html: '<!doctype html><p>Ciao</p>', text: 'Ciao', from: 'Bottega Verdi <no-reply@smista.example>', replyTo: '' }),
      sendTestBuyerMail: async () => ({ message: 'E-mail di prova inviata' }),
    },
    ...overrides,
  }) as unknown as RouteContext<unknown, unknown, unknown>;

const draft = { kind: 'shipped', subject: 'Partito', body: 'Ciao', senderName: '', replyTo: '' };
const settingsBody = {
  enabled: true,
  senderName: '',
  replyTo: '',
  templates: Object.fromEntries(['shipped', 'out_for_delivery', 'delivered', 'held'].map((k) => [k, { enabled: true, subject: 'Oggetto', body: 'Testo' }])),
};

describe('the buyer e-mail routes answer their documented schemas', () => {
  it.each([
    ['GET', '/api/buyer-emails', undefined],
    ['PUT', '/api/buyer-emails', settingsBody],
    ['POST', '/api/buyer-emails/preview', draft],
    ['POST', '/api/buyer-emails/test', draft],
  ])('%s %s', async (method, path, body) => {
    const def = routeOf(method, path);
    const schema = def.response?.schema;
    expect(schema).toBeDefined();
    const parsed = body === undefined ? undefined : def.body!.parse(body);
    const result = await def.handle(context({ body: parsed }));
    expect(schemaProblemsOf(schema!, result.body)).toEqual([]);
  });

  it('the settings name every kind, an untouched one with its defaults; the preview says no reply-to as null', async () => {
    const settings = (await routeOf('GET', '/api/buyer-emails').handle(context({}))).body as Record<string, unknown>;
    expect(settings.testRecipient).toBe('titolare@bottega.example');
    expect((settings.templates as Record<string, unknown>).out_for_delivery).toEqual({ enabled: false, subject: '', body: '', customised: false });
    const preview = (await routeOf('POST', '/api/buyer-emails/preview').handle(context({ body: draft }))).body as Record<string, unknown>;
    expect(preview.replyTo).toBeNull();
  });
});
