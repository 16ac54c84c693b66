import { escapeHtml, htmlPage, signInConsentForm } from '../html-page';
import { SHOPIFY_KNOWN_SCOPES } from './store';

/*
 * The pages a shop owner sees on Shopify's side: sign-in and "install app" with the permissions
 * asked, the page of a cancelled installation and the error page of a malformed request. Plain HTML
 * with labels and ids (Playwright and `installAs` fill them), no script, usable at 390 px.
 */

const STYLE = `
  :root { color-scheme: light; font-family: -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #303030; }
  body { margin: 0; background: #f1f1f1; }
  header { background: #1a1a1a; color: #fff; padding: 14px 24px; font-weight: 600; }
  .logo { color: #95bf47; font-weight: 700; }
  main { max-width: 460px; margin: 32px auto; background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 1px 0 rgba(0,0,0,.1); }
  @media (max-width: 520px) { main { margin: 12px; padding: 20px; } }
  h1 { font-size: 20px; margin: 0 0 8px; } h2 { font-size: 15px; margin: 20px 0 8px; }
  p { line-height: 1.45; }
  label { display: block; font-weight: 600; margin: 14px 0 4px; }
  input[type=email], input[type=password] { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #8a8a8a; border-radius: 8px; font-size: 16px; }
  ul { padding-left: 20px; } li { margin: 4px 0; }
  .shop { background: #f7f7f7; border-radius: 8px; padding: 10px 12px; font-family: monospace; }
  .error { background: #fee9e8; border: 1px solid #e51c00; border-radius: 8px; padding: 10px; color: #8e1f0b; }
  .actions { display: flex; gap: 12px; margin-top: 22px; }
  button { flex: 1; padding: 11px; border-radius: 8px; font-size: 15px; font-weight: 600; cursor: pointer; }
  #install { background: #303030; color: #fff; border: 1px solid #303030; }
  #cancel { background: #fff; color: #303030; border: 1px solid #8a8a8a; }
  footer { text-align: center; margin: 16px; font-size: 13px; color: #616161; }
  dt { font-weight: 600; } dd { margin: 0 0 12px; font-family: monospace; }
`;

function page(title: string, body: string): string {
  return htmlPage({
    title,
    style: STYLE,
    header: '<span class="logo" role="img" aria-label="Shopify">shopify</span> admin',
    body,
    footer: 'Ambiente di prova Smista (sandbox Shopify): nessun negozio o dato reale.',
  });
}

/** What the consent form carries back to the sandbox (the authorize request's parameters). */
export const AUTHORIZE_FIELDS = ['client_id', 'scope', 'redirect_uri', 'state', 'grant_options[]', 'shop'] as const;

export interface InstallRequest {
  appName: string;
  shopDomain: string;
  shopName: string;
  scopes: string[];
  params: Record<string, string>;
}

/** Sign-in as the shop's owner and "Installa app"; `error` (wrong password) shows above the form. */
export function installPage(request: InstallRequest, options: { error?: string; email?: string } = {}): string {
  const app = escapeHtml(request.appName);
  const form = signInConsentForm({
    action: '/admin/oauth/authorize',
    formId: 'install-form',
    carried: AUTHORIZE_FIELDS,
    params: request.params,
    emailLabel: 'E-mail del titolare',
    email: options.email,
    error: options.error,
    errorId: 'install-error',
    appName: request.appName,
    listId: 'scopes',
    listTitleId: 'scopes-title',
    items: request.scopes.map((s) => ({ text: SHOPIFY_KNOWN_SCOPES[s] ?? s, data: { scope: s } })),
    cancel: { id: 'cancel', value: 'cancel', label: 'Annulla' },
    confirm: { id: 'install', value: 'install', label: 'Installa app' },
  });
  return page(
    `Installa ${request.appName} su ${request.shopName}`,
    `<main>
<h1>Installa ${app}</h1>
<p>L'app <strong id="app-name">${app}</strong> chiede di accedere al negozio <strong id="shop-name">${escapeHtml(request.shopName)}</strong>.</p>
<p class="shop" id="shop-domain">${escapeHtml(request.shopDomain)}</p>
${form}
</main>`,
  );
}

export function cancelledPage(shopName: string): string {
  return page('Installazione annullata', `<main><h1 id="cancelled">Installazione annullata</h1><p>Nessun accesso è stato concesso al negozio ${escapeHtml(shopName)}. Puoi chiudere questa pagina.</p></main>`);
}

/** Shopify's page for an authorize request it cannot honour (HTTP 400). */
export function authorizeErrorPage(problem: string): string {
  return page('Shopify - Richiesta non valida', `<main><h1>Impossibile installare l'app</h1><p>La richiesta di installazione non è valida. Contatta lo sviluppatore dell'app.</p><dl><dt>Errore</dt><dd id="error-description">${escapeHtml(problem)}</dd></dl></main>`);
}
