import type pg from 'pg';
import { AckPolicy, DeliverPolicy, type ConsumerConfig, type JetStreamClient, type JetStreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/transport-node';
import type { Logger } from './logger';
import { eventMetrics, startTimer } from './metrics';
import { streamOf } from './nats';
import { contextFromHeaders, inSpan, SpanKind, type TextMapGetter } from './tracing';

/** What a subscription does with one event, inside the transaction that records it in the inbox. */
export type EventHandler<T> = (event: T, tx: pg.PoolClient, meta: EventMeta) => Promise<void>;

/** What the kit tells a handler besides the event. */
export interface EventMeta {
  messageId: string;
  subject: string;
  /**
   * The same Map for every message handled in one transaction (a batch), a new one for the next:
   * for what a handler needs once per transaction ({@link oncePerTransaction}).
   */
  transactionState: Map<string, unknown>;
  /**
   * Runs `write` in the transaction after its last message was handled, before COMMIT (tasks in
   * the order given): what a batch's messages add up, written in one statement. A failing task
   * fails the batch, whose messages are then handled one by one as usual.
   */
  beforeCommit(write: () => Promise<unknown>): void;
}

/**
 * One event a service consumes. The stream is found by the subject (its owner declares it), so a
 * consumer never names another service's stream.
 */
export interface Subscription<T> {
  /** Durable consumer name, unique per service and purpose. */
  durable: string;
  subject: string;
  decode: (bytes: Uint8Array) => T;
  handle: EventHandler<T>;
  /** After this many deliveries a failing message goes to dead_letters. */
  maxDeliver?: number;
  /**
   * Messages handled at once, each in its own transaction (default 1: strictly one after the
   * other). Only for handlers that are correct in any order, e.g. upserts guarded by a version,
   * since two events of one entity may then commit in either order.
   */
  concurrency?: number;
  /**
   * Up to this many messages already waiting are handled in one transaction, with one inbox write
   * (default 1). For high-volume events whose handler is a few statements: BEGIN, the inbox and
   * COMMIT are paid once per batch. If the batch fails, each of its messages is handled again on
   * its own, with the usual retries and dead-letter, so one bad message never holds back the rest.
   */
  batchSize?: number;
}

/**
 * `load` once per transaction for `key`, its answer for the other messages of the same batch:
 * what a handler must do before its first statement but need not repeat (a lock, a setting, a
 * lookup the batch cannot change).
 * @example await oncePerTransaction(meta, `lock:${integrationId}`, () => holdIntegration(tx, integrationId));
 */
export async function oncePerTransaction<T>(meta: Pick<EventMeta, 'transactionState'>, key: string, load: () => Promise<T>): Promise<T> {
  if (meta.transactionState.has(key)) return meta.transactionState.get(key) as T;
  const value = await load();
  meta.transactionState.set(key, value);
  return value;
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

export interface ConsumerDeps {
  js: JetStreamClient;
  jsm: JetStreamManager;
  pool: pg.Pool;
  logger: Logger;
  /** NATS_CONSUMERS_SINCE: where a durable created now starts reading (unset: the stream's first message). */
  since?: Date;
}

/**
 * Where the durable starts. A new one starts at `since` when given, so a stack sharing NATS with
 * older ones (the tests) does not first work through their history; an existing one keeps its
 * start, since JetStream refuses to change it.
 */
async function startOf(deps: ConsumerDeps, stream: string, durable: string): Promise<Partial<ConsumerConfig>> {
  const existing = await deps.jsm.consumers.info(stream, durable).catch(() => undefined);
  if (existing) return { deliver_policy: existing.config.deliver_policy, opt_start_time: existing.config.opt_start_time };
  return deps.since ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: deps.since.toISOString() } : {};
}

/** Reads W3C trace headers from a NATS message, written there by the outbox relay. */
const natsHeaderGetter: TextMapGetter<MsgHdrs | undefined> = {
  keys: (h) => (h ? h.keys() : []),
  get: (h, key) => (h?.has(key) ? h.get(key) : undefined),
};

/**
 * Runs a durable pull consumer. Each message is handled in one transaction together with its
 * inbox row, so a redelivered message (same Nats-Msg-Id) changes nothing; ack after commit,
 * nak with backoff on failure, dead-letter after `maxDeliver`. Each message is a CONSUMER span
 * that joins the trace of the request that wrote the event (the relay carries it in the headers).
 */
export async function startConsumer<T>(deps: ConsumerDeps, sub: Subscription<T>): Promise<RunningConsumer> {
  const maxDeliver = sub.maxDeliver ?? 5;
  const logger = deps.logger.child({ consumer: sub.durable });
  const stream = await streamOf(deps.jsm, sub.subject, { onWait: () => logger.info({ subject: sub.subject }, 'waiting for the stream of a subscribed subject') });
  await deps.jsm.consumers.add(stream, {
    durable_name: sub.durable,
    ack_policy: AckPolicy.Explicit,
    filter_subject: sub.subject,
    max_deliver: maxDeliver,
    ack_wait: 30 * 1_000_000_000,
    ...(await startOf(deps, stream, sub.durable)),
  });
  const consumer = await deps.js.consumers.get(stream, sub.durable);
  const concurrency = Math.max(1, sub.concurrency ?? 1);
  const batchSize = Math.max(1, sub.batchSize ?? 1);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: Math.max(16, concurrency * 2, batchSize * concurrency * 2) });
  const labels = { consumer: sub.durable };
  const inFlight = new Set<Promise<void>>();
  const messageIdOf = (msg: JsMsg) => msg.headers?.get('Nats-Msg-Id') || `${stream}:${msg.seq}`;

  // Messages received and not yet handled. Each free slot (of `concurrency`) takes up to
  // `batchSize` of them at once: alone when the load is light, in batches when it is not.
  const waiting: JsMsg[] = [];
  let stopping = false;
  const pump = () => {
    while (!stopping && inFlight.size < concurrency && waiting.length > 0) {
      const taken = waiting.splice(0, batchSize);
      const first = taken[0];
      const handled: Promise<void> = inSpan(
        taken.length === 1 ? `process ${first.subject}` : `process ${first.subject} (${taken.length})`,
        {
          kind: SpanKind.CONSUMER,
          parent: contextFromHeaders(first.headers, natsHeaderGetter),
          attributes: {
            'messaging.system': 'nats',
            'messaging.operation.type': 'process',
            'messaging.destination.name': first.subject,
            'messaging.consumer.group.name': sub.durable,
            'messaging.message.id': first.headers?.get('Nats-Msg-Id') ?? '',
            'messaging.nats.delivery_count': first.info.deliveryCount,
            'messaging.batch.message_count': taken.length,
          },
        },
        () => (taken.length === 1 ? processOne(first) : processBatch(taken)),
      )
        .catch(() => undefined)
        .finally(() => {
          inFlight.delete(handled);
          pump();
        });
      inFlight.add(handled);
    }
  };

  const loop = (async () => {
    for await (const msg of messages) {
      waiting.push(msg);
      pump();
      // Hold at most one batch per slot beyond those being handled; NATS keeps the rest.
      while (waiting.length >= batchSize * concurrency && inFlight.size > 0) await Promise.race(inFlight);
    }
  })();

  /**
   * A message NATS sends again: after a failure here (logged then), or because its earlier delivery
   * was never acknowledged within the ack wait (30 s): said in the log, so that a late event can be
   * told from a slow handler.
   */
  function redelivered(msg: JsMsg, messageId: string): void {
    eventMetrics.redeliveries.inc(labels);
    logger.info({ messageId, subject: msg.subject, deliveries: msg.info.deliveryCount, streamSequence: msg.seq }, 'event delivered again');
  }

  /** Several messages in one transaction; on any failure, each again on its own. */
  async function processBatch(batch: JsMsg[]): Promise<void> {
    const elapsed = startTimer();
    const ids = batch.map(messageIdOf);
    let client: pg.PoolClient | undefined = await deps.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ message_id: string }>(
        `INSERT INTO inbox (consumer, message_id, subject)
           SELECT $1, id, subject FROM unnest($2::text[], $3::text[]) AS m(id, subject)
         ON CONFLICT DO NOTHING RETURNING message_id`,
        [sub.durable, ids, batch.map((m) => m.subject)],
      );
      const fresh = new Set(rows.map((r) => r.message_id));
      const transactionState = new Map<string, unknown>();
      const atCommit: (() => Promise<unknown>)[] = [];
      const beforeCommit = (write: () => Promise<unknown>) => void atCommit.push(write);
      let processed = 0;
      for (const [i, msg] of batch.entries()) {
        if (msg.info.deliveryCount > 1) redelivered(msg, ids[i]);
        // A message id twice in one batch (a redelivery beside the original) is handled once.
        if (!fresh.delete(ids[i])) {
          logger.debug({ messageId: ids[i] }, 'duplicate delivery ignored');
          continue;
        }
        await sub.handle(sub.decode(msg.data), client, { messageId: ids[i], subject: msg.subject, transactionState, beforeCommit });
        processed++;
      }
      for (const write of atCommit) await write();
      await client.query('COMMIT');
      for (const msg of batch) msg.ack();
      eventMetrics.consumed.inc({ ...labels, outcome: 'processed' }, processed);
      if (batch.length > processed) eventMetrics.consumed.inc({ ...labels, outcome: 'duplicate' }, batch.length - processed);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      client = undefined;
      logger.warn({ err, messages: batch.length }, 'event batch failed, handling its messages one by one');
      for (const msg of batch) await processOne(msg).catch(() => undefined);
    } finally {
      client?.release();
      eventMetrics.duration.observe(labels, elapsed());
    }
  }

  async function processOne(msg: JsMsg): Promise<void> {
    const elapsed = startTimer();
    const messageId = messageIdOf(msg);
    const deliveries = msg.info.deliveryCount;
    if (deliveries > 1) redelivered(msg, messageId);
    const client = await deps.pool.connect();
    try {
      await client.query('BEGIN');
      const { rowCount } = await client.query(
        'INSERT INTO inbox (consumer, message_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [sub.durable, messageId, msg.subject],
      );
      const atCommit: (() => Promise<unknown>)[] = [];
      if (rowCount === 1) {
        await sub.handle(sub.decode(msg.data), client, { messageId, subject: msg.subject, transactionState: new Map(), beforeCommit: (write) => void atCommit.push(write) });
        for (const write of atCommit) await write();
      } else logger.debug({ messageId }, 'duplicate delivery ignored');
      await client.query('COMMIT');
      msg.ack();
      eventMetrics.consumed.inc({ ...labels, outcome: rowCount === 1 ? 'processed' : 'duplicate' });
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (deliveries >= maxDeliver) {
        logger.error({ err, messageId, deliveries }, 'event dead-lettered');
        await deps.pool
          .query(
            'INSERT INTO dead_letters (consumer, message_id, subject, payload, error, deliveries) VALUES ($1,$2,$3,$4,$5,$6)',
            [sub.durable, messageId, msg.subject, Buffer.from(msg.data), String(err), deliveries],
          )
          .catch((e) => logger.error({ err: e }, 'could not store dead letter'));
        msg.term();
        eventMetrics.deadLetters.inc(labels);
        eventMetrics.consumed.inc({ ...labels, outcome: 'dead_lettered' });
      } else {
        logger.warn({ err, messageId, deliveries }, 'event handling failed, will retry');
        msg.nak(nakDelayMs(deliveries));
        eventMetrics.consumed.inc({ ...labels, outcome: 'retried' });
      }
      throw err;
    } finally {
      client.release();
      eventMetrics.duration.observe(labels, elapsed());
    }
  }

  return {
    async stop() {
      await messages.close();
      await loop.catch(() => undefined);
      // What was received but not started goes back to NATS now, for another replica or the next start.
      stopping = true;
      for (const msg of waiting.splice(0)) msg.nak();
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
