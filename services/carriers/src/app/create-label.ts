import { withTransaction, type Caller, type Logger } from '@smista/service-kit';
import { customsMessages, customsMissing, customsNeedOf, isPoolCarrier, parcelLimitRefusal } from '@smista/contracts';
import { assertLabelRequest, carriersErrors, type Integration } from '../domain';
import type { LabelRequest, LabelResult, PartyAddress } from '../adapters';
import { codeForReference, releaseCode, takeNextCode } from '../store';
import { poolChanged } from './tracking-code-pool';
import type { AppDeps } from './deps';
import { senderOf } from './sender';

export type LabelInput = Omit<LabelRequest, 'sender' | 'poolCode' | 'sequence'> & { sender?: PartyAddress; sequence?: number };

/**
 * CreateLabel: checks the request, fills the sender from the merchant's pickup address, takes a
 * pool code for the letter services (the same code again for a retried reference), and asks the
 * carrier's adapter for the label. A code taken for a label that then failed goes back to the pool.
 */
export async function createLabel(deps: AppDeps, integration: Integration, caller: Caller, input: LabelInput, logger: Logger): Promise<LabelResult> {
  if (!integration.active) throw carriersErrors.integrationInactive();
  if (integration.status !== 'active') throw carriersErrors.integrationNotActive();
  assertLabelRequest(input);
  assertParcelAndCustoms(integration, input);
  const sender = input.sender ?? (await senderOf(deps, caller));
  const sequence = input.sequence && input.sequence > 0 ? input.sequence : await nextSequence(deps);
  const request: LabelRequest = { ...input, sender, sequence };
  const adapter = await deps.adapters.get(integration);

  if (!isPoolCarrier(integration.carrier.code)) return adapter.createLabel(request);

  const { code, fresh } = await takeCodeFor(deps, integration, request);
  try {
    return await adapter.createLabel({ ...request, poolCode: code });
  } catch (err) {
    if (fresh) {
      await withTransaction(deps.pool, async (tx) => {
        if (await releaseCode(tx, integration.id, code)) await poolChanged(tx, integration, +1, deps.now());
      });
      logger.warn({ integrationId: integration.id, trackingCode: code }, 'label failed: pool code released');
    }
    throw err;
  }
}

/**
 * Issue 25, before any carrier call: each parcel within the carrier service's limits (the limit
 * named), and a destination outside the EU customs union with a complete declaration (what is
 * missing named). Both LABEL_REFUSED-like INVALID_ARGUMENT: nothing is sent, no pool code taken.
 */
function assertParcelAndCustoms(integration: Integration, input: LabelInput): void {
  const service = { carrierCode: integration.carrier.code, serviceType: integration.credentials.serviceType ?? '' };
  for (const parcel of input.parcels) {
    const refusal = parcelLimitRefusal(service, parcel);
    if (refusal) throw carriersErrors.invalidLabelRequest(refusal);
  }
  if (!customsNeedOf(input.recipient.countryCode, input.recipient.postalCode).needed) return;
  const missing = customsMissing(input.customs ?? null);
  if (missing.length > 0) throw carriersErrors.invalidLabelRequest(customsMessages.missing(missing));
}

/** The code for this shipment reference: the one already taken (a retry), or the next available. */
async function takeCodeFor(deps: AppDeps, integration: Integration, request: LabelRequest): Promise<{ code: string; fresh: boolean }> {
  const previous = await codeForReference(deps.pool, integration.id, request.reference);
  if (previous) return { code: previous.trackingCode, fresh: false };
  const at = deps.now();
  const taken = await withTransaction(deps.pool, async (tx) => {
    const row = await takeNextCode(tx, integration.id, { orderId: request.orderId ?? null, reference: request.reference, recipient: request.recipient, now: at });
    if (!row) throw carriersErrors.noCodesAvailable();
    await poolChanged(tx, integration, -1, at);
    return row;
  });
  return { code: taken.trackingCode, fresh: true };
}

async function nextSequence(deps: AppDeps): Promise<number> {
  const { rows } = await deps.pool.query<{ n: string }>(`SELECT nextval('label_sequence') AS n`);
  return Number(rows[0].n);
}
