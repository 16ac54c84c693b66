import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';

export type { NatsConnection, JetStreamClient, JetStreamManager };

/**
 * A JetStream stream, declared by the service that owns its subjects (one per domain:
 * `{ name: 'IDENTITY', subjects: ['identity.>'] }` in identity's `events/publishers.ts`).
 * Consumers never name another service's stream: they find it by subject.
 */
export interface StreamSpec {
  name: string;
  subjects: string[];
}

/** How long JetStream remembers a Nats-Msg-Id to drop duplicates (the outbox relay's retries). */
const DUPLICATE_WINDOW_NS = 10 * 60 * 1_000_000_000;

export interface Nats {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/**
 * The server and credentials of a NATS_URL for nats.js's `connect`. nats.js reads no credentials
 * from a server URL, so `nats://user:password@host:port` (the form the nats CLI takes, and a NATS
 * account's user in the test profile) is split into the server alone and its user and password.
 *
 * @example natsConnectOptions('nats://suite1:s3cret@127.0.0.1:4222') // { servers: 'nats://127.0.0.1:4222', user: 'suite1', pass: 's3cret' }
 */
export function natsConnectOptions(url: string): { servers: string; user?: string; pass?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { servers: url };
  }
  if (!parsed.username) return { servers: url };
  return {
    servers: `${parsed.protocol}//${parsed.host}`,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
  };
}

/**
 * How a service connects: for ever reconnecting, and without nats.js's async stack traces. Those
 * build two Error objects (a stack each) for every request, so for every JetStream publish of the
 * outbox relay: 7 % of the orders service's CPU during an import (issue 21). A timed-out publish
 * is still an error the relay logs with its row and retries.
 */
export function serviceNatsOptions(url: string, name: string): ConnectionOptions {
  return { ...natsConnectOptions(url), name, maxReconnectAttempts: -1, reconnectTimeWait: 1_000, noAsyncTraces: true };
}

export async function connectNats(url: string, name: string): Promise<Nats> {
  const nc = await connect(serviceNatsOptions(url, name));
  const jsm = await jetstreamManager(nc);
  return { nc, js: jetstream(nc), jsm };
}

/** Creates the owner's stream unless it exists (replicas starting together may race: fine). */
export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec): Promise<void> {
  try {
    await jsm.streams.info(spec.name);
  } catch {
    try {
      await jsm.streams.add({ name: spec.name, subjects: spec.subjects, duplicate_window: DUPLICATE_WINDOW_NS });
    } catch (err) {
      // Another replica may have created it between info and add.
      await jsm.streams.info(spec.name).catch(() => {
        throw err;
      });
    }
  }
}

/**
 * The name of the stream that holds `subject`, waiting for its owner to create it (services start
 * in parallel). Rejects after `timeoutMs`, so a service whose publisher never comes up fails to
 * start visibly instead of consuming nothing.
 */
export async function streamOf(jsm: JetStreamManager, subject: string, opts: { timeoutMs?: number; onWait?: () => void } = {}): Promise<string> {
  const until = Date.now() + (opts.timeoutMs ?? 60_000);
  let warned = false;
  for (;;) {
    try {
      return await jsm.streams.find(subject);
    } catch (err) {
      if (Date.now() > until) throw new Error(`no JetStream stream holds ${subject} (is its publisher running?): ${String(err)}`);
      if (!warned) opts.onWait?.();
      warned = true;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
