import type { ComponentType } from 'react';
import { getInstance, init, loadRemote } from '@module-federation/enhanced/runtime';
import { discardBody } from '@smista/ui-kit';

/** `GET /remotes.json`: remote name → URL of its mf-manifest.json (served by the gateway). */
export type RemotesManifest = Record<string, string>;

/** What a remote's `./Module` exposes. */
export interface RemoteModule {
  default: ComponentType;
}

let registration: Promise<RemotesManifest> | null = null;

function federation() {
  // The build plugin creates the host instance; init() merges into it if it exists.
  return getInstance() ?? init({ name: 'shell', remotes: [] });
}

/**
 * Fetches /remotes.json and registers every remote with the federation runtime, once per page
 * (again with `force` after a failure, so a retry picks up a redeployed remote).
 */
export function registerRemotesFromManifest(force = false): Promise<RemotesManifest> {
  if (!registration || force) {
    const attempt = (async () => {
      const res = await fetch('/remotes.json', { cache: 'no-store', credentials: 'same-origin' });
      if (!res.ok) {
        await discardBody(res);
        throw new Error(`/remotes.json: ${res.status}`);
      }
      const manifest = (await res.json()) as RemotesManifest;
      const remotes = Object.entries(manifest)
        .filter(([, entry]) => typeof entry === 'string' && entry)
        .map(([name, entry]) => ({ name, entry: new URL(entry, window.location.href).href }));
      federation().registerRemotes(remotes, { force });
      return manifest;
    })();
    registration = attempt;
    attempt.catch(() => {
      if (registration === attempt) registration = null;
    });
  }
  return registration;
}

/** Loads `<name>/Module`; rejects when the manifest, the remote entry or the module fails. */
export async function loadRemoteModule(name: string, force = false): Promise<RemoteModule> {
  const manifest = await registerRemotesFromManifest(force);
  if (!(name in manifest)) throw new Error(`Remote "${name}" non registrato in /remotes.json`);
  const mod = await loadRemote<RemoteModule>(`${name}/Module`);
  if (!mod || !mod.default) throw new Error(`Remote "${name}" senza ./Module`);
  return mod;
}
