import { PROBLEM_TRACKING_STATUSES } from '@smista/contracts';
import { PROBLEM_TRACKING_ALERTS, REFUND_PROBLEM_STATUSES, type CountedTab, type ListCriteria } from '../domain';

/**
 * The list's SQL, built from checked criteria (`domain/list-query.ts`): only the fixed predicates of
 * this file reach the text, every value is a parameter. Pure, so each filter is unit-tested
 * without a database. Alias `s` = shipments.
 */

/** Fixed values as a SQL list: `'a', 'b'` (our own constants only, never input). */
const sqlList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** A live shipment of an order refunded on the marketplace (`REFUND_PROBLEM_STATUSES`). */
const REFUNDED_SQL = `(s.order_payment_status = 'rimborsato' AND s.status IN (${sqlList(REFUND_PROBLEM_STATUSES)}))`;

/**
 * A shipped shipment in trouble (issue 26): its last tracking event is held, exception or returned
 * (`PROBLEM_TRACKING_STATUSES`), or its stored alerts say stalled or late (`PROBLEM_TRACKING_ALERTS`:
 * worked out in Italian working days by each tracking read).
 */
const TRACKING_PROBLEM_SQL = `(s.status = 'shipped' AND (s.tracking_status IN (${sqlList(PROBLEM_TRACKING_STATUSES)}) OR s.tracking_alerts && ARRAY[${sqlList(PROBLEM_TRACKING_ALERTS)}]::text[]))`;

/**
 * The Errori tab ("problems"), the same rule as `domain/rules.ts` problemOf: a refused label, a
 * pending one without a weight or with an incomplete customs declaration (issue 25), a shipped one
 * in trouble ({@link TRACKING_PROBLEM_SQL}), or a live shipment of a refunded order.
 */
export const PROBLEM_SQL = `(s.status = 'error' OR (s.status = 'pending' AND (s.parcel_weight_grams IS NULL OR jsonb_array_length(s.customs_missing) > 0)) OR ${TRACKING_PROBLEM_SQL} OR ${REFUNDED_SQL})`;

/** Each tab's predicate. */
export const TAB_SQL: Record<CountedTab, string> = {
  all: 'true',
  pending: `s.status = 'pending'`,
  processing: `s.status = 'processing'`,
  shipped: `s.status = 'shipped'`,
  delivered: `s.status = 'delivered'`,
  error: PROBLEM_SQL,
  cancelled: `s.status = 'cancelled'`,
  da_stampare: `(s.status = 'shipped' AND s.has_label AND s.label_printed_at IS NULL)`,
};

export interface SqlPart {
  where: string;
  params: unknown[];
}

/**
 * The WHERE of the list: always the merchant, then each given filter. `withStatus: false` leaves the
 * status tab out (the counts of the tabs use every other filter).
 */
export function filterSql(merchantId: string, criteria: ListCriteria, options: { withStatus: boolean }): SqlPart {
  const params: unknown[] = [merchantId];
  const clauses = ['s.merchant_id = $1'];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (options.withStatus && criteria.status) clauses.push(TAB_SQL[criteria.status]);
  if (criteria.carrierIntegrationId !== undefined) add((p) => `s.carrier_integration_id = ${p}`, criteria.carrierIntegrationId);
  if (criteria.orderId !== undefined) add((p) => `s.order_id = ${p}`, criteria.orderId);
  if (criteria.searchPattern) add((p) => `s.search_text ILIKE ${p}`, criteria.searchPattern);
  return { where: clauses.join(' AND '), params };
}

/** One statement counting every tab: `count(*) FILTER (WHERE …) AS "<tab>"`. */
export function countsSql(where: string): string {
  const columns = Object.entries(TAB_SQL).map(([tab, predicate]) => `count(*) FILTER (WHERE ${predicate})::int AS "${tab}"`);
  return `SELECT ${columns.join(', ')} FROM shipments s WHERE ${where}`;
}
