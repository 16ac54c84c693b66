import { kitErrors } from '@smista/service-kit';
import {
  parseShipmentStatus,
  SHIPMENT_PAGE_SIZE_DEFAULT,
  SHIPMENT_PAGE_SIZE_MAX,
  SHIPMENT_SEARCH_MAX,
  shipmentMessages as m,
  type ShipmentStatusFilter,
} from '@smista/contracts';
import { likePattern } from '@smista/service-kit';

/** ListShipments as the proto gives it (0 and '' = not given). */
export interface ListRequest {
  page: number;
  pageSize: number;
  status: string;
  carrierIntegrationId: number;
  search: string;
  orderId: number;
}

/** Checked list criteria: what `store/list-sql.ts` turns into SQL. */
export interface ListCriteria {
  page: number;
  pageSize: number;
  status?: ShipmentStatusFilter;
  carrierIntegrationId?: number;
  orderId?: number;
  /** `%key%` with `\`, `%` and `_` escaped; undefined = no search. */
  searchPattern?: string;
}

/**
 * The list's criteria (spec §7 GET /api/shipments): page from 1, page size 1–100 (larger is clamped,
 * 0 is the default 20), a status filter of the contracts (`error` is the problems view,
 * `da_stampare` the labels never downloaded; `all` or empty = every status), a carrier integration,
 * a search of at most 200 characters. A bad value is INVALID_INPUT with the contracts' message.
 *
 * @example listCriteria({ page: 2, pageSize: 500, status: 'DA_STAMPARE', carrierIntegrationId: 0, search: ' Rossi ', orderId: 0 })
 * // { page: 2, pageSize: 100, status: 'da_stampare', searchPattern: '%rossi%' }
 */
export function listCriteria(request: ListRequest): ListCriteria {
  if (request.page < 0) throw kitErrors.invalidInput(m.pageInvalid);
  if (request.pageSize < 0) throw kitErrors.invalidInput(m.pageSizeInvalid);
  const status = parseShipmentStatus(request.status);
  if (status === null) throw kitErrors.invalidInput(m.statusInvalid);
  if (request.carrierIntegrationId < 0) throw kitErrors.invalidInput(m.carrierFilterInvalid);
  if (request.search.length > SHIPMENT_SEARCH_MAX) throw kitErrors.invalidInput(m.searchTooLong);
  const searchPattern = likePattern(request.search);
  return {
    page: request.page || 1,
    pageSize: Math.min(request.pageSize || SHIPMENT_PAGE_SIZE_DEFAULT, SHIPMENT_PAGE_SIZE_MAX),
    ...(status ? { status } : {}),
    ...(request.carrierIntegrationId > 0 ? { carrierIntegrationId: request.carrierIntegrationId } : {}),
    ...(request.orderId > 0 ? { orderId: request.orderId } : {}),
    ...(searchPattern ? { searchPattern } : {}),
  };
}

export const offsetOf = (c: Pick<ListCriteria, 'page' | 'pageSize'>) => (c.page - 1) * c.pageSize;

/** Every tab of the screen, in the order the counts are answered. */
export const COUNTED_TABS = ['all', 'pending', 'processing', 'shipped', 'delivered', 'error', 'cancelled', 'da_stampare'] as const;
export type CountedTab = (typeof COUNTED_TABS)[number];

/** The list's total: the count of the filtered tab, or of all. */
export const totalOf = (counts: Record<CountedTab, number>, status: ShipmentStatusFilter | undefined): number => counts[status ?? 'all'];
