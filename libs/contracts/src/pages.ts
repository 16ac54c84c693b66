import type { PageMetaJson } from './api-types';

/**
 * The meta of a list answer (spec §3 client-side: page, pageSize, totalItems, totalPages,
 * hasNextPage, hasPrevPage). An empty list still has one page.
 *
 * @example pageMeta(2, 10, 28) // { page: 2, pageSize: 10, totalItems: 28, totalPages: 3, hasNextPage: true, hasPrevPage: true }
 */
export function pageMeta(page: number, pageSize: number, totalItems: number): PageMetaJson {
  const totalPages = Math.max(1, Math.ceil(totalItems / pageSize));
  return { page, pageSize, totalItems, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}
