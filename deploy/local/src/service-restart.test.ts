import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { grpcProbe } from './health';
import { repoRoot, tmpDir } from './paths';
import { getFreePort, isPortFree, sleep } from './ports';
import { pidAlive } from './proc';
import { formatDelay, restartDelayMs, startService, type RestartEvent, type ServiceOptions } from './service';

const fixtures = path.join(repoRoot, 'deploy/local/fixtures');

test('restart delays double from the first one up to the cap', () => {
  const policy = { initialDelayMs: 500, maxDelayMs: 30_000, resetAfterMs: 60_000 };
  expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((n) => restartDelayMs(n, policy))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  expect([200, 500, 1000, 30_000].map(formatDelay)).toEqual(['0,2 s', '0,5 s', '1 s', '30 s']);
});

/** A fake gRPC component with restarts on, its printed lines, its restart events and a way to wait for them. */
async function startFake(extra: Partial<ServiceOptions> = {}, env: Record<string, string> = {}) {
  const port = await getFreePort();
  const dumpDir = path.join(tmpDir, `restart-test-${crypto.randomBytes(4).toString('hex')}`);
  const out: string[] = [];
  const events: RestartEvent[] = [];
  const service = await startService({
    name: 'identity',
    cwd: fixtures,
    entry: 'fake-grpc.js',
    env: { GRPC_PORT: String(port), FAKE_READY_DELAY_MS: '50', FAKE_NAME: 'identity', FAKE_DUMP_DIR: dumpDir, ...env },
    health: { kind: 'grpc', address: `127.0.0.1:${port}` },
    output: { mode: 'pretty', width: 10, write: (t) => out.push(t) },
    detached: false,
    restart: { initialDelayMs: 200, maxDelayMs: 1_000, resetAfterMs: 60_000 },
    onRestart: (e) => events.push(e),
    ...extra,
  });
  const until = async (what: string, check: () => boolean, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(events)}`);
      await sleep(20);
    }
  };
  const serving = async () => {
    const probe = grpcProbe(`127.0.0.1:${port}`);
    try {
      return (await probe.probe(1000)).ok;
    } finally {
      probe.close();
    }
  };
  const dump = () => JSON.parse(fs.readFileSync(path.join(dumpDir, 'identity.json'), 'utf8')) as { env: Record<string, string>; healthyAt: number };
  const cleanup = () => fs.rmSync(dumpDir, { recursive: true, force: true });
  return { service, port, out, events, until, serving, dump, cleanup };
}

test('a component killed with SIGKILL comes back on the same port with the same env; the runner says so; quick deaths wait longer each time', async () => {
  const fake = await startFake();
  const { service, events, until } = fake;
  try {
    const firstPid = service.pid;
    const restartsSeen = () => events.filter((e) => e.kind === 'restarted').length;

    const killedAt: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const pid = service.pid;
      killedAt.push(Date.now());
      process.kill(pid, 'SIGKILL');
      await until(`restart ${round}`, () => restartsSeen() === round);
      // Not before its delay: 0.2 s, then 0.4 s, 0.8 s (each death came right after a restart).
      expect(Date.now() - killedAt[round - 1]).toBeGreaterThanOrEqual(200 * 2 ** (round - 1));
      expect(pidAlive(pid)).toBe(false);
      expect(service.pid).not.toBe(pid);
      expect(service.restarts).toBe(round);
      expect(await fake.serving()).toBe(true);
    }
    expect(service.pid).not.toBe(firstPid);
    expect(events.filter((e) => e.kind === 'exited').map((e) => (e as { delayMs: number }).delayMs)).toEqual([200, 400, 800]);
    // Same command line, env and port as the first start.
    expect(fake.dump().env.GRPC_PORT).toBe(String(fake.port));
    expect(fake.dump().env.FAKE_NAME).toBe('identity');

    const text = fake.out.join('');
    expect(text).toContain('identity   │ identity è terminato (segnale SIGKILL): lo riavvio tra 0,2 s\n');
    expect(text).toContain('identity   │ identity è terminato (segnale SIGKILL): lo riavvio tra 0,4 s\n');
    expect(text).toContain('identity   │ identity è terminato (segnale SIGKILL): lo riavvio tra 0,8 s\n');
    expect(text.match(/^identity   │ identity riavviato$/gm)).toHaveLength(3);
    // The output of the new processes still reaches the same place.
    expect(text.match(/INFO  serving$/gm)!.length).toBe(4);

    // A process that exits on its own with a code is restarted too, at the cap by now.
    const pid = service.pid;
    process.kill(pid, 'SIGTERM');
    await until('restart after SIGTERM', () => restartsSeen() === 4);
    expect(events.at(-2)).toMatchObject({ kind: 'exited', code: 0, delayMs: 1_000, message: 'identity è terminato (codice 0): lo riavvio tra 1 s' });
  } finally {
    await service.stop();
    fake.cleanup();
  }
  expect(await isPortFree(fake.port)).toBe(true);
}, 60_000);

test('a stretch of health resets the delay', async () => {
  const fake = await startFake({ restart: { initialDelayMs: 200, maxDelayMs: 5_000, resetAfterMs: 700 } });
  const { service, events, until } = fake;
  try {
    const restarted = (n: number) => until(`restart ${n}`, () => events.filter((e) => e.kind === 'restarted').length === n);
    process.kill(service.pid, 'SIGKILL');
    await restarted(1);
    process.kill(service.pid, 'SIGKILL');
    await restarted(2);
    await sleep(900);
    process.kill(service.pid, 'SIGKILL');
    await restarted(3);
    expect(events.filter((e) => e.kind === 'exited').map((e) => (e as { delayMs: number }).delayMs)).toEqual([200, 400, 200]);
  } finally {
    await service.stop();
    fake.cleanup();
  }
}, 30_000);

test('a restart that cannot start is tried again later, each time later, until it works', async () => {
  const blocker = path.join(tmpDir, `restart-blocker-${crypto.randomBytes(4).toString('hex')}`);
  const fake = await startFake({}, { FAKE_CRASH_IF_EXISTS: blocker });
  const { service, events, until } = fake;
  try {
    fs.writeFileSync(blocker, '');
    process.kill(service.pid, 'SIGKILL');
    await until('two failed restarts', () => events.filter((e) => e.kind === 'failed').length === 2);
    expect(await fake.serving()).toBe(false);
    fs.rmSync(blocker);
    await until('the restart', () => events.some((e) => e.kind === 'restarted'));
    expect(events.map((e) => e.message)).toEqual([
      'identity è terminato (segnale SIGKILL): lo riavvio tra 0,2 s',
      "identity non è ripartito (è terminato durante l'avvio (codice 3)): riprovo tra 0,4 s",
      "identity non è ripartito (è terminato durante l'avvio (codice 3)): riprovo tra 0,8 s",
      'identity riavviato',
    ]);
    expect(await fake.serving()).toBe(true);
    expect(fake.out.join('')).toContain('identity   │ cannot start: dependency unavailable');
  } finally {
    fs.rmSync(blocker, { force: true });
    await service.stop();
    fake.cleanup();
  }
}, 30_000);

test('stopping while a restart waits cancels it', async () => {
  const fake = await startFake({ restart: { initialDelayMs: 300 } });
  const { service, events } = fake;
  const pid = service.pid;
  process.kill(pid, 'SIGKILL');
  await fake.until('the exit noticed', () => events.length === 1);
  await service.stop();
  await sleep(600);
  expect(events.map((e) => e.kind)).toEqual(['exited']);
  expect(await isPortFree(fake.port)).toBe(true);
  fake.cleanup();
}, 30_000);

test('without `restart`, an exit is reported and nothing starts again', async () => {
  let reported: [number | null, string | null] | undefined;
  const fake = await startFake({ restart: undefined, onUnexpectedExit: (code, signal) => (reported = [code, signal]) });
  try {
    process.kill(fake.service.pid, 'SIGKILL');
    await fake.until('the exit reported', () => reported !== undefined);
    expect(reported).toEqual([null, 'SIGKILL']);
    await sleep(500);
    expect(fake.events).toEqual([]);
    expect(await isPortFree(fake.port)).toBe(true);
  } finally {
    await fake.service.stop();
    fake.cleanup();
  }
}, 30_000);
