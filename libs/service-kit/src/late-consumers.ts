import { setTimeout as sleep } from 'node:timers/promises';
import { startConsumer, type AnySubscription, type RunningConsumer } from './consumer';
import type { Pool } from './db';
import type { Logger } from './logger';
import type { Nats } from './nats';

/** Consumers attached once their stream exists; `stop` also ends the wait. */
export interface LateConsumers {
  /** Resolves when every consumer is attached (tests wait on it). */
  attached(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the durable consumers of `subscriptions` whose stream may not exist yet (its owner starts
 * later, or does not run in this stack), without holding the service's start: each one waits, in
 * the background, until a stream holds its subject, then attaches. Messages published before then
 * wait in the stream. The kit's `startServiceInfra` instead waits a minute for every stream and
 * then fails the start, which suits only a peer that is always there first.
 */
export function attachWhenStreamExists(deps: { nats: Nats; pool: Pool; logger: Logger; since?: Date }, subscriptions: AnySubscription[], pollMs = 1_000): LateConsumers {
  const stopping = new AbortController();
  const running: RunningConsumer[] = [];
  const attach = async (sub: AnySubscription): Promise<void> => {
    let told = false;
    while (!stopping.signal.aborted) {
      try {
        await deps.nats.jsm.streams.find(sub.subject);
      } catch {
        if (!told) deps.logger.info({ subject: sub.subject, durable: sub.durable }, 'no stream holds this subject yet: the consumer attaches when it appears');
        told = true;
        await sleep(pollMs, undefined, { signal: stopping.signal }).catch(() => undefined);
        continue;
      }
      try {
        const consumer = await startConsumer({ js: deps.nats.js, jsm: deps.nats.jsm, pool: deps.pool, logger: deps.logger, since: deps.since }, sub);
        if (stopping.signal.aborted) await consumer.stop();
        else running.push(consumer);
        if (told) deps.logger.info({ subject: sub.subject, durable: sub.durable }, 'consumer attached');
        return;
      } catch (err) {
        deps.logger.warn({ err, subject: sub.subject, durable: sub.durable }, 'consumer not attached, trying again');
        await sleep(pollMs, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  };
  const all = Promise.all(subscriptions.map(attach)).then(() => undefined);
  return {
    attached: () => all,
    async stop() {
      stopping.abort();
      await all;
      await Promise.all(running.map((c) => c.stop()));
    },
  };
}
