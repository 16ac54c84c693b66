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
/** Test runs side by side (SMISTA_TEST_PORT_OFFSET 0, 100, 200, 300…) each pick in a region of their own. */
const RUN_REGIONS = 4;
/** Ports this process handed out recently: never twice while the first may still be starting. */
const handedOut = new Map<number, number>();
const HANDED_OUT_MS = 3 * 60_000;

/**
 * Each jest worker picks in its own slice, so two suites starting at once never pick the same port;
 * and each test run in its own region (by SMISTA_TEST_PORT_OFFSET in hundreds), so two runs side by
 * side never do either: every run's first worker used to draw from the same slice, and a port one
 * run checked free was bound by the other before its service listened.
 */
export function pickSlice(env: NodeJS.ProcessEnv = process.env): { from: number; size: number } {
  const region = Math.floor((PICK_TO - PICK_FROM) / RUN_REGIONS);
  const offset = Number(env.SMISTA_TEST_PORT_OFFSET ?? 0);
  const run = Number.isInteger(offset) && offset > 0 ? Math.floor(offset / 100) % RUN_REGIONS : 0;
  const base = PICK_FROM + run * region;
  const worker = Number(env.JEST_WORKER_ID);
  if (!Number.isInteger(worker) || worker < 1) return { from: base, size: region };
  const size = Math.floor(region / WORKER_SLICES);
  return { from: base + ((worker - 1) % WORKER_SLICES) * size, size };
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
