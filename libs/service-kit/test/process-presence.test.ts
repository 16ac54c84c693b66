import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { createLogger, createPool, holdProcessPresence, type ProcessPresence } from '../src';
import { waitFor } from '../../../deploy/local/src/machine-load';
import { createTestDatabase } from '../../../e2e/support/db';

const logger = createLogger('presence-test', 'silent');
let url: string;
let pool: pg.Pool;
let me: ProcessPresence;
const children: ChildProcess[] = [];

/** Another process with its presence: answers it and its id. */
function otherProcess(): Promise<{ child: ChildProcess; id: string }> {
  const child = fork(path.join(__dirname, 'presence-child.js'), [], { env: { ...process.env, DB_URL: url }, stdio: 'inherit' });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (id) => resolve({ child, id: String(id) }));
    child.once('exit', (code) => reject(new Error(`presence child exited early (${code})`)));
  });
}
const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

beforeAll(async () => {
  url = await createTestDatabase('presence');
  pool = createPool(url, 4);
  me = await holdProcessPresence(url, logger);
}, 30_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await me?.close();
  await pool?.end();
});

test('a live process is not gone; one killed with SIGKILL is, at once; this process is never listed', async () => {
  const a = await otherProcess();
  const b = await otherProcess();
  expect(await me.goneAmong(pool, [a.id, b.id, me.id])).toEqual([]);
  a.child.kill('SIGKILL');
  await exited(a.child);
  // PostgreSQL ends the session of a dead client when its socket closes: wait for that, not for time.
  const seen = await waitFor('the killed process seen gone', async () => {
    const gone = await me.goneAmong(pool, [a.id, b.id, me.id]);
    return gone.length > 0 && gone;
  });
  expect(seen).toEqual([a.id]);
  // Asking took no lock that lasts: the answer is the same again, and b is still alive.
  expect(await me.goneAmong(pool, [a.id, b.id])).toEqual([a.id]);
  // An id no process ever held (a row written by a version before presences) counts as gone.
  const never = '00000000-0000-4000-8000-000000000000';
  expect(await me.goneAmong(pool, [never, b.id])).toEqual([never]);
});

test('a presence whose connection is cut is taken again (a database restart does not make a live process look dead for long)', async () => {
  const presence = await holdProcessPresence(url, logger);
  try {
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [`presence ${presence.id}`]);
    const connected = async () => (await pool.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = $1`, [`presence ${presence.id}`])).rowCount === 1;
    await waitFor('the presence taken again on a new connection', async () => (await connected()) && (await me.goneAmong(pool, [presence.id])).length === 0);
  } finally {
    await presence.close();
  }
  expect(await me.goneAmong(pool, [presence.id])).toEqual([presence.id]);
});
