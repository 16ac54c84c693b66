import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawApi } from './api';
import { newRunId, person } from './scenario';
import { eventually, exactly } from './ui';

describe('exactly', () => {
  test('matches the whole text, white space around it aside, with RegExp characters taken literally', () => {
    expect(exactly('Errore (1) $5.00?').test('  Errore (1) $5.00?\n')).toBe(true);
    expect(exactly('Errore').test('Errore di rete')).toBe(false);
    expect(exactly('a.b').test('axb')).toBe(false);
  });
});

describe('eventually', () => {
  test('retries until the check holds and returns its value', async () => {
    let calls = 0;
    const value = await eventually(() => {
      calls += 1;
      expect(calls).toBe(3);
      return 'ok';
    }, 5_000);
    expect([value, calls]).toEqual(['ok', 3]);
  });

  test("rethrows the check's last failure after the timeout", async () => {
    let calls = 0;
    await expect(
      eventually(() => {
        calls += 1;
        throw new Error(`tentativo ${calls}`);
      }, 250),
    ).rejects.toThrow(/^tentativo \d+$/);
    expect(calls).toBeGreaterThan(1);
  });
});

describe('person', () => {
  test('builds nome.cognome.<run>@example.it, nome_<run> and the default password', () => {
    const run = newRunId();
    expect(run).toMatch(/^[0-9a-f]{8}$/);
    expect(person('Mario', 'Rossi', run)).toEqual({
      firstName: 'Mario',
      lastName: 'Rossi',
      email: `mario.rossi.${run}@example.it`,
      username: `mario_${run}`,
      password: 'Segreta1',
      confirmPassword: 'Segreta1',
      terms: true,
    });
  });
});

describe('rawApi', () => {
  let server: http.Server;
  let baseUrl: string;
  const seen: { method?: string; url?: string; contentType?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, contentType: req.headers['content-type'], body });
        if (req.url === '/json') res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"message":"no"}');
        else if (req.url === '/text') res.writeHead(502).end('Bad Gateway');
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('sends JSON and parses JSON, keeps other text as it is, and gives undefined for an empty body', async () => {
    expect(await rawApi(baseUrl, 'POST', '/json', { email: 'a@b.it' })).toEqual({ status: 401, body: { message: 'no' } });
    expect(await rawApi(baseUrl, 'GET', '/text')).toEqual({ status: 502, body: 'Bad Gateway' });
    expect(await rawApi(baseUrl, 'DELETE', '/empty')).toEqual({ status: 204, body: undefined });
    expect(seen[0]).toEqual({ method: 'POST', url: '/json', contentType: 'application/json', body: '{"email":"a@b.it"}' });
    expect(seen[1]).toMatchObject({ method: 'GET', contentType: undefined, body: '' });
  });
});
