import { z } from 'zod';

/** A remote's name: a folder of `frontends/`, a path segment of `/remotes/<name>/`, a federation name. */
export const REMOTE_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * What one running server of a remote says about itself in the registry, kept alive while it
 * serves (the gateway's `/remotes.json` is built from these):
 * - `manifest`: the URL of its `mf-manifest.json` as the browser reaches it, root-relative
 *   (`/remotes/orders/mf-manifest.json`, same origin as the shell) or absolute (another origin,
 *   which the gateway's REMOTE_ORIGINS must name);
 * - `version`: the remote's package version (its build's `buildVersion`);
 * - `shared`: the version of each shared singleton it was built with, for the shell's check;
 * - `instance` and `startedAt`: which process, and since when (the newest deployment wins).
 */
export const remoteAnnouncementSchema = z.object({
  name: z.string().regex(REMOTE_NAME),
  version: z.string().min(1).max(64),
  manifest: z
    .string()
    .min(1)
    .max(2048)
    .refine((url) => url.startsWith('/') ? !url.startsWith('//') : /^https?:\/\//i.test(url), 'root-relative or http(s) URL'),
  shared: z.record(z.string(), z.string().max(64)),
  instance: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  startedAt: z.iso.datetime(),
});

export type RemoteAnnouncement = z.infer<typeof remoteAnnouncementSchema>;

/** One remote in `GET /remotes.json`, as the shell reads it. */
export interface RemoteListing {
  /** URL of its mf-manifest.json (root-relative or absolute). */
  entry: string;
  version: string;
  /** Shared singleton → the version the remote was built with. */
  shared: Record<string, string>;
}

/** The parts of an `mf-manifest.json` (@module-federation/enhanced) an announcement is made of. */
const mfManifestSchema = z.object({
  name: z.string(),
  metaData: z.object({ buildInfo: z.object({ buildVersion: z.string() }) }),
  shared: z.array(z.object({ name: z.string(), version: z.string(), singleton: z.boolean().optional() })).default([]),
});

/**
 * The announcement of a remote built into `mfManifest` (the parsed `mf-manifest.json` of its
 * dist), reachable at `manifestUrl`.
 *
 * @example announcementFromManifest(JSON.parse(text), { manifestUrl: '/remotes/orders/mf-manifest.json', instance: 'orders-7f9c', startedAt: new Date() })
 */
export function announcementFromManifest(
  mfManifest: unknown,
  where: { manifestUrl: string; instance: string; startedAt: Date },
): RemoteAnnouncement {
  const manifest = mfManifestSchema.parse(mfManifest);
  const shared: Record<string, string> = {};
  for (const entry of manifest.shared) if (entry.singleton !== false) shared[entry.name] = entry.version;
  return remoteAnnouncementSchema.parse({
    name: manifest.name,
    version: manifest.metaData.buildInfo.buildVersion,
    manifest: where.manifestUrl,
    shared,
    instance: where.instance,
    startedAt: where.startedAt.toISOString(),
  });
}

/** `<name>.<instance>`: one registry key per running server, so replicas never overwrite each other. */
export const announcementKey = (a: Pick<RemoteAnnouncement, 'name' | 'instance'>): string => `${a.name}.${a.instance}`;

/** An instance id that is a valid key token: the host name (the pod's) and the process id. */
export function instanceId(hostname: string, pid: number): string {
  return `${hostname.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 100)}-${pid}`;
}
