import type { Queryable } from '@smista/service-kit';
import { isPoolCarrier } from '@smista/contracts';
import { assertSelectedMerchant, carriersErrors, type Integration } from '../domain';
import { findIntegration } from '../store';

/**
 * The integration a request names, of the caller's selected merchant: a `merchantId` in the
 * request other than the selected one, an unknown id and another merchant's id all answer NOT_FOUND
 * (tenancy). `forUpdate` locks its row inside a transaction; `pool` also requires a letter service.
 */
export async function ownIntegration(
  db: Queryable,
  selectedMerchantId: string,
  request: { merchantId?: string; id: number },
  options: { forUpdate?: boolean; pool?: boolean } = {},
): Promise<Integration> {
  assertSelectedMerchant(request.merchantId ?? '', selectedMerchantId);
  const integration = await findIntegration(db, selectedMerchantId, request.id, options.forUpdate);
  if (!integration) throw carriersErrors.integrationNotFound();
  if (options.pool && !isPoolCarrier(integration.carrier.code)) throw carriersErrors.notPoolCarrier();
  return integration;
}
