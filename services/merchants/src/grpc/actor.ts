import { GrpcError, GrpcStatus, type CallContext } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import { isUuid, type Actor } from '../domain';

/**
 * The verified caller as a domain actor. Identity signs tokens for user ids, which are uuids; a
 * token whose subject is not one cannot name a user here and is refused like a bad token.
 */
export async function actorOf(ctx: CallContext): Promise<Actor> {
  const caller = await ctx.caller();
  if (!isUuid(caller.userId)) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, messages.errors.notAuthenticated);
  return { userId: caller.userId.toLowerCase() };
}
