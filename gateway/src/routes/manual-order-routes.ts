import { manualOrderSchema, postalAddressOfShipment } from '@smista/contracts';
import { orderJson } from './order-presenters';
import { orderDetailsResponse } from './response-schemas/orders';
import { linksToCreated, route, type RouteDef } from './route';

/**
 * Orders from anywhere (issue 25): 'Nuovo ordine' creates an order the merchant typed, with no
 * marketplace behind it (orders' CreateManualOrder). Any member. The body is checked here with the
 * contracts' schema (the recipient's address with the shipment address's rules, the lines, picked
 * from the catalogue (`productId`) or typed with their weight (`weightKg`), EUR, an optional
 * package preset, notes: a 400 in Italian) and again in the service; the answer is the
 * order as `GET /api/orders/:id` answers it, with its number ('M-000123').
 */
export const manualOrderRoutes: RouteDef[] = [
  route({
    method: 'POST',
    path: '/api/orders',
    auth: 'session',
    rpc: 'orders.CreateManualOrder',
    response: {
      schema: orderDetailsResponse,
      status: 201,
      description: 'The order, as `GET /api/orders/{id}` answers it',
      links: linksToCreated({ read: ['GET', '/api/orders/:id'], carrier: ['PATCH', '/api/orders/:id/carrier'] }),
    },
    body: manualOrderSchema,
    handle: async ({ body, orders }) => {
      const order = await orders.createManualOrder({
        address: postalAddressOfShipment(body.address),
        items: body.items.map((i) => ({
          sku: i.sku,
          title: i.title,
          quantity: i.quantity,
          unitPrice: i.unitPrice,
          productId: i.productId ?? 0,
          // grams back to kg as text: the service reads it with the same schema
          weightKg: i.weightGrams === null ? '' : (i.weightGrams / 1000).toFixed(3),
        })),
        currency: body.currency,
        packagePresetId: body.packagePresetId ?? 0,
        notes: body.notes,
      });
      return { status: 201, body: orderJson(order) };
    },
  }),
];
