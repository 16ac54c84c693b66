import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { identityEvents } from '@smista/proto';
import { natsConnectOptions, type Logger } from '@smista/service-kit';
import { SessionCache } from './session-cache';

/** Where identity publishes what the gateways' session caches must drop. */
export const INVALIDATIONS_SUBJECT = 'identity.sessions.invalidated';

export interface SessionInvalidations {
  /** Unsubscribes and closes the NATS connection; the cache is off afterwards. */
  close(): Promise<void>;
}

/**
 * Keeps `cache` honest: connects to NATS (in the background: the gateway starts and answers
 * without it, the cache just stays off) and subscribes to `identity.sessions.invalidated` with a
 * plain core subscription, since every replica must see every invalidation (a shared durable
 * would hand each message to one replica only). The cache is on only while subscribed: off at
 * once when the connection drops, and emptied when it comes back (what was published meanwhile
 * is lost to a core subscription). A connection that dies silently is noticed by the pings within
 * `pingIntervalMs × 2`, which the entries' TTL bounds anyway.
 */
export function startSessionInvalidations(options: {
  natsUrl: string;
  cache: SessionCache;
  logger: Logger;
  /** Client name shown by the NATS server (`gateway-<pid>`). */
  name?: string;
  pingIntervalMs?: number;
  reconnectWaitMs?: number;
}): SessionInvalidations {
  const { cache, logger } = options;
  let nc: NatsConnection | undefined;
  let closed = false;

  const onMessage = (err: Error | null, data: Uint8Array) => {
    if (err) return;
    let event: identityEvents.SessionsInvalidated;
    try {
      event = identityEvents.SessionsInvalidated.decode(data);
    } catch {
      // Unreadable: it may have been about any session.
      logger.warn('unreadable session invalidation: session cache emptied');
      cache.flush();
      return;
    }
    if (event.tokenHash?.length) cache.dropSession(SessionCache.keyOfHash(event.tokenHash));
    else if (event.userId) cache.dropUser(event.userId);
    else cache.flush();
  };

  /** On when the server has our subscription: a flush round trip comes after the SUB it sent. */
  const enableWhenSubscribed = async (conn: NatsConnection, why: string) => {
    try {
      await conn.flush();
    } catch {
      return; // dropped again: the next reconnect tries anew
    }
    if (closed || conn.isClosed()) return;
    cache.enable();
    logger.info({ subject: INVALIDATIONS_SUBJECT }, `session cache on (${why})`);
  };

  const watch = async (conn: NatsConnection) => {
    for await (const status of conn.status()) {
      switch (status.type) {
        case 'disconnect':
        case 'staleConnection':
        case 'forceReconnect':
        case 'close':
          if (cache.enabled) logger.warn({ status: status.type }, 'NATS lost: session cache off until it is back');
          cache.disable();
          break;
        case 'slowConsumer':
          // The client dropped messages it could not keep up with: some may have been invalidations.
          cache.flush();
          break;
        case 'reconnect':
          void enableWhenSubscribed(conn, 'NATS back, cache emptied');
          break;
        default:
          break;
      }
    }
  };

  let subscription: Subscription | undefined;
  void connect({
    ...natsConnectOptions(options.natsUrl),
    name: options.name ?? `gateway-${process.pid}`,
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: options.reconnectWaitMs ?? 1_000,
    pingInterval: options.pingIntervalMs ?? 5_000,
    maxPingOut: 2,
  }).then(
    async (conn) => {
      nc = conn;
      if (closed) return conn.close();
      void watch(conn);
      subscription = conn.subscribe(INVALIDATIONS_SUBJECT, { callback: (err, msg) => onMessage(err, msg.data) });
      await enableWhenSubscribed(conn, 'subscribed to the invalidations');
    },
    (err: unknown) => logger.error({ err: err instanceof Error ? err.message : String(err) }, 'NATS unreachable: session cache off'),
  );

  return {
    async close() {
      closed = true;
      cache.disable();
      subscription?.unsubscribe();
      // Still dialling (NATS never reached): it closes itself when it connects.
      if (nc && !nc.isClosed()) await nc.close();
    },
  };
}

/**
 * The session cache of the config (NATS_URL, SESSION_CACHE_TTL_MS, SESSION_CACHE_MAX_ENTRIES) with
 * its invalidations, or none (one line says why): without NATS no invalidation could arrive, so
 * every request asks identity.
 */
export function openSessionCache(
  config: { natsUrl?: string; ttlMs: number; maxEntries: number },
  logger: Logger,
): { cache?: SessionCache; close(): Promise<void> } {
  if (!config.natsUrl || config.ttlMs === 0) {
    logger.info(config.natsUrl ? 'SESSION_CACHE_TTL_MS=0: no session cache, every request asks identity' : 'NATS_URL unset: no session cache, every request asks identity');
    return { close: async () => undefined };
  }
  const cache = new SessionCache({ ttlMs: config.ttlMs, maxEntries: config.maxEntries });
  const invalidations = startSessionInvalidations({ natsUrl: config.natsUrl, cache, logger });
  return { cache, close: () => invalidations.close() };
}
