/**
 * Where the shell mounts this remote and the paths its pages link to. The shell mounts the same
 * module twice (app.tsx): at `/carriers/*` (the carrier screens of spec §2) and at
 * `/dashboard/integrations/*` (the integrations overview); the routes are relative to the mount,
 * so the remote tells the two apart by the path it is rendered under.
 */

/** The two mounts of this remote in the shell. */
export type Mount = 'carriers' | 'integrations';

export const CARRIERS_PATH = '/carriers';
export const INTEGRATIONS_PATH = '/dashboard/integrations';
/** Spec §2: the setup page's back button goes to the settings remote's carriers tab. */
export const SETTINGS_CARRIERS_PATH = '/dashboard/settings/carriers';
/** The marketplaces page (spec §2), a shell placeholder until the next issue. */
export const MARKETPLACES_PATH = '/dashboard/marketplaces';

/** The mount a browser path is under: `/carriers` and below, else the integrations overview. */
export function mountOf(pathname: string): Mount {
  return pathname === CARRIERS_PATH || pathname.startsWith(`${CARRIERS_PATH}/`) ? 'carriers' : 'integrations';
}

/** What the setup page is open for (spec §2: `?mode=new` or `?edit=new`, else `?edit={integrationId}`). */
export type SetupTarget = { mode: 'new' } | { mode: 'edit'; integrationId: string };

/**
 * Reads the setup page's query. `edit` with an id wins; `mode=new`, `edit=new`, or nothing at all
 * open the form for a new connection.
 *
 * @example parseSetupTarget(new URLSearchParams('edit=42')) // { mode: 'edit', integrationId: '42' }
 */
export function parseSetupTarget(query: URLSearchParams): SetupTarget {
  const edit = query.get('edit')?.trim();
  if (edit && edit !== 'new') return { mode: 'edit', integrationId: edit };
  return { mode: 'new' };
}

/** `/carriers/{code}/setup?mode=new` or `?edit={integrationId}`. */
export function carrierSetupPath(code: string, target: SetupTarget = { mode: 'new' }): string {
  const base = `${CARRIERS_PATH}/${encodeURIComponent(code)}/setup`;
  return target.mode === 'new' ? `${base}?mode=new` : `${base}?edit=${encodeURIComponent(target.integrationId)}`;
}
