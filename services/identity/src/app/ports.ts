import type { Role } from '@smista/service-kit';

/*
 * What the use cases ask of other services. The gRPC client in `grpc/` implements it and main.ts
 * wires it in, so `app/` depends on no transport.
 */

export interface Membership {
  merchantId: string;
  merchantName: string;
  role: Role;
  /** Members work in it only from a session opened with single sign-on. */
  ssoRequired: boolean;
}

/** What SelectMerchant needs from the merchants service. */
export interface MembershipLookup {
  /**
   * The user's membership in a merchant, or undefined when the user is not a member (or the
   * merchant does not exist). Throws DEPENDENCY_UNAVAILABLE when the merchants service cannot answer.
   */
  getMembership(userId: string, merchantId: string): Promise<Membership | undefined>;
  close(): void;
}
