import { kitErrors, withTransaction, type Logger, type MerchantScope, type Pool } from '@smista/service-kit';
import { manualOrderNumber, manualOrderSchema } from '@smista/contracts';
import { manualOrderImport, ordersErrors, pickedProductIds, withPickedProducts, type Order } from '../domain';
import { findOrder, findPreset, nextManualOrderNumber, productsById, recomputeOrderWeights, setManualOrderExtras, setOrderPackage } from '../store';
import { storeImports } from '../events/order-imported';

/**
 * 'Nuovo ordine' (issue 25, `POST /api/orders`): checks the body again with the contracts' schema
 * (the gateway did too), numbers the order for the merchant ('M-000123'), and stores it in one
 * transaction exactly as an import is stored: the same upsert, the rules on create, and
 * `orders.order.upserted` (created) through the outbox, so shipments, activity and the counters
 * follow. Lines picked from the catalogue take their product's SKU, so their weight is the
 * catalogue's as on import; a typed line's weight is kept as a marketplace's own. Any member may
 * create one.
 *
 * @example await createManualOrder(deps, scope, { address: {...}, items: [{ title: 'Tazza', quantity: 1, unitPrice: '9,90' }] })
 */
export async function createManualOrder(deps: { pool: Pool; logger: Logger; now: () => Date }, scope: MerchantScope, body: unknown): Promise<Order> {
  const result = manualOrderSchema.safeParse(body);
  if (!result.success) throw kitErrors.invalidInput(result.error.issues[0]?.message ?? 'Richiesta non valida');
  const { merchantId } = scope;
  return withTransaction(deps.pool, async (tx) => {
    // Only the merchant's own preset and products: another merchant's id is the same 404 as an unknown one.
    if (result.data.packagePresetId !== null && !(await findPreset(tx, merchantId, result.data.packagePresetId))) throw ordersErrors.presetNotFound();
    const ids = pickedProductIds(result.data);
    const data = ids.length ? withPickedProducts(result.data, await productsById(tx, merchantId, ids)) : result.data;
    if (!data) throw ordersErrors.productNotFound();
    const externalId = manualOrderNumber(await nextManualOrderNumber(tx, merchantId));
    const order = manualOrderImport(merchantId, externalId, data, deps.now());
    const log = { merchantId, externalId, userId: scope.userId };
    const [stored] = await storeImports(tx, [{ order, log }], deps, { transactionState: new Map() });
    if (!stored) throw ordersErrors.orderNotFound();
    await setManualOrderExtras(tx, merchantId, stored.orderId, { notes: data.notes });
    if (data.packagePresetId !== null) {
      // the chosen box replaces a rule's or the default's: its tare moves the order's weight
      await setOrderPackage(tx, merchantId, stored.orderId, data.packagePresetId);
      await recomputeOrderWeights(tx, merchantId, { orderIds: [stored.orderId] });
    }
    deps.logger.info({ ...log, orderId: stored.orderId }, 'manual order created');
    const created = await findOrder(tx, merchantId, stored.orderId);
    if (!created) throw ordersErrors.orderNotFound();
    return created;
  });
}
