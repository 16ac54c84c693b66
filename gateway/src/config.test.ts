import { parseGatewayConfig } from './config';

const base = {
  IDENTITY_GRPC_ADDR: 'identity:50051',
  MERCHANTS_GRPC_ADDR: 'merchants:50052',
  FRONTENDS_DIR: '/srv/frontends',
  PUBLIC_URL: 'https://app.smista.it/',
};

describe('gateway config', () => {
  it('has safe defaults', () => {
    const c = parseGatewayConfig(base);
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      cookieSecure: false,
      trustedOrigins: ['https://app.smista.it'],
      remotes: undefined,
      rateLimit: { enabled: true, windowMs: 900_000, loginPerEmail: 10, loginPerIp: 30 },
    });
  });

  it('parses origins, remotes and switches', () => {
    const c = parseGatewayConfig({
      ...base,
      TRUSTED_ORIGINS: 'https://a.smista.it, http://localhost:3000/',
      REMOTES: '{"settings":"https://cdn.smista.it/settings/mf-manifest.json"}',
      RATE_LIMIT_ENABLED: 'false',
      COOKIE_SECURE: 'true',
    });
    expect(c.trustedOrigins).toEqual(['https://a.smista.it', 'http://localhost:3000']);
    expect(c.remotes).toEqual({ settings: 'https://cdn.smista.it/settings/mf-manifest.json' });
    expect(c.rateLimit.enabled).toBe(false);
    expect(c.cookieSecure).toBe(true);
  });

  it('names the bad variable', () => {
    expect(() => parseGatewayConfig({ ...base, FRONTENDS_DIR: 'relative/path' })).toThrow(/FRONTENDS_DIR/);
    expect(() => parseGatewayConfig({ ...base, REMOTES: '{nope' })).toThrow(/REMOTES/);
    expect(() => parseGatewayConfig({ ...base, IDENTITY_GRPC_ADDR: undefined })).toThrow(/IDENTITY_GRPC_ADDR/);
  });
});
