import { destinationRefusal, paymentPhrase, ruleMismatch, ruleReason, unpaidRuleReason, type RuleOutcome, type ShippingRuleConditions } from '@smista/contracts';
import { toCents } from './money';

/** A stored shipping rule (spec §3 shipping_rules). */
export interface ShippingRule {
  id: number;
  merchantId: string;
  name: string;
  /** ≥ 1; the lowest number wins. Unique per merchant (the table's constraint). */
  priority: number;
  conditions: ShippingRuleConditions;
  carrierIntegrationId: number;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** The package preset the rule gives the order with the carrier; null: the rule leaves the package alone. */
  packagePresetId: number | null;
}

/** A carrier integration as orders knows it from the carriers service's events. */
export interface KnownCarrier {
  /** The carrier's catalogue code (`gls`, `poste_delivery`, `posta_1`, …). */
  provider: string;
  /** The integration's service type (Poste Delivery's product); null when not known. */
  serviceType: string | null;
  connectionName: string;
  /** The merchant's switch. */
  active: boolean;
  /** pending | active | error: whether the carrier accepted the credentials. */
  status: string;
  deleted: boolean;
}

/** What the rules read of an order. */
export interface RuleFacts {
  /** Decimal text, "12.34". */
  total: string;
  currency: string;
  /** ISO alpha-2 of the shipping address; '' when the order has none. */
  countryCode: string;
  /** The buyer chose an express service (the marketplace adapter's marker). */
  express: boolean;
  /** Sum of the items' weights; null when some item's weight is unknown. */
  weightGrams: number | null;
}

/** Grams to kg for conditions and answers (3 decimals). */
export const kgOf = (grams: number): number => Math.round(grams) / 1000;

/**
 * Why `rule` does not take an order, or null when it does: the first check that fails, in this
 * order — the rule is off; its carrier is gone or not active (an inactive carrier never receives
 * orders); destinations; excluded destinations; the carrier's own destinations (the check its
 * label makes: a domestic service never takes an order abroad); price (an order not in euro is not compared:
 * the rules' amounts are euro and no rate is applied); weight (unknown → no match: a rule saying
 * "up to 2 kg" must not take a parcel of unknown weight); express.
 */
export function mismatchOf(rule: ShippingRule, facts: RuleFacts, carrier: KnownCarrier | undefined): string | null {
  if (!rule.active) return ruleMismatch.inactive;
  if (!carrier || carrier.deleted) return ruleMismatch.carrierMissing;
  if (!carrier.active || carrier.status !== 'active') return ruleMismatch.carrierInactive(carrier.connectionName);
  const c = rule.conditions;
  const country = facts.countryCode.trim().toUpperCase();
  if (c.destinations?.length || c.exclude_destinations?.length) {
    if (!country) return ruleMismatch.noDestination;
    if (c.destinations?.length && !c.destinations.includes(country)) return ruleMismatch.notIncluded(country);
    if (c.exclude_destinations?.includes(country)) return ruleMismatch.excluded(country);
  }
  const carrierRefusal = carrierDestinationMismatch(carrier, country);
  if (carrierRefusal) return carrierRefusal;
  if (c.price_min !== undefined || c.price_max !== undefined) {
    if (facts.currency.toUpperCase() !== 'EUR') return ruleMismatch.currency(facts.currency.toUpperCase());
    const cents = Number(toCents(facts.total) ?? 0n);
    const total = cents / 100;
    if (c.price_min !== undefined && cents < Math.round(c.price_min * 100)) return ruleMismatch.belowMin(total, c.price_min);
    if (c.price_max !== undefined && cents > Math.round(c.price_max * 100)) return ruleMismatch.aboveMax(total, c.price_max);
  }
  if (c.weight_max !== undefined) {
    if (facts.weightGrams === null) return ruleMismatch.weightUnknown;
    if (facts.weightGrams > Math.round(c.weight_max * 1000)) return ruleMismatch.tooHeavy(kgOf(facts.weightGrams), c.weight_max);
  }
  if (c.is_express !== undefined) {
    if (c.is_express && !facts.express) return ruleMismatch.notExpress;
    if (!c.is_express && facts.express) return ruleMismatch.express;
  }
  return null;
}

/**
 * Why the rule's carrier would refuse the order's destination, in the words of its label's refusal
 * (the contracts' `destinationRefusal`), or null. An order without a country ships to Italy: the
 * shipment made from it takes IT by default.
 *
 * @example carrierDestinationMismatch({ provider: 'posta_1', serviceType: null, … }, 'AT') // "Posta1 vale solo per l'Italia …"
 */
export function carrierDestinationMismatch(carrier: Pick<KnownCarrier, 'provider' | 'serviceType'>, countryCode: string): string | null {
  return destinationRefusal({ carrierCode: carrier.provider, serviceType: carrier.serviceType }, countryCode || 'IT');
}

