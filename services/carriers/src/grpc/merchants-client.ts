import { createPeerClient, isServiceError, type Logger } from '@smista/service-kit';
import { merchants } from '@smista/proto';
import { carriersErrors } from '../domain';
import type { AddressBook } from '../app/ports';

/** The {@link AddressBook} over merchants' gRPC API (ListAddresses). */
export function createAddressBook(opts: { address: string; callerSecret: string; logger: Logger; deadlineMs?: number }): AddressBook {
  const peer = createPeerClient(merchants.MerchantsServiceClient, opts.address, { callerSecret: opts.callerSecret, deadlineMs: opts.deadlineMs ?? 3_000 });
  return {
    async addressesOf(caller) {
      try {
        const { addresses } = await (await peer.as(caller)).listAddresses({});
        return addresses.map(({ fields: f }) => ({
          addressTypes: f?.addressTypes ?? [],
          isDefault: f?.isDefault ?? false,
          companyName: f?.companyName ?? '',
          contactPerson: f?.contactPerson,
          addressLine1: f?.addressLine1 ?? '',
          addressLine2: f?.addressLine2,
          city: f?.city ?? '',
          state: f?.state,
          postalCode: f?.postalCode ?? '',
          country: f?.country,
          countryCode: f?.countryCode ?? 'IT',
          phone: f?.phone,
          email: f?.email,
          active: f?.active ?? true,
        }));
      } catch (err) {
        opts.logger.warn({ err: isServiceError(err) ? err.details : String(err), merchantId: caller.merchantId }, 'merchant addresses unavailable');
        throw carriersErrors.dependencyUnavailable();
      }
    },
    close: () => peer.close(),
  };
}
