import { kitErrors, uniqueViolation, withTransaction, type Logger, type MerchantScope, type Pool, type PoolClient, type Queryable } from '@smista/service-kit';
import {
  assignCarriersMessage,
  SHIPPING_RULE_PREVIEW_ROWS,
  shippingRuleCreateSchema,
  shippingRuleUpdateSchema,
  type RuleOutcome,
  type ShippingRuleCreate,
  type ShippingRuleUpdate,
} from '@smista/contracts';
import type { z } from 'zod';
import { byPriority, countOutcomes, matchRule, ordersErrors, planOrder, type KnownCarrier, type RuleCounts, type RuleFacts, type RuleMatch, type ShippingRule } from '../domain';
import {
  assignByRules,
  clearRulesPending,
  deleteRule,
  findRule,
  insertRule,
  findPreset,
  knownCarriers,
  listRules,
  recomputeOrderWeights,
  lockMerchantRules,
  nextPriority,
  ruleCandidates,
  ruleWithPriority,
  updateRule,
  type RuleCandidate,
  type RuleValues,
} from '../store';
import { enqueueCarrierAssigned, enqueueCarriersAssigned, enqueueCarriersAssignedByRules, enqueueRuleChanged } from '../events/publishers';
import type { CarrierDirectory } from './ports';

interface RuleDeps {
  pool: Pool;
  carrierDirectory: CarrierDirectory;
  logger: Logger;
  now: () => Date;
}

/** Checks a body again with the contracts' schema (the gateway did too): the first message is the answer. */
function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw kitErrors.invalidInput(result.error.issues[0]?.message ?? 'Richiesta non valida');
  return result.data;
}

/** The rule's carrier must be one of the merchant's carrier integrations (asked of carriers); it may be switched off. */
async function assertMerchantCarrier(deps: RuleDeps, scope: MerchantScope, carrierIntegrationId: number): Promise<void> {
  if (!(await deps.carrierDirectory.integrationOf(scope, carrierIntegrationId))) throw ordersErrors.carrierIntegrationNotFound();
}

/** A unique-priority refusal names the rule that holds it (read in the failed transaction's place, after it). */
async function priorityTaken(db: Queryable, merchantId: string, priority: number, exceptId: number): Promise<never> {
  const other = await ruleWithPriority(db, merchantId, priority, exceptId);
  throw ordersErrors.rulePriorityTaken(priority, other?.name ?? '');
}

export async function listShippingRules(deps: { pool: Pool }, scope: MerchantScope): Promise<ShippingRule[]> {
  return listRules(deps.pool, scope.merchantId);
}

/**
 * Spec §5 / §7 POST /api/shipping-rules: any member. Priority absent → the highest + 1 (or 1),
 * decided under the merchant's rules lock; a priority another rule has → ALREADY_EXISTS naming it.
 * The rule and `orders.rule.changed` are one transaction.
 */
export async function createShippingRule(deps: RuleDeps, scope: MerchantScope, body: Record<string, unknown>): Promise<ShippingRule> {
  const input: ShippingRuleCreate = parsed(shippingRuleCreateSchema, body);
  await assertMerchantCarrier(deps, scope, input.carrierIntegrationId);
  const { merchantId, userId } = scope;
  try {
    const rule = await withTransaction(deps.pool, async (tx) => {
      await lockMerchantRules(tx, merchantId);
      await assertMerchantPreset(tx, merchantId, input.packagePresetId);
      const priority = input.priority ?? (await nextPriority(tx, merchantId));
      const created = await insertRule(tx, merchantId, {
        name: input.name,
        priority,
        conditions: input.conditions,
        carrierIntegrationId: input.carrierIntegrationId,
        active: input.active,
        packagePresetId: input.packagePresetId,
      });
      await enqueueRuleChanged(tx, { ruleId: created.id, merchantId, name: created.name, change: 'created', changedByUserId: userId, occurredAt: deps.now() });
      return created;
    });
    deps.logger.info({ merchantId, ruleId: rule.id, priority: rule.priority, userId }, 'shipping rule created');
    return rule;
  } catch (err) {
    if (uniqueViolation(err) === 'shipping_rules_priority_key') return priorityTaken(deps.pool, merchantId, input.priority ?? 0, 0);
    throw err;
  }
}

