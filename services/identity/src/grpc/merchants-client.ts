import { createPeerClient, GrpcStatus, isServiceError, roleFromProto, type Logger } from '@smista/service-kit';
import { merchants } from '@smista/proto';
import { identityErrors } from '../domain/errors';
import type { MembershipLookup } from '../app/ports';

/** Statuses that mean "no such membership for this user" rather than "cannot tell". */
const NOT_A_MEMBER = new Set<number>([GrpcStatus.NOT_FOUND, GrpcStatus.PERMISSION_DENIED, GrpcStatus.INVALID_ARGUMENT]);

/** The {@link MembershipLookup} over merchants.MerchantsService.GetMembership, calling as the user it asks about. */
export function createMembershipLookup(opts: { address: string; callerSecret: string; logger: Logger; deadlineMs?: number }): MembershipLookup {
  const peer = createPeerClient(merchants.MerchantsServiceClient, opts.address, { callerSecret: opts.callerSecret, deadlineMs: opts.deadlineMs ?? 3_000 });
  return {
    async getMembership(userId, merchantId) {
      try {
        const m = await (await peer.as({ userId })).getMembership({ userId, merchantId });
        // A membership without a usable role is treated as the least-privileged one.
        return { merchantId: m.merchantId || merchantId, merchantName: m.merchantName, role: roleFromProto(m.role) ?? 'user', ssoRequired: m.ssoRequired === true };
      } catch (err) {
        if (isServiceError(err) && NOT_A_MEMBER.has(err.code)) return undefined;
        opts.logger.warn({ err, merchantId }, 'merchants GetMembership failed');
        throw identityErrors.dependencyUnavailable();
      }
    },
    close: () => peer.close(),
  };
}
