import { withTransaction } from '@smista/service-kit';
import { common, merchants } from '@smista/proto';
import { assertMay, merchantsErrors, mustClearOtherDefault, parseAddressId, parseAddressPatch, parseNewAddress } from '../domain';
import {
  clearDefaultAddress,
  deleteAddress,
  findAddressForUpdate,
  insertAddress,
  listAddresses,
  lockMerchantAddresses,
  updateAddress,
} from '../store';
import { selectedMembershipOf } from './actor';
import type { HandlerDeps } from './deps';
import { addressPatchInput, newAddressInput, toAddressMessage } from './mapping';

/** ListAddresses, CreateAddress, UpdateAddress, DeleteAddress: the caller's selected merchant. */
export function addressHandlers({ pool, unary, now }: HandlerDeps) {
  return {
    listAddresses: unary('ListAddresses', async (_request: merchants.ListAddressesRequest, ctx) => {
      const { membership } = await selectedMembershipOf(ctx, pool);
      assertMay(membership.role, 'addresses.read');
      const rows = await listAddresses(pool, membership.merchantId);
      return merchants.ListAddressesResponse.fromPartial({ addresses: rows.map(toAddressMessage) });
    }),

    createAddress: unary('CreateAddress', async (request: merchants.CreateAddressRequest, ctx) => {
      const { actor, membership } = await selectedMembershipOf(ctx, pool);
      assertMay(membership.role, 'addresses.write');
      const data = parseNewAddress(newAddressInput(request.fields));
      const { merchantId } = membership;
      const created = await withTransaction(pool, async (tx) => {
        const at = now();
        if (mustClearOtherDefault({ wasDefault: false, isDefault: data.isDefault })) {
          await lockMerchantAddresses(tx, merchantId);
          await clearDefaultAddress(tx, merchantId, at);
        }
        return insertAddress(tx, merchantId, data, at);
      });
      ctx.logger.info({ merchantId, addressId: created.id, userId: actor.userId }, 'address created');
      return toAddressMessage(created);
    }),

    updateAddress: unary('UpdateAddress', async (request: merchants.UpdateAddressRequest, ctx) => {
      const { actor, membership } = await selectedMembershipOf(ctx, pool);
      assertMay(membership.role, 'addresses.write');
      const id = parseAddressId(request.id);
      const { input, fields } = addressPatchInput(request.fields, request.updateMask);
      const patch = parseAddressPatch(input, fields);
      const { merchantId } = membership;
      const updated = await withTransaction(pool, async (tx) => {
        const at = now();
        if (patch.isDefault) await lockMerchantAddresses(tx, merchantId);
        const current = await findAddressForUpdate(tx, merchantId, id);
        if (!current) throw merchantsErrors.addressNotFound();
        if (patch.isDefault !== undefined && mustClearOtherDefault({ wasDefault: current.isDefault, isDefault: patch.isDefault })) {
          await clearDefaultAddress(tx, merchantId, at);
        }
        return updateAddress(tx, merchantId, id, patch, at);
      });
      ctx.logger.info({ merchantId, addressId: id, fields, userId: actor.userId }, 'address updated');
      return toAddressMessage(updated);
    }),

    deleteAddress: unary('DeleteAddress', async (request: merchants.DeleteAddressRequest, ctx) => {
      const { actor, membership } = await selectedMembershipOf(ctx, pool);
      assertMay(membership.role, 'addresses.write');
      const id = parseAddressId(request.id);
      if (!(await deleteAddress(pool, membership.merchantId, id))) throw merchantsErrors.addressNotFound();
      ctx.logger.info({ merchantId: membership.merchantId, addressId: id, userId: actor.userId }, 'address deleted');
      return common.Empty.fromPartial({});
    }),
  };
}
