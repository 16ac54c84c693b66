import { orders, shipments } from '@smista/proto';
import { schemaProblemsOf as problemsOf } from '../../../test/support/api-conformance';
import { orderJson, orderPageJson } from '../order-presenters';
import { closeWorkdayJson, processRunJson, shipmentActionJson, shipmentDetailsJson, shipmentPageJson } from '../shipment-presenters';
import { shippingRuleJson } from '../shipping-rule-routes';
import { orderDetailsResponse, orderPageResponse, orderResponse } from './orders';
import { shippingRuleResponse } from './rules';
import { closeWorkdayResponse, processRunListResponse, shipmentActionResponse, shipmentDetailsResponse, shipmentPageResponse } from './shipments';

/**
 * The presenters' answers, every optional part filled, against the schemas as the API document
 * writes them (output side, closed objects) and Ajv reads them, as the gateway suites' conformance
 * check does: the answers the suites rarely reach (a manual order, a finished run, buyer e-mails,
 * a customs declaration) are checked here.
 */

const order = orders.Order.fromPartial({
  id: 42,
  merchantId: 'm-1',
  integrationId: 0,
  externalId: 'M-0001',
  marketplace: 'manual',
  buyerName: 'Giulia Bianchi',
  buyerEmail: 'giulia@example.it',
  total: '59.80',
  currency: 'EUR',
  status: 'da_pagare',
  paymentStatus: 'in_attesa',
  itemsCount: 1,
  orderDate: '2026-11-20T09:30:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  carrierIntegrationId: 3,
  carrierSource: 'rule',
  appliedRuleId: 5,
  appliedRuleName: 'Italia',
  isExpress: true,
  weightKg: 1.25,
  package: { presetId: 2, name: 'Scatola M', lengthMm: 300, widthMm: 200, heightMm: 100, tareGrams: 150, maxWeightGrams: 0 },
  shippingAddress: { id: 9, address: { name: 'Giulia Bianchi', companyName: 'Bianchi srl', addressLine1: 'Via Garibaldi 5', city: 'Torino', province: 'TO', postalCode: '10121', country: 'Italia', countryCode: 'IT' } },
  items: [{ id: 1, externalItemId: '1', title: 'Tazza', sku: 'TAZ-01', quantity: 1, unitPrice: '59.80', total: '59.80', currency: 'EUR', productId: 8, weightGrams: 1100, hsCode: '691200', originCountry: 'IT', customsDescription: 'Tazza in ceramica' }],
  shipments: [{ id: 11, status: 'shipped', trackingNumber: 'GLS123', carrierProvider: 'gls', carrierIntegrationId: 3, hasLabel: true, updatedAt: '2026-11-21T10:00:00.000Z' }],
  originalDataJson: '{"anything":[1,{"goes":null}]}',
});

const shipment = shipments.Shipment.fromPartial({
  id: 11,
  orderId: 42,
  merchantId: 'm-1',
  carrierIntegrationId: 3,
  carrierProvider: 'gls',
  address: { name: 'John Smith', addressLine1: '1 High St', city: 'London', postalCode: 'SW1A 1AA', country: 'Regno Unito', countryCode: 'GB', email: 'john@example.com' },
  trackingNumber: 'GLS123',
  status: 'shipped',
  hasLabel: true,
  manifestId: 4,
  trackingAlerts: ['late'],
  parcel: { weightGrams: 1250, lengthMm: 300, widthMm: 200, heightMm: 100, packageName: 'Scatola M' },
  customsNeeded: true,
  customsTerritory: 'GB',
  customs: { contentType: 'merce', invoiceNumber: 'F-1', currency: 'EUR', items: [{ description: 'Tazza', quantity: 1, valueCents: 5980, weightGrams: 0, hsCode: '691200', originCountry: 'IT' }] },
  customsMissing: [],
});

describe('response schemas against the presenters', () => {
  it('an order: a manual one, with its rule, package, shipments and (in the detail) any payload', () => {
    expect(problemsOf(orderResponse, orderJson(order))).toEqual([]);
    expect(problemsOf(orderDetailsResponse, orderJson(order, { withOriginalData: true }))).toEqual([]);
    expect(problemsOf(orderPageResponse, orderPageJson(orders.ListOrdersResponse.fromPartial({ orders: [order], statusCounts: [{ status: 'da_pagare', count: 1 }] })))).toEqual([]);
    // The list never carries the payload: a field the schema lacks is refused.
    expect(problemsOf(orderResponse, orderJson(order, { withOriginalData: true }))).not.toEqual([]);
  });

  it('a shipment: its details with audit, tracking, buyer e-mails and customs; the page; the actions', () => {
    const details = shipments.ShipmentDetails.fromPartial({
      shipment,
      audit: [{ id: 1, operation: 'CreateLabel', target: 'gls', startedAt: '2026-11-21T10:00:00.000Z', durationMs: 120, outcome: 'ok', attempt: 1 }],
      trackingEvents: [{ at: '2026-11-21T10:00:00.000Z', status: 'in_transit', code: '906', description: 'In transito', location: 'Milano' }],
      publicToken: 'a'.repeat(43),
      buyerMails: [{ kind: 'shipped', status: 'sent', to: 'john@example.com', queuedAt: '2026-11-21T10:00:00.000Z', sentAt: '2026-11-21T10:01:00.000Z' }],
    });
    expect(problemsOf(shipmentDetailsResponse, shipmentDetailsJson(details))).toEqual([]);
    expect(problemsOf(shipmentPageResponse, shipmentPageJson(shipments.ListShipmentsResponse.fromPartial({ shipments: [shipment], statusCounts: [{ status: 'shipped', count: 1 }] })))).toEqual([]);
    expect(problemsOf(shipmentActionResponse, shipmentActionJson(shipments.ActionResponse.fromPartial({ message: 'ok', success: true, shipment })))).toEqual([]);
    expect(problemsOf(shipmentActionResponse, shipmentActionJson(shipments.ActionResponse.fromPartial({ message: 'ok', success: false })))).toEqual([]);
    const closed = shipments.CloseWorkdayResponse.fromPartial({ message: 'ok', processed: 1, outcomes: [{ shipmentId: 11, ok: true }], manifestIds: [4] });
    expect(problemsOf(closeWorkdayResponse, closeWorkdayJson(closed))).toEqual([]);
    const runs = [shipments.ProcessRun.fromPartial({ id: 'r1', status: 'running', total: 3, done: 1 }), shipments.ProcessRun.fromPartial({ id: 'r2', status: 'finished', finishedAt: '2026-11-21T10:00:00.000Z' })];
    expect(problemsOf(processRunListResponse, runs.map(processRunJson))).toEqual([]);
  });

  it('a shipping rule with every condition', () => {
    const rule = orders.ShippingRule.fromPartial({
      id: 1,
      merchantId: 'm-1',
      name: 'Europa',
      priority: 2,
      carrierIntegrationId: 3,
      active: true,
      packagePresetId: 2,
      conditions: { priceMin: 10, priceMax: 99.5, weightMax: 2.5, destinations: ['DE'], excludeDestinations: ['IT'], productCategories: ['x'], isExpress: false },
    });
    expect(problemsOf(shippingRuleResponse, shippingRuleJson(rule))).toEqual([]);
  });
});
