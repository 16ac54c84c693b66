import { createPeerClient, GrpcStatus, isServiceError, roleFromProto, type Logger, type Role } from '@smista/service-kit';
import { merchants } from '@smista/proto';
import { identityErrors } from '../domain/errors';

export interface Membership {
  merchantId: string;
  merchantName: string;
  role: Role;
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

/** Statuses that mean "no such membership for this user" rather than "cannot tell". */
const NOT_A_MEMBER = new Set<number>([GrpcStatus.NOT_FOUND, GrpcStatus.PERMISSION_DENIED, GrpcStatus.INVALID_ARGUMENT]);

/** gRPC client of merchants.MerchantsService.GetMembership, calling as the user it asks about. */
export function createMembershipLookup(opts: { address: string; callerSecret: string; logger: Logger; deadlineMs?: number }): MembershipLookup {
  const peer = createPeerClient(merchants.MerchantsServiceClient, opts.address, { callerSecret: opts.callerSecret, deadlineMs: opts.deadlineMs ?? 3_000 });
  return {
    async getMembership(userId, merchantId) {
      try {
        const m = await (await peer.as({ userId })).getMembership({ userId, merchantId });
        // A membership without a usable role is treated as the least-privileged one.
        return { merchantId: m.merchantId || merchantId, merchantName: m.merchantName, role: roleFromProto(m.role) ?? 'user' };
      } catch (err) {
        if (isServiceError(err) && NOT_A_MEMBER.has(err.code)) return undefined;
        opts.logger.warn({ err, merchantId }, 'merchants GetMembership failed');
        throw identityErrors.dependencyUnavailable();
      }
    },
    close: () => peer.close(),
  };
}
