import { EBAY_KNOWN_SCOPES, scopeList, type EbaySandboxApp } from './accounts';

/*
 * The authorization request of eBay's consent flow (`GET /oauth2/authorize`): which app asks, for
 * which scopes, and where the browser goes back (the RuName's accept or decline URL).
 */

/** The query parameters of the authorize URL, kept as hidden fields of the consent form. */
export const AUTHORIZE_PARAMS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'prompt', 'locale'] as const;

export interface AuthorizeRequest {
  app: EbaySandboxApp;
  scopes: string[];
  state?: string;
  /** The parameters as received, for the form's hidden fields. */
  params: Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>>;
}

/** Why the authorize request is refused (eBay shows an error page: it cannot trust the redirect). */
export interface AuthorizeProblem {
  error: string;
  description: string;
}

function param(value: unknown): string | undefined {
  if (Array.isArray(value)) return param(value[0]);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Checks an authorize request (query or posted form): a known client id, the app's RuName as
 * `redirect_uri`, `response_type=code` and only known scopes.
 */
export function checkAuthorizeRequest(input: Record<string, unknown>, appOf: (clientId: string) => EbaySandboxApp | undefined): { ok: true; value: AuthorizeRequest } | { ok: false; problem: AuthorizeProblem } {
  const params: AuthorizeRequest['params'] = {};
  for (const name of AUTHORIZE_PARAMS) {
    const value = param(input[name]);
    if (value !== undefined) params[name] = value;
  }
  const refuse = (error: string, description: string) => ({ ok: false as const, problem: { error, description } });
  const clientId = params.client_id?.trim();
  if (!clientId) return refuse('invalid_request', 'Parametro client_id mancante.');
  const app = appOf(clientId);
  if (!app) return refuse('invalid_client', `Nessuna applicazione eBay registrata con client_id ${clientId}.`);
  if (!params.redirect_uri?.trim()) return refuse('invalid_request', 'Parametro redirect_uri mancante: deve essere il RuName dell’applicazione.');
  if (params.redirect_uri.trim() !== app.ruName) return refuse('invalid_request', 'Il redirect_uri non corrisponde al RuName registrato per l’applicazione.');
  if (params.response_type !== 'code') return refuse('unsupported_response_type', 'response_type deve essere "code".');
  const scopes = scopeList(params.scope ?? '');
  if (scopes.length === 0) return refuse('invalid_scope', 'Parametro scope mancante.');
  const unknown = scopes.filter((s) => !(s in EBAY_KNOWN_SCOPES));
  if (unknown.length) return refuse('invalid_scope', `Ambiti (scope) non validi: ${unknown.join(' ')}`);
  const request: AuthorizeRequest = { app, scopes: [...new Set(scopes)], params };
  if (params.state !== undefined) request.state = params.state;
  return { ok: true, value: request };
}

/** `<acceptUrl>?state=…&code=<url-encoded>&expires_in=299`, as eBay redirects after consent. */
export function acceptRedirect(request: AuthorizeRequest, code: string, expiresIn: number): string {
  const url = new URL(request.app.acceptUrl);
  if (request.state !== undefined) url.searchParams.set('state', request.state);
  url.searchParams.set('code', code);
  url.searchParams.set('expires_in', String(expiresIn));
  return url.toString();
}

/** `<declineUrl>?state=…&error=access_denied&error_description=…`, after a refusal. */
export function declineRedirect(request: AuthorizeRequest): string {
  const url = new URL(request.app.declineUrl ?? request.app.acceptUrl);
  if (request.state !== undefined) url.searchParams.set('state', request.state);
  url.searchParams.set('error', 'access_denied');
  url.searchParams.set('error_description', 'The user denied the consent request');
  return url.toString();
}
