/**
 * Shipping rules, 'Assegna Corrieri' and its dry run. JSON of `/api` (see `index.ts`); types only.
 */
import type { RuleOutcome, ShippingRuleConditions } from '../shipping-rules';

/** The rule that chose an order's carrier (its name as it was then). */
export interface AppliedRuleJson {
  id: number;
  name: string;
}

/** Spec §3 shipping_rules. */
export interface ShippingRuleJson {
  id: number;
  merchantId: string;
  name: string;
  priority: number;
  conditions: ShippingRuleConditions;
  carrierIntegrationId: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  /** The package preset the rule gives the order with the carrier (issue 25); null: none. */
  packagePresetId: number | null;
}

/** `POST /api/shipping-rules/assign-carriers` (spec §7: message) with its counts. */
export interface AssignCarriersJson {
  message: string;
  total: number;
  assigned: number;
  unchanged: number;
  manual: number;
  noMatch: number;
  hasShipment: number;
  /** Orders held in 'Da pagare' (payment in attesa or non riuscito) the rules passed over; not in `total`. */
  unpaid: number;
}

/** One order of the dry run: the rule that would take it and why each rule before it did not. */
export interface RulePreviewOrderJson {
  orderId: number;
  externalId: string;
  buyerName: string;
  countryCode: string;
  total: string;
  currency: string;
  isExpress: boolean;
  weightKg: number | null;
  currentCarrierIntegrationId: number | null;
  carrierSource: 'manual' | 'rule' | null;
  outcome: RuleOutcome;
  /** The first rule (by priority) whose conditions all hold; null: none. */
  matchedRule: { id: number; name: string; priority: number; carrierIntegrationId: number } | null;
  /** For each rule before the match (all of them when none matched): "Regola 'X': destinazione DE non inclusa". */
  reasons: string[];
}

/** `POST /api/shipping-rules/preview`: nothing is written. */
export interface RulePreviewJson {
  /** Counts over every order considered (what 'Assegna Corrieri' would do now). */
  summary: Omit<AssignCarriersJson, 'message'>;
  /** The first orders (by order date, newest first), at most SHIPPING_RULE_PREVIEW_ROWS. */
  orders: RulePreviewOrderJson[];
  message: string;
}
