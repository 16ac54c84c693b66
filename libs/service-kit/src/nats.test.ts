import { natsConnectOptions, serviceNatsOptions } from './nats';

describe('natsConnectOptions', () => {
  it('splits the credentials of NATS_URL from the server (nats.js reads none from a URL)', () => {
    expect(natsConnectOptions('nats://suite1:s%40cret@127.0.0.1:4222')).toEqual({ servers: 'nats://127.0.0.1:4222', user: 'suite1', pass: 's@cret' });
  });

  it('leaves a URL without credentials, or one it cannot read, as it is', () => {
    expect(natsConnectOptions('nats://127.0.0.1:4222')).toEqual({ servers: 'nats://127.0.0.1:4222' });
    expect(natsConnectOptions('127.0.0.1:4222')).toEqual({ servers: '127.0.0.1:4222' });
  });
});

describe('serviceNatsOptions', () => {
  it('reconnects for ever and builds no stack trace per request (two Errors per JetStream publish otherwise)', () => {
    expect(serviceNatsOptions('nats://suite1:pw@127.0.0.1:4222', 'orders-1')).toEqual({
      servers: 'nats://127.0.0.1:4222',
      user: 'suite1',
      pass: 'pw',
      name: 'orders-1',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
      noAsyncTraces: true,
    });
  });
});
