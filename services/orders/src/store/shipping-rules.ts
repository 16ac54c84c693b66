import type { PoolClient, Queryable } from '@smista/service-kit';
import type { ShippingRuleConditions } from '@smista/contracts';
import type { KnownCarrier, RuleTarget, ShippingRule } from '../domain';

/** Advisory-lock class of "a merchant's shipping rules" (writes, default priorities, assignments). */
const RULES_LOCK = 7_102_002;

/** The order (alias `o`) has a shipment that is not cancelled: it carries its own carrier. */
const LIVE_SHIPMENT = "EXISTS (SELECT 1 FROM order_shipments s WHERE s.order_id = o.id AND s.status <> 'cancelled')";

const RULE_COLUMNS = 'id, merchant_id, name, priority, conditions, carrier_integration_id, active, created_at, updated_at, package_preset_id';

type Row = Record<string, unknown>;

function toRule(r: Row): ShippingRule {
  return {
    id: Number(r.id),
    merchantId: r.merchant_id as string,
    name: r.name as string,
    priority: r.priority as number,
    conditions: (r.conditions ?? {}) as ShippingRuleConditions,
    carrierIntegrationId: Number(r.carrier_integration_id),
    active: r.active as boolean,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
    packagePresetId: r.package_preset_id === null || r.package_preset_id === undefined ? null : Number(r.package_preset_id),
  };
}

/**
 * Serialises the writes of one merchant's rules and the assignments that read them, for the rest of
 * the transaction: a default priority (highest + 1) is never handed out twice, and an assignment
 * never reads half of a change.
 */
export async function lockMerchantRules(tx: PoolClient, merchantId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RULES_LOCK, merchantId]);
}

/** The merchant's rules, in the order they are tried (priority, then id). */
export async function listRules(db: Queryable, merchantId: string): Promise<ShippingRule[]> {
  const { rows } = await db.query({ name: 'orders-rules-list', text: `SELECT ${RULE_COLUMNS} FROM shipping_rules WHERE merchant_id = $1 ORDER BY priority, id`, values: [merchantId] });
  return rows.map(toRule);
}

