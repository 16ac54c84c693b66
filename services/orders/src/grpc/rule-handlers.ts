import { kitErrors, requireMerchant } from '@smista/service-kit';
import { conditionsFromWire, SHIPPING_RULE_PREVIEW_IDS_MAX, shippingRuleMessages } from '@smista/contracts';
import { orders } from '@smista/proto';
import { assignCarriers, createShippingRule, deleteShippingRule, listShippingRules, previewRules, updateShippingRule } from '../app/shipping-rules';
import type { HandlerDeps } from './deps';
import { toPreviewOrderMessage, toRuleMessage } from './mapping';

/** A create or update request as the body the contracts' schemas read: what is absent stays absent. */
function ruleBody(request: { name?: string; priority?: number; carrierIntegrationId?: number; active?: boolean; packagePresetId?: number }, conditions: unknown): Record<string, unknown> {
  const body = { name: request.name, priority: request.priority, carrierIntegrationId: request.carrierIntegrationId, active: request.active, conditions, packagePresetId: request.packagePresetId };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** Shipping rules (spec §7 /api/shipping-rules): any member of the merchant reads, writes, assigns and previews. */
export function ruleHandlers(deps: HandlerDeps) {
  const { unary } = deps;
  const counts = (c: { total: number; assigned: number; unchanged: number; manual: number; noMatch: number; hasShipment: number; unpaid: number }) => orders.RuleCounts.fromPartial(c);

  return {
    listShippingRules: unary('ListShippingRules', async (_request: orders.ListShippingRulesRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      return orders.ListShippingRulesResponse.fromPartial({ rules: (await listShippingRules(deps, scope)).map(toRuleMessage) });
    }),

    createShippingRule: unary('CreateShippingRule', async (request: orders.CreateShippingRuleRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      return toRuleMessage(await createShippingRule(deps, scope, ruleBody(request, conditionsFromWire(request.conditions))));
    }),

    updateShippingRule: unary('UpdateShippingRule', async (request: orders.UpdateShippingRuleRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const conditions = request.hasConditions ? conditionsFromWire(request.conditions) : undefined;
      return toRuleMessage(await updateShippingRule(deps, scope, request.id, ruleBody(request, conditions)));
    }),

    deleteShippingRule: unary('DeleteShippingRule', async (request: orders.ShippingRuleRef, ctx) => {
      const scope = await requireMerchant(ctx);
      const deleted = await deleteShippingRule(deps, scope, request.id);
      return orders.DeleteShippingRuleResponse.fromPartial({ id: deleted.id });
    }),

    assignCarriers: unary('AssignCarriers', async (_request: orders.AssignCarriersRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const result = await assignCarriers(deps, scope);
      return orders.AssignCarriersResponse.fromPartial({ message: result.message, counts: counts(result.counts) });
    }),

    previewShippingRules: unary('PreviewShippingRules', async (request: orders.PreviewShippingRulesRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      if (request.orderIds.length > SHIPPING_RULE_PREVIEW_IDS_MAX) throw kitErrors.invalidInput(shippingRuleMessages.tooManyOrderIds);
      const preview = await previewRules(deps, scope, request.orderIds.length ? request.orderIds : undefined);
      return orders.PreviewShippingRulesResponse.fromPartial({ counts: counts(preview.counts), orders: preview.rows.map(toPreviewOrderMessage), message: preview.message });
    }),
  };
}
