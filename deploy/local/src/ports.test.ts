import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { profilePaths, repoRoot } from './paths';
import { assertPortsFree, getFreePort, isPortFree, pickSlice, PortInUseError } from './ports';
import { infraPorts, startInfra } from './stack';

function occupy(port: number, host = '127.0.0.1'): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
const release = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

test('a taken port fails with one clear line naming the port and its use', async () => {
  const port = await getFreePort();
  const blocker = await occupy(port);
  try {
    expect(await isPortFree(port)).toBe(false);
    const error = await assertPortsFree([{ port, label: 'PostgreSQL' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortInUseError);
    expect((error as Error).message).toBe(`Porta ${port} già in uso (PostgreSQL)`);
  } finally {
    await release(blocker);
  }
  await expect(assertPortsFree([{ port, label: 'PostgreSQL' }])).resolves.toBeUndefined();
});

test('a port taken on 0.0.0.0 counts as taken too', async () => {
  const port = await getFreePort();
  const blocker = await occupy(port, '0.0.0.0');
  try {
    expect(await isPortFree(port)).toBe(false);
  } finally {
    await release(blocker);
  }
});

test('startInfra checks every port before starting anything', async () => {
  // An offset of its own: ports and .data/test-<offset>/ nobody else uses (other stacks may be up).
  let offset = 0;
  let ports = infraPorts('test', 0);
  for (let tries = 0; tries < 50; tries++) {
    offset = 200 + Math.floor(Math.random() * 90);
    ports = infraPorts('test', offset);
    const free = await Promise.all(Object.values(ports).map((p) => isPortFree(p)));
    if (free.every(Boolean)) break;
  }
  const blocker = await occupy(ports.mailHttp);
  try {
    await expect(startInfra({ profile: 'test', offset })).rejects.toThrow(`Porta ${ports.mailHttp} già in uso (mail catcher HTTP)`);
    // Nothing started: PostgreSQL never initialised its folder, NATS is not listening.
    expect(fs.existsSync(path.join(profilePaths('test', offset).pg, 'PG_VERSION'))).toBe(false);
    expect(await isPortFree(ports.nats)).toBe(true);
    expect(await isPortFree(ports.postgres)).toBe(true);
  } finally {
    await release(blocker);
    fs.rmSync(profilePaths('test', offset).root, { recursive: true, force: true });
  }
});

test('the dev CLI exits non-zero with a single clear line when a port is taken', async () => {
  const cli = path.join(repoRoot, 'deploy/local/dist/cli.js');
  expect(fs.existsSync(cli)).toBe(true); // built by `make test` before jest runs
  // The gateway port is ours; if a dev stack is up, an infrastructure port is reported instead.
  const port = await getFreePort();
  const blocker = await occupy(port);
  try {
    const { code, stderr, stdout } = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, [cli, 'dev'], { env: { ...process.env, PORT: String(port), NO_COLOR: '1' }, timeout: 20_000 }, (err, out, errOut) =>
        resolve({ code: child.exitCode, stdout: String(out), stderr: String(errOut) }),
      );
    });
    expect(code).toBe(1);
    expect(stdout).not.toContain('Smista è pronto');
    expect(stderr.trim()).toMatch(/^Porta \d+ già in uso \([^)]+\)$/);
  } finally {
    await release(blocker);
  }
});

test('free ports are picked below the ephemeral range, in the jest worker’s own slice, never twice', async () => {
  const { from, size } = pickSlice();
  const picks = new Set<number>();
  for (let i = 0; i < 40; i++) picks.add(await getFreePort());
  expect(picks.size).toBe(40);
  for (const port of picks) {
    expect(port).toBeGreaterThanOrEqual(from);
    expect(port).toBeLessThan(from + size);
  }
});

test('slices never overlap: between the workers of a run, nor between runs with different port offsets', () => {
  const slices = [];
  for (const offset of ['0', '100', '200', '300']) {
    for (let worker = 1; worker <= 8; worker++) slices.push(pickSlice({ SMISTA_TEST_PORT_OFFSET: offset, JEST_WORKER_ID: String(worker) }));
  }
  const sorted = slices.sort((a, b) => a.from - b.from);
  expect(sorted[0]!.from).toBe(20_000);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.from).toBeGreaterThanOrEqual(sorted[i - 1]!.from + sorted[i - 1]!.size);
  expect(sorted.at(-1)!.from + sorted.at(-1)!.size).toBeLessThanOrEqual(32_000);
  expect(sorted.every((s) => s.size >= 300)).toBe(true);
  // Outside jest: the run's whole region.
  expect(pickSlice({ SMISTA_TEST_PORT_OFFSET: '100' })).toEqual({ from: 23_000, size: 3_000 });
});
