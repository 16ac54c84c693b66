import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { api, type ApiResponse } from './api';

/** What a merchant fills in a product: the weight, and for destinations outside the EU its customs data. */
export interface ProductFacts {
  weightGrams: number;
  hsCode?: string;
  originCountry?: string;
  customsDescription?: string;
}

/**
 * What the suites fill when the product itself is not the point: a small item's weight, and customs
 * data, so an eBay order to the United Kingdom or Switzerland gets its declaration without typing.
 */
export const DEFAULT_PRODUCT_FACTS: ProductFacts = { weightGrams: 400, hsCode: '691200', originCountry: 'IT', customsDescription: 'Articoli da tavola in ceramica' };

/** A call of the gateway as some member of the merchant (the gateway suites bring their own HTTP client). */
export type CatalogueCall = (method: 'GET' | 'PUT', path: string, body?: unknown) => Promise<Pick<ApiResponse, 'status' | 'body'>>;

/**
 * Weighs every product of the merchant selected in the session that has no weight yet, through
 * `PUT /api/products/:id` as a merchant would in the Catalogo screen (issue 25: the eBay sandbox,
 * like the real eBay API, gives no weights, and a shipment without a weight gets no label), with
 * the customs data of {@link DEFAULT_PRODUCT_FACTS} unless told otherwise.
 * Products are learned from the imported orders, so call it after the orders are in and before the
 * shipments are created (a shipment takes its parcel from its order when it is made). Answers the
 * products weighed; throws with the answer when a call fails.
 *
 * @example
 * await weighAllProducts(browser.context, app.baseUrl);
 * await api(browser.context, app.baseUrl, 'POST', '/api/shipments/bulk-create', { orderIds });
 */
export function weighAllProducts(context: BrowserContext | APIRequestContext, baseUrl: string, facts: ProductFacts = DEFAULT_PRODUCT_FACTS): Promise<number> {
  return weighAllProductsWith((method, path, body) => api(context, baseUrl, method, path, body), facts);
}

/** {@link weighAllProducts} through any client of the gateway. */
export async function weighAllProductsWith(call: CatalogueCall, facts: ProductFacts = DEFAULT_PRODUCT_FACTS): Promise<number> {
  const weighed = new Set<number>();
  // Each PUT takes the product out of the 'senza peso' filter: the first page is read again until it is empty.
  for (;;) {
    const page = await call('GET', '/api/products?missingWeight=true');
    if (page.status !== 200) throw new Error(`GET /api/products?missingWeight=true: ${page.status} ${JSON.stringify(page.body)}`);
    const products = page.body.data as { id: number; sku: string }[];
    if (products.length === 0) return weighed.size;
    for (const p of products) {
      if (weighed.has(p.id)) throw new Error(`product ${p.id} (${p.sku}) still has no weight after PUT /api/products/${p.id}`);
      const saved = await call('PUT', `/api/products/${p.id}`, facts);
      if (saved.status !== 200) throw new Error(`PUT /api/products/${p.id} (${p.sku}): ${saved.status} ${JSON.stringify(saved.body)}`);
      weighed.add(p.id);
    }
  }
}

/**
 * Two SKUs that make whole orders of `orders` (every line of an order among them), so weighing
 * just these two takes those orders out of 'Peso mancante': the orders with fewest SKUs first.
 * Orders with a line without SKU, or with one of `excluded`, are passed over.
 */
export function twoSkusCoveringOrders(orders: readonly { items: readonly { sku: string | null }[] }[], excluded: ReadonlySet<string> = new Set()): string[] {
  const skusOf = (o: (typeof orders)[number]) => [...new Set(o.items.map((i) => i.sku))];
  const candidates = orders
    .map(skusOf)
    .filter((skus): skus is string[] => skus.every((s) => typeof s === 'string' && s !== '' && !excluded.has(s)))
    .sort((a, b) => a.length - b.length);
  const chosen: string[] = [];
  for (const skus of candidates) {
    if (chosen.length + skus.filter((s) => !chosen.includes(s)).length > 2) continue;
    for (const sku of skus) if (!chosen.includes(sku)) chosen.push(sku);
    if (chosen.length === 2) break;
  }
  return chosen;
}

/** Gives these SKUs their weights through `PUT /api/products/:id`, leaving a product already weighed as it is. */
export async function weighSkus(call: CatalogueCall, grams: readonly (readonly [string, number])[]): Promise<void> {
  const products = (await call('GET', '/api/products?pageSize=100')).body.data as { id: number; sku: string; weightGrams: number | null }[];
  for (const [sku, weightGrams] of grams) {
    const product = products.find((p) => p.sku === sku);
    if (!product) throw new Error(`no product ${sku} in the catalogue`);
    if (product.weightGrams !== null) continue;
    const saved = await call('PUT', `/api/products/${product.id}`, { weightGrams });
    if (saved.status !== 200) throw new Error(`PUT /api/products/${product.id} (${sku}): ${saved.status} ${JSON.stringify(saved.body)}`);
  }
}
