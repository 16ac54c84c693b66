import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewaySession } from './gateway-session';

/** A stand-in gateway: sets the session cookie on login, removes it on logout, echoes what it got. */
async function fakeGateway(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/api/login') res.setHeader('Set-Cookie', ['smista_session=abc123; Path=/; HttpOnly; SameSite=Lax', 'other=1; Path=/']);
      if (req.url === '/api/logout') res.setHeader('Set-Cookie', 'smista_session=; Path=/; Max-Age=0');
      if (req.url === '/text') {
        res.end('not json');
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ method: req.method, cookie: req.headers.cookie ?? null, contentType: req.headers['content-type'] ?? null, body: body ? JSON.parse(body) : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('keeps the cookies the gateway sets, sends them back, forgets a removed one; JSON in and out', async () => {
  const gateway = await fakeGateway();
  try {
    const session = createGatewaySession(`${gateway.url}/`);
    expect((await session.call('GET', '/api/user')).body).toEqual({ method: 'GET', cookie: null, contentType: null, body: null });
    const login = await session.call('POST', '/api/login', { email: 'a@b.it' });
    expect(login).toEqual({ status: 200, body: { method: 'POST', cookie: null, contentType: 'application/json', body: { email: 'a@b.it' } } });
    expect(session.cookies()).toEqual({ smista_session: 'abc123', other: '1' });
    expect((await session.call('POST', '/api/shipping-rules/assign-carriers')).body).toMatchObject({ cookie: 'smista_session=abc123; other=1', contentType: null, body: null });
    await session.call('POST', '/api/logout');
    expect(session.cookies()).toEqual({ other: '1' });
    expect(await session.call('GET', '/text')).toEqual({ status: 200, body: 'not json' });
  } finally {
    await gateway.close();
  }
});
