import type { Queryable } from '@smista/service-kit';
import { isMarketplaceSupported } from '../adapters';
import type { Marketplace } from '../domain';

const COLUMNS = ['id', 'identifier', 'name', 'description', 'logo_url', 'active', 'oauth', 'api_doc_url', 'required_settings', 'max_orders_limit'];

/** The catalogue's columns as `m_<column>`, so that a join with integrations (which has its own id, active...) keeps both. */
export const MARKETPLACE_COLUMNS = COLUMNS.map((c) => `m.${c} AS m_${c}`).join(', ');

/** A catalogue row; `supported` says whether an adapter exists (a fact of this build, not of the data). */
export function toMarketplace(r: Record<string, unknown>): Marketplace {
  const identifier = r.m_identifier as string;
  return {
    id: Number(r.m_id),
    identifier,
    name: r.m_name as string,
    description: r.m_description as string,
    logoUrl: r.m_logo_url as string,
    active: r.m_active as boolean,
    oauth: r.m_oauth as boolean,
    apiDocUrl: (r.m_api_doc_url as string | null) ?? null,
    requiredSettings: Array.isArray(r.m_required_settings) ? (r.m_required_settings as unknown[]).map(String) : [],
    maxOrdersLimit: Number(r.m_max_orders_limit),
    supported: isMarketplaceSupported(identifier),
  };
}

/** The catalogue in its order (spec §1). */
export async function listMarketplaces(db: Queryable): Promise<Marketplace[]> {
  const { rows } = await db.query(`SELECT ${MARKETPLACE_COLUMNS} FROM marketplaces m ORDER BY m.sort_order`);
  return rows.map(toMarketplace);
}
