import path from 'node:path';
import { fork } from 'node:child_process';
import { identity } from '@smista/proto';
import { createGrpcClient, rpc } from '../src';

describe('graceful shutdown', () => {
  it('on SIGTERM stops accepting calls, finishes the one in flight, then exits 0', async () => {
    const child = fork(path.join(__dirname, 'shutdown-child.js'), [], { stdio: 'inherit' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number })));
    const client = createGrpcClient(identity.IdentityServiceClient, `127.0.0.1:${port}`);
    try {
      const inFlight = rpc(client, { deadlineMs: 5_000 }).checkEmail({ email: 'a@b.it' });
      await new Promise((r) => setTimeout(r, 200));
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      // A new channel after the signal: the server no longer accepts.
      const late = createGrpcClient(identity.IdentityServiceClient, `127.0.0.1:${port}`);
      await expect(rpc(late, { deadlineMs: 1_000 }).checkEmail({ email: 'c@d.it' })).rejects.toMatchObject({ code: expect.any(Number) });
      late.close();
      await expect(inFlight).resolves.toEqual({ exists: true });
      expect(await exited).toBe(0);
    } finally {
      client.close();
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 20_000);
});
