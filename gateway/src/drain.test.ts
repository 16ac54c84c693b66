import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { drainHttpServer } from './drain';

describe('drainHttpServer', () => {
  it('finishes in-flight requests and closes kept-alive sockets without waiting for their idle timeout', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const slowInFlight = new Promise<void>((r) => (arrived = r));
    const server = http.createServer(async (req, res) => {
      if (req.url === '/slow') {
        arrived();
        await held;
      }
      res.end('ok');
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
          })
          .on('error', reject);
      });

    expect((await get('/fast')).connection).toBe('keep-alive');
    const slow = get('/slow'); // reuses the kept-alive socket, then stays in flight
    await slowInFlight;
    const started = Date.now();
    const drained = drainHttpServer(server, 5_000);
    release();
    expect(await slow).toMatchObject({ status: 200, body: 'ok' });
    await drained; // its socket, idle again, was closed by the sweep

    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(get('/after')).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
    agent.destroy();
  });

  it('answers requests already on a kept-alive socket, then closes it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const slowInFlight = new Promise<void>((r) => (arrived = r));
    const server = http.createServer(async (req, res) => {
      if (req.url === '/slow') {
        arrived();
        await held;
      }
      res.end(req.url);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (c) => (raw += c));
    const closed = new Promise((r) => socket.on('close', r));
    // Two pipelined requests: the second waits in the socket while the first is in flight.
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n');
    // The first is in flight (the second was read with it and waits its turn), whatever the load.
    await slowInFlight;
    const drained = drainHttpServer(server, 5_000);
    release();
    await Promise.all([drained, closed]);
    const responses = raw.split('HTTP/1.1 ').filter(Boolean);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^200[\s\S]*\/slow$/);
    expect(responses[1]).toMatch(/^200[\s\S]*\/next$/);
  });
});