/** The rules in the order they are tried: priority, then id (priorities are unique; the id only makes it total). */
export function byPriority<R extends Pick<ShippingRule, 'priority' | 'id'>>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => a.priority - b.priority || a.id - b.id);
}

export interface RuleMatch {
  rule: ShippingRule | null;
  /** For each rule tried before the match (every rule when none matched), why it did not take the order. */
  reasons: string[];
}

/**
 * The engine: the active rule with the lowest priority whose conditions all hold wins; a rule with
 * no conditions matches every order (the default rule). `rules` must be sorted (`byPriority`).
 *
 * @example matchRule(byPriority(rules), facts, (id) => carriers.get(id))
 */
export function matchRule(rules: readonly ShippingRule[], facts: RuleFacts, carrierOf: (id: number) => KnownCarrier | undefined): RuleMatch {
  const reasons: string[] = [];
  for (const rule of rules) {
    const mismatch = mismatchOf(rule, facts, carrierOf(rule.carrierIntegrationId));
    if (mismatch === null) return { rule, reasons };
    reasons.push(ruleReason(rule.name, mismatch));
  }
  return { rule: null, reasons };
}

/** What the rules may change of an order, and how its carrier was chosen. */
export interface RuleTarget extends RuleFacts {
  status: string;
  /** An order in da_pagare is passed over; the dry run names its payment. */
  paymentStatus: string;
  carrierIntegrationId: number | null;
  carrierSource: 'manual' | 'rule' | null;
  appliedRuleId: number | null;
  /** A shipment that is not cancelled exists: it carries its own carrier. */
  hasLiveShipment: boolean;
}

/**
 * What 'Assegna Corrieri' does to one order, the same for the dry run: an order not paid (da_pagare)
 * gets no carrier; a carrier chosen by hand is
 * never changed; an order with a live shipment, or not to ship, is left alone; otherwise the
 * matching rule's carrier (unchanged when the order already has it from that rule). No match leaves
 * the order as it is.
 */
export function outcomeFor(order: RuleTarget, match: RuleMatch): RuleOutcome {
  if (order.status === 'da_pagare') return 'unpaid';
  if (order.status !== 'da_spedire') return 'not_to_ship';
  if (order.carrierSource === 'manual') return 'manual';
  if (order.hasLiveShipment) return 'has_shipment';
  if (!match.rule) return 'no_match';
  if (order.carrierIntegrationId === match.rule.carrierIntegrationId && order.appliedRuleId === match.rule.id) return 'unchanged';
  return 'assign';
}

/**
 * What the rules make of one order, for 'Assegna Corrieri', the dry run and the rules applied once an
 * order is paid: an order held for its payment (da_pagare) is passed over with the reason naming
 * its payment (issue 19) and no rule is tried; any other order goes through the engine and
 * {@link outcomeFor}. `rules` sorted (`byPriority`).
 *
 * @example planOrder(byPriority(rules), { ...order, status: 'da_pagare', paymentStatus: 'fallito' }, carrierOf)
 * // { match: { rule: null, reasons: ["Ordine non pagato (pagamento non riuscito): …"] }, outcome: 'unpaid' }
 */
export function planOrder(rules: readonly ShippingRule[], order: RuleTarget, carrierOf: (id: number) => KnownCarrier | undefined): { match: RuleMatch; outcome: RuleOutcome } {
  if (order.status === 'da_pagare') return { match: { rule: null, reasons: [unpaidRuleReason(paymentPhrase(order.paymentStatus))] }, outcome: 'unpaid' };
  const match = matchRule(rules, order, carrierOf);
  return { match, outcome: outcomeFor(order, match) };
}

/** Counts of the outcomes (the answer of 'Assegna Corrieri' and the dry run's summary). */
export interface RuleCounts {
  /** The orders to ship considered (the unpaid ones are counted apart). */
  total: number;
  assigned: number;
  unchanged: number;
  manual: number;
  noMatch: number;
  hasShipment: number;
  /** Held in da_pagare: passed over. */
  unpaid: number;
}

export function countOutcomes(outcomes: Iterable<RuleOutcome>): RuleCounts {
  const counts: RuleCounts = { total: 0, assigned: 0, unchanged: 0, manual: 0, noMatch: 0, hasShipment: 0, unpaid: 0 };
  for (const outcome of outcomes) {
    if (outcome === 'unpaid') {
      counts.unpaid++;
      continue;
    }
    counts.total++;
    if (outcome === 'assign') counts.assigned++;
    else if (outcome === 'unchanged') counts.unchanged++;
    else if (outcome === 'manual') counts.manual++;
    else if (outcome === 'no_match') counts.noMatch++;
    else if (outcome === 'has_shipment') counts.hasShipment++;
  }
  return counts;
}