export async function findRule(db: Queryable, merchantId: string, id: number): Promise<ShippingRule | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const { rows } = await db.query(`SELECT ${RULE_COLUMNS} FROM shipping_rules WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
  return rows[0] ? toRule(rows[0]) : null;
}

/** The rule holding a priority (another than `exceptId`), for the 409's message. */
export async function ruleWithPriority(db: Queryable, merchantId: string, priority: number, exceptId = 0): Promise<ShippingRule | null> {
  const { rows } = await db.query(`SELECT ${RULE_COLUMNS} FROM shipping_rules WHERE merchant_id = $1 AND priority = $2 AND id <> $3`, [merchantId, priority, exceptId]);
  return rows[0] ? toRule(rows[0]) : null;
}

/** Spec §5: a new rule's default priority is the highest + 1, or 1. Call under {@link lockMerchantRules}. */
export async function nextPriority(tx: Queryable, merchantId: string): Promise<number> {
  const { rows } = await tx.query<{ next: number }>('SELECT COALESCE(max(priority), 0) + 1 AS next FROM shipping_rules WHERE merchant_id = $1', [merchantId]);
  return rows[0].next;
}

export interface RuleValues {
  name: string;
  priority: number;
  conditions: ShippingRuleConditions;
  carrierIntegrationId: number;
  active: boolean;
  packagePresetId: number | null;
}

export async function insertRule(tx: PoolClient, merchantId: string, v: RuleValues): Promise<ShippingRule> {
  const { rows } = await tx.query(
    `INSERT INTO shipping_rules (merchant_id, name, priority, conditions, carrier_integration_id, active, package_preset_id)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7) RETURNING ${RULE_COLUMNS}`,
    [merchantId, v.name, v.priority, JSON.stringify(v.conditions), v.carrierIntegrationId, v.active, v.packagePresetId],
  );
  return toRule(rows[0]);
}

export async function updateRule(tx: PoolClient, merchantId: string, id: number, v: RuleValues): Promise<ShippingRule | null> {
  const { rows } = await tx.query(
    `UPDATE shipping_rules SET name = $3, priority = $4, conditions = $5::jsonb, carrier_integration_id = $6, active = $7,
            package_preset_id = $8, updated_at = now()
      WHERE id = $1 AND merchant_id = $2 RETURNING ${RULE_COLUMNS}`,
    [id, merchantId, v.name, v.priority, JSON.stringify(v.conditions), v.carrierIntegrationId, v.active, v.packagePresetId],
  );
  return rows[0] ? toRule(rows[0]) : null;
}

export async function deleteRule(tx: PoolClient, merchantId: string, id: number): Promise<ShippingRule | null> {
  const { rows } = await tx.query(`DELETE FROM shipping_rules WHERE id = $1 AND merchant_id = $2 RETURNING ${RULE_COLUMNS}`, [id, merchantId]);
  return rows[0] ? toRule(rows[0]) : null;
}

// --- the carriers' integrations, as their events tell them ---

/** The merchant's carrier integrations known from `carriers.integration.changed`. */
export async function knownCarriers(db: Queryable, merchantId: string): Promise<Map<number, KnownCarrier>> {
  const { rows } = await db.query({
    name: 'orders-known-carriers',
    text: 'SELECT integration_id, provider, service_type, connection_name, active, status, deleted FROM carrier_integrations WHERE merchant_id = $1',
    values: [merchantId],
  });
  return new Map(
    rows.map((r) => [
      Number(r.integration_id),
      {
        provider: r.provider as string,
        serviceType: (r.service_type as string | null) ?? null,
        connectionName: r.connection_name as string,
        active: r.active as boolean,
        status: r.status as string,
        deleted: r.deleted as boolean,
      },
    ]),
  );
}

/** Applies one integration's state unless a newer one is stored; true when it changed the row. */
export async function applyCarrierState(
  tx: PoolClient,
  s: {
    merchantId: string;
    integrationId: number;
    provider: string;
    /** null: the event did not say (published before carriers sent it); the known one is kept. */
    serviceType: string | null;
    connectionName: string;
    status: string;
    active: boolean;
    deleted: boolean;
    version: Date;
  },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO carrier_integrations AS c (merchant_id, integration_id, provider, service_type, connection_name, status, active, deleted, version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (merchant_id, integration_id) DO UPDATE SET
       provider = EXCLUDED.provider, service_type = coalesce(EXCLUDED.service_type, c.service_type), connection_name = EXCLUDED.connection_name,
       status = EXCLUDED.status, active = EXCLUDED.active, deleted = c.deleted OR EXCLUDED.deleted, version = EXCLUDED.version
     WHERE c.version <= EXCLUDED.version`,
    [s.merchantId, s.integrationId, s.provider, s.serviceType, s.connectionName, s.status, s.active, s.deleted, s.version],
  );
  return rowCount === 1;
}

/**
 * Takes a deleted carrier integration off the orders still to ship (or waiting for their payment)
 * that have no live shipment;
 * answers their ids (each gets `orders.carrier.assigned` 0).
 */
