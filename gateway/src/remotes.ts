import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  REMOTE_NAME,
  RemoteDirectory,
  announcementOf,
  bucketSink,
  directorySink,
  followRegistry,
  instanceId,
  keepAnnounced,
  openRemotesBucket,
  type Announcer,
  type RemoteAnnouncement,
  type RemoteListing,
} from '@smista/remote-server';
import { natsConnectOptions, type Logger } from '@smista/service-kit';
import type { RemotesConfig } from './config';

/** The shell's folder under FRONTENDS_DIR: the host, never a remote. */
export const SHELL = 'shell';

/** What `GET /remotes.json` answers: the remotes that are deployed now. */
export interface RemotesRegistry {
  listing(): Record<string, RemoteListing>;
  /** Resolved once the remotes on disk (LOCAL_REMOTES) are listed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Whether the browser may load a remote from `manifestUrl`: the gateway's own origin
 * (root-relative) or one of REMOTE_ORIGINS, which the CSP names too.
 */
export function manifestAllowed(manifestUrl: string, origins: readonly string[]): boolean {
  if (manifestUrl.startsWith('/') && !manifestUrl.startsWith('//')) return true;
  try {
    return origins.includes(new URL(manifestUrl).origin);
  } catch {
    return false;
  }
}

/**
 * The remotes built under `frontendsDir` (every `<name>/dist/mf-manifest.json` but the shell's), as
 * the gateway announces them when it serves them itself (LOCAL_REMOTES): at `/remotes/<name>/`,
 * deployed when their manifest was written (a rebuild on disk is a newer deployment). Read at
 * every beat, so a remote built or rebuilt meanwhile is announced without a restart.
 */
export async function diskAnnouncements(frontendsDir: string, instance: string): Promise<RemoteAnnouncement[]> {
  const names = await fs.readdir(frontendsDir).catch(() => [] as string[]);
  const found = await Promise.all(
    names
      .filter((name) => name !== SHELL && REMOTE_NAME.test(name))
      .sort()
      .map(async (name) => {
        const dist = path.join(frontendsDir, name, 'dist');
        const stat = await fs.stat(path.join(dist, 'mf-manifest.json')).catch(() => null);
        if (!stat) return null;
        return announcementOf(dist, { publicUrl: `/remotes/${name}/`, instance, startedAt: stat.mtime }).catch(() => null);
      }),
  );
  return found.filter((a): a is RemoteAnnouncement => a !== null && a.name !== SHELL);
}

/**
 * The gateway's view of the registry. With NATS_URL it follows the registry bucket (connecting
 * in the background: the gateway answers without it); with LOCAL_REMOTES it announces the remotes
 * on its disk there like any remote server, and in its own directory too, so they stay listed
 * while NATS is away. While NATS is away nobody can renew an announcement, so none expires:
 * the list is kept as it was until the registry is heard again.
 */
export function openRemotesRegistry(options: { config: RemotesConfig; frontendsDir: string; logger: Logger }): RemotesRegistry {
  const { config, logger } = options;
  const directory = new RemoteDirectory({ acceptsManifest: (url) => manifestAllowed(url, config.origins) });
  const instance = `gateway-${instanceId(os.hostname(), process.pid)}`;
  const current = () => diskAnnouncements(options.frontendsDir, instance);
  const announcers: Announcer[] = [];
  let ready = Promise.resolve();
  if (config.local) {
    const local = keepAnnounced(current, [directorySink(directory)], { logger });
    announcers.push(local);
    ready = local.firstWrite;
  }

  let frozenAt: number | null = null;
  let nc: NatsConnection | undefined;
  let follower: { stop(): void } | undefined;
  let closed = false;
  const started = (async () => {
    if (!config.natsUrl) {
      if (!config.local) logger.warn('remotes: no NATS_URL and no LOCAL_REMOTES, /remotes.json lists nothing');
      return;
    }
    nc = await connect({ ...natsConnectOptions(config.natsUrl), name: `gateway-remotes-${process.pid}`, waitOnFirstConnect: true, maxReconnectAttempts: -1 });
    if (closed) return;
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') frozenAt ??= Date.now();
        if (status.type === 'reconnect') frozenAt = null;
      }
    })();
    const kv = await openRemotesBucket(nc, config.bucket);
    if (closed) return;
    if (config.local) announcers.push(keepAnnounced(current, [bucketSink(kv)], { logger }));
    follower = await followRegistry(kv, directory, logger);
    logger.info({ bucket: config.bucket }, 'remotes: following the registry');
  })().catch((err: unknown) => {
    logger.error({ err: err instanceof Error ? err.message : String(err) }, 'remotes: cannot follow the registry');
  });

  return {
    ready,
    listing: () => directory.listing(frozenAt ?? Date.now()),
    close: async () => {
      closed = true;
      await Promise.all(announcers.map((a) => a.stop()));
      follower?.stop();
      // Not waiting for `started`: a connection still being attempted must not hold the shutdown.
      await nc?.drain().catch(() => undefined);
    },
  };
}
