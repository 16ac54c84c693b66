import type { Server } from 'node:http';

/**
 * Graceful stop of the HTTP server: stop accepting, let in-flight requests finish, and do not wait
 * for keep-alive connections to time out (65 s here). `server.close()` alone closes only the
 * connections idle at that moment; a connection busy then stays open after its response and
 * could carry more requests. So while draining, every response says `Connection: close`, idle
 * connections are closed as they appear, and after `graceMs` whatever is left is cut.
 */
export function drainHttpServer(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    server.prependListener('request', (_req, res) => {
      res.shouldKeepAlive = false;
    });
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
