import { kitErrors, requireMerchant, withTransaction } from '@smista/service-kit';
import { carriers, type common } from '@smista/proto';
import { carrierMessages as m, isPoolCarrier } from '@smista/contracts';
import { createLabel } from '../app/create-label';
import { senderOf } from '../app/sender';
import { poolChanged } from '../app/tracking-code-pool';
import { carriersErrors } from '../domain';
import { releaseCode } from '../store';
import { enqueueTrackingUpdated } from '../events/publishers';
import type { HandlerDeps } from './deps';
import { ownIntegration } from './own-integration';
import { partyAddress, toProtoPartyAddress } from './mapping';
import { customsDeclarationSchema, type CustomsDeclaration } from '@smista/contracts';
import type { customs as customsProto } from '@smista/proto';

/** The request's declaration, checked by the contracts' schema (a wrong value: INVALID_ARGUMENT in Italian); absent: none. */
function customsOf(d: customsProto.CustomsDeclaration | undefined): CustomsDeclaration | undefined {
  if (!d) return undefined;
  return customsDeclarationSchema.parse({ ...d, currency: d.currency || 'EUR', items: d.items.map((i) => ({ ...i, weightGrams: i.weightGrams || null })) });
}

/** The operations the shipments service calls: labels, cancellation, workday close, tracking. */
export function operationHandlers(deps: HandlerDeps) {
  const { pool, unary, now } = deps;

  return {
    getSender: unary('GetSender', async (_request: common.Empty, ctx) => {
      const caller = await ctx.caller();
      await requireMerchant(ctx);
      return toProtoPartyAddress(await senderOf(deps, caller));
    }),

    createLabel: unary('CreateLabel', async (request: carriers.CreateLabelRequest, ctx) => {
      const caller = await ctx.caller();
      const { merchantId } = await requireMerchant(ctx);
      const integration = await ownIntegration(pool, merchantId, { id: request.integrationId });
      const label = await createLabel(
        deps,
        integration,
        caller,
        {
          reference: request.reference.trim(),
          sequence: request.sequence,
          recipient: partyAddress(request.recipient),
          sender: request.sender?.name?.trim() ? partyAddress(request.sender) : undefined,
          parcels: request.parcels.map((p) => ({ weightGrams: p.weightGrams, lengthCm: p.lengthCm || undefined, widthCm: p.widthCm || undefined, heightCm: p.heightCm || undefined })),
          cashOnDeliveryCents: request.cashOnDeliveryCents || undefined,
          notes: request.notes.trim() || undefined,
          contentDescription: request.contentDescription.trim() || undefined,
          orderId: request.orderId.trim() || undefined,
          customs: customsOf(request.customs),
        },
        ctx.logger,
      );
      ctx.logger.info({ merchantId, integrationId: integration.id, carrier: integration.carrier.code, trackingNumber: label.trackingNumber }, 'label created');
      return carriers.CreateLabelResponse.fromPartial({
        trackingNumber: label.trackingNumber,
        carrierShipmentNumber: label.carrierShipmentNumber,
        labelPdf: Buffer.from(label.labelPdf),
        warnings: label.warnings,
      });
    }),

    cancelShipment: unary('CancelShipment', async (request: carriers.CancelShipmentRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      const integration = await ownIntegration(pool, merchantId, { id: request.integrationId });
      if (isPoolCarrier(integration.carrier.code)) {
        const code = request.trackingNumber.trim() || request.carrierShipmentNumber.trim();
        if (!code) throw kitErrors.invalidInput(m.shipmentNumbersRequired);
        // A printed code may already be on an envelope: it stays used.
        if (request.labelHandedOut) return carriers.CancelShipmentResponse.fromPartial({ message: m.cancelNotSupportedAfterLabel, codeReleased: false, cancelledAtCarrier: false });
        const released = await withTransaction(pool, async (tx) => {
          const ok = await releaseCode(tx, integration.id, code);
          if (ok) await poolChanged(tx, integration, +1, now());
          return ok;
        });
        return carriers.CancelShipmentResponse.fromPartial({ message: released ? m.codeReleased : m.codeNotReleased, codeReleased: released, cancelledAtCarrier: false });
      }
      const adapter = await deps.adapters.get(integration);
      const result = await adapter.cancelShipment({ carrierShipmentNumber: request.carrierShipmentNumber.trim(), trackingNumber: request.trackingNumber.trim() });
      ctx.logger.info({ merchantId, integrationId: integration.id, carrier: integration.carrier.code, cancelledAtCarrier: result.cancelledAtCarrier }, 'shipment cancelled');
      return carriers.CancelShipmentResponse.fromPartial({ message: result.message, codeReleased: false, cancelledAtCarrier: result.cancelledAtCarrier });
    }),

    closeWorkday: unary('CloseWorkday', async (request: carriers.CloseWorkdayRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      const integration = await ownIntegration(pool, merchantId, { id: request.integrationId });
      const numbers = [...new Set(request.carrierShipmentNumbers.map((n) => n.trim()).filter(Boolean))];
      if (numbers.length === 0) throw kitErrors.invalidInput(m.shipmentNumbersRequired);
      if (!integration.active) throw carriersErrors.integrationInactive();
      const adapter = await deps.adapters.get(integration);
      const result = await adapter.closeWorkday(numbers);
      ctx.logger.info({ merchantId, integrationId: integration.id, carrier: integration.carrier.code, shipments: numbers.length }, 'workday closed');
      return carriers.CloseWorkdayResponse.fromPartial({
        outcomes: result.outcomes,
        manifestPdf: result.manifestPdf ? Buffer.from(result.manifestPdf) : Buffer.alloc(0),
      });
    }),

    track: unary('Track', async (request: carriers.TrackRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      const integration = await ownIntegration(pool, merchantId, { id: request.integrationId });
      const trackingNumber = request.trackingNumber.trim();
      if (!trackingNumber) throw kitErrors.invalidInput(m.trackingNumberRequired);
      const adapter = await deps.adapters.get(integration);
      const result = await adapter.track({ trackingNumber, carrierShipmentNumber: request.carrierShipmentNumber.trim() });
      const last = result.events[result.events.length - 1];
      if (last) {
        await withTransaction(pool, (tx) =>
          enqueueTrackingUpdated(tx, { integrationId: integration.id, merchantId, trackingNumber, status: last.status, delivered: result.delivered, occurredAt: now() }),
        );
      }
      // Each event with Smista's status (mapped in the adapter) and the carrier's own code beside it.
      const events = result.events.map((e) => ({ at: e.at, status: e.status, code: e.code, description: e.description, location: e.location ?? '' }));
      return carriers.TrackResponse.fromPartial({ events, delivered: result.delivered });
    }),
  };
}
