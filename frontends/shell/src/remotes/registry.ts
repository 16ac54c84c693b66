import type { ComponentType } from 'react';
import { getInstance, init, loadRemote } from '@module-federation/enhanced/runtime';
import { discardBody } from '@smista/ui-kit';
import { mismatches, type Mismatch } from './compatibility';

/** One deployed remote in `GET /remotes.json` (the gateway's registry of deployed remotes). */
export interface RemoteListing {
  /** URL of its mf-manifest.json, root-relative or absolute. */
  entry: string;
  version: string;
  /** Shared singleton → the version the remote was built with. */
  shared: Record<string, string>;
}

/** `GET /remotes.json`: remote name → its listing. */
export type RemotesManifest = Record<string, RemoteListing>;

/** What a remote's `./Module` exposes. */
export interface RemoteModule {
  default: ComponentType;
}

/** The deployed build's shared singletons are outside the shell's ranges: it is not loaded. */
export class RemoteIncompatibleError extends Error {
  constructor(
    readonly remote: string,
    readonly mismatches: Mismatch[],
  ) {
    super(`Remote "${remote}" incompatibile: ${mismatches.map((m) => `${m.name} ${m.version} ∉ ${m.range}`).join(', ')}`);
    this.name = 'RemoteIncompatibleError';
  }
}

/** The /remotes.json request under way: the layout and the first route share it. */
let inFlight: Promise<RemotesManifest> | null = null;
/** What the federation runtime has registered for each remote: its entry URL and version. */
const registered = new Map<string, { entry: string; version: string }>();

function federation() {
  // The build plugin creates the host instance; init() merges into it if it exists.
  return getInstance() ?? init({ name: 'shell', remotes: [] });
}

/** GET /remotes.json now (joining a request already under way: never an older answer). */
export function fetchRemotesManifest(): Promise<RemotesManifest> {
  if (inFlight) return inFlight;
  const manifest = (async () => {
    const res = await fetch('/remotes.json', { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) {
      await discardBody(res);
      throw new Error(`/remotes.json: ${res.status}`);
    }
    return (await res.json()) as RemotesManifest;
  })();
  inFlight = manifest;
  const done = () => {
    if (inFlight === manifest) inFlight = null;
  };
  manifest.then(done, done);
  return manifest;
}

/**
 * Registers `name` with the federation runtime as /remotes.json lists it now. A remote whose
 * entry or version changed since it was registered (a new build deployed, or a rollback) is
 * registered again with `force`, which drops its loaded module: the next load gets the new build.
 * The other remotes are left as they are. Returns whether it was (re)registered.
 */
function register(name: string, listing: RemoteListing): boolean {
  const entry = new URL(listing.entry, window.location.href).href;
  const known = registered.get(name);
  if (known && known.entry === entry && known.version === listing.version) return false;
  // The old build's chunk list (rspack-common.js names it): the new build's runtime would take the
  // old chunks it finds there for its own, since both number their chunks alike.
  if (known) delete (window as unknown as Record<string, unknown>)[`smistaChunks_${name}`];
  federation().registerRemotes([{ name, entry }], { force: Boolean(known) });
  registered.set(name, { entry, version: listing.version });
  return true;
}

/**
 * Registers every listed remote not registered yet (when the layout shows, before any route
 * needs one); changed ones are left to {@link loadRemoteModule}, which reloads the one it opens.
 */
export async function registerRemotesFromManifest(): Promise<RemotesManifest> {
  const manifest = await fetchRemotesManifest();
  for (const [name, listing] of Object.entries(manifest)) if (!registered.has(name)) register(name, listing);
  return manifest;
}

/**
 * Loads `<name>/Module` as it is deployed now: the newest /remotes.json decides which build (a
 * changed one is registered again, so a navigation to the remote shows a new build without
 * reloading the page or the other remotes), and a build whose shared singletons the shell's
 * ranges refuse is not loaded at all ({@link RemoteIncompatibleError}). Rejects when the
 * manifest, the remote entry or the module fails.
 */
export async function loadRemoteModule(name: string): Promise<RemoteModule> {
  const manifest = await fetchRemotesManifest();
  const listing = manifest[name];
  if (!listing || typeof listing.entry !== 'string') throw new Error(`Remote "${name}" non registrato in /remotes.json`);
  const refused = mismatches(listing.shared ?? {}, __SHARED_RANGES__);
  if (refused.length > 0) throw new RemoteIncompatibleError(name, refused);
  register(name, listing);
  const mod = await loadRemote<RemoteModule>(`${name}/Module`);
  if (!mod || !mod.default) throw new Error(`Remote "${name}" senza ./Module`);
  return mod;
}

/** The version of `name` the page runs (what it was last registered as), for the area's marker. */
export function registeredVersion(name: string): string | undefined {
  return registered.get(name)?.version;
}
