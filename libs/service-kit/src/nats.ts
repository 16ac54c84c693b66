import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';

export type { NatsConnection, JetStreamClient, JetStreamManager };

export interface StreamSpec {
  name: string;
  subjects: string[];
}

/** One JetStream stream per domain; publishers and consumers both ensure theirs exists. */
export const streams = {
  identity: { name: 'IDENTITY', subjects: ['identity.>'] },
  merchants: { name: 'MERCHANTS', subjects: ['merchants.>'] },
} satisfies Record<string, StreamSpec>;

/** How long JetStream remembers a Nats-Msg-Id to drop duplicates (the outbox relay's retries). */
const DUPLICATE_WINDOW_NS = 10 * 60 * 1_000_000_000;

export interface Nats {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

export async function connectNats(url: string, name: string): Promise<Nats> {
  const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 1_000 });
  const jsm = await jetstreamManager(nc);
  return { nc, js: jetstream(nc), jsm };
}

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
