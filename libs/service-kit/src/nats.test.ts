import { natsConnectOptions } from './nats';

describe('natsConnectOptions', () => {
  it('splits the credentials of NATS_URL from the server (nats.js reads none from a URL)', () => {
    expect(natsConnectOptions('nats://suite1:s%40cret@127.0.0.1:4222')).toEqual({ servers: 'nats://127.0.0.1:4222', user: 'suite1', pass: 's@cret' });
  });

  it('leaves a URL without credentials, or one it cannot read, as it is', () => {
    expect(natsConnectOptions('nats://127.0.0.1:4222')).toEqual({ servers: 'nats://127.0.0.1:4222' });
    expect(natsConnectOptions('127.0.0.1:4222')).toEqual({ servers: '127.0.0.1:4222' });
  });
});
