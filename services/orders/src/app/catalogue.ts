import { CsvUnreadableError, kitErrors, readCsv, uniqueViolation, withTransaction, writeCsv, type Logger, type MerchantScope, type Pool, type PoolClient } from '@smista/service-kit';
import {
  catalogueMessages as m,
  checkProductCsvRow,
  formatCm,
  marketplaceName,
  packagePresetSchema,
  PRODUCT_CSV_COLUMNS,
  productListQuerySchema,
  productUpdateSchema,
  PRODUCTS_CSV_BYTES_MAX,
  PRODUCTS_CSV_ROWS_MAX,
  type CsvRowProblem,
  type ProductFields,
} from '@smista/contracts';
import type { z } from 'zod';
import { ordersErrors, presetChangeReweighs, type PackagePreset, type Product, type ProductChanges } from '../domain';
import {
  allProducts,
  clearDefaultPreset,
  deletePreset,
  findPreset,
  findProduct,
  insertPreset,
  listPresets,
  listProducts,
  productsBySku,
  raiseListVersion,
  openOrdersPackedIn,
  recomputeOrderWeights,
  setOrderPackage,
  updatePreset,
  updateProducts,
} from '../store';

interface CatalogueDeps {
  pool: Pool;
  logger: Logger;
}

/** Checks a body again with the contracts' schema (the gateway did too): the first message is the answer. */
function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw kitErrors.invalidInput(result.error.issues[0]?.message ?? 'Richiesta non valida');
  return result.data;
}

/** The catalogue's page: search (SKU, title), senza peso, senza dati doganali, marketplace. */
export async function listCatalogue(deps: { pool: Pool }, scope: MerchantScope, query: Record<string, string | undefined>): Promise<{ products: Product[]; total: number; page: number; pageSize: number }> {
  const q = parsed(productListQuerySchema, query);
  const { products, total } = await listProducts(deps.pool, scope.merchantId, q, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
  return { products, total, page: q.page, pageSize: q.pageSize };
}

/**
 * Writes products' fields, and in the same transaction the weight of the merchant's open orders
 * with a SKU whose weight changed (and the list's version: the list shows the lines' customs data).
 */
async function applyProductChanges(tx: PoolClient, merchantId: string, changes: readonly ProductChanges[]): Promise<{ products: Product[]; ordersReweighed: number }> {
  const { products, weightChangedSkus } = await updateProducts(tx, merchantId, changes);
  const reweighed = weightChangedSkus.length ? await recomputeOrderWeights(tx, merchantId, { skus: weightChangedSkus }) : [];
  await raiseListVersion(tx, merchantId);
  return { products, ordersReweighed: reweighed.length };
}

/** PUT /api/products/{id}: any member; the product and its open orders' weights in one transaction. */
export async function updateProduct(deps: CatalogueDeps, scope: MerchantScope, id: number, body: unknown): Promise<Product> {
  const fields: ProductFields = parsed(productUpdateSchema, body);
  const { merchantId, userId } = scope;
  const result = await withTransaction(deps.pool, async (tx) => {
    if (!(await findProduct(tx, merchantId, id))) throw ordersErrors.productNotFound();
    return applyProductChanges(tx, merchantId, [{ id, ...fields }]);
  });
  const product = result.products[0];
  if (!product) throw ordersErrors.productNotFound();
  deps.logger.info({ merchantId, productId: id, userId, ordersReweighed: result.ordersReweighed }, 'product updated');
  return product;
}

/** The catalogue as CSV (Italian headers, `;`, BOM, decimal commas): to fill in a spreadsheet and upload. */
export async function exportCatalogueCsv(deps: { pool: Pool }, scope: MerchantScope): Promise<Buffer> {
  const products = await allProducts(deps.pool, scope.merchantId);
  const c = PRODUCT_CSV_COLUMNS;
  return writeCsv(
    [c.sku, c.title, c.marketplaces, c.weightGrams, c.lengthCm, c.widthCm, c.heightCm, c.hsCode, c.originCountry, c.customsDescription, c.shipsInOwnBox],
    products.map((p) => [
      p.sku,
      p.title,
      [...new Set(p.marketplaceRefs.map((r) => marketplaceName(r.marketplace)))].join(', '),
      p.weightGrams,
      formatCm(p.lengthMm),
      formatCm(p.widthMm),
      formatCm(p.heightMm),
      p.hsCode,
      p.originCountry,
      p.customsDescription,
      p.shipsInOwnBox ? 'sì' : 'no',
    ]),
  );
}

/**
 * The filled CSV back: every row checked (its fields, a SKU of the catalogue, not repeated); any
 * refused row refuses the file, with every problem by row and column, and nothing is applied;
 * otherwise every row is applied in one transaction (with the open orders' weights).
 */
export async function importCatalogueCsv(deps: CatalogueDeps, scope: MerchantScope, csv: Uint8Array): Promise<{ applied: boolean; updated: number; message: string; problems: CsvRowProblem[] }> {
  if (csv.byteLength > PRODUCTS_CSV_BYTES_MAX) throw kitErrors.invalidInput(m.csvTooLarge);
  let table;
  try {
    table = readCsv(csv, { maxRows: PRODUCTS_CSV_ROWS_MAX + 1 });
  } catch (err) {
    if (err instanceof CsvUnreadableError) {
      throw kitErrors.invalidInput(err.reason === 'empty' ? m.csvEmpty : m.csvUnreadable(err.reason === 'encoding' ? 'il testo non è UTF-8' : `riga ${err.line ?? '?'} non leggibile (virgolette non chiuse?)`));
    }
    throw err;
  }
  if (table.rows.length > PRODUCTS_CSV_ROWS_MAX) throw kitErrors.invalidInput(m.csvTooManyRows);
  const c = PRODUCT_CSV_COLUMNS;
  const required = [c.sku, c.weightGrams, c.lengthCm, c.widthCm, c.heightCm, c.hsCode, c.originCountry, c.customsDescription, c.shipsInOwnBox];
  const missing = required.filter((h) => !table.headers.includes(h));
  if (missing.length) throw kitErrors.invalidInput(m.csvMissingColumns(missing.join(', ')));
  if (table.rows.length === 0) throw kitErrors.invalidInput(m.csvEmpty);

  const { merchantId, userId } = scope;
  const problems: CsvRowProblem[] = [];
  const checked: { row: number; sku: string; fields: ProductFields }[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, record } of table.rows) {
    const r = checkProductCsvRow(record, row);
    if ('problems' in r) {
      problems.push(...r.problems);
      continue;
    }
    const first = firstRowOf.get(r.sku);
    if (first !== undefined) {
      problems.push({ row, column: c.sku, message: m.csvDuplicateSku(first) });
      continue;
    }
    firstRowOf.set(r.sku, row);
    checked.push({ row, ...r });
  }
  const result = await withTransaction(deps.pool, async (tx) => {
    const known = await productsBySku(tx, merchantId, checked.map((r) => r.sku));
    for (const r of checked) if (!known.has(r.sku)) problems.push({ row: r.row, column: c.sku, message: m.csvUnknownSku });
    if (problems.length) return null;
    return applyProductChanges(tx, merchantId, checked.map((r) => ({ id: known.get(r.sku)!.id, ...r.fields })));
  });
  if (!result) {
    problems.sort((a, b) => a.row - b.row);
    const rows = new Set(problems.map((p) => p.row)).size;
    return { applied: false, updated: 0, message: m.csvRefused(rows), problems };
  }
  deps.logger.info({ merchantId, userId, updated: result.products.length, ordersReweighed: result.ordersReweighed }, 'catalogue CSV applied');
  return { applied: true, updated: result.products.length, message: m.csvApplied(result.products.length), problems: [] };
}

