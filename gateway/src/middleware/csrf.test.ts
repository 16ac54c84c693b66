import { csrfDecision, type CsrfInput } from './csrf';

const trusted = ['https://app.smista.it'];
const post = (over: Partial<CsrfInput>): CsrfInput => ({
  method: 'POST',
  contentType: 'application/json',
  hasBody: true,
  host: 'app.smista.it',
  trustedOrigins: trusted,
  ...over,
});

describe('csrfDecision', () => {
  it('lets safe methods through whatever they carry', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(csrfDecision(post({ method, secFetchSite: 'cross-site', origin: 'https://evil.example', contentType: 'text/plain' }))).toBe('allow');
    }
  });

  it.each([
    ['same-origin fetch from the app', { secFetchSite: 'same-origin', origin: 'https://app.smista.it' }, 'allow'],
    ['user-initiated (Sec-Fetch-Site: none)', { secFetchSite: 'none' }, 'allow'],
    ['curl / server-to-server: no Origin, no Sec-Fetch-Site', {}, 'allow'],
    ['JSON with charset', { contentType: 'application/json; charset=utf-8' }, 'allow'],
    ['own origin from the Host header (another port or scheme behind a proxy)', { host: 'localhost:8080', origin: 'http://localhost:8080' }, 'allow'],
    ['bodiless POST (logout) without a content type', { hasBody: false, contentType: undefined }, 'allow'],
    ['cross-site fetch metadata', { secFetchSite: 'cross-site' }, 'cross-origin'],
    ['same-site (sibling subdomain) fetch metadata', { secFetchSite: 'same-site' }, 'cross-origin'],
    ['foreign Origin', { origin: 'https://evil.example' }, 'cross-origin'],
    ['Origin: null (sandboxed frame, data: URL)', { origin: 'null' }, 'cross-origin'],
    ['Origin that only shares a prefix', { origin: 'https://app.smista.it.evil.example' }, 'cross-origin'],
    ['Origin of the host on a non-web scheme', { origin: 'ftp://app.smista.it' }, 'cross-origin'],
    ['form post (text/plain)', { contentType: 'text/plain' }, 'unsupported-content-type'],
    ['form post (urlencoded)', { contentType: 'application/x-www-form-urlencoded' }, 'unsupported-content-type'],
    ['multipart', { contentType: 'multipart/form-data; boundary=x' }, 'unsupported-content-type'],
    ['body without a content type', { contentType: undefined }, 'unsupported-content-type'],
    ['lookalike type', { contentType: 'application/jsonp' }, 'unsupported-content-type'],
    ['cross-origin wins over content type', { origin: 'https://evil.example', contentType: 'text/plain' }, 'cross-origin'],
  ] as const)('%s → %s', (_name, over, expected) => {
    expect(csrfDecision(post(over))).toBe(expected);
  });

  it('applies to PUT, PATCH and DELETE too', () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'post']) {
      expect(csrfDecision(post({ method, origin: 'https://evil.example' }))).toBe('cross-origin');
    }
  });
});
