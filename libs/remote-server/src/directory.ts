import { announcementKey, remoteAnnouncementSchema, type RemoteAnnouncement, type RemoteListing } from './announcement';

/** How long an announcement counts without being renewed (servers renew it every third of this). */
export const ANNOUNCEMENT_TTL_MS = 30_000;

export interface RemoteDirectoryOptions {
  ttlMs?: number;
  /**
   * Whether the browser may load a remote from this manifest URL: the gateway accepts
   * root-relative URLs and the origins its CSP names (REMOTE_ORIGINS), never others.
   */
  acceptsManifest?: (url: string) => boolean;
}

/** Why {@link RemoteDirectory.put} did not take an announcement. */
export type Refusal = 'unreadable' | 'origin';

/**
 * The remotes that are deployed, as the registry's announcements say: one entry per running
 * server (`<name>.<instance>`), each alive for `ttlMs` after it was last written. For each remote
 * the live entry of the newest deployment (latest `startedAt`) is the one listed: a new version
 * takes over as soon as its first server announces itself, and a rollback is a newer deployment
 * of the older build. Pure: the caller says what time it is.
 */
export class RemoteDirectory {
  private readonly entries = new Map<string, { announcement: RemoteAnnouncement; writtenAt: number }>();
  private readonly ttlMs: number;
  private readonly acceptsManifest: (url: string) => boolean;

  constructor(options: RemoteDirectoryOptions = {}) {
    this.ttlMs = options.ttlMs ?? ANNOUNCEMENT_TTL_MS;
    this.acceptsManifest = options.acceptsManifest ?? (() => true);
  }

  /**
   * Takes the announcement written under `key` at `writtenAt` (ms), or says why not; a refused
   * one also removes what the key held.
   */
  put(key: string, value: unknown, writtenAt: number): Refusal | null {
    const parsed = remoteAnnouncementSchema.safeParse(value);
    if (!parsed.success || announcementKey(parsed.data) !== key) {
      this.entries.delete(key);
      return 'unreadable';
    }
    if (!this.acceptsManifest(parsed.data.manifest)) {
      this.entries.delete(key);
      return 'origin';
    }
    const known = this.entries.get(key);
    if (!known || known.writtenAt <= writtenAt) this.entries.set(key, { announcement: parsed.data, writtenAt });
    return null;
  }

  /** A server said goodbye (or its key was purged). */
  remove(key: string): void {
    this.entries.delete(key);
  }

  /** `GET /remotes.json`: name → the listing of its newest live deployment, by name. */
  listing(now: number): Record<string, RemoteListing> {
    const newest = new Map<string, { announcement: RemoteAnnouncement; writtenAt: number }>();
    for (const [key, entry] of this.entries) {
      if (now - entry.writtenAt >= this.ttlMs) {
        this.entries.delete(key);
        continue;
      }
      const current = newest.get(entry.announcement.name);
      if (!current || isNewer(entry, current)) newest.set(entry.announcement.name, entry);
    }
    const out: Record<string, RemoteListing> = {};
    for (const name of [...newest.keys()].sort()) {
      const { manifest, version, shared } = newest.get(name)!.announcement;
      out[name] = { entry: manifest, version, shared };
    }
    return out;
  }
}

type Entry = { announcement: RemoteAnnouncement; writtenAt: number };

/** The later deployment; between servers of one deployment, the one heard from last. */
function isNewer(a: Entry, b: Entry): boolean {
  const byStart = Date.parse(a.announcement.startedAt) - Date.parse(b.announcement.startedAt);
  return byStart !== 0 ? byStart > 0 : a.writtenAt > b.writtenAt;
}
