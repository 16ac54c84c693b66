import type pg from 'pg';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Logger } from './logger';
import { eventMetrics } from './metrics';
import { publishOutboxRow } from './outbox';
import { currentTraceHeaders, type TraceHeaders } from './tracing';

/** An outbox row written by {@link enqueueUrgentEvent}, to hand to {@link publishUrgentEvents} after commit. */
export interface UrgentEvent {
  id: string;
  subject: string;
  payload: Uint8Array;
  headers: TraceHeaders;
}

/** How long the relay leaves an urgent row to the request that wrote it (its fallback when that request could not publish). */
export const URGENT_FALLBACK_MS = 3_000;

/**
 * An event the subscribers must have before the call that caused it answers (identity's session
 * invalidations: every gateway replica drops its cached session before the logout answers). Like
 * {@link enqueueEvent} it goes into the outbox in the transaction of the change, so it exists if
 * and only if the change does; but the relay takes it only `fallbackMs` later, because the request
 * publishes it itself right after commit ({@link publishUrgentEvents}). The relay is the fallback
 * when the process dies in between or NATS does not answer in time. Such rows may leave the relay
 * after later ones: only for events whose order does not matter.
 */
export async function enqueueUrgentEvent(tx: pg.PoolClient, subject: string, payload: Uint8Array, fallbackMs = URGENT_FALLBACK_MS): Promise<UrgentEvent> {
  const headers = currentTraceHeaders();
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO outbox (subject, payload, headers, next_attempt_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id`,
    [subject, Buffer.from(payload), headers, fallbackMs / 1000],
  );
  return { id: rows[0].id, subject, payload, headers };
}

/**
 * Publishes committed urgent events now, awaiting JetStream's acknowledgement of each (so core
 * subscribers of the subject have been sent it), with `Nats-Msg-Id` = the outbox id as the relay
 * would, then marks their rows published. Never throws: a failure is logged and left to the relay
 * (answers false). Call it after the transaction committed, before answering.
 */
export async function publishUrgentEvents(
  deps: { pool: pg.Pool; js: JetStreamClient; logger: Logger },
  events: readonly UrgentEvent[],
  timeoutMs = 1_000,
): Promise<boolean> {
  if (events.length === 0) return true;
  const published: string[] = [];
  try {
    for (const event of events) {
      await publishOutboxRow(deps.js, event, timeoutMs);
      published.push(event.id);
      eventMetrics.published.inc();
    }
  } catch (err) {
    eventMetrics.publishFailures.inc();
    deps.logger.warn({ err, outboxIds: events.map((e) => e.id) }, 'urgent event not published at once: the outbox relay will');
  }
  if (published.length === 0) return false;
  // If the relay was publishing the same row, this waits for it and changes nothing.
  await deps.pool
    .query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::uuid[]) AND published_at IS NULL', [published])
    .catch((err: unknown) => deps.logger.warn({ err }, 'urgent events published but not marked: the relay will publish them again (de-duplicated)'));
  return published.length === events.length;
}
