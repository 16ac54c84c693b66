import { requireAdmin, requireMerchant } from '@smista/service-kit';
import { catalogue, orders } from '@smista/proto';
import { pageMeta } from '@smista/contracts';
import { chooseOrderPackage, deletePackagePreset, exportCatalogueCsv, importCatalogueCsv, listCatalogue, listPackagePresets, savePackagePreset, updateProduct } from '../app/catalogue';
import { ordersErrors } from '../domain';
import { findOrder } from '../store';
import type { HandlerDeps } from './deps';
import { toOrderMessage, toPresetMessage, toProductMessage } from './mapping';

/** Absent optional numbers stay absent (blank = unknown) for the contracts' schemas. */
const orBlank = (v: number | undefined) => (v === undefined ? null : v);

/**
 * The catalogue (any member reads and fills products, downloads and uploads the CSV) and the
 * package presets (any member reads; writes are admin-only, as the other settings' writes are).
 */
export function catalogueHandlers(deps: HandlerDeps) {
  const { unary } = deps;
  return {
    listProducts: unary('ListProducts', async (request: catalogue.ListProductsRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const page = await listCatalogue(deps, scope, {
        search: request.search,
        missingWeight: String(request.missingWeight),
        missingCustoms: String(request.missingCustoms),
        marketplace: request.marketplace,
        page: request.page ? String(request.page) : undefined,
        pageSize: request.pageSize ? String(request.pageSize) : undefined,
      });
      return catalogue.ListProductsResponse.fromPartial({ products: page.products.map(toProductMessage), meta: pageMeta(page.page, page.pageSize, page.total) });
    }),

    updateProduct: unary('UpdateProduct', async (request: catalogue.UpdateProductRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const product = await updateProduct(deps, scope, request.id, {
        weightGrams: orBlank(request.weightGrams),
        lengthMm: orBlank(request.lengthMm),
        widthMm: orBlank(request.widthMm),
        heightMm: orBlank(request.heightMm),
        hsCode: request.hsCode,
        originCountry: request.originCountry,
        customsDescription: request.customsDescription,
        shipsInOwnBox: request.shipsInOwnBox,
      });
      return toProductMessage(product);
    }),

    exportProductsCsv: unary('ExportProductsCsv', async (_request: catalogue.ExportProductsCsvRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      return catalogue.ProductsCsv.fromPartial({ csv: await exportCatalogueCsv(deps, scope) });
    }),

    importProductsCsv: unary('ImportProductsCsv', async (request: catalogue.ImportProductsCsvRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      return catalogue.ImportProductsCsvResponse.fromPartial(await importCatalogueCsv(deps, scope, request.csv));
    }),

    listPackagePresets: unary('ListPackagePresets', async (_request: catalogue.ListPackagePresetsRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      return catalogue.ListPackagePresetsResponse.fromPartial({ presets: (await listPackagePresets(deps, scope)).map(toPresetMessage) });
    }),

    savePackagePreset: unary('SavePackagePreset', async (request: catalogue.SavePackagePresetRequest, ctx) => {
      const scope = requireAdmin(await requireMerchant(ctx));
      const { id, ...fields } = request;
      return toPresetMessage(await savePackagePreset(deps, scope, id, fields));
    }),

    deletePackagePreset: unary('DeletePackagePreset', async (request: catalogue.PackagePresetRef, ctx) => {
      const scope = requireAdmin(await requireMerchant(ctx));
      await deletePackagePreset(deps, scope, request.id);
      return catalogue.DeletePackagePresetResponse.fromPartial({ id: request.id });
    }),

    setOrderPackage: unary('SetOrderPackage', async (request: catalogue.SetOrderPackageRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      await chooseOrderPackage(deps, scope, request.orderId, request.presetId);
      const order = await findOrder(deps.pool, scope.merchantId, request.orderId);
      if (!order) throw ordersErrors.orderNotFound();
      return toOrderMessage(order) satisfies orders.Order;
    }),
  };
}
