import type { OrderSortField } from '@smista/contracts';
import type { ListCriteria } from '../domain';

/**
 * The list's SQL, built from checked criteria (`domain/list-query.ts`): only column names of this
 * file reach the text, every value is a parameter. Pure, so the shape of each filter and sort is
 * unit-tested without a database; the plans are in the README (indexes and why).
 */

/** Sort field → the expression it sorts by (alias `o` = orders). `buyerName` ignores case. */
export const SORT_EXPRESSIONS: Record<OrderSortField, string> = {
  orderDate: 'o.order_date',
  total: 'o.total',
  buyerName: 'lower(o.buyer_name)',
  status: 'o.status',
  externalId: 'o.external_id',
  createdAt: 'o.created_at',
  shipByDate: 'o.ship_by_date',
  itemsCount: 'o.items_count',
};

export interface SqlPart {
  /** `o.merchant_id = $1 AND ...` */
  where: string;
  params: unknown[];
}

/**
 * The WHERE of the list: always the merchant, then each given filter. `withStatus: false` leaves
 * the status out (the per-status counts of the tabs use every other filter).
 */
export function filterSql(merchantId: string, criteria: ListCriteria, options: { withStatus: boolean }): SqlPart {
  const params: unknown[] = [merchantId];
  const clauses = ['o.merchant_id = $1'];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (criteria.integrationId !== undefined) add((p) => `o.integration_id = ${p}`, criteria.integrationId);
  if (options.withStatus && criteria.status) add((p) => `o.status = ${p}`, criteria.status);
  if (criteria.marketplace) add((p) => `o.marketplace = ${p}`, criteria.marketplace);
  if (criteria.from) add((p) => `o.order_date >= ${p}`, criteria.from);
  if (criteria.to) add((p) => `o.order_date <= ${p}`, criteria.to);
  if (criteria.weightMissing) clauses.push('o.weight_missing');
  // search_text and the pattern are both lower-cased; ILIKE keeps the trigram index usable either way.
  if (criteria.searchPattern && criteria.searchId !== undefined) {
    // A whole number is also the order's own id (the primary key: one more index in a bitmap OR).
    params.push(criteria.searchPattern, criteria.searchId);
    clauses.push(`(o.search_text ILIKE $${params.length - 1} OR o.id = $${params.length})`);
  } else if (criteria.searchPattern) add((p) => `o.search_text ILIKE ${p}`, criteria.searchPattern);
  return { where: clauses.join(' AND '), params };
}

/** ORDER BY of the list: the sort field, then the id in the same direction (a stable order across pages). */
export function orderBySql(criteria: Pick<ListCriteria, 'sortBy' | 'sortOrder'>): string {
  const dir = criteria.sortOrder === 'asc' ? 'ASC' : 'DESC';
  return `${SORT_EXPRESSIONS[criteria.sortBy]} ${dir}, o.id ${dir}`;
}

/** The WHERE on the counters table (`order_counts`, alias `c`) for filters it can answer. */
export function counterFilterSql(merchantId: string, criteria: Pick<ListCriteria, 'integrationId' | 'marketplace'>): SqlPart {
  const params: unknown[] = [merchantId];
  const clauses = ['c.merchant_id = $1'];
  if (criteria.integrationId !== undefined) {
    params.push(criteria.integrationId);
    clauses.push(`c.integration_id = $${params.length}`);
  }
  if (criteria.marketplace) {
    params.push(criteria.marketplace);
    clauses.push(`c.marketplace = $${params.length}`);
  }
  return { where: clauses.join(' AND '), params };
}
