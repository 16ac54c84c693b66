import { z } from 'zod';
import type { OrderCsvProblemJson, OrderImportJobJson, OrderImportPreviewJson } from '@smista/contracts';

/**
 * Orders from anywhere (issue 25): what the CSV import answers (`order-import-routes.ts`, typed
 * against `libs/contracts/src/order-csv.ts`). The order a manual order creates is `orders.ts`'s.
 */

const orderCsvProblemResponse = z.object({
  row: z.number().int().describe("The file's row (the header is row 1)"),
  column: z.string(),
  message: z.string(),
}) satisfies z.ZodType<OrderCsvProblemJson>;

/** `POST /api/orders/imports/preview`. */
export const orderImportPreviewResponse = z.object({
  rows: z.number().int(),
  orders: z.number().int(),
  newOrders: z.number().int().describe('Orders the import would create (not already imported, without problems)'),
  alreadyImported: z.array(z.string()).describe('Order numbers already imported (nothing is done for them), the first 200'),
  alreadyImportedCount: z.number().int(),
  problems: z.array(orderCsvProblemResponse),
  problemCount: z.number().int(),
  sample: z
    .array(
      z.object({
        externalId: z.string(),
        recipientName: z.string(),
        city: z.string(),
        countryCode: z.string(),
        items: z.number().int(),
        total: z.string(),
      }),
    )
    .describe('The first orders that would be created'),
}) satisfies z.ZodType<OrderImportPreviewJson>;

/** `GET /api/orders/imports/{id}`, and the answer of `POST /api/orders/imports`. */
export const orderImportJobResponse = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
  fileName: z.string(),
  totalOrders: z.number().int(),
  processedOrders: z.number().int(),
  createdOrders: z.number().int(),
  skippedOrders: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
}) satisfies z.ZodType<OrderImportJobJson>;
