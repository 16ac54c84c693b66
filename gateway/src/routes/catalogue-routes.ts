import { z } from 'zod';
import {
  catalogueMessages,
  numericIdParam,
  orderPackageSchema,
  packagePresetSchema,
  productListQuerySchema,
  productUpdateSchema,
  PRODUCTS_CSV_BYTES_MAX,
  type MessageJson,
  type PackagePresetJson,
  type ProductCsvResultJson,
  type ProductJson,
  type ProductListJson,
} from '@smista/contracts';
import type { catalogue } from '@smista/proto';
import { orderJson } from './order-presenters';
import { messageResponse } from './response-schemas/common';
import { orderResponse, packagePresetListResponse, packagePresetResponse, productCsvResultResponse, productListResponse, productResponse } from './response-schemas/orders';
import { linksToCreated, route, type RouteDef } from './route';

/** An id from the path: a malformed one is -1, which the service answers like an unknown id (404). */
const idParams = z.object({ id: numericIdParam });

function productJson(p: catalogue.Product): ProductJson {
  return {
    id: p.id,
    sku: p.sku,
    title: p.title,
    imageUrl: p.imageUrl || null,
    marketplaceRefs: p.marketplaceRefs.map((r) => ({ marketplace: r.marketplace, integrationId: r.integrationId, itemId: r.itemId })),
    weightGrams: p.weightGrams ?? null,
    lengthMm: p.lengthMm ?? null,
    widthMm: p.widthMm ?? null,
    heightMm: p.heightMm ?? null,
    hsCode: p.hsCode,
    originCountry: p.originCountry,
    customsDescription: p.customsDescription,
    shipsInOwnBox: p.shipsInOwnBox,
    updatedAt: p.updatedAt,
  };
}

const presetJson = (p: catalogue.PackagePreset): PackagePresetJson => ({ ...p });

/** The CSV upload: the file's text in JSON (the shell reads the file), at most 5 MB. */
const csvUploadSchema = z.object({
  csv: z.string({ message: catalogueMessages.csvEmpty }).max(PRODUCTS_CSV_BYTES_MAX, catalogueMessages.csvTooLarge),
});

/**
 * The product catalogue and the package presets (issue 25) of the merchant selected in the
 * session; orders answers them. Any member reads and fills products and uses the CSV; presets are
 * written by admins only (the service says so: 403). Bodies are checked here with the contracts'
 * schemas and again in the service; ids that are malformed, unknown or another merchant's are the
 * same 404.
 */
export const catalogueRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/products',
    auth: 'session',
    rpc: 'orders.ListProducts',
    response: { schema: productListResponse, links: { update: { method: 'PUT', path: '/api/products/:id', parameters: { id: '$response.body#/data/0/id' }, description: 'The first product of the page' } } },
    query: productListQuerySchema,
    handle: async ({ query, orders }): Promise<{ body: ProductListJson }> => {
      const answer = await orders.listProducts(query);
      const meta = answer.meta!;
      return { body: { data: answer.products.map(productJson), meta: { ...meta } } };
    },
  }),
  // Before `/:id`: fixed paths.
  route({
    method: 'GET',
    path: '/api/products/csv',
    auth: 'session',
    rpc: 'orders.ExportProductsCsv',
    response: { file: ['text/csv; charset=utf-8'], description: 'The catalogue, `catalogo.csv`' },
    handle: async ({ orders }) => {
      const { csv } = await orders.exportProductsCsv({});
      return { body: null, file: { contentType: 'text/csv; charset=utf-8', filename: 'catalogo.csv', data: csv } };
    },
  }),
  route({
    method: 'POST',
    path: '/api/products/csv',
    auth: 'session',
    rpc: 'orders.ImportProductsCsv',
    response: { schema: productCsvResultResponse, description: 'Applied', alsoAnswers: { 422: { description: 'Rows refused, nothing applied: the report of each refused row', schema: productCsvResultResponse } } },
    body: csvUploadSchema,
    bodyLimit: PRODUCTS_CSV_BYTES_MAX * 2,
    handle: async ({ body, orders }): Promise<{ status: number; body: ProductCsvResultJson }> => {
      const answer = await orders.importProductsCsv({ csv: Buffer.from(body.csv, 'utf8') });
      // Refused rows are the merchant's to fix: 422 with the report, nothing applied.
      return { status: answer.applied ? 200 : 422, body: { applied: answer.applied, updated: answer.updated, message: answer.message, problems: answer.problems } };
    },
  }),
  route({
    method: 'PUT',
    path: '/api/products/:id',
    auth: 'session',
    rpc: 'orders.UpdateProduct',
    response: { schema: productResponse },
    params: idParams,
    body: productUpdateSchema,
    handle: async ({ params, body, orders }) => ({
      body: productJson(
        await orders.updateProduct({
          id: params.id,
          weightGrams: body.weightGrams ?? undefined,
          lengthMm: body.lengthMm ?? undefined,
          widthMm: body.widthMm ?? undefined,
          heightMm: body.heightMm ?? undefined,
          hsCode: body.hsCode,
          originCountry: body.originCountry,
          customsDescription: body.customsDescription,
          shipsInOwnBox: body.shipsInOwnBox,
        }),
      ),
    }),
  }),
  route({
    method: 'GET',
    path: '/api/package-presets',
    auth: 'session',
    rpc: 'orders.ListPackagePresets',
    response: { schema: packagePresetListResponse },
    handle: async ({ orders }) => ({ body: (await orders.listPackagePresets({})).presets.map(presetJson) }),
  }),
  route({
    method: 'POST',
    path: '/api/package-presets',
    auth: 'session',
    rpc: 'orders.SavePackagePreset',
    response: {
      schema: packagePresetResponse,
      status: 201,
      links: linksToCreated({ update: ['PUT', '/api/package-presets/:id'], delete: ['DELETE', '/api/package-presets/:id'] }),
    },
    body: packagePresetSchema,
    handle: async ({ body, orders }) => ({ status: 201, body: presetJson(await orders.savePackagePreset({ id: 0, ...body })) }),
  }),
  route({
    method: 'PUT',
    path: '/api/package-presets/:id',
    auth: 'session',
    rpc: 'orders.SavePackagePreset',
    response: { schema: packagePresetResponse },
    params: idParams,
    body: packagePresetSchema,
    // A malformed id (-1) must not become a create (id 0).
    handle: async ({ params, body, orders }) => ({ body: presetJson(await orders.savePackagePreset({ ...body, id: params.id > 0 ? params.id : Number.MAX_SAFE_INTEGER })) }),
  }),
  route({
    method: 'DELETE',
    path: '/api/package-presets/:id',
    auth: 'session',
    rpc: 'orders.DeletePackagePreset',
    response: { schema: messageResponse },
    params: idParams,
    handle: async ({ params, orders }): Promise<{ body: MessageJson }> => {
      await orders.deletePackagePreset({ id: params.id });
      return { body: { message: catalogueMessages.presetDeleted } };
    },
  }),
  route({
    method: 'PUT',
    path: '/api/orders/:id/package',
    auth: 'session',
    rpc: 'orders.SetOrderPackage',
    response: { schema: orderResponse },
    params: idParams,
    body: orderPackageSchema,
    handle: async ({ params, body, orders }) => ({ body: orderJson(await orders.setOrderPackage({ orderId: params.id, presetId: body.presetId })) }),
  }),
];
