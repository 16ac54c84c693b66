/** A membership role as merchant selection shows it: capitalised ('admin' → 'Admin'). */
export function capitalisedRole(role: string | null | undefined): string {
  const r = (role ?? '').trim();
  return r ? r.charAt(0).toUpperCase() + r.slice(1).toLowerCase() : '';
}
