import type pg from 'pg';
import { AckPolicy, type JetStreamClient, type JetStreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { Logger } from './logger';
import { ensureStream, type StreamSpec } from './nats';

/** What a subscription does with one event, inside the transaction that records it in the inbox. */
export type EventHandler<T> = (event: T, tx: pg.PoolClient, meta: { messageId: string; subject: string }) => Promise<void>;

export interface Subscription<T> {
  stream: StreamSpec;
  /** Durable consumer name, unique per service and purpose. */
  durable: string;
  subject: string;
  decode: (bytes: Uint8Array) => T;
  handle: EventHandler<T>;
  /** After this many deliveries a failing message goes to dead_letters. */
  maxDeliver?: number;
}

/** A list of subscriptions to events of different types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySubscription = Subscription<any>;

export interface RunningConsumer {
  stop(): Promise<void>;
}

function nakDelayMs(deliveryCount: number): number {
  return Math.min(500 * 2 ** (deliveryCount - 1), 30_000);
}

/**
 * Runs a durable pull consumer. Each message is handled in one transaction together with its
 * inbox row, so a redelivered message (same Nats-Msg-Id) changes nothing; ack after commit,
 * nak with backoff on failure, dead-letter after `maxDeliver`.
 */
export async function startConsumer<T>(deps: { js: JetStreamClient; jsm: JetStreamManager; pool: pg.Pool; logger: Logger }, sub: Subscription<T>): Promise<RunningConsumer> {
  const maxDeliver = sub.maxDeliver ?? 5;
  await ensureStream(deps.jsm, sub.stream);
  await deps.jsm.consumers.add(sub.stream.name, {
    durable_name: sub.durable,
    ack_policy: AckPolicy.Explicit,
    filter_subject: sub.subject,
    max_deliver: maxDeliver,
    ack_wait: 30 * 1_000_000_000,
  });
  const consumer = await deps.js.consumers.get(sub.stream.name, sub.durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 16 });
  const logger = deps.logger.child({ consumer: sub.durable });
  let inFlight: Promise<void> = Promise.resolve();

  const loop = (async () => {
    for await (const msg of messages) {
      inFlight = processOne(msg);
      await inFlight;
    }
  })();

  async function processOne(msg: JsMsg): Promise<void> {
    const messageId = msg.headers?.get('Nats-Msg-Id') || `${sub.stream.name}:${msg.seq}`;
    const client = await deps.pool.connect();
    try {
      await client.query('BEGIN');
      const { rowCount } = await client.query(
        'INSERT INTO inbox (consumer, message_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [sub.durable, messageId, msg.subject],
      );
      if (rowCount === 1) await sub.handle(sub.decode(msg.data), client, { messageId, subject: msg.subject });
      else logger.debug({ messageId }, 'duplicate delivery ignored');
      await client.query('COMMIT');
      msg.ack();
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      const deliveries = msg.info.deliveryCount;
      if (deliveries >= maxDeliver) {
        logger.error({ err, messageId, deliveries }, 'event dead-lettered');
        await deps.pool
          .query(
            'INSERT INTO dead_letters (consumer, message_id, subject, payload, error, deliveries) VALUES ($1,$2,$3,$4,$5,$6)',
            [sub.durable, messageId, msg.subject, Buffer.from(msg.data), String(err), deliveries],
          )
          .catch((e) => logger.error({ err: e }, 'could not store dead letter'));
        msg.term();
      } else {
        logger.warn({ err, messageId, deliveries }, 'event handling failed, will retry');
        msg.nak(nakDelayMs(deliveries));
      }
    } finally {
      client.release();
    }
  }

  return {
    async stop() {
      await messages.close();
      await inFlight.catch(() => undefined);
      await loop.catch(() => undefined);
    },
  };
}
