import type { AddressInfo } from 'node:net';
import express from 'express';
import { metricsRegistry, type Logger } from '@smista/service-kit';
import { observeRequests } from './observe';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = {
    info: (o: Record<string, unknown>) => lines.push(o),
    error: (o: Record<string, unknown>) => lines.push(o),
    isLevelEnabled: () => true,
  } as unknown as Logger;
  return { lines, logger };
}

describe('request observation', () => {
  it('writes one line with method, route pattern, status, ms and user; never cookies, tokens or bodies', async () => {
    const { lines, logger } = capture();
    const app = express();
    app.use(observeRequests(logger));
    app.post('/api/verify-reset-token/:token', express.json(), (req, res) => {
      res.locals.route = '/api/verify-reset-token/:token';
      res.locals.userId = 'u1';
      res.status(400).json({ message: 'Link non valido' });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await fetch(`${base}/api/verify-reset-token/SECRET-TOKEN?x=SECRET-QUERY`, {
      method: 'POST',
      headers: { cookie: 'smista_session=SECRET-COOKIE', 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'SECRET-BODY' }),
    });
    await fetch(`${base}/api/unknown/SECRET-PATH`);
    const metricsText = await metricsRegistry.metrics();
    await new Promise((r) => server.close(r));

    expect(lines).toEqual([
      { method: 'POST', path: '/api/verify-reset-token/:token', status: 400, ms: expect.any(Number), userId: 'u1' },
      { method: 'GET', path: '/api/(unknown)', status: 404, ms: expect.any(Number), userId: undefined },
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/SECRET/);
    // Counted and timed per route pattern, never per concrete path.
    expect(metricsText).toContain('http_server_requests_total{method="POST",route="/api/verify-reset-token/:token",status_code="400"} 1');
    expect(metricsText).toContain('http_server_requests_total{method="GET",route="/api/(unknown)",status_code="404"} 1');
    expect(metricsText).toMatch(/http_server_request_duration_seconds_count\{method="POST",route="\/api\/verify-reset-token\/:token"\} 1/);
    expect(metricsText).not.toMatch(/SECRET/);
  });
});
