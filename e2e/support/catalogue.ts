import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { api } from './api';

/** What a merchant fills in a product: the weight, and for destinations outside the EU its customs data. */
export interface ProductFacts {
  weightGrams: number;
  hsCode?: string;
  originCountry?: string;
  customsDescription?: string;
}

/** A small parcel's worth: what the suites weigh a product at when the weight itself is not the point. */
export const DEFAULT_PRODUCT_FACTS: ProductFacts = { weightGrams: 400 };

/**
 * Weighs every product of the merchant selected in the session that has no weight yet, through
 * `PUT /api/products/:id` as a merchant would in the Catalogo screen (issue 25: the eBay sandbox,
 * like the real eBay API, gives no weights, and a shipment without a weight cannot be labelled).
 * Products are learned from the imported orders, so call it after the orders are in and before the
 * shipments are created (a shipment takes its parcel from its order when it is made). Answers the
 * products weighed; throws with the answer when a call fails.
 *
 * @example
 * await syncedOrders(...);
 * await weighAllProducts(browser.context, app.baseUrl);
 * await api(browser.context, app.baseUrl, 'POST', '/api/shipments/bulk-create', { orderIds });
 */
export async function weighAllProducts(context: BrowserContext | APIRequestContext, baseUrl: string, facts: ProductFacts = DEFAULT_PRODUCT_FACTS): Promise<number> {
  const weighed = new Set<number>();
  // Each PUT takes the product out of the 'senza peso' filter: the first page is read again until it is empty.
  for (;;) {
    const page = await api(context, baseUrl, 'GET', '/api/products?missingWeight=true');
    if (page.status !== 200) throw new Error(`GET /api/products?missingWeight=true: ${page.status} ${JSON.stringify(page.body)}`);
    const products = page.body.data as { id: number; sku: string }[];
    if (products.length === 0) return weighed.size;
    for (const p of products) {
      if (weighed.has(p.id)) throw new Error(`product ${p.id} (${p.sku}) still has no weight after PUT /api/products/${p.id}`);
      const saved = await api(context, baseUrl, 'PUT', `/api/products/${p.id}`, facts);
      if (saved.status !== 200) throw new Error(`PUT /api/products/${p.id} (${p.sku}): ${saved.status} ${JSON.stringify(saved.body)}`);
      weighed.add(p.id);
    }
  }
}
