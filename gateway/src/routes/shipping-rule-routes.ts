import { z } from 'zod';
import {
  conditionsFromWire,
  conditionsToWire,
  numericIdParam,
  shippingRuleCreateSchema,
  shippingRuleMessages,
  shippingRulePreviewSchema,
  shippingRuleUpdateSchema,
  type AssignCarriersJson,
  type MessageJson,
  type RuleOutcome,
  type RulePreviewJson,
  type ShippingRuleJson,
} from '@smista/contracts';
import type { orders } from '@smista/proto';
import { linksToCreated, route, type RouteDef } from './route';
import { messageResponse } from './response-schemas/common';
import { assignCarriersResponse, rulePreviewResponse, shippingRuleListResponse, shippingRuleResponse } from './response-schemas/rules';

/** A rule id from the path: a malformed one is -1, which the service answers like an unknown id (404). */
const ruleParams = z.object({ id: numericIdParam });

export function shippingRuleJson(r: orders.ShippingRule): ShippingRuleJson {
  return {
    id: r.id,
    merchantId: r.merchantId,
    name: r.name,
    priority: r.priority,
    conditions: conditionsFromWire(r.conditions),
    carrierIntegrationId: r.carrierIntegrationId,
    active: r.active,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    packagePresetId: r.packagePresetId > 0 ? r.packagePresetId : null,
  };
}

const countsJson = (c: orders.RuleCounts | undefined) => ({
  total: c?.total ?? 0,
  assigned: c?.assigned ?? 0,
  unchanged: c?.unchanged ?? 0,
  manual: c?.manual ?? 0,
  noMatch: c?.noMatch ?? 0,
  hasShipment: c?.hasShipment ?? 0,
  unpaid: c?.unpaid ?? 0,
});

function previewJson(p: orders.PreviewShippingRulesResponse): RulePreviewJson {
  return {
    summary: countsJson(p.counts),
    message: p.message,
    orders: p.orders.map((o) => ({
      orderId: o.orderId,
      externalId: o.externalId,
      buyerName: o.buyerName,
      countryCode: o.countryCode,
      total: o.total,
      currency: o.currency,
      isExpress: o.isExpress,
      weightKg: o.weightKg ?? null,
      currentCarrierIntegrationId: o.currentCarrierIntegrationId > 0 ? o.currentCarrierIntegrationId : null,
      carrierSource: o.carrierSource === 'manual' || o.carrierSource === 'rule' ? o.carrierSource : null,
      outcome: o.outcome as RuleOutcome,
      matchedRule: o.matchedRule ? { id: o.matchedRule.id, name: o.matchedRule.name, priority: o.matchedRule.priority, carrierIntegrationId: o.matchedRule.carrierIntegrationId } : null,
      reasons: o.reasons,
    })),
  };
}

/**
 * Spec §7 "Shipping rules" of the merchant selected in the session (orders answers them); any
 * member. Bodies are checked here with the contracts' schemas (every §5 message, a 400 naming the
 * field) and again in the service; a priority another rule holds is a 409 naming it; a rule id that
 * is malformed, unknown or another merchant's is the same 404.
 */
export const shippingRuleRoutes: RouteDef[] = [
  route({
    method: 'GET',
    path: '/api/shipping-rules',
    auth: 'session',
    rpc: 'orders.ListShippingRules',
    response: { schema: shippingRuleListResponse },
    handle: async ({ orders: api }) => ({ body: (await api.listShippingRules({})).rules.map(shippingRuleJson) }),
  }),
  route({
    method: 'POST',
    path: '/api/shipping-rules',
    auth: 'session',
    rpc: 'orders.CreateShippingRule',
    response: {
      schema: shippingRuleResponse,
      status: 201,
      links: linksToCreated({ update: ['PUT', '/api/shipping-rules/:id'], delete: ['DELETE', '/api/shipping-rules/:id'] }),
    },
    body: shippingRuleCreateSchema,
    handle: async ({ body, orders: api }) => ({
      status: 201,
      body: shippingRuleJson(
        await api.createShippingRule({
          name: body.name,
          priority: body.priority,
          carrierIntegrationId: body.carrierIntegrationId,
          active: body.active,
          conditions: conditionsToWire(body.conditions),
          packagePresetId: body.packagePresetId ?? 0,
        }),
      ),
    }),
  }),
  // Before `/:id` routes: these two are fixed paths.
  route({
    method: 'POST',
    path: '/api/shipping-rules/assign-carriers',
    auth: 'session',
    rpc: 'orders.AssignCarriers',
    response: { schema: assignCarriersResponse },
    handle: async ({ orders: api }): Promise<{ body: AssignCarriersJson }> => {
      const answer = await api.assignCarriers({});
      return { body: { message: answer.message, ...countsJson(answer.counts) } };
    },
  }),
  route({
    method: 'POST',
    path: '/api/shipping-rules/preview',
    auth: 'session',
    rpc: 'orders.PreviewShippingRules',
    response: { schema: rulePreviewResponse },
    body: shippingRulePreviewSchema,
    handle: async ({ body, orders: api }) => ({ body: previewJson(await api.previewShippingRules({ orderIds: body.orderIds ?? [] })) }),
  }),
  route({
    method: 'PUT',
    path: '/api/shipping-rules/:id',
    auth: 'session',
    rpc: 'orders.UpdateShippingRule',
    response: { schema: shippingRuleResponse },
    params: ruleParams,
    body: shippingRuleUpdateSchema,
    handle: async ({ params, body, orders: api }) => ({
      body: shippingRuleJson(
        await api.updateShippingRule({
          id: params.id,
          name: body.name,
          priority: body.priority,
          carrierIntegrationId: body.carrierIntegrationId,
          active: body.active,
          hasConditions: body.conditions !== undefined,
          conditions: body.conditions ? conditionsToWire(body.conditions) : undefined,
          packagePresetId: body.packagePresetId === undefined ? undefined : (body.packagePresetId ?? 0),
        }),
      ),
    }),
  }),
  route({
    method: 'DELETE',
    path: '/api/shipping-rules/:id',
    auth: 'session',
    rpc: 'orders.DeleteShippingRule',
    response: { schema: messageResponse },
    params: ruleParams,
    handle: async ({ params, orders: api }): Promise<{ body: MessageJson }> => {
      await api.deleteShippingRule({ id: params.id });
      return { body: { message: shippingRuleMessages.deleted } };
    },
  }),
];
