import { z } from 'zod';
import { merchantAddressPatchSchema, merchantAddressSchema } from '@smista/contracts';
import { createAddressRequest, updateAddressRequest } from './address-requests';
import { addressJson } from './presenters';
import { addressesResponse, addressSchema } from './response-schemas/addresses';
import { successResponse } from './response-schemas/common';
import { linksToCreated, route, type RouteDef } from './route';

/** As for the team routes: a malformed address id is the service's NOT_FOUND, like an unknown one. */
const addressParams = z.object({ id: z.string() });

/**
 * Spec §7 "Addresses": the addresses of the merchant selected in the caller's session (the merchants
 * service reads it from the caller token and checks the membership). Bodies are checked here with
 * the contracts' schemas (spec §5) and again in the service.
 */
export const addressRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/merchant-addresses',
    auth: 'session',
    rpc: 'merchants.ListAddresses',
    response: { schema: addressesResponse },
    handle: async ({ merchants }) => ({ body: (await merchants.listAddresses({})).addresses.map(addressJson) }),
  }),
  route({
    method: 'POST',
    path: '/api/merchant-addresses',
    auth: 'session',
    rpc: 'merchants.CreateAddress',
    response: {
      schema: addressSchema,
      status: 201,
      links: linksToCreated({ update: ['PATCH', '/api/merchant-addresses/:id'], delete: ['DELETE', '/api/merchant-addresses/:id'] }),
    },
    body: merchantAddressSchema,
    handle: async ({ body, merchants }) => ({ status: 201, body: addressJson(await merchants.createAddress(createAddressRequest(body))) }),
  }),
  route({
    method: 'PATCH',
    path: '/api/merchant-addresses/:id',
    auth: 'session',
    rpc: 'merchants.UpdateAddress',
    response: { schema: addressSchema },
    params: addressParams,
    // Validation only: the request is built from the body as sent (which fields, null = clear).
    body: merchantAddressPatchSchema,
    handle: async ({ params, rawBody, merchants }) => ({
      body: addressJson(await merchants.updateAddress(updateAddressRequest(params.id, rawBody))),
    }),
  }),
  route({
    method: 'DELETE',
    path: '/api/merchant-addresses/:id',
    auth: 'session',
    rpc: 'merchants.DeleteAddress',
    response: { schema: successResponse },
    params: addressParams,
    handle: async ({ params, merchants }) => {
      await merchants.deleteAddress({ id: params.id });
      return { body: { success: true } };
    },
  }),
];
