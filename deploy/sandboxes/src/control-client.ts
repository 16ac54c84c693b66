/*
 * What the tests' side of every sandbox shares: calling its control endpoints (`/__sandbox/…`)
 * and doing what a person does on its sign-in consent page.
 */

/**
 * A caller of a sandbox's control endpoints at `baseUrl`: JSON in and out, 204 as undefined, any
 * other refusal thrown with the sandbox's name, the call and its answer.
 *
 * @example const call = controlCaller('Amazon', url); await call('POST', '/faults', fault)
 */
export function controlCaller(sandbox: string, baseUrl: string): <T>(method: string, path: string, body?: unknown) => Promise<T> {
  const base = baseUrl.replace(/\/+$/, '');
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/__sandbox${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (!res.ok) throw new Error(`${sandbox} sandbox ${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}

/**
 * Reads the consent page at `pageUrl`, sends its hidden fields with `fields` (the sign-in and the
 * decision) to `action` (resolved against the page's address) and answers where the provider
 * redirects to; throws with the page's text when it does not redirect.
 */
export async function submitConsentForm(pageUrl: string, action: string, fields: Record<string, string>): Promise<string> {
  const page = await fetch(pageUrl, { redirect: 'manual' });
  const html = await page.text();
  if (!page.ok) throw new Error(`consent page ${page.status}: ${pageText(html)}`);
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(name!, decodeEntities(value!));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const res = await fetch(new URL(action, pageUrl), { method: 'POST', body: form, redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`no redirect after consent (${res.status}): ${pageText(await res.text())}`);
  return location;
}

/** A page's text without its style and tags, for an error message. */
const pageText = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, ' ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const decodeEntities = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
