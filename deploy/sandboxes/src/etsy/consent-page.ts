import { escapeHtml, htmlPage, signInConsentForm } from '../html-page';

/*
 * The pages a seller sees on etsy.com when an app asks for access: sign-in and "Consenti
 * l'accesso" (what the app may do), and the error page of a malformed request (no PKCE, unknown
 * app, redirect not registered). Plain HTML with labels and ids, no script, usable at 390 px.
 */

const STYLE = `
  :root { color-scheme: light; font-family: "Graphik Webfont", Arial, sans-serif; color: #222; }
  body { margin: 0; background: #faf7f4; }
  header { background: #fff; border-bottom: 1px solid #e1e3df; padding: 14px 24px; }
  .logo { color: #f1641e; font-family: Georgia, serif; font-size: 28px; font-weight: 700; }
  main { max-width: 460px; margin: 32px auto; background: #fff; border: 1px solid #e1e3df; border-radius: 12px; padding: 26px; }
  @media (max-width: 520px) { main { margin: 12px; padding: 18px; } }
  h1 { font-size: 22px; font-weight: 500; margin: 0 0 10px; } h2 { font-size: 15px; margin: 20px 0 8px; }
  p { line-height: 1.45; }
  label { display: block; font-weight: 700; margin: 14px 0 4px; font-size: 14px; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #949494; border-radius: 6px; font-size: 16px; }
  ul { padding-left: 20px; } li { margin: 4px 0; }
  .error { background: #fdf0ee; border: 1px solid #a61a2e; border-radius: 8px; padding: 10px; color: #a61a2e; }
  .actions { display: flex; gap: 12px; margin-top: 22px; }
  button { flex: 1; padding: 11px; border-radius: 24px; font-size: 15px; cursor: pointer; }
  #allow { background: #222; border: 1px solid #222; color: #fff; font-weight: 700; }
  #deny { background: #fff; border: 2px solid #222; color: #222; }
  footer { text-align: center; margin: 16px; font-size: 13px; color: #595959; }
  dt { font-weight: 700; } dd { margin: 0 0 12px; font-family: monospace; }
`;

function page(title: string, body: string): string {
  return htmlPage({
    title,
    style: STYLE,
    header: '<span class="logo" role="img" aria-label="Etsy">Etsy</span>',
    body,
    footer: 'Ambiente di prova Smista (sandbox Etsy Open API v3): nessun venditore o dato reale.',
  });
}

/** What the consent form carries back (the authorize request's parameters). */
export const CONSENT_FIELDS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

/** The scopes as the page describes them. */
const SCOPE_TEXTS: Record<string, string> = {
  transactions_r: 'Vedere gli ordini del tuo negozio, le ricevute e gli indirizzi di spedizione',
  transactions_w: 'Aggiornare gli ordini: segnarli come spediti con il codice di tracking',
  shops_r: 'Vedere le informazioni del tuo negozio',
  email_r: 'Vedere il tuo indirizzo e-mail',
};

export interface ConsentRequest {
  appName: string;
  scopes: string[];
  params: Record<string, string>;
}

/** Sign-in and "Consenti l'accesso"; `error` (wrong password) shows above the form. */
export function consentPage(request: ConsentRequest, options: { error?: string; email?: string } = {}): string {
  const app = escapeHtml(request.appName);
  const form = signInConsentForm({
    action: '/oauth/connect',
    formId: 'consent-form',
    carried: CONSENT_FIELDS,
    params: request.params,
    emailLabel: 'Indirizzo e-mail',
    email: options.email,
    error: options.error,
    errorId: 'consent-error',
    appName: request.appName,
    listId: 'scopes',
    listTitleId: 'scopes-title',
    items: request.scopes.map((s) => ({ text: SCOPE_TEXTS[s] ?? s })),
    cancel: { id: 'deny', value: 'deny', label: 'Non consentire' },
    confirm: { id: 'allow', value: 'allow', label: "Consenti l'accesso" },
  });
  return page(
    `Consenti a ${request.appName} di accedere al tuo account`,
    `<main>
<h1>${app} vuole accedere al tuo account Etsy</h1>
<p>Accedi per consentire a <strong id="app-name">${app}</strong> di usare il tuo negozio.</p>
${form}
</main>`,
  );
}

/** The page of an authorize request Etsy cannot honour (HTTP 400). */
export function consentErrorPage(problem: string): string {
  return page('Etsy - Richiesta non valida', `<main><h1>Impossibile collegare l'applicazione</h1><p>La richiesta di autorizzazione non è valida. Contatta lo sviluppatore dell'applicazione.</p><dl><dt>Errore</dt><dd id="error-description">${escapeHtml(problem)}</dd></dl></main>`);
}
