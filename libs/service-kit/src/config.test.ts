import { z } from 'zod';
import { checkSsoPair, env, keycloakRealmOf, parseConfig, ssoEnv, ssoSettingsOf } from './config';

const schema = z.object({ GRPC_PORT: env.port(50051), DATABASE_URL: env.url(), SECRET: env.secret(), FLAG: env.bool(true) });

describe('configuration', () => {
  it('applies defaults and coerces values', () => {
    const c = parseConfig(schema, { DATABASE_URL: 'postgres://x@127.0.0.1:5432/db', SECRET: 's'.repeat(32) });
    expect(c).toEqual({ GRPC_PORT: 50051, DATABASE_URL: 'postgres://x@127.0.0.1:5432/db', SECRET: 's'.repeat(32), FLAG: true });
  });
  it('names the bad variable', () => {
    expect(() => parseConfig(schema, { DATABASE_URL: 'nope', SECRET: 'short', GRPC_PORT: '99999' })).toThrow(/GRPC_PORT.*DATABASE_URL.*SECRET|GRPC_PORT/);
    expect(() => parseConfig(schema, { DATABASE_URL: 'nope', SECRET: 's'.repeat(32) })).toThrow(/DATABASE_URL/);
  });
});

describe('single sign-on settings (SSO_ISSUER_URL, SSO_CLIENT_ID, SSO_AUDIENCE)', () => {
  const sso = z.object(ssoEnv()).superRefine(checkSsoPair);
  const read = (vars: Record<string, string>) => ssoSettingsOf(parseConfig(sso, vars));

  it('is off when both are unset or empty (Helm renders unset optionals as "")', () => {
    expect(read({})).toBeUndefined();
    expect(read({ SSO_ISSUER_URL: '', SSO_CLIENT_ID: '' })).toBeUndefined();
  });

  it('reads a realm and a client; the audience defaults to the client', () => {
    expect(read({ SSO_ISSUER_URL: 'https://login.esempio.it/realms/smista', SSO_CLIENT_ID: 'smista-shell' })).toEqual({
      issuer: 'https://login.esempio.it/realms/smista',
      clientId: 'smista-shell',
      audience: 'smista-shell',
    });
    expect(read({ SSO_ISSUER_URL: 'http://127.0.0.1:8180/realms/smista', SSO_CLIENT_ID: 'smista-shell', SSO_AUDIENCE: 'smista-api' })?.audience).toBe('smista-api');
    expect(keycloakRealmOf('https://login.esempio.it/auth/realms/negozio')).toEqual({ url: 'https://login.esempio.it/auth', realm: 'negozio' });
  });

  it('refuses one without the other, an issuer that is not a realm URL, and a malformed client, naming the variable', () => {
    expect(() => read({ SSO_ISSUER_URL: 'https://login.esempio.it/realms/smista' })).toThrow(/SSO_CLIENT_ID: SSO_ISSUER_URL e SSO_CLIENT_ID vanno impostati insieme/);
    expect(() => read({ SSO_CLIENT_ID: 'smista-shell' })).toThrow(/SSO_ISSUER_URL: /);
    for (const bad of ['https://login.esempio.it/realms/smista/', 'https://login.esempio.it/', 'https://login.esempio.it/realms/smista?x=1']) {
      expect(() => read({ SSO_ISSUER_URL: bad, SSO_CLIENT_ID: 'smista-shell' })).toThrow(/SSO_ISSUER_URL: deve essere l'URL del realm/);
    }
    expect(() => read({ SSO_ISSUER_URL: 'https://login.esempio.it/realms/smista', SSO_CLIENT_ID: 'smista shell' })).toThrow(/SSO_CLIENT_ID: solo lettere/);
  });
});
