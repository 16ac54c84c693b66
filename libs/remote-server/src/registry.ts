import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '@smista/service-kit';
import { announcementKey, type RemoteAnnouncement } from './announcement';
import { ANNOUNCEMENT_TTL_MS, type RemoteDirectory } from './directory';

/**
 * The registry of deployed remotes: a NATS JetStream key-value bucket (NATS already runs for the
 * events, and every gateway replica can watch it). One key per running remote server,
 * `<name>.<instance>`, holding its {@link RemoteAnnouncement} as JSON; the server rewrites it
 * every third of the TTL and deletes it when it stops; the bucket's TTL drops the key of a
 * server that died. In memory: announcements are renewed, never worth a disk.
 */
export const DEFAULT_REMOTES_BUCKET = 'smista_remotes';

/** Opens (creating it the first time) the registry bucket. Every party must use the same `ttlMs`. */
export function openRemotesBucket(nc: NatsConnection, bucket = DEFAULT_REMOTES_BUCKET, ttlMs = ANNOUNCEMENT_TTL_MS): Promise<KV> {
  return new Kvm(nc).create(bucket, { history: 1, ttl: ttlMs, storage: 'memory' });
}

/** Where announcements are written: the registry bucket, or straight into a directory (see below). */
export interface AnnouncementSink {
  put(announcement: RemoteAnnouncement): Promise<void>;
  remove(announcement: RemoteAnnouncement): Promise<void>;
}

/** Writes announcements into the registry bucket. */
export function bucketSink(kv: KV): AnnouncementSink {
  return {
    put: async (a) => void (await kv.put(announcementKey(a), JSON.stringify(a))),
    remove: (a) => kv.delete(announcementKey(a)),
  };
}

/**
 * Writes announcements into this process's own directory as well: the gateway lists the remotes
 * it serves itself even while NATS is away (the registry brings the same key back when it is).
 */
export function directorySink(directory: RemoteDirectory, now: () => number = Date.now): AnnouncementSink {
  return {
    put: async (a) => void directory.put(announcementKey(a), a, now()),
    remove: async (a) => directory.remove(announcementKey(a)),
  };
}

export interface Announcer {
  /** Stops renewing and withdraws every announcement (a rollback or scale-down is seen at once). */
  stop(): Promise<void>;
}

/**
 * Keeps the announcements `current()` returns written in every sink, now and every `intervalMs`
 * (a third of the TTL by default): `current` is asked each time, so a remote rebuilt on disk
 * announces its new version. A failed write is logged and retried at the next beat.
 *
 * @example const announcer = keepAnnounced(async () => [announcement], [bucketSink(kv)], { logger });
 */
export function keepAnnounced(
  current: () => Promise<RemoteAnnouncement[]>,
  sinks: AnnouncementSink[],
  options: { logger: Logger; intervalMs?: number },
): Announcer & { firstWrite: Promise<void> } {
  const { logger } = options;
  let written = new Map<string, RemoteAnnouncement>();
  let stopped = false;
  const beat = async () => {
    let announcements: RemoteAnnouncement[];
    try {
      announcements = await current();
    } catch (err) {
      logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'remotes: cannot read what to announce');
      return;
    }
    if (stopped) return;
    const next = new Map(announcements.map((a) => [announcementKey(a), a]));
    const gone = [...written.values()].filter((a) => !next.has(announcementKey(a)));
    written = next;
    await Promise.all(
      sinks.flatMap((sink) => [
        ...announcements.map((a) => sink.put(a).catch((err: unknown) => warn(logger, 'announce', a, err))),
        ...gone.map((a) => sink.remove(a).catch((err: unknown) => warn(logger, 'withdraw', a, err))),
      ]),
    );
  };
  // One beat at a time, and stop() waits for the one under way: a renewal written after the
  // withdrawal would list a stopped server again until its TTL ran out.
  let running: Promise<void> | null = null;
  const start = (): Promise<void> => (running = beat().finally(() => (running = null)));
  const firstWrite = start();
  const timer = setInterval(() => void (running ?? start()), options.intervalMs ?? Math.floor(ANNOUNCEMENT_TTL_MS / 3));
  timer.unref();
  return {
    firstWrite,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await firstWrite;
      await running;
      const all = [...written.values()];
      await Promise.all(sinks.flatMap((sink) => all.map((a) => sink.remove(a).catch((err: unknown) => warn(logger, 'withdraw', a, err)))));
    },
  };
}

function warn(logger: Logger, what: string, a: RemoteAnnouncement, err: unknown): void {
  logger.warn({ remote: a.name, version: a.version, err: err instanceof Error ? err.message : String(err) }, `remotes: cannot ${what}`);
}

/**
 * Follows the registry bucket into `directory`: every current key at once, then each change as it
 * is written (the watch is an ordered consumer: it resumes by itself after a reconnect). Refused
 * announcements are logged once per key and version.
 */
export async function followRegistry(kv: KV, directory: RemoteDirectory, logger: Logger): Promise<{ stop(): void; done: Promise<void> }> {
  const watch = await kv.watch({ key: '>' });
  const refused = new Set<string>();
  const done = (async () => {
    for await (const entry of watch) {
      if (entry.operation !== 'PUT') {
        directory.remove(entry.key);
        continue;
      }
      let value: unknown;
      try {
        value = entry.json();
      } catch {
        value = undefined;
      }
      const refusal = directory.put(entry.key, value, entry.created.getTime());
      const mark = `${entry.key} ${entry.string()}`;
      if (refusal && !refused.has(mark)) {
        refused.add(mark);
        logger.warn(
          { key: entry.key, reason: refusal },
          refusal === 'origin' ? 'remotes: manifest on an origin REMOTE_ORIGINS does not name, ignored' : 'remotes: unreadable announcement, ignored',
        );
      }
    }
  })();
  return { stop: () => watch.stop(), done };
}
