import { z } from 'zod';
import { env, parseConfig } from './config';

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