export async function clearDeletedCarrier(tx: PoolClient, merchantId: string, integrationId: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE orders o SET carrier_integration_id = NULL, carrier_source = NULL, applied_rule_id = NULL, applied_rule_name = NULL, updated_at = now()
      WHERE o.merchant_id = $1 AND o.carrier_integration_id = $2 AND o.status IN ('da_spedire', 'da_pagare')
        AND NOT ${LIVE_SHIPMENT}
      RETURNING o.id`,
    [merchantId, integrationId],
  );
  return rows.map((r) => Number(r.id));
}

// --- the orders the rules look at ---

/** An order as the rules see it, with what the dry run shows of it. */
export interface RuleCandidate extends RuleTarget {
  id: number;
  externalId: string;
  buyerName: string;
  orderDate: Date;
}

const CANDIDATE_COLUMNS = `o.id, o.external_id, o.buyer_name, o.order_date, o.status, o.payment_status, o.total::text AS total, o.currency,
  COALESCE(a.country_code, '') AS country_code, o.express, o.weight_grams, o.carrier_integration_id, o.carrier_source,
  o.applied_rule_id, ${LIVE_SHIPMENT} AS live_shipment`;

function toCandidate(r: Row): RuleCandidate {
  return {
    id: Number(r.id),
    externalId: r.external_id as string,
    buyerName: r.buyer_name as string,
    orderDate: r.order_date as Date,
    status: r.status as string,
    paymentStatus: r.payment_status as string,
    total: r.total as string,
    currency: r.currency as string,
    countryCode: r.country_code as string,
    express: r.express as boolean,
    weightGrams: r.weight_grams === null ? null : Number(r.weight_grams),
    carrierIntegrationId: r.carrier_integration_id === null ? null : Number(r.carrier_integration_id),
    carrierSource: r.carrier_source as RuleTarget['carrierSource'],
    appliedRuleId: r.applied_rule_id === null ? null : Number(r.applied_rule_id),
    hasLiveShipment: r.live_shipment as boolean,
  };
}

/**
 * The orders 'Assegna Corrieri' and the dry run consider: the merchant's orders to ship and those
 * held for their payment (passed over, with their reason), or the ones named (any status; unknown
 * and other merchants' left out); newest first.
 */
export async function ruleCandidates(db: Queryable, merchantId: string, orderIds?: readonly number[]): Promise<RuleCandidate[]> {
  const byIds = orderIds !== undefined;
  const { rows } = await db.query(
    `SELECT ${CANDIDATE_COLUMNS} FROM orders o LEFT JOIN shipping_addresses a ON a.order_id = o.id
      WHERE o.merchant_id = $1 AND ${byIds ? 'o.id = ANY($2::bigint[])' : "o.status IN ('da_spedire', 'da_pagare')"}
      ORDER BY o.order_date DESC, o.id DESC`,
    byIds ? [merchantId, orderIds.filter((id) => Number.isSafeInteger(id) && id > 0)] : [merchantId],
  );
  return rows.map(toCandidate);
}

export interface RuleAssignment {
  orderId: number;
  carrierIntegrationId: number;
  ruleId: number;
  ruleName: string;
  /** The rule's package, given with the carrier; null leaves the order's package alone. */
  packagePresetId: number | null;
}

/**
 * Gives each order its rule's carrier (and package, when the rule names one) in one statement, guarded again on the row: still to ship,
 * not chosen by hand meanwhile (a manual choice made during the assignment wins), no live shipment.
 * Answers the orders actually changed.
 */
export async function assignByRules(tx: PoolClient, merchantId: string, assignments: readonly RuleAssignment[]): Promise<RuleAssignment[]> {
  if (assignments.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE orders o SET carrier_integration_id = x.carrier, carrier_source = 'rule', applied_rule_id = x.rule_id,
            applied_rule_name = x.rule_name, package_preset_id = COALESCE(x.preset, o.package_preset_id), updated_at = now()
       FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::bigint[]) AS x(order_id, carrier, rule_id, rule_name, preset)
      WHERE o.id = x.order_id AND o.merchant_id = $1 AND o.status = 'da_spedire'
        AND o.carrier_source IS DISTINCT FROM 'manual'
        AND NOT ${LIVE_SHIPMENT}
      RETURNING o.id`,
    [
      merchantId,
      assignments.map((a) => a.orderId),
      assignments.map((a) => a.carrierIntegrationId),
      assignments.map((a) => a.ruleId),
      assignments.map((a) => a.ruleName),
      assignments.map((a) => a.packagePresetId),
    ],
  );
  const changed = new Set(rows.map((r) => Number(r.id)));
  return assignments.filter((a) => changed.has(a.orderId));
}
