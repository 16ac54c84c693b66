/**
 * The rule dialog's form (spec §5 "Shipping rule"), as pure values and functions: what the form
 * edits, a new rule's defaults, an existing rule's values, the mapping to the API body through the
 * contracts' schema (so the form says every §5 message exactly as the gateway and the service do),
 * and where a refusal of the server belongs in the form.
 */
import { z } from 'zod';
import {
  shippingRuleCreateSchema,
  shippingRuleMessages,
  type ErrorJson,
  type ShippingRuleConditions,
  type ShippingRuleCreate,
  type ShippingRuleJson,
} from '@smista/contracts';
import { ApiError, errorMessageFrom, errorStatusOf } from '@smista/ui-kit';

/** The three-way 'Express' choice: no condition, only express services, no express services. */
export type ExpressChoice = 'all' | 'only' | 'exclude';
export const expressChoices: readonly ExpressChoice[] = ['all', 'only', 'exclude'];

/** What the form edits: every typed value as text ('' for none), as the inputs hold it. */
export interface RuleFormValues {
  name: string;
  priority: string;
  /** The carrier integration's id, '' for none chosen. */
  carrierIntegrationId: string;
  active: boolean;
  /** The package preset the rule gives (issue 25), '' for none. */
  packagePresetId: string;
  conditions: {
    price_min: string;
    price_max: string;
    weight_max: string;
    /** Country codes typed comma-separated (spec §5). */
    destinations: string;
    exclude_destinations: string;
    is_express: ExpressChoice;
  };
}

/** The form's fields, as react-hook-form names them. */
export type RuleFieldPath =
  | 'name'
  | 'priority'
  | 'carrierIntegrationId'
  | 'active'
  | 'packagePresetId'
  | `conditions.${keyof RuleFormValues['conditions']}`;

const fieldPaths: readonly RuleFieldPath[] = [
  'name',
  'priority',
  'carrierIntegrationId',
  'active',
  'packagePresetId',
  'conditions.price_min',
  'conditions.price_max',
  'conditions.weight_max',
  'conditions.destinations',
  'conditions.exclude_destinations',
  'conditions.is_express',
];

/** Spec §5: a new rule's priority is the highest existing plus 1, or 1 when there is none. */
export function nextPriority(rules: Pick<ShippingRuleJson, 'priority'>[]): number {
  return rules.reduce((max, r) => Math.max(max, r.priority), 0) + 1;
}

/** The rules as the table lists them: priority ascending (lowest number first), then the older first. */
export function sortRules<R extends Pick<ShippingRuleJson, 'priority' | 'id'>>(rules: R[]): R[] {
  return [...rules].sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/** A new rule: named by the user, the next free priority, no carrier chosen yet, active, no condition. */
export function emptyRuleForm(priority: number): RuleFormValues {
  return {
    name: '',
    priority: String(priority),
    carrierIntegrationId: '',
    active: true,
    packagePresetId: '',
    conditions: { price_min: '', price_max: '', weight_max: '', destinations: '', exclude_destinations: '', is_express: 'all' },
  };
}

/** Euro and kilograms as an Italian types them: 12.5 → '12,5'. */
const decimalText = (n: number | undefined) => (n === undefined ? '' : String(n).replace('.', ','));

export function expressChoiceOf(isExpress: boolean | undefined): ExpressChoice {
  return isExpress === true ? 'only' : isExpress === false ? 'exclude' : 'all';
}

/**
 * The form of a rule being edited. `carrierKnown` says whether its carrier integration still exists:
 * a deleted one is not offered, so the field starts empty and asks for another.
 */
export function ruleFormValues(rule: ShippingRuleJson, carrierKnown: boolean): RuleFormValues {
  const c: ShippingRuleConditions = rule.conditions ?? {};
  return {
    name: rule.name,
    priority: String(rule.priority),
    carrierIntegrationId: carrierKnown ? String(rule.carrierIntegrationId) : '',
    active: rule.active,
    packagePresetId: rule.packagePresetId ? String(rule.packagePresetId) : '',
    conditions: {
      price_min: decimalText(c.price_min),
      price_max: decimalText(c.price_max),
      weight_max: decimalText(c.weight_max),
      destinations: (c.destinations ?? []).join(', '),
      exclude_destinations: (c.exclude_destinations ?? []).join(', '),
      is_express: expressChoiceOf(c.is_express),
    },
  };
}

/**
 * The body the form stands for, before validation: the contracts' schema reads typed text itself
 * (digits, '12,50', 'it, sm'). The form always names a priority: one left blank is no number,
 * so it is below 1 ('Priorità deve essere almeno 1') rather than silently the next free one.
 */
export function formToBody(values: RuleFormValues): Record<string, unknown> {
  const c = values.conditions;
  return {
    name: values.name,
    priority: values.priority.trim() === '' ? 0 : values.priority,
    carrierIntegrationId: values.carrierIntegrationId,
    active: values.active,
    packagePresetId: values.packagePresetId || null,
    conditions: {
      price_min: c.price_min,
      price_max: c.price_max,
      weight_max: c.weight_max,
      destinations: c.destinations,
      exclude_destinations: c.exclude_destinations,
      is_express: c.is_express === 'only' ? true : c.is_express === 'exclude' ? false : undefined,
    },
  };
}

/**
 * The form's schema: its values mapped by {@link formToBody}, then the contracts' create schema.
 * Its issues carry the body's paths, which are the form's field names; its output is the API body
 * (the whole rule, for POST and PUT alike).
 */
export const ruleFormSchema = z.preprocess((values) => formToBody(values as RuleFormValues), shippingRuleCreateSchema) as unknown as z.ZodType<
  ShippingRuleCreate,
  RuleFormValues
>;

/** The body of a valid form, or the first message of each field (for tests and the resolver alike). */
export function validateRuleForm(values: RuleFormValues): { ok: true; body: ShippingRuleCreate } | { ok: false; errors: Partial<Record<string, string>> } {
  const parsed = ruleFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.') || 'form';
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Where a refused save goes: under a field of the form, or (`field: null`) in a toast. */
export interface SaveRefusal {
  field: RuleFieldPath | null;
  message: string;
}

function errorBody(error: unknown): ErrorJson | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.bodyText);
    return parsed && typeof parsed === 'object' && typeof (parsed as ErrorJson).message === 'string' ? (parsed as ErrorJson) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a failed save: the field errors of a 400 under their fields, a priority already used (409)
 * under Priorità, a carrier that is not the merchant's under Corriere; anything else (a rule
 * deleted meanwhile, the connection) as one message for a toast.
 */
export function saveRefusals(error: unknown): SaveRefusal[] {
  const status = errorStatusOf(error);
  const body = errorBody(error);
  const message = errorMessageFrom(error) ?? (error instanceof Error ? error.message : String(error));
  if (status === 409) return [{ field: 'priority', message }];
  if (status === 404 && message === shippingRuleMessages.carrierNotFound) return [{ field: 'carrierIntegrationId', message }];
  if (status === 400 && body?.errors?.length) {
    const out: SaveRefusal[] = [];
    for (const e of body.errors) {
      const field = fieldPaths.find((p) => p === e.path) ?? null;
      if (!out.some((o) => o.field === field && field !== null)) out.push({ field, message: e.message });
    }
    return out;
  }
  return [{ field: null, message }];
}
