import type { Queryable } from '@smista/service-kit';
import { assertSelectedMerchant, marketplacesErrors, type Integration } from '../domain';
import { findIntegration } from '../store';

/**
 * The integration a request names, of the caller's selected merchant: a `merchantId` in the request
 * other than the selected one, an unknown id, a malformed one and another merchant's all answer the
 * same NOT_FOUND (tenancy). `forUpdate` locks its row inside a transaction.
 */
export async function ownIntegration(
  db: Queryable,
  selectedMerchantId: string,
  request: { merchantId?: string; id: number },
  options: { forUpdate?: boolean } = {},
): Promise<Integration> {
  assertSelectedMerchant(request.merchantId, selectedMerchantId);
  const integration = await findIntegration(db, selectedMerchantId, request.id, options.forUpdate);
  if (!integration) throw marketplacesErrors.integrationNotFound();
  return integration;
}
