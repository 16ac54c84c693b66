import type { IncrementResponse, Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Logger } from '@smista/service-kit';

/** The logger express-rate-limit reports store errors to (`error(err, message)`). */
export interface LimiterLogger {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/**
 * Rate-limit counters in Redis, shared by every gateway process that uses the same Redis and key
 * prefix: the limits hold for the whole deployment, not per replica.
 */
export interface SharedLimitStore {
  /** A store for one limiter, its keys under `<prefix><limiter>:` (a store serves one limiter only). */
  storeFor(limiter: string): Store;
  /** For express-rate-limit: store errors become rate-limited warnings in the gateway's log. */
  readonly logger: LimiterLogger;
  /** Closes the connection (shutdown, after the HTTP server has drained). */
  close(): Promise<void>;
}

export interface SharedLimitStoreOptions {
  /** `redis://host:port` or `rediss://` (REDIS_URL). */
  url: string;
  /** Prefix of every key: one deployment's counters apart from another's on the same Redis. */
  prefix: string;
  logger: Logger;
  /** Deadline of one Redis command; default 250 ms (a local or in-cluster Redis answers in about 1 ms). */
  commandTimeoutMs?: number;
  /** Deadline of a connection attempt; default 1 s. */
  connectTimeoutMs?: number;
  /** At most one "Redis unreachable" warning per this many ms; default 60 s. */
  warnEveryMs?: number;
}

/**
 * rate-limit-redis loads its Lua script once, when the limiter is created, and keeps the promise:
 * if Redis was away at that moment the promise stays rejected and the limiter would never count
 * again. Loading it anew on the next hit lets counting resume as soon as Redis is back.
 */
class LimiterStore extends RedisStore {
  override async increment(key: string): Promise<IncrementResponse> {
    this.incrementScriptSha = this.incrementScriptSha.catch(() => this.loadIncrementScript());
    return super.increment(key);
  }
}

/** `redis://host:port` without user and password, for the log. */
function safeUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname.length > 1 ? u.pathname : ''}`;
}

const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Connects to Redis for the rate limiters.
 *
 * When Redis is unreachable the limiters fail open: the request goes on without being counted,
 * and a warning (at most one a minute) says so. The counters guard against abuse (password
 * guessing, sign-up floods); they are not data. Refusing every login and registration, or answering
 * 500, because an auxiliary store is down would turn a Redis outage into an outage of Smista for
 * everyone, while an attacker gains only the minutes Redis is away (the password check still
 * runs). Commands never wait: no offline queue (a command while disconnected fails at once), a
 * short command deadline, and reconnection in the background; only at start does a command wait
 * for the first connection attempt (at most the connect deadline).
 */
export function connectSharedLimitStore(options: SharedLimitStoreOptions): SharedLimitStore {
  const { logger } = options;
  const connectTimeoutMs = options.connectTimeoutMs ?? 1_000;
  const warnEveryMs = options.warnEveryMs ?? 60_000;
  const where = safeUrl(options.url);

  let lastWarnAt = 0;
  let suppressed = 0;
  let degraded = false;
  const warn = (detail: string) => {
    degraded = true;
    const now = Date.now();
    if (lastWarnAt && now - lastWarnAt < warnEveryMs) {
      suppressed++;
      return;
    }
    logger.warn({ redis: where, err: detail, ...(suppressed ? { suppressed } : {}) }, 'Redis unreachable: rate limits not applied until it is back (fail-open)');
    lastWarnAt = now;
    suppressed = 0;
  };

  const client = new Redis(options.url, {
    connectionName: 'smista-gateway-rate-limits',
    connectTimeout: connectTimeoutMs,
    commandTimeout: options.commandTimeoutMs ?? 250,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // A counter sent again after a reconnect would count one request twice.
    autoResendUnfulfilledCommands: false,
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  });
  let everReady = false;
  // A refused first connection ends the wait at once; a silent host, after the connect deadline.
  const firstReady = new Promise<void>((resolve) => {
    client.once('ready', resolve);
    client.once('error', () => resolve());
    setTimeout(resolve, connectTimeoutMs).unref();
  });
  client.on('ready', () => {
    // The first connection is the start's news even when a request met Redis not yet connected
    // (a busy machine takes longer than the first wait); 'again' is for a store that was ready.
    if (!everReady) logger.info({ redis: where }, 'rate limits shared across replicas through Redis');
    else if (degraded) logger.info({ redis: where }, 'Redis reachable again: rate limits shared across replicas');
    everReady = true;
    degraded = false;
  });
  // Without a listener ioredis would print every failed reconnect on stderr.
  client.on('error', (err: Error) => warn(err.message));

  let closing: Promise<void> | undefined;
  const sendCommand = async (command: string, ...args: string[]): Promise<RedisReply> => {
    if (!everReady) await firstReady;
    return (await client.call(command, ...args)) as RedisReply;
  };

  return {
    storeFor: (limiter) => new LimiterStore({ sendCommand, prefix: `${options.prefix}${limiter}:` }),
    logger: {
      warn: (...args) => logger.warn({ detail: args.map(errorMessage).join(' ') }, 'rate limiter warning'),
      // express-rate-limit: `error(err, message)` for a store error (the request passes) and for its
      // own configuration checks (`ERR_ERL_*` codes), which are no sign of Redis being away.
      error: (err, ...rest) =>
        String((err as { code?: unknown } | undefined)?.code ?? '').startsWith('ERR_ERL_')
          ? logger.error({ detail: [err, ...rest].map(errorMessage).join(' ') }, 'rate limiter error')
          : warn(errorMessage(err)),
    },
    close() {
      closing ??= (async () => {
        if (client.status === 'ready') {
          await Promise.race([client.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
        }
        client.disconnect();
      })();
      return closing;
    },
  };
}