/** PUT /api/shipping-rules/{id}: what the body names changes, the rest stays; same checks as create. */
export async function updateShippingRule(deps: RuleDeps, scope: MerchantScope, id: number, body: Record<string, unknown>): Promise<ShippingRule> {
  const patch: ShippingRuleUpdate = parsed(shippingRuleUpdateSchema, body);
  const { merchantId, userId } = scope;
  const current = await findRule(deps.pool, merchantId, id);
  if (!current) throw ordersErrors.ruleNotFound();
  if (patch.carrierIntegrationId !== undefined && patch.carrierIntegrationId !== current.carrierIntegrationId) await assertMerchantCarrier(deps, scope, patch.carrierIntegrationId);
  try {
    const rule = await withTransaction(deps.pool, async (tx) => {
      await lockMerchantRules(tx, merchantId);
      const now = await findRule(tx, merchantId, id);
      if (!now) throw ordersErrors.ruleNotFound();
      const values: RuleValues = {
        name: patch.name ?? now.name,
        priority: patch.priority ?? now.priority,
        conditions: patch.conditions ?? now.conditions,
        carrierIntegrationId: patch.carrierIntegrationId ?? now.carrierIntegrationId,
        active: patch.active ?? now.active,
        packagePresetId: patch.packagePresetId !== undefined ? patch.packagePresetId : now.packagePresetId,
      };
      if (patch.packagePresetId !== undefined) await assertMerchantPreset(tx, merchantId, patch.packagePresetId);
      const updated = await updateRule(tx, merchantId, id, values);
      if (!updated) throw ordersErrors.ruleNotFound();
      await enqueueRuleChanged(tx, { ruleId: id, merchantId, name: updated.name, change: 'updated', changedByUserId: userId, occurredAt: deps.now() });
      return updated;
    });
    deps.logger.info({ merchantId, ruleId: id, userId }, 'shipping rule updated');
    return rule;
  } catch (err) {
    if (uniqueViolation(err) === 'shipping_rules_priority_key') return priorityTaken(deps.pool, merchantId, patch.priority ?? current.priority, id);
    throw err;
  }
}

/** DELETE /api/shipping-rules/{id}: the orders it chose keep their carrier and the rule's name. */
export async function deleteShippingRule(deps: Omit<RuleDeps, 'carrierDirectory'>, scope: MerchantScope, id: number): Promise<ShippingRule> {
  const { merchantId, userId } = scope;
  const deleted = await withTransaction(deps.pool, async (tx) => {
    await lockMerchantRules(tx, merchantId);
    const gone = await deleteRule(tx, merchantId, id);
    if (!gone) throw ordersErrors.ruleNotFound();
    await enqueueRuleChanged(tx, { ruleId: id, merchantId, name: gone.name, change: 'deleted', changedByUserId: userId, occurredAt: deps.now() });
    return gone;
  });
  deps.logger.info({ merchantId, ruleId: id, userId }, 'shipping rule deleted');
  return deleted;
}

/** One order and what the rules do to it. */
export interface PlannedOrder {
  order: RuleCandidate;
  match: RuleMatch;
  outcome: RuleOutcome;
}

/**
 * What the rules do to the merchant's orders to ship (or the ones named): the one computation both
 * 'Assegna Corrieri' and the dry run use, so the dry run is exactly what the assignment then does.
 */
export async function planAssignments(db: Queryable, merchantId: string, orderIds?: readonly number[]): Promise<PlannedOrder[]> {
  // One after the other: `db` may be a transaction's client.
  const rules = await listRules(db, merchantId);
  const carriers = await knownCarriers(db, merchantId);
  const orders = await ruleCandidates(db, merchantId, orderIds);
  const sorted = byPriority(rules);
  const carrierOf = (id: number): KnownCarrier | undefined => carriers.get(id);
  return orders.map((order) => ({ order, ...planOrder(sorted, order, carrierOf) }));
}

/**
 * Spec §7 POST /api/shipping-rules/assign-carriers: every order to ship of the merchant whose
 * carrier was not chosen by hand and that has no live shipment gets the carrier of the first rule
 * that takes it; one transaction (under the rules lock, so no rule changes halfway), one
 * `orders.carrier.assigned` per order changed and one `orders.carriers.assigned` for the run.
 */
export async function assignCarriers(deps: Omit<RuleDeps, 'carrierDirectory'>, scope: MerchantScope): Promise<{ counts: RuleCounts; message: string }> {
  const { merchantId, userId } = scope;
  const counts = await withTransaction(deps.pool, async (tx) => {
    await lockMerchantRules(tx, merchantId);
    const plan = await planAssignments(tx, merchantId);
    const wanted = plan
      .filter((p) => p.outcome === 'assign')
      .map((p) => ({ orderId: p.order.id, carrierIntegrationId: p.match.rule!.carrierIntegrationId, ruleId: p.match.rule!.id, ruleName: p.match.rule!.name, packagePresetId: p.match.rule!.packagePresetId }));
    const changed = await assignByRules(tx, merchantId, wanted);
    await reweighPackaged(tx, merchantId, changed);
    const occurredAt = deps.now();
    await enqueueCarriersAssigned(
      tx,
      changed.map((a) => ({ orderId: a.orderId, merchantId, carrierIntegrationId: a.carrierIntegrationId, assignedByUserId: userId, occurredAt, rule: { id: a.ruleId, name: a.ruleName } })),
    );
    const result = countOutcomes(plan.map((p) => p.outcome));
    // An order a person changed by hand between the plan and the write counts as chosen by hand.
    const lost = wanted.length - changed.length;
    const final = { ...result, assigned: changed.length, manual: result.manual + lost };
    await enqueueCarriersAssignedByRules(tx, { merchantId, assigned: final.assigned, total: final.total, assignedByUserId: userId, occurredAt });
    return final;
  });
  deps.logger.info({ merchantId, userId, ...counts }, 'carriers assigned by rules');
  return { counts, message: assignCarriersMessage(counts) };
}

