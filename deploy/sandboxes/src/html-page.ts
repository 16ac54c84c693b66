/*
 * What the providers' pages in the sandboxes share (eBay's consent; Amazon's, Etsy's and Shopify's sign-in forms): an Italian
 * HTML document usable at 390 px with the provider's look, its header and a footer saying it is a
 * sandbox. Plain HTML with labels and ids, no script, so a person and Playwright use it alike.
 */

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** One page: `header` and `body` are HTML (escape what comes from a request), `footer` plain text. */
export function htmlPage(page: { title: string; style: string; header: string; body: string; footer: string }): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>${page.style}</style>
</head>
<body>
<header>${page.header}</header>
${page.body}
<footer>${escapeHtml(page.footer)}</footer>
</body>
</html>`;
}

/** A consent page's sign-in form: what the provider's page asks, in its own words and ids. */
export interface SignInConsentForm {
  /** Where the form posts, and its id. */
  action: string;
  formId: string;
  /** The request's parameters carried back as hidden fields, in this order (those present). */
  carried: readonly string[];
  params: Record<string, string>;
  /** The page's own words (HTML, as written here; never from a request). */
  emailLabel: string;
  /** The e-mail typed before (a wrong password shows the form again with it). */
  email?: string | undefined;
  /** A refusal shown above the form, with its id. */
  error?: string | undefined;
  errorId: string;
  /** The app asking (plain text) and what it will be able to do: the list's id and its lines. */
  appName: string;
  listId: string;
  listTitleId: string;
  items: readonly { text: string; data?: Record<string, string> }[];
  /** The two buttons (labels as HTML, as written here): `decision` is sent with the value of the one pressed. */
  cancel: { id: string; value: string; label: string };
  confirm: { id: string; value: string; label: string };
}

/** The sign-in form of a consent page (the error above it, the hidden fields, e-mail, password, the permissions, the two buttons). */
export function signInConsentForm(f: SignInConsentForm): string {
  const app = escapeHtml(f.appName);
  const hidden = f.carried
    .filter((name) => f.params[name] !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(f.params[name]!)}">`)
    .join('\n  ');
  const data = (d?: Record<string, string>) => Object.entries(d ?? {}).map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`).join('');
  const items = f.items.map((i) => `<li${data(i.data)}>${escapeHtml(i.text)}</li>`).join('\n      ');
  const error = f.error ? `<div class="error" role="alert" id="${f.errorId}">${escapeHtml(f.error)}</div>` : '';
  return `${error}
<form method="post" action="${escapeHtml(f.action)}" id="${f.formId}">
  ${hidden}
  <label for="email">${f.emailLabel}</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(f.email ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <section aria-labelledby="${f.listTitleId}">
    <h2 id="${f.listTitleId}">${app} potrà:</h2>
    <ul id="${f.listId}">
      ${items}
    </ul>
  </section>
  <div class="actions">
    <button type="submit" id="${f.cancel.id}" name="decision" value="${f.cancel.value}" formnovalidate>${f.cancel.label}</button>
    <button type="submit" id="${f.confirm.id}" name="decision" value="${f.confirm.value}">${f.confirm.label}</button>
  </div>
</form>`;
}
