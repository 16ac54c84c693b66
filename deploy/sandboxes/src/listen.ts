import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';

/** The last requests a sandbox received, for tests that check what an adapter sent (never values). */
export class RequestLog<R> {
  private readonly entries: R[] = [];
  constructor(private readonly max = 1000) {}
  readonly record = (r: R): void => {
    this.entries.push(r);
    if (this.entries.length > this.max) this.entries.shift();
  };
  list(): R[] {
    return [...this.entries];
  }
}

/**
 * Serves a sandbox app on `host:port` (0 = a free port) and answers its URL and a `close` that
 * also ends keep-alive connections, so a test's teardown never waits on an idle client.
 */
export async function listen(app: Express, options: { port?: number; host?: string }): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = app.listen(options.port ?? 0, host);
  // Clients close an idle socket after about 4 s (undici, fetch); a server that closed it at Node's
  // default 5 s would race them on a busy machine whose timers fire late, and the request written
  // on the socket being closed fails with ECONNRESET. Longer than any client's idle timeout, as the
  // gateway's.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