/** POST /api/shipping-rules/preview: the plan, nothing written; the counts cover every order, the rows the newest. */
export async function previewRules(deps: { pool: Pool }, scope: MerchantScope, orderIds?: readonly number[]): Promise<{ counts: RuleCounts; rows: PlannedOrder[]; message: string }> {
  const plan = await planAssignments(deps.pool, scope.merchantId, orderIds);
  const counts = countOutcomes(plan.map((p) => p.outcome));
  return { counts, rows: plan.slice(0, SHIPPING_RULE_PREVIEW_ROWS), message: assignCarriersMessage(counts, { preview: true }) };
}

/**
 * Newly imported orders without a carrier get the first matching rule's carrier in the import's
 * transaction (`orders.carrier.assigned` with the rule, no user). Not to ship (held for its payment
 * too), or no rule: nothing.
 * The facts are the import's own: a new order has no carrier, no manual choice and no shipment, so
 * reading it back (as the plan of 'Assegna Corrieri' does) would only cost the import a query.
 */
export async function applyRulesOnImport(
  tx: PoolClient,
  order: RuleFacts & { id: number; merchantId: string; status: string },
  now: Date,
  rulesOf: (merchantId: string) => Promise<ImportRules> = (merchantId) => rulesForImport(tx, merchantId),
): Promise<RuleAssignment | null> {
  if (order.status !== 'da_spedire') return null;
  const { rules, carriers } = await rulesOf(order.merchantId);
  if (rules.length === 0) return null;
  const { rule } = matchRule(rules, order, (id) => carriers.get(id));
  if (!rule) return null;
  return assignRuleCarrier(tx, order.merchantId, order.id, rule, now);
}

/** A merchant's rules by priority and the carriers they name, as {@link applyRulesOnImport} reads them. */
export interface ImportRules {
  rules: ShippingRule[];
  carriers: Map<number, KnownCarrier>;
}

/** What {@link applyRulesOnImport} reads: the rules, and the carriers only when there are rules. */
export async function rulesForImport(db: Queryable, merchantId: string): Promise<ImportRules> {
  const rules = byPriority(await listRules(db, merchantId));
  return { rules, carriers: rules.length === 0 ? new Map() : await knownCarriers(db, merchantId) };
}

/**
 * An order that was held for its payment (da_pagare), now paid by a newer import (issue 19): it joins
 * 'Da spedire' and the rules look at it once, in the import's transaction, exactly as 'Assegna
 * Corrieri' would (`planAssignments`: a carrier chosen by hand, or a live shipment, is left alone).
 */
export async function applyRulesOncePaid(tx: PoolClient, merchantId: string, orderId: number, now: Date): Promise<RuleAssignment | null> {
  await clearRulesPending(tx, orderId);
  const [planned] = await planAssignments(tx, merchantId, [orderId]);
  if (!planned || planned.outcome !== 'assign' || !planned.match.rule) return null;
  return assignRuleCarrier(tx, merchantId, orderId, planned.match.rule, now);
}

/** One order gets a rule's carrier (guarded again on its row) and `orders.carrier.assigned` with the rule and no user. */
async function assignRuleCarrier(tx: PoolClient, merchantId: string, orderId: number, rule: ShippingRule, now: Date): Promise<RuleAssignment | null> {
  const [changed] = await assignByRules(tx, merchantId, [{ orderId, carrierIntegrationId: rule.carrierIntegrationId, ruleId: rule.id, ruleName: rule.name, packagePresetId: rule.packagePresetId }]);
  if (!changed) return null;
  await reweighPackaged(tx, merchantId, [changed]);
  await enqueueCarrierAssigned(tx, { orderId, merchantId, carrierIntegrationId: rule.carrierIntegrationId, assignedByUserId: '', occurredAt: now, rule: { id: rule.id, name: rule.name } });
  return changed;
}

type RuleAssignment = Awaited<ReturnType<typeof assignByRules>>[number];

/** Orders a rule gave a package: their weight with its tare (issue 25). */
async function reweighPackaged(tx: PoolClient, merchantId: string, changed: readonly RuleAssignment[]): Promise<void> {
  const packaged = changed.filter((a) => a.packagePresetId !== null).map((a) => a.orderId);
  if (packaged.length) await recomputeOrderWeights(tx, merchantId, { orderIds: packaged });
}

/** A rule's package must be one of the merchant's presets. */
async function assertMerchantPreset(db: Queryable, merchantId: string, presetId: number | null | undefined): Promise<void> {
  if (presetId && !(await findPreset(db, merchantId, presetId))) throw ordersErrors.presetNotFound();
}
