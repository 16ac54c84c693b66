import net from 'node:net';

/** A port the stack needs, with a human name for messages. */
export interface PortClaim {
  port: number;
  label: string;
}

/** Raised when a port the stack needs is taken by another process. */
export class PortInUseError extends Error {
  readonly code = 'PORT_IN_USE';
  constructor(
    readonly port: number,
    readonly label: string,
  ) {
    super(`Porta ${port} già in uso (${label})`);
    this.name = 'PortInUseError';
  }
}

/**
 * True when nothing listens on `host:port`. Binding 127.0.0.1 also fails when another process
 * listens on 0.0.0.0 or [::] for that port, which is what we want to detect.
 */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') resolve(false);
      else reject(err);
    });
    server.listen({ port, host, exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}

/** Throws {@link PortInUseError} for the first claimed port that is taken. Checks all before starting anything. */
export async function assertPortsFree(claims: PortClaim[]): Promise<void> {
  for (const claim of claims) {
    if (!(await isPortFree(claim.port))) throw new PortInUseError(claim.port, claim.label);
  }
}

/** A port the OS considers free right now (bind to 0, read, close). Used by tests and `startApp`. */
export function getFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('nessuna porta libera'))));
    });
  });
}

/** Waits until something accepts TCP connections on `host:port`, or the deadline passes. */
export async function waitForTcp(port: number, timeoutMs: number, host = '127.0.0.1'): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return true;
    await sleep(100);
  }
  return false;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