export async function listPackagePresets(deps: { pool: Pool }, scope: MerchantScope): Promise<PackagePreset[]> {
  return listPresets(deps.pool, scope.merchantId);
}

/**
 * Create (id 0) or replace a preset: admin only (as the other settings' writes). One default per
 * merchant (saving one as default takes it from the other); a tare or default that changes moves
 * the open orders' weights, in the same transaction.
 */
export async function savePackagePreset(deps: CatalogueDeps, scope: MerchantScope, id: number, body: unknown): Promise<PackagePreset> {
  const v = parsed(packagePresetSchema, body);
  const { merchantId, userId } = scope;
  try {
    const saved = await withTransaction(deps.pool, async (tx) => {
      const before = id ? await findPreset(tx, merchantId, id, true) : null;
      if (id && !before) throw ordersErrors.presetNotFound();
      if (v.isDefault) await clearDefaultPreset(tx, merchantId, id);
      const preset = before ? await updatePreset(tx, merchantId, id, v) : await insertPreset(tx, merchantId, v);
      if (!preset) throw ordersErrors.presetNotFound();
      const reweighs = presetChangeReweighs(before, preset);
      if (reweighs) await recomputeOrderWeights(tx, merchantId, reweighs);
      return preset;
    });
    deps.logger.info({ merchantId, presetId: saved.id, userId }, id ? 'package preset updated' : 'package preset created');
    return saved;
  } catch (err) {
    if (uniqueViolation(err) === 'package_presets_by_name') throw ordersErrors.presetNameTaken(v.name);
    throw err;
  }
}

/** Admin only; the orders and rules that named it fall back to the default (their weights again). */
export async function deletePackagePreset(deps: CatalogueDeps, scope: MerchantScope, id: number): Promise<void> {
  const { merchantId, userId } = scope;
  await withTransaction(deps.pool, async (tx) => {
    const preset = await findPreset(tx, merchantId, id, true);
    if (!preset) throw ordersErrors.presetNotFound();
    // Its orders are found before the delete empties their package (ON DELETE SET NULL).
    const packedIn = await openOrdersPackedIn(tx, merchantId, id);
    if (!(await deletePreset(tx, merchantId, id))) throw ordersErrors.presetNotFound();
    if (packedIn.length) await recomputeOrderWeights(tx, merchantId, { orderIds: packedIn });
    if (preset.isDefault) await recomputeOrderWeights(tx, merchantId, { presetIds: [], defaultPackage: true });
  });
  deps.logger.info({ merchantId, presetId: id, userId }, 'package preset deleted');
}

/** The order panel's package: one of the merchant's presets, or 0 for the default; the order's weight again. */
export async function chooseOrderPackage(deps: CatalogueDeps, scope: MerchantScope, orderId: number, presetId: number): Promise<void> {
  const { merchantId } = scope;
  await withTransaction(deps.pool, async (tx) => {
    if (presetId && !(await findPreset(tx, merchantId, presetId))) throw ordersErrors.presetNotFound();
    if (!(await setOrderPackage(tx, merchantId, orderId, presetId || null))) throw ordersErrors.orderNotFound();
    await recomputeOrderWeights(tx, merchantId, { orderIds: [orderId] });
  });
}
