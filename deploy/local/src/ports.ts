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

/**
 * Ports are picked below the OS's ephemeral range (Linux: 32768–60999), where port-0 listeners and
 * every outgoing connection get theirs: a port the OS handed out as "free" could be taken by a
 * connection a moment later, before the service meant for it listened (a gateway's admin server
 * met EADDRINUSE that way).
 */
const PICK_FROM = 20_000;
const PICK_TO = 32_000;
const WORKER_SLICES = 8;
/** Ports this process handed out recently: never twice while the first may still be starting. */
const handedOut = new Map<number, number>();
const HANDED_OUT_MS = 10 * 60_000;

/** Each jest worker picks in its own slice, so two suites starting at once never pick the same port. */
function pickSlice(): { from: number; size: number } {
  const worker = Number(process.env.JEST_WORKER_ID);
  if (!Number.isInteger(worker) || worker < 1) return { from: PICK_FROM, size: PICK_TO - PICK_FROM };
  const size = Math.floor((PICK_TO - PICK_FROM) / WORKER_SLICES);
  return { from: PICK_FROM + ((worker - 1) % WORKER_SLICES) * size, size };
}

/** A free port for a service to listen on (tests and `startApp`): free on `host` and on all addresses. */
export async function getFreePort(host = '127.0.0.1'): Promise<number> {
  const { from, size } = pickSlice();
  const now = Date.now();
  for (const [port, at] of handedOut) if (now - at > HANDED_OUT_MS) handedOut.delete(port);
  for (let tries = 0; tries < 500; tries++) {
    const port = from + Math.floor(Math.random() * size);
    if (handedOut.has(port)) continue;
    if ((await isPortFree(port, host)) && (host === '0.0.0.0' || (await isPortFree(port, '0.0.0.0')))) {
      handedOut.set(port, now);
      return port;
    }
  }
  throw new Error(`nessuna porta libera tra ${from} e ${from + size - 1}`);
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
