import { requireMerchant } from '@smista/service-kit';
import { shipments } from '@smista/proto';
import { pageMeta, shipmentAddressOfPostal } from '@smista/contracts';
import { changeAddress, changeCarrier, changeCustoms, changeParcel, labelOf, manifestDocument, mergeLabels, printPackingSlips, printPickList, type PrintedDocument } from '../app';
import { COUNTED_TABS, listCriteria, shipmentsErrors, totalOf } from '../domain';
import { buyerMailsOf, callsOf, countTabs, findShipment, listShipmentPage, publicTokenOf, runsOf, trackingEventsOf } from '../store';
import type { HandlerDeps } from './deps';
import { customsInputOf, parcelInputOf, toAuditMessage, toDocument, toRunMessage, toShipmentMessage, toTrackingEventMessages } from './mapping';

/** Reads, edits and documents of the merchant's shipments: any member may use them (spec §6). */
export function shipmentHandlers(deps: HandlerDeps) {
  const { pool, unary, now } = deps;

  return {
    listShipments: unary('ListShipments', async (request: shipments.ListShipmentsRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      const criteria = listCriteria(request);
      // The page and the tab counts on two connections at once.
      const [page, counts] = await Promise.all([listShipmentPage(pool, merchantId, criteria), countTabs(pool, merchantId, criteria)]);
      const at = now();
      return shipments.ListShipmentsResponse.fromPartial({
        shipments: page.map((s) => toShipmentMessage(s, at)),
        meta: pageMeta(criteria.page, criteria.pageSize, totalOf(counts, criteria.status)),
        statusCounts: COUNTED_TABS.map((status) => ({ status, count: counts[status] })),
      });
    }),

    getShipment: unary('GetShipment', async (request: shipments.ShipmentRef, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      const s = await findShipment(pool, merchantId, request.id);
      if (!s) throw shipmentsErrors.shipmentNotFound();
      const [audit, events, publicToken, mails] = await Promise.all([
        callsOf(pool, merchantId, s.id),
        trackingEventsOf(pool, merchantId, s.id),
        publicTokenOf(pool, merchantId, s.id),
        buyerMailsOf(pool, merchantId, s.id),
      ]);
      return shipments.ShipmentDetails.fromPartial({
        shipment: toShipmentMessage(s, now()),
        audit: audit.map(toAuditMessage),
        trackingEvents: toTrackingEventMessages(events),
        publicToken: publicToken ?? '',
        buyerMails: mails.map((m) => ({ kind: m.kind, status: m.status, to: m.recipient, queuedAt: m.queuedAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? '', reason: m.reason ?? '' })),
      });
    }),

    listProcessRuns: unary('ListProcessRuns', async (_request: shipments.ListProcessRunsRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      return shipments.ListProcessRunsResponse.fromPartial({ runs: (await runsOf(pool, merchantId)).map(toRunMessage) });
    }),

    changeCarrier: unary('ChangeCarrier', async (request: shipments.ChangeCarrierRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      return toShipmentMessage(await changeCarrier(deps, scope, request.id, request.carrierIntegrationId), now());
    }),

    updateAddress: unary('UpdateAddress', async (request: shipments.UpdateAddressRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      return toShipmentMessage(await changeAddress(deps, scope, request.id, shipmentAddressOfPostal(request.address)), now());
    }),

    updateParcel: unary('UpdateParcel', async (request: shipments.UpdateParcelRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      return toShipmentMessage(await changeParcel(deps, scope, request.id, parcelInputOf(request.parcel)), now());
    }),

    updateCustoms: unary('UpdateCustoms', async (request: shipments.UpdateCustomsRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      return toShipmentMessage(await changeCustoms(deps, scope, request.id, customsInputOf(request.customs)), now());
    }),

    getLabel: unary('GetLabel', async (request: shipments.ShipmentRef, ctx) => {
      const scope = await requireMerchant(ctx);
      return toDocument(await labelOf(deps, scope, request.id));
    }),

    mergeLabels: unary('MergeLabels', async (request: shipments.MergeLabelsRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const merged = await mergeLabels(deps, scope, request.shipmentIds);
      return shipments.MergedLabels.fromPartial({ document: toDocument(merged.document), skipped: merged.skipped, pages: merged.pages });
    }),

    getManifest: unary('GetManifest', async (request: shipments.ManifestRef, ctx) => {
      const scope = await requireMerchant(ctx);
      return toDocument(await manifestDocument(deps, scope, request.id));
    }),

    printPickList: unary('PrintPickList', async (request: shipments.PrintSelection, ctx) => {
      const scope = await requireMerchant(ctx);
      return toPrinted(await printPickList(deps, scope, request));
    }),

    printPackingSlips: unary('PrintPackingSlips', async (request: shipments.PrintSelection, ctx) => {
      const scope = await requireMerchant(ctx);
      return toPrinted(await printPackingSlips(deps, scope, request, request.withLabels));
    }),
  };
}

function toPrinted(p: PrintedDocument): shipments.PrintedDocument {
  return shipments.PrintedDocument.fromPartial({ document: toDocument(p.document), pages: p.pages, orders: p.orders, skipped: p.skipped, ordersWithoutLabel: p.ordersWithoutLabel });
}
