import { merchantsErrors } from './errors';

/** Who is acting: the user of a verified caller token. */
export interface Actor {
  userId: string;
}

function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * A membership may be read only by its own user: identity asks with a caller token signed for the
 * user whose session it is resolving. Anyone else is FORBIDDEN, before any lookup, so the answer
 * says nothing about the merchant.
 */
export function assertMayReadMembershipOf(actor: Actor, userId: string): void {
  if (!sameId(actor.userId, userId.trim())) throw merchantsErrors.forbidden();
}
