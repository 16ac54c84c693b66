import type { Caller } from '@smista/service-kit';
import { chooseSender } from '../domain';
import type { PartyAddress } from '../adapters';
import type { AppDeps } from './deps';

/**
 * The sender of the caller's merchant's labels: its default pickup address as merchants has it now
 * (see `chooseSender`); SENDER_MISSING when it has none. CreateLabel uses it when the request names
 * no sender, and GetSender answers it, so a processing run asks once and names it on every label.
 *
 * @example const sender = await senderOf(deps, caller) // { name: 'Bottega Verdi Srl', city: 'Milano', ... }
 */
export async function senderOf(deps: Pick<AppDeps, 'addressBook'>, caller: Caller): Promise<PartyAddress> {
  return chooseSender(await deps.addressBook.addressesOf(caller));
}
