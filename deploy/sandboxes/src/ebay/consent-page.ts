import { escapeHtml, htmlPage } from '../html-page';
import { EBAY_KNOWN_SCOPES } from './accounts';
import { AUTHORIZE_PARAMS, type AuthorizeProblem, type AuthorizeRequest } from './authorize';

/*
 * The pages a person sees on eBay's side of the connection: sign-in with consent (username,
 * password, the app and the permissions it asks, "Accetta" / "Non accetto") and the error page of a
 * malformed authorization request. Plain HTML with labels and ids, so Playwright (and consentAs)
 * can fill them; no script.
 */

const STYLE = `
  :root { color-scheme: light; font-family: "Market Sans", Arial, Helvetica, sans-serif; color: #191919; }
  body { margin: 0; background: #f7f7f7; }
  header { background: #fff; border-bottom: 1px solid #e5e5e5; padding: 16px 24px; }
  .logo { font-size: 32px; font-weight: bold; letter-spacing: -2px; }
  .logo .e { color: #e53238; } .logo .b { color: #0064d2; } .logo .a { color: #f5af02; } .logo .y { color: #86b817; }
  main { max-width: 440px; margin: 32px auto; background: #fff; border: 1px solid #e5e5e5; border-radius: 16px; padding: 32px; }
  h1 { font-size: 24px; margin: 0 0 8px; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
  p { line-height: 1.4; }
  label { display: block; font-weight: bold; margin: 16px 0 4px; }
  input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: 12px; border: 1px solid #8f8f8f; border-radius: 8px; font-size: 16px; }
  ul { padding-left: 20px; } li { margin: 4px 0; }
  .error { background: #fff0f0; border: 1px solid #e0103a; border-radius: 8px; padding: 12px; color: #a0001e; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { flex: 1; padding: 12px; border-radius: 24px; font-size: 16px; font-weight: bold; cursor: pointer; }
  #accept { background: #3665f3; color: #fff; border: 1px solid #3665f3; }
  #decline { background: #fff; color: #3665f3; border: 1px solid #3665f3; }
  .note, footer { font-size: 13px; color: #707070; }
  footer { text-align: center; margin: 16px; }
  dt { font-weight: bold; } dd { margin: 0 0 12px; font-family: monospace; }
`;

function page(title: string, body: string): string {
  return htmlPage({
    title,
    style: STYLE,
    header: '<span class="logo" role="img" aria-label="eBay"><span class="e">e</span><span class="b">b</span><span class="a">a</span><span class="y">y</span></span>',
    body,
    footer: 'Ambiente di prova Smista (sandbox eBay): nessun account o dato reale.',
  });
}

/**
 * The sign-in and consent page for `request`; `error` (wrong password) shows above the form and
 * `username` is kept in its field.
 */
export function consentPage(request: AuthorizeRequest, options: { error?: string; username?: string } = {}): string {
  const appName = escapeHtml(request.app.name ?? 'Smista');
  const hidden = AUTHORIZE_PARAMS.filter((name) => request.params[name] !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(request.params[name]!)}">`)
    .join('\n  ');
  const scopes = request.scopes.map((s) => `<li data-scope="${escapeHtml(s)}">${escapeHtml(EBAY_KNOWN_SCOPES[s] ?? s)}</li>`).join('\n      ');
  const error = options.error ? `<div class="error" role="alert" id="consent-error">${escapeHtml(options.error)}</div>` : '';
  return page(
    `Accedi a eBay e autorizza ${request.app.name ?? 'Smista'}`,
    `<main>
<h1>Accedi per autorizzare ${appName}</h1>
<p>L'applicazione <strong id="app-name">${appName}</strong> chiede di accedere al tuo account eBay. Accedi e controlla i permessi richiesti.</p>
${error}
<form method="post" action="/oauth2/authorize" id="consent-form">
  ${hidden}
  <label for="userid">Nome utente</label>
  <input id="userid" name="username" type="text" autocomplete="username" required value="${escapeHtml(options.username ?? '')}">
  <label for="pass">Password</label>
  <input id="pass" name="password" type="password" autocomplete="current-password" required>
  <section aria-labelledby="scopes-title">
    <h2 id="scopes-title">${appName} potrà:</h2>
    <ul id="scopes">
      ${scopes}
    </ul>
  </section>
  <p class="note">Puoi revocare l'autorizzazione in qualsiasi momento da Il mio eBay › Account › Preferenze di autorizzazione delle applicazioni.</p>
  <div class="actions">
    <button type="submit" id="accept" name="decision" value="accept">Accetta</button>
    <button type="submit" id="decline" name="decision" value="decline" formnovalidate>Non accetto</button>
  </div>
</form>
</main>`,
  );
}

/** eBay's page for an authorization request it cannot honour (HTTP 400): no redirect is made. */
export function authorizeErrorPage(problem: AuthorizeProblem): string {
  return page(
    'eBay - Richiesta non valida',
    `<main>
<h1>Impossibile completare la richiesta</h1>
<p>Si è verificato un problema con la richiesta di autorizzazione dell'applicazione. Contatta lo sviluppatore dell'applicazione.</p>
<dl>
  <dt>Errore</dt><dd id="error-code">${escapeHtml(problem.error)}</dd>
  <dt>Descrizione</dt><dd id="error-description">${escapeHtml(problem.description)}</dd>
</dl>
</main>`,
  );
}
