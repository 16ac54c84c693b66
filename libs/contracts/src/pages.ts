import { z } from 'zod';

/**
 * The meta of every paged list answer (spec §3 client-side), the one shape of it: the proto's
 * `smista.common.v1.PageMeta` carries the same six fields, the gateway answers it as is, and the
 * ui-kit's pager reads a part of it.
 */
export const pageMetaSchema = z.strictObject({
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  totalItems: z.number().int().min(0),
  /** At least 1: an empty list still has one page. */
  totalPages: z.number().int().min(1),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});

/** List meta (`meta` of `GET /api/orders`, `/api/shipments`, the tracking-code pool). */
export type PageMetaJson = z.infer<typeof pageMetaSchema>;

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
