/*
 * What the providers' pages in the sandboxes share (eBay's consent, Shopify's install): an Italian
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
