import { parseGatewayConfig } from './config';

const base = {
  IDENTITY_GRPC_ADDR: 'identity:50051',
  MERCHANTS_GRPC_ADDR: 'merchants:50052',
  CARRIERS_GRPC_ADDR: 'carriers:50053',
  MARKETPLACES_GRPC_ADDR: 'marketplaces:50054',
  ORDERS_GRPC_ADDR: 'orders:50055',
  SHIPMENTS_GRPC_ADDR: 'shipments:50056',
  ACTIVITY_GRPC_ADDR: 'activity:50057',
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
      remotes: { origins: [], local: false, bucket: 'smista_remotes', natsUrl: undefined },
      rateLimit: { enabled: true, windowMs: 900_000, loginPerEmail: 10, loginPerIp: 30, telemetryPerIp: 600 },
      metricsPort: 9464,
      otlpEndpoint: undefined,
      legal: { termsUrl: null, privacyUrl: null },
      requestTimeoutMs: 20_000,
    });
  });

  it('reads one address per row of the service table', () => {
    expect(parseGatewayConfig(base).grpcAddresses).toEqual({
      identity: 'identity:50051',
      merchants: 'merchants:50052',
      carriers: 'carriers:50053',
      marketplaces: 'marketplaces:50054',
      orders: 'orders:50055',
      shipments: 'shipments:50056',
      activity: 'activity:50057',
    });
  });

  it('reads the observability and legal-page URLs, an empty value meaning unset', () => {
    const c = parseGatewayConfig({
      ...base,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://tempo.observability:4318',
      LEGAL_TERMS_URL: 'https://smista.it/termini',
      LEGAL_PRIVACY_URL: '',
      METRICS_PORT: '9400',
      REQUEST_TIMEOUT_MS: '5000',
    });
    expect(c).toMatchObject({
      otlpEndpoint: 'http://tempo.observability:4318',
      legal: { termsUrl: 'https://smista.it/termini', privacyUrl: null },
      metricsPort: 9400,
      requestTimeoutMs: 5000,
    });
    expect(() => parseGatewayConfig({ ...base, LEGAL_TERMS_URL: 'not a url' })).toThrow(/LEGAL_TERMS_URL/);
    expect(() => parseGatewayConfig({ ...base, REQUEST_TIMEOUT_MS: '10' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('parses origins, remotes and switches', () => {
    const c = parseGatewayConfig({
      ...base,
      TRUSTED_ORIGINS: 'https://a.smista.it, http://localhost:3000/',
      REMOTE_ORIGINS: 'https://cdn.smista.it/settings/, http://127.0.0.1:9000',
      LOCAL_REMOTES: 'true',
      REMOTES_BUCKET: 'smista_remotes_staging',
      RATE_LIMIT_ENABLED: 'false',
      COOKIE_SECURE: 'true',
    });
    expect(c.trustedOrigins).toEqual(['https://a.smista.it', 'http://localhost:3000']);
    expect(c.remotes).toMatchObject({ origins: ['https://cdn.smista.it', 'http://127.0.0.1:9000'], local: true, bucket: 'smista_remotes_staging' });
    expect(c.rateLimit.enabled).toBe(false);
    expect(c.cookieSecure).toBe(true);
  });

  it('reads REDIS_URL and the key prefix for shared rate limits: redis:// or rediss://, empty meaning unset', () => {
    expect(parseGatewayConfig(base).rateLimit).toMatchObject({ redisUrl: undefined, keyPrefix: 'smista:rl:' });
    expect(parseGatewayConfig({ ...base, RATE_LIMIT_REDIS_PREFIX: 'staging:rl:' }).rateLimit.keyPrefix).toBe('staging:rl:');
    expect(() => parseGatewayConfig({ ...base, RATE_LIMIT_REDIS_PREFIX: 'con spazi' })).toThrow(/RATE_LIMIT_REDIS_PREFIX: da 1 a 64 caratteri/);
    expect(parseGatewayConfig({ ...base, REDIS_URL: '' }).rateLimit.redisUrl).toBeUndefined();
    expect(parseGatewayConfig({ ...base, REDIS_URL: 'redis://redis:6379' }).rateLimit.redisUrl).toBe('redis://redis:6379');
    expect(parseGatewayConfig({ ...base, REDIS_URL: 'rediss://:pw@cache.example.com:6380/2' }).rateLimit.redisUrl).toBe('rediss://:pw@cache.example.com:6380/2');
    expect(() => parseGatewayConfig({ ...base, REDIS_URL: 'redis.internal:6379' })).toThrow(/REDIS_URL/);
    expect(() => parseGatewayConfig({ ...base, REDIS_URL: 'http://redis:6379' })).toThrow(/REDIS_URL: deve essere un URL redis:\/\/host:porta/);
  });

  it('session cache: none without NATS_URL; a TTL of 10 s by default, at most 60 s', () => {
    expect(parseGatewayConfig(base).sessionCache).toEqual({ natsUrl: undefined, ttlMs: 10_000, maxEntries: 50_000 });
    expect(parseGatewayConfig({ ...base, NATS_URL: 'nats://nats:4222', SESSION_CACHE_TTL_MS: '0' }).sessionCache).toMatchObject({ natsUrl: 'nats://nats:4222', ttlMs: 0 });
    expect(() => parseGatewayConfig({ ...base, SESSION_CACHE_TTL_MS: '60001' })).toThrow(/SESSION_CACHE_TTL_MS/);
    expect(() => parseGatewayConfig({ ...base, NATS_URL: 'nats' })).toThrow(/NATS_URL/);
  });

  it('names the bad variable', () => {
    expect(() => parseGatewayConfig({ ...base, FRONTENDS_DIR: 'relative/path' })).toThrow(/FRONTENDS_DIR/);
    expect(() => parseGatewayConfig({ ...base, REMOTE_ORIGINS: 'cdn.smista.it' })).toThrow(/REMOTE_ORIGINS/);
    expect(() => parseGatewayConfig({ ...base, REMOTES_BUCKET: 'a.b' })).toThrow(/REMOTES_BUCKET/);
    expect(() => parseGatewayConfig({ ...base, IDENTITY_GRPC_ADDR: undefined })).toThrow(/IDENTITY_GRPC_ADDR/);
  });
});
