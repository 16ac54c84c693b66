import { z } from 'zod';
import {
  ruleOutcomes,
  type AppliedRuleJson,
  type AssignCarriersJson,
  type RulePreviewJson,
  type RulePreviewOrderJson,
  type ShippingRuleConditions,
  type ShippingRuleJson,
} from '@smista/contracts';

/**
 * What the shipping-rule routes answer (`libs/contracts/src/api-types/rules.ts`), typed against the
 * contracts' JSON types: see `common.ts`.
 */

/** The rule that chose an order's carrier (`OrderJson.appliedRule`). */
export const appliedRuleResponse = z.object({ id: z.number().int(), name: z.string() }) satisfies z.ZodType<AppliedRuleJson>;

/** Spec §3 conditions as stored and answered: only those given, snake_case. */
export const shippingRuleConditionsResponse = z.object({
  price_min: z.number().optional(),
  price_max: z.number().optional(),
  weight_max: z.number().optional(),
  destinations: z.array(z.string()).optional(),
  exclude_destinations: z.array(z.string()).optional(),
  product_categories: z.array(z.string()).optional(),
  is_express: z.boolean().optional(),
}) satisfies z.ZodType<ShippingRuleConditions>;

/** Spec §3 shipping_rules. */
export const shippingRuleResponse = z.object({
  id: z.number().int(),
  merchantId: z.string(),
  name: z.string(),
  priority: z.number().int(),
  conditions: shippingRuleConditionsResponse,
  carrierIntegrationId: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  packagePresetId: z.number().int().nullable(),
}) satisfies z.ZodType<ShippingRuleJson>;

/** `GET /api/shipping-rules`, by priority. */
export const shippingRuleListResponse = z.array(shippingRuleResponse);

const ruleCounts = {
  total: z.number().int(),
  assigned: z.number().int(),
  unchanged: z.number().int(),
  manual: z.number().int(),
  noMatch: z.number().int(),
  hasShipment: z.number().int(),
  unpaid: z.number().int().describe("Orders held in 'Da pagare' the rules passed over; not in `total`"),
};

/** `POST /api/shipping-rules/assign-carriers`. */
export const assignCarriersResponse = z.object({ message: z.string(), ...ruleCounts }) satisfies z.ZodType<AssignCarriersJson>;

const rulePreviewOrderResponse = z.object({
  orderId: z.number().int(),
  externalId: z.string(),
  buyerName: z.string(),
  countryCode: z.string(),
  total: z.string(),
  currency: z.string(),
  isExpress: z.boolean(),
  weightKg: z.number().nullable(),
  currentCarrierIntegrationId: z.number().int().nullable(),
  carrierSource: z.enum(['manual', 'rule']).nullable(),
  outcome: z.enum(ruleOutcomes),
  matchedRule: z.object({ id: z.number().int(), name: z.string(), priority: z.number().int(), carrierIntegrationId: z.number().int() }).nullable(),
  reasons: z.array(z.string()).describe('Why each rule before the match (all of them when none matched) did not take the order'),
}) satisfies z.ZodType<RulePreviewOrderJson>;

/** `POST /api/shipping-rules/preview`: the dry run, nothing written. */
export const rulePreviewResponse = z.object({
  summary: z.object(ruleCounts),
  orders: z.array(rulePreviewOrderResponse),
  message: z.string(),
}) satisfies z.ZodType<RulePreviewJson>;
