import type { Queryable } from '@smista/service-kit';
import type { CredentialKind } from '@smista/contracts';
import type { Carrier } from '../domain';

export const CARRIER_COLUMNS = 'c.id, c.code, c.name, c.description, c.logo_url, c.credential_kind, c.uses_code_pool';

export function toCarrier(r: Record<string, unknown>): Carrier {
  return {
    id: Number(r.id),
    code: r.code as string,
    name: r.name as string,
    description: r.description as string,
    logoUrl: r.logo_url as string,
    credentialKind: r.credential_kind as CredentialKind,
    usesCodePool: r.uses_code_pool as boolean,
  };
}

/** The catalogue in display order (seeded by the migration; it changes only with a release). */
export async function listCarriers(db: Queryable): Promise<Carrier[]> {
  const { rows } = await db.query(`SELECT ${CARRIER_COLUMNS} FROM carriers c ORDER BY c.sort_order, c.id`);
  return rows.map(toCarrier);
}
