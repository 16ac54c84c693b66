import { Writable } from 'node:stream';
import { createLogger } from './logger';
import { PollLoop } from './poll-loop';

/** A logger whose lines the test reads. */
function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('poll-loop-test', 'debug', sink), lines };
}

/** A promise with its resolver, to hand a round's outcome from the test. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A round the test drives: each call waits for the answer the test gives it. */
function scriptedRounds() {
  const calls: { slot: number; answer: ReturnType<typeof deferred<number | Error>> }[] = [];
  let called = deferred<void>();
  return {
    calls,
    round: async (slot: number) => {
      const answer = deferred<number | Error>();
      calls.push({ slot, answer });
      called.resolve();
      const value = await answer.promise;
      if (value instanceof Error) throw value;
      return value;
    },
    /** Resolves once `n` rounds have been started in all. */
    async started(n: number) {
      while (calls.length < n) {
        await called.promise;
        called = deferred<void>();
      }
    },
  };
}

// The poll is far longer than any test may take: a round that starts again did so because it took
// work or was woken, never because the poll came round.
const LONG_POLL_MS = 600_000;

describe('PollLoop', () => {
  it('runs rounds back to back while they take work, idles after one that took none, and wake() ends the idling', async () => {
    const rounds = scriptedRounds();
    const { logger } = memoryLogger();
    const loop = new PollLoop({ name: 'test', logger, pollMs: LONG_POLL_MS, round: rounds.round });
    loop.start();
    await rounds.started(1);
    rounds.calls[0]!.answer.resolve(3);
    await rounds.started(2);
    rounds.calls[1]!.answer.resolve(0);
    // Idle now: nothing starts another round until it is woken.
    await new Promise((r) => setImmediate(r));
    expect(rounds.calls).toHaveLength(2);
    loop.wake();
    await rounds.started(3);
    expect(rounds.calls).toHaveLength(3);
    const stopped = loop.stop();
    rounds.calls[2]!.answer.resolve(0);
    await stopped;
    expect(loop.isRunning).toBe(false);
    expect(rounds.calls).toHaveLength(3);
  });

  it('logs a round that failed and goes on after the next wake', async () => {
    const rounds = scriptedRounds();
    const { logger, lines } = memoryLogger();
    const loop = new PollLoop({ name: 'deliveries', logger, pollMs: LONG_POLL_MS, round: rounds.round });
    loop.start();
    await rounds.started(1);
    rounds.calls[0]!.answer.resolve(new Error('database gone'));
    loop.wakeAfter(0);
    await rounds.started(2);
    expect(lines.find((l) => l.msg === 'deliveries round failed')).toMatchObject({ level: 'error', slot: 0, err: { message: 'database gone' } });
    const stopped = loop.stop();
    rounds.calls[1]!.answer.resolve(0);
    await stopped;
  });

  it("stop() waits for every slot's round in flight, and no round starts after it", async () => {
    const rounds = scriptedRounds();
    const { logger } = memoryLogger();
    const loop = new PollLoop({ name: 'jobs', logger, pollMs: LONG_POLL_MS, slots: 3, round: rounds.round });
    loop.start();
    await rounds.started(3);
    expect(rounds.calls.map((c) => c.slot).sort()).toEqual([0, 1, 2]);
    let stoppedYet = false;
    const stopped = loop.stop().then(() => (stoppedYet = true));
    rounds.calls[0]!.answer.resolve(5);
    rounds.calls[1]!.answer.resolve(0);
    await new Promise((r) => setImmediate(r));
    expect(stoppedYet).toBe(false);
    rounds.calls[2]!.answer.resolve(1);
    await stopped;
    expect(rounds.calls).toHaveLength(3);
  });
});
