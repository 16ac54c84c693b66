import { assertSelectedMerchant, kitErrors, requireMerchant } from '@smista/service-kit';
import { manualOrders, orders } from '@smista/proto';
import { orderMessages, pageMeta, shipmentAddressOfPostal } from '@smista/contracts';
import { assignCarrier } from '../app/assign-carrier';
import { createManualOrder } from '../app/create-manual-order';
import { readListPage } from '../app/list-orders';
import { updateTracking } from '../app/update-tracking';
import { listCriteria, ordersErrors, totalOf } from '../domain';
import { countByStatus, findOrder, findOrders, listOrderPage, MAX_ORDERS_BY_ID } from '../store';
import type { HandlerDeps } from './deps';
import { toOrderMessage } from './mapping';

/** A `merchant_id` in a request, when given, must be the caller's selected merchant. */

/** The merchant's orders: any member lists, reads, assigns a carrier and updates tracking. */
export function orderHandlers(deps: HandlerDeps) {
  const { pool, unary } = deps;

  return {
    listOrders: unary('ListOrders', async (request: orders.ListOrdersRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      assertSelectedMerchant(request.merchantId, merchantId, ordersErrors.merchantNotFound);
      const criteria = listCriteria(request);
      const { version, page } = await readListPage(pool, merchantId, request.knownVersion, async () => {
        // The page and the counts on two connections at once; the page's items follow the page.
        const [rows, counts] = await Promise.all([listOrderPage(pool, merchantId, criteria), countByStatus(pool, merchantId, criteria)]);
        return orders.ListOrdersResponse.fromPartial({
          orders: rows.map(toOrderMessage),
          meta: pageMeta(criteria.page, criteria.pageSize, totalOf(counts, criteria.status)),
          statusCounts: request.includeCounts ? Object.entries(counts).map(([status, count]) => ({ status, count })) : [],
        });
      });
      return page ? { ...page, version } : orders.ListOrdersResponse.fromPartial({ version, unchanged: true });
    }),

    getOrder: unary('GetOrder', async (request: orders.OrderRef, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      assertSelectedMerchant(request.merchantId, merchantId, ordersErrors.orderNotFound);
      const order = await findOrder(pool, merchantId, request.id, { withOriginalData: true });
      if (!order) throw ordersErrors.orderNotFound();
      return toOrderMessage(order);
    }),

    getOrders: unary('GetOrders', async (request: orders.GetOrdersRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      if (request.ids.length > MAX_ORDERS_BY_ID) throw kitErrors.invalidInput(orderMessages.tooManyIds(MAX_ORDERS_BY_ID));
      const found = await findOrders(pool, merchantId, request.ids);
      return orders.GetOrdersResponse.fromPartial({ orders: found.map(toOrderMessage) });
    }),

    updateTracking: unary('UpdateTracking', async (request: orders.OrderRef, ctx) => {
      const scope = await requireMerchant(ctx);
      assertSelectedMerchant(request.merchantId, scope.merchantId, ordersErrors.orderNotFound);
      const answer = await updateTracking(deps, scope, request.id);
      ctx.logger.info({ merchantId: scope.merchantId, orderId: request.id, userId: scope.userId, ok: answer.ok, alreadyPushed: answer.alreadyPushed }, 'order tracking update');
      return orders.UpdateTrackingResponse.fromPartial(answer);
    }),

    createManualOrder: unary('CreateManualOrder', async (request: manualOrders.CreateManualOrderRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      // The body the contracts' schema reads (the gateway's, in the service's own words again).
      const body = {
        address: request.address ? shipmentAddressOfPostal(request.address) : null,
        items: request.items.map((i) => ({ sku: i.sku, title: i.title, quantity: i.quantity, unitPrice: i.unitPrice, productId: i.productId || null, weightKg: i.weightKg })),
        currency: request.currency,
        packagePresetId: request.packagePresetId || null,
        notes: request.notes,
      };
      return toOrderMessage(await createManualOrder(deps, scope, body));
    }),

    assignCarrier: unary('AssignCarrier', async (request: orders.AssignCarrierRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const order = await assignCarrier(deps, scope, { orderId: request.id, carrierIntegrationId: request.carrierIntegrationId });
      return toOrderMessage(order);
    }),
  };
}
