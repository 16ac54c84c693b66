import { parsePublicConfig } from './public-config';

describe('parsePublicConfig', () => {
  it('reads the page addresses and the tracing switch', () => {
    expect(
      parsePublicConfig({ termsUrl: 'https://smista.example/termini', privacyUrl: '/legal/privacy.html', telemetry: { traces: true } }),
    ).toEqual({ termsUrl: 'https://smista.example/termini', privacyUrl: '/legal/privacy.html', telemetry: { traces: true }, sso: null });
    expect(parsePublicConfig({ termsUrl: 'http://127.0.0.1:8080/t', privacyUrl: null, telemetry: { traces: false } })).toEqual({
      termsUrl: 'http://127.0.0.1:8080/t',
      privacyUrl: null,
      telemetry: { traces: false },
      sso: null,
    });
  });

  it("reads the SSO realm and client ('Accedi con SSO'), and drops one that is not an http(s) server with a realm and a client", () => {
    const sso = { url: 'https://login.esempio.it', realm: 'smista', clientId: 'smista-shell' };
    expect(parsePublicConfig({ termsUrl: null, privacyUrl: null, telemetry: { traces: false }, sso }).sso).toEqual(sso);
    for (const bad of [{ ...sso, url: 'javascript:alert(1)' }, { ...sso, realm: '' }, { ...sso, clientId: 7 }, 'smista', null]) {
      expect(parsePublicConfig({ sso: bad }).sso).toBeNull();
    }
  });

  it('never links to an address that is not a web page of http(s) or this site', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/t', '/\\evil.example', 'ftp://x/y', 'non un url', 42, '']) {
      expect(parsePublicConfig({ termsUrl: bad, privacyUrl: bad, telemetry: { traces: true } })).toMatchObject({ termsUrl: null, privacyUrl: null });
    }
  });

  it('reads anything else as "not configured"', () => {
    const none = { termsUrl: null, privacyUrl: null, telemetry: { traces: false }, sso: null };
    expect(parsePublicConfig(undefined)).toEqual(none);
    expect(parsePublicConfig('Not Found')).toEqual(none);
    expect(parsePublicConfig({ telemetry: { traces: 'true' } })).toEqual(none);
    expect(parsePublicConfig({ telemetry: null })).toEqual(none);
  });
});
