import http from 'node:http';
import express from 'express';
import { listen } from './listen';

/** One GET over a keep-alive agent; answers the response's headers. */
function get(url: string, agent: http.Agent): Promise<http.IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      })
      .on('error', reject);
  });
}

describe('listen', () => {
  it('keeps idle connections longer than clients do, so a reused socket is never one the sandbox is closing', async () => {
    const app = express();
    app.get('/ping', (_req, res) => res.json({ ok: true }));
    const server = await listen(app, {});
    const agent = new http.Agent({ keepAlive: true });
    try {
      const headers = await get(`${server.url}/ping`, agent);
      expect(headers.connection).toBe('keep-alive');
      // undici and fetch keep an idle socket about 4 s: the server says it keeps it far longer.
      expect(headers['keep-alive']).toBe('timeout=65');
    } finally {
      agent.destroy();
      await server.close();
    }
  });
});
