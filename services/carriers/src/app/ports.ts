import type { Caller } from '@smista/service-kit';
import type { MerchantAddressLike } from '../domain';

/**
 * What the use cases ask of other services. The gRPC clients in `grpc/` implement these and main.ts
 * wires them in, so `app/` depends on no transport.
 */

/** The merchant's addresses, for the sender of a label. */
export interface AddressBook {
  /**
   * The addresses of the caller's selected merchant, asked of the merchants service on behalf of the
   * same caller (merchants checks the membership itself). UNAVAILABLE when merchants cannot answer.
   */
  addressesOf(caller: Caller): Promise<MerchantAddressLike[]>;
  close(): void;
}
