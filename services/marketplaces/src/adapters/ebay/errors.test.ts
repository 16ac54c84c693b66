import { ProviderUnavailableError } from '@smista/service-kit';
import { MarketplaceError } from '../adapter';
import { apiError, errorEntries, notConfigured, tokenError, unreadable, type EbayAnswer } from './errors';
import { DEFAULT_QUOTA_RETRY_MS } from './settings';

/* Error parsed: eBay's documented failure forms (providers.md) to MarketplaceErrors with Italian messages. */

const envelope = (errorId: number, message: string, extra: object = {}) =>
  JSON.stringify({ errors: [{ errorId, domain: 'API_FULFILLMENT', subdomain: 'Selling', category: 'REQUEST', message, longMessage: `${message}.`, parameters: [], ...extra }] });
const answer = (status: number, text: string, headers: EbayAnswer['headers'] = {}): EbayAnswer => ({ status, text, headers });
const NOW = Date.parse('2026-03-05T09:00:00Z');

describe('tokenError', () => {
  const invalidGrant = JSON.stringify({ error: 'invalid_grant', error_description: 'the provided authorization grant code is invalid or was issued to another client' });

  it('is CODE_REFUSED for invalid_grant on a code exchange, REFRESH_REFUSED on a refresh', () => {
    const code = tokenError('authorization_code', answer(400, invalidGrant));
    expect(code).toBeInstanceOf(MarketplaceError);
    expect(code).toMatchObject({
      code: 'CODE_REFUSED',
      message: "eBay ha rifiutato il codice di autorizzazione: è scaduto o è già stato usato. Collega di nuovo l'account eBay.",
      details: { httpStatus: 400, providerCode: 'invalid_grant' },
    });
    expect(tokenError('refresh_token', answer(400, invalidGrant))).toMatchObject({
      code: 'REFRESH_REFUSED',
      message: "eBay ha rifiutato il refresh token: l'autorizzazione è scaduta o è stata revocata. Collega di nuovo l'account eBay.",
    });
  });

  it('is CLIENT_REFUSED for invalid_client, unauthorized_client and a bare 401', () => {
    const expected = { code: 'CLIENT_REFUSED', message: "eBay ha rifiutato le credenziali dell'applicazione (client_id o client_secret): controlla la configurazione" };
    expect(tokenError('authorization_code', answer(401, '{"error":"invalid_client","error_description":"client authentication failed"}'))).toMatchObject(expected);
    expect(tokenError('refresh_token', answer(400, '{"error":"unauthorized_client"}'))).toMatchObject(expected);
    expect(tokenError('refresh_token', answer(401, ''))).toMatchObject(expected);
  });

  it("is REQUEST_REFUSED with eBay's description for other OAuth errors", () => {
    expect(tokenError('refresh_token', answer(400, '{"error":"invalid_scope","error_description":"The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client"}'))).toMatchObject({
      code: 'REQUEST_REFUSED',
      message: 'eBay ha rifiutato la richiesta del token: The requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client',
      details: { providerCode: 'invalid_scope' },
    });
    expect(tokenError('authorization_code', answer(400, 'Bad Request'))).toMatchObject({ code: 'REQUEST_REFUSED', message: 'eBay ha rifiutato la richiesta del token: risposta HTTP 400' });
    expect(tokenError('authorization_code', answer(400, envelope(1002, 'Missing access token')))).toMatchObject({
      code: 'REQUEST_REFUSED',
      message: 'eBay ha rifiutato la richiesta del token: token di accesso mancante (codice 1002)',
      details: { providerCode: '1002' },
    });
  });

  it('is QUOTA_EXCEEDED on 429', () => {
    expect(tokenError('refresh_token', answer(429, envelope(2001, 'Too many requests.'), { 'retry-after': '12' }), undefined, NOW)).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { retryAfterMs: 12_000, httpStatus: 429 },
    });
  });

  it('keeps what redact removes out of the message', () => {
    const error = tokenError('refresh_token', answer(400, '{"error":"invalid_request","error_description":"bad refresh_token v^1.1#SECRET"}'), (s) => s.replaceAll('v^1.1#SECRET', '[redacted]'));
    expect(error.message).toBe('eBay ha rifiutato la richiesta del token: bad refresh_token [redacted]');
  });
});

