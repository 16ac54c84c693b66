import { parseConfig } from '@smista/service-kit';
import { configSchema } from './config';

const env = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/merchants',
  NATS_URL: 'nats://127.0.0.1:4222',
  CALLER_TOKEN_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://127.0.0.1:1025',
  MAIL_FROM: 'Smista <no-reply@smista.local>',
  PUBLIC_URL: 'http://localhost:8080',
  IDENTITY_GRPC_ADDR: 'identity:50051',
};

describe('merchants config', () => {
  it('defaults the port, log level and consumer suffix', () => {
    expect(parseConfig(configSchema, env)).toMatchObject({ GRPC_PORT: 50052, LOG_LEVEL: 'info', NATS_CONSUMER_SUFFIX: '' });
  });

  it('drops trailing slashes of the public URL (invite links)', () => {
    expect(parseConfig(configSchema, { ...env, PUBLIC_URL: 'https://app.smista.it//' }).PUBLIC_URL).toBe('https://app.smista.it');
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig(configSchema, { ...env, CALLER_TOKEN_SECRET: 'short' })).toThrow(/CALLER_TOKEN_SECRET/);
    expect(() => parseConfig(configSchema, { ...env, IDENTITY_GRPC_ADDR: 'no-port' })).toThrow(/IDENTITY_GRPC_ADDR/);
    expect(() => parseConfig(configSchema, { ...env, NATS_CONSUMER_SUFFIX: 'a b' })).toThrow(/NATS_CONSUMER_SUFFIX/);
    const { SMTP_URL: _omitted, ...withoutSmtp } = env;
    expect(() => parseConfig(configSchema, withoutSmtp)).toThrow(/SMTP_URL/);
  });
});
