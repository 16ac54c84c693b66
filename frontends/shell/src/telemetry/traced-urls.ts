/** Where the browser's spans go: the gateway forwards them to the collector (same origin, session cookie). */
export const TELEMETRY_TRACES_PATH = '/api/telemetry/traces';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The addresses the fetch instrumentation must leave alone (its `ignoreUrls`, matched against the
 * absolute URL): everything that is not a same-origin `/api/` call (remote manifests, scripts,
 * other sites), and the telemetry call itself, so sending spans never makes spans.
 *
 * @example untracedUrls('https://app.smista.it').some((re) => re.test('https://app.smista.it/api/user')) // false
 */
export function untracedUrls(origin: string): RegExp[] {
  const base = escapeRegExp(origin.replace(/\/+$/, ''));
  return [new RegExp(`^(?!${base}/api/)`), new RegExp(`^${base}${escapeRegExp(TELEMETRY_TRACES_PATH)}(?:[?#/]|$)`)];
}
