import { createPeerClient, GrpcStatus, isServiceError, type Caller, type Logger } from '@smista/service-kit';
import { carriers } from '@smista/proto';
import { CarrierCallError, type CarrierFailure } from '../domain';
import type { CarrierGateway, CarrierIntegrationView } from '../app/ports';
import { toCustomsMessage } from './mapping';

/** Statuses that are an answer the merchant can act on; anything else is "no answer". */
const REFUSALS = new Map<number, string>([
  [GrpcStatus.FAILED_PRECONDITION, 'CARRIER_REFUSED'],
  [GrpcStatus.INVALID_ARGUMENT, 'INVALID_LABEL_REQUEST'],
  [GrpcStatus.NOT_FOUND, 'NOT_FOUND'],
  [GrpcStatus.PERMISSION_DENIED, 'PERMISSION_DENIED'],
  [GrpcStatus.ALREADY_EXISTS, 'ALREADY_EXISTS'],
]);

/** A failed call as the domain reads it: a refusal with carriers' Italian text, or unavailable. */
export function carrierFailureOf(err: unknown): CarrierFailure {
  if (isServiceError(err)) {
    const code = REFUSALS.get(err.code);
    if (code) return { kind: 'refused', code, message: err.details };
  }
  return { kind: 'unavailable', message: isServiceError(err) ? err.details : String(err) };
}

const view = (i: carriers.Integration): CarrierIntegrationView => ({ id: i.id, provider: i.provider, usable: i.active && i.status === 'active' });

/** The {@link CarrierGateway} over carriers' gRPC API. */
export function createCarrierGateway(opts: { address: string; callerSecret: string; logger: Logger; deadlineMs?: number }): CarrierGateway {
  // Close manifests and label PDFs are small, but a label with several parcels may pass 4 MiB.
  const deadline = opts.deadlineMs ?? 15_000;
  const peer = createPeerClient(carriers.CarriersServiceClient, opts.address, { callerSecret: opts.callerSecret, deadlineMs: deadline, maxReceiveMessageBytes: 64 * 1024 * 1024 });
  const api = peer.as;

  async function call<T>(caller: Caller, what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const failure = carrierFailureOf(err);
      if (failure.kind === 'unavailable') opts.logger.warn({ merchantId: caller.merchantId, call: what, detail: failure.message }, 'carriers call failed');
      throw new CarrierCallError(failure);
    }
  }

  return {
    integrations: (caller) =>
      call(caller, 'ListIntegrations', async () => {
        const { integrations } = await (await api(caller)).listIntegrations({ merchantId: '' });
        return new Map(integrations.map((i) => [i.id, view(i)]));
      }),

    async integration(caller, id) {
      try {
        return view(await (await api(caller)).getIntegration({ merchantId: '', id }));
      } catch (err) {
        if (isServiceError(err) && err.code === GrpcStatus.NOT_FOUND) return null;
        throw new CarrierCallError(carrierFailureOf(err));
      }
    },

    sender: (caller) =>
      call(caller, 'GetSender', async () => {
        // common.v1.PostalAddress is SenderAddress field for field.
        return await (await api(caller)).getSender({});
      }),

    createLabel: (caller, r, deadlineMs) =>
      call(caller, 'CreateLabel', async () => {
        const answer = await (await api(caller, deadlineMs)).createLabel(
          carriers.CreateLabelRequest.fromPartial({
            integrationId: r.integrationId,
            reference: r.reference,
            sequence: r.sequence,
            recipient: { ...r.recipient, contactName: '' },
            sender: r.sender,
            parcels: r.parcels.map((p) => ({ weightGrams: p.weightGrams, lengthCm: p.lengthCm ?? 0, widthCm: p.widthCm ?? 0, heightCm: p.heightCm ?? 0 })),
            orderId: r.orderId,
            contentDescription: r.contentDescription,
            customs: r.customs ? toCustomsMessage(r.customs) : undefined,
          }),
        );
        return { trackingNumber: answer.trackingNumber, carrierShipmentNumber: answer.carrierShipmentNumber, labelPdf: answer.labelPdf, warnings: answer.warnings };
      }),

    cancelShipment: (caller, r) => call(caller, 'CancelShipment', async () => (await api(caller)).cancelShipment(r)),

    closeWorkday: (caller, integrationId, carrierShipmentNumbers) =>
      // A close confirms many shipments and fetches the manifest: more time than a single call.
      call(caller, 'CloseWorkday', async () => (await api(caller, Math.max(deadline, 60_000))).closeWorkday({ integrationId, carrierShipmentNumbers })),

    track: (caller, r) =>
      call(caller, 'Track', async () => {
        const answer = await (await api(caller)).track(r);
        return { events: answer.events.map((e) => ({ at: e.at, status: e.status, description: e.description, ...(e.location ? { location: e.location } : {}), ...(e.code ? { code: e.code } : {}) })), delivered: answer.delivered };
      }),

    close: () => peer.close(),
  };
}
