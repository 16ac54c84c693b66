import { escapeHtml, htmlPage, signInConsentForm } from '../html-page';

/*
 * The pages a seller sees in Seller Central: sign-in and the app's authorization (what the app may
 * read), the page of a refused authorization and the error page of a malformed request. Plain HTML
 * with labels and ids (Playwright and `authorizeAs` fill them), no script, usable at 390 px.
 */

const STYLE = `
  :root { color-scheme: light; font-family: "Amazon Ember", Arial, sans-serif; color: #0f1111; }
  body { margin: 0; background: #f3f3f3; }
  header { background: #232f3e; color: #fff; padding: 14px 24px; font-weight: 700; }
  .logo { color: #ff9900; }
  main { max-width: 460px; margin: 32px auto; background: #fff; border: 1px solid #d5d9d9; border-radius: 8px; padding: 26px; }
  @media (max-width: 520px) { main { margin: 12px; padding: 18px; } }
  h1 { font-size: 22px; font-weight: 400; margin: 0 0 10px; } h2 { font-size: 15px; margin: 20px 0 8px; }
  p { line-height: 1.45; }
  label { display: block; font-weight: 700; margin: 14px 0 4px; font-size: 14px; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: 9px; border: 1px solid #888c8c; border-radius: 4px; font-size: 16px; }
  ul { padding-left: 20px; } li { margin: 4px 0; }
  .error { background: #fff5f5; border: 1px solid #cc0c39; border-radius: 8px; padding: 10px; color: #cc0c39; }
  .actions { display: flex; gap: 12px; margin-top: 22px; }
  button { flex: 1; padding: 10px; border-radius: 8px; font-size: 15px; cursor: pointer; }
  #confirm { background: #ffd814; border: 1px solid #fcd200; color: #0f1111; font-weight: 700; }
  #cancel { background: #fff; border: 1px solid #d5d9d9; color: #0f1111; }
  footer { text-align: center; margin: 16px; font-size: 13px; color: #565959; }
  dt { font-weight: 700; } dd { margin: 0 0 12px; font-family: monospace; }
`;

function page(title: string, body: string): string {
  return htmlPage({
    title,
    style: STYLE,
    header: '<span class="logo" role="img" aria-label="Amazon">amazon</span> seller central',
    body,
    footer: 'Ambiente di prova Smista (sandbox Amazon Selling Partner API): nessun venditore o dato reale.',
  });
}

/** What the consent form carries back (the consent request's parameters). */
export const CONSENT_FIELDS = ['application_id', 'state', 'version', 'redirect_uri'] as const;

/** What the app may read, as the page says it. */
const PERMISSIONS = ['Leggere gli ordini del negozio e i loro articoli', 'Confermare le spedizioni e il tracking degli ordini', "Leggere nome e indirizzo dell'acquirente per la consegna (ruolo riservato)"];

export interface ConsentRequest {
  appName: string;
  restrictedRole: boolean;
  params: Record<string, string>;
}

/** Sign-in as the seller and "Conferma"; `error` (wrong password) shows above the form. */
export function consentPage(request: ConsentRequest, options: { error?: string; email?: string } = {}): string {
  const app = escapeHtml(request.appName);
  const form = signInConsentForm({
    action: '/apps/authorize/consent',
    formId: 'consent-form',
    carried: CONSENT_FIELDS,
    params: request.params,
    emailLabel: "E-mail dell'account venditore",
    email: options.email,
    error: options.error,
    errorId: 'consent-error',
    appName: request.appName,
    listId: 'permissions',
    listTitleId: 'permissions-title',
    items: (request.restrictedRole ? PERMISSIONS : PERMISSIONS.slice(0, 2)).map((text) => ({ text })),
    cancel: { id: 'cancel', value: 'cancel', label: 'Annulla' },
    confirm: { id: 'confirm', value: 'confirm', label: 'Conferma' },
  });
  return page(
    `Autorizza ${request.appName}`,
    `<main>
<h1>Autorizza ${app}</h1>
<p>L'applicazione <strong id="app-name">${app}</strong> chiede di accedere al tuo account venditore su Amazon.it.</p>
${form}
</main>`,
  );
}

export function cancelledPage(appName: string): string {
  return page('Autorizzazione annullata', `<main><h1 id="cancelled">Autorizzazione annullata</h1><p>${escapeHtml(appName)} non ha ricevuto alcun accesso al tuo account. Puoi chiudere questa pagina.</p></main>`);
}

/** The page of a consent request Seller Central cannot honour (HTTP 400). */
export function consentErrorPage(problem: string): string {
  return page('Amazon Seller Central - Richiesta non valida', `<main><h1>Impossibile autorizzare l'applicazione</h1><p>La richiesta di autorizzazione non è valida. Contatta lo sviluppatore dell'applicazione.</p><dl><dt>Errore</dt><dd id="error-description">${escapeHtml(problem)}</dd></dl></main>`);
}