describe('apiError', () => {
  it('is TOKEN_EXPIRED on 401 errorId 1001, and on any 401', () => {
    expect(apiError('orders', answer(401, JSON.stringify({ errors: [{ errorId: 1001, domain: 'OAuth', category: 'REQUEST', message: 'Invalid access token', longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.' }] })))).toMatchObject({
      code: 'TOKEN_EXPIRED',
      message: 'Il token di accesso eBay è scaduto o non è più valido',
      details: { httpStatus: 401, providerCode: '1001' },
    });
    expect(apiError('identity', answer(401, ''))).toMatchObject({ code: 'TOKEN_EXPIRED', details: { httpStatus: 401 } });
  });

  it('is QUOTA_EXCEEDED on 429 or errorId 2001, waiting as Retry-After asks, else the default', () => {
    const quota = envelope(2001, 'Too many requests.', { domain: 'ACCESS', category: 'REQUEST' });
    expect(apiError('orders', answer(429, quota, { 'retry-after': '30' }), undefined, NOW)).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: 'Limite di chiamate eBay raggiunto per il momento: riprova tra qualche minuto',
      details: { retryAfterMs: 30_000, httpStatus: 429, providerCode: '2001' },
    });
    expect(apiError('orders', answer(429, quota, { 'retry-after': 'Thu, 05 Mar 2026 09:02:00 GMT' }), undefined, NOW).details.retryAfterMs).toBe(120_000);
    expect(apiError('orders', answer(429, ''), undefined, NOW).details.retryAfterMs).toBe(DEFAULT_QUOTA_RETRY_MS);
    expect(apiError('fulfillment', answer(400, quota), undefined, NOW)).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: DEFAULT_QUOTA_RETRY_MS } });
  });

  it.each([
    [32100, 'ordine non trovato su eBay'],
    [32200, "articolo non trovato nell'ordine eBay"],
    [32210, 'lo stesso articolo compare più volte nella spedizione'],
    [32300, 'numero di tracking o corriere non validi'],
    [32500, 'data di spedizione non valida'],
    [32600, 'dati della spedizione non validi'],
  ])('maps createShippingFulfillment %i to its Italian text', (errorId, text) => {
    const error = apiError('fulfillment', answer(400, envelope(errorId, 'Some English message')));
    expect(error).toMatchObject({
      code: 'REQUEST_REFUSED',
      message: `eBay ha rifiutato la conferma di spedizione: ${text} (codice ${errorId})`,
      details: { providerCode: String(errorId), httpStatus: 400 },
    });
  });

  it('maps a 409 to "already fulfilled" (ALREADY_FULFILLED), with or without an errorId', () => {
    expect(apiError('fulfillment', answer(409, ''))).toMatchObject({
      code: 'ALREADY_FULFILLED',
      message: "eBay ha rifiutato la conferma di spedizione: l'ordine risulta già evaso su eBay (codice 409)",
      details: { providerCode: '409', httpStatus: 409 },
    });
    expect(apiError('fulfillment', answer(409, envelope(32700, 'Line item 1 is already fulfilled.')))).toMatchObject({
      message: "eBay ha rifiutato la conferma di spedizione: l'articolo risulta già spedito su eBay (codice 32700)",
      details: { providerCode: '32700', httpStatus: 409 },
    });
    expect(apiError('fulfillment', answer(409, envelope(32710, 'Order is canceled')))).toMatchObject({
      message: "eBay ha rifiutato la conferma di spedizione: l'ordine è stato annullato su eBay e non può essere spedito (codice 32710)",
    });
    expect(apiError('fulfillment', answer(409, envelope(32999, 'Order already fulfilled')))).toMatchObject({
      message: "eBay ha rifiutato la conferma di spedizione: l'ordine risulta già evaso su eBay (codice 32999)",
      details: { providerCode: '32999' },
    });
  });

  it.each([
    [30700, 'filtro degli ordini non riconosciuto'],
    [30800, 'valore del filtro degli ordini non valido'],
    [30810, 'formato della data nel filtro non valido'],
    [30830, 'intervallo di date troppo lungo'],
    [30840, 'la data di inizio del filtro segue la data di fine'],
    [30900, 'si possono chiedere al massimo 50 ID ordine per volta'],
    [31000, 'offset della pagina non valido'],
    [31100, 'numero di ordini per pagina non valido (al massimo 200)'],
  ])('maps getOrders %i to its Italian text', (errorId, text) => {
    expect(apiError('orders', answer(400, envelope(errorId, 'Invalid filter')))).toMatchObject({
      code: 'REQUEST_REFUSED',
      message: `eBay ha rifiutato la lettura degli ordini: ${text} (codice ${errorId})`,
      details: { providerCode: String(errorId) },
    });
  });

  it('maps createShippingFulfillment 32700 and a bare 409 to ALREADY_FULFILLED, keeping the code; 32710 and other calls stay refusals', () => {
    expect(apiError('fulfillment', answer(409, envelope(32700, 'Line item already fulfilled')))).toMatchObject({
      code: 'ALREADY_FULFILLED',
      message: "eBay ha rifiutato la conferma di spedizione: l'articolo risulta già spedito su eBay (codice 32700)",
      details: { providerCode: '32700', httpStatus: 409 },
    });
    expect(apiError('fulfillment', answer(409, ''))).toMatchObject({ code: 'ALREADY_FULFILLED', details: { providerCode: '409' } });
    expect(apiError('fulfillment', answer(409, envelope(32710, 'Order cancelled')))).toMatchObject({ code: 'REQUEST_REFUSED', details: { providerCode: '32710' } });
    expect(apiError('orders', answer(409, ''))).toMatchObject({ code: 'REQUEST_REFUSED', details: { providerCode: '409' } });
  });

  it("quotes eBay's words for an error id without a text of ours, and the status without an envelope", () => {
    expect(apiError('orders', answer(400, envelope(30999, 'Something new')))).toMatchObject({
      message: 'eBay ha rifiutato la lettura degli ordini: Something new. (codice 30999)',
      details: { providerCode: '30999' },
    });
    expect(apiError('identity', answer(403, envelope(1100, 'Access denied')))).toMatchObject({
      message: "eBay ha rifiutato la lettura del profilo venditore: permessi insufficienti: ricollega l'account eBay concedendo tutti i permessi richiesti (codice 1100)",
    });
    const bare = apiError('fulfillment', answer(404, '<html>Not Found</html>'));
    expect(bare).toMatchObject({ code: 'REQUEST_REFUSED', message: 'eBay ha rifiutato la conferma di spedizione: risposta HTTP 404', details: { httpStatus: 404 } });
    expect(bare.details.providerCode).toBeUndefined();
  });
});

describe('the other forms', () => {
  it('reads the error envelope, and nothing from other bodies', () => {
    expect(errorEntries(envelope(32300, 'Invalid tracking'))).toEqual([{ errorId: '32300', domain: 'API_FULFILLMENT', category: 'REQUEST', message: 'Invalid tracking', longMessage: 'Invalid tracking.' }]);
    expect(errorEntries('{"error":"invalid_grant"}')).toEqual([]);
    expect(errorEntries('not json')).toEqual([]);
  });

  it('has CLIENT_REFUSED for an app not configured, and unavailability for an unreadable answer', () => {
    expect(notConfigured('Parametri OAuth incompleti: client_id mancante')).toMatchObject({ code: 'CLIENT_REFUSED', message: 'Parametri OAuth incompleti: client_id mancante' });
    const error = unreadable('GetOrders', 'GET', '/sell/fulfillment/v1/order', 200, 'not JSON');
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', provider: 'eBay', status: 200, detail: 'unreadable answer: not JSON' });
  });
});
