import { shippingRuleMessages as m } from '@smista/contracts';
import { ApiError } from '@smista/ui-kit';
import {
  emptyRuleForm,
  expressChoiceOf,
  formToBody,
  nextPriority,
  ruleFormValues,
  saveRefusals,
  sortRules,
  validateRuleForm,
  type RuleFormValues,
} from './rule-form';

const rule = {
  id: 7,
  merchantId: 'm1',
  name: 'Italia express',
  priority: 2,
  conditions: { price_min: 10, price_max: 99.5, weight_max: 2.25, destinations: ['IT', 'SM'], exclude_destinations: ['VA'], is_express: true },
  carrierIntegrationId: 3,
  active: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  packagePresetId: null,
};

const filled = (over: Partial<RuleFormValues> = {}, conditions: Partial<RuleFormValues['conditions']> = {}): RuleFormValues => {
  const base = emptyRuleForm(4);
  return { ...base, name: 'Estero', carrierIntegrationId: '3', ...over, conditions: { ...base.conditions, ...conditions } };
};

describe('nextPriority and sortRules', () => {
  it('is the highest existing priority plus 1, or 1 (spec §5)', () => {
    expect(nextPriority([])).toBe(1);
    expect(nextPriority([{ priority: 3 }, { priority: 10 }, { priority: 1 }])).toBe(11);
  });
  it('sorts by priority ascending, ties by id, without touching the input', () => {
    const input = [
      { id: 3, priority: 5 },
      { id: 2, priority: 1 },
      { id: 1, priority: 5 },
    ];
    expect(sortRules(input).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(input.map((r) => r.id)).toEqual([3, 2, 1]);
  });
});

describe('the form of a new and an edited rule', () => {
  it('starts a new rule with the given priority, no carrier, active, no condition', () => {
    expect(emptyRuleForm(4)).toEqual({
      name: '',
      priority: '4',
      carrierIntegrationId: '',
      active: true,
      packagePresetId: '',
      conditions: { price_min: '', price_max: '', weight_max: '', destinations: '', exclude_destinations: '', is_express: 'all' },
    });
  });
  it('prefills an edited rule as an Italian types it (decimal comma, codes comma-separated)', () => {
    expect(ruleFormValues(rule, true)).toEqual({
      name: 'Italia express',
      priority: '2',
      carrierIntegrationId: '3',
      active: false,
      packagePresetId: '',
      conditions: { price_min: '10', price_max: '99,5', weight_max: '2,25', destinations: 'IT, SM', exclude_destinations: 'VA', is_express: 'only' },
    });
  });
  it('leaves the carrier empty when its integration was deleted', () => {
    expect(ruleFormValues(rule, false).carrierIntegrationId).toBe('');
  });
  it('reads the three-way express choice', () => {
    expect([true, false, undefined].map(expressChoiceOf)).toEqual(['only', 'exclude', 'all']);
  });
  it('round-trips: an edited rule validates back to the same body', () => {
    const result = validateRuleForm(ruleFormValues(rule, true));
    expect(result).toEqual({
      ok: true,
      body: { name: 'Italia express', priority: 2, carrierIntegrationId: 3, active: false, conditions: rule.conditions, packagePresetId: null },
    });
  });
});

describe('form → body', () => {
  it('maps the express choice to is_express true, false or absent', () => {
    expect((formToBody(filled({}, { is_express: 'only' })).conditions as Record<string, unknown>).is_express).toBe(true);
    expect((formToBody(filled({}, { is_express: 'exclude' })).conditions as Record<string, unknown>).is_express).toBe(false);
    expect((formToBody(filled({}, { is_express: 'all' })).conditions as Record<string, unknown>).is_express).toBeUndefined();
  });
  it('sends typed text through the contracts schema: trimmed, upper-cased codes, decimal commas, numbers', () => {
    const result = validateRuleForm(
      filled({ name: '  Estero  ', priority: ' 3 ' }, { price_min: '12,50', weight_max: '0,5', destinations: ' de, fr ,, at ', exclude_destinations: '', is_express: 'exclude' }),
    );
    expect(result).toEqual({
      ok: true,
      body: {
        name: 'Estero',
        priority: 3,
        carrierIntegrationId: 3,
        active: true,
        packagePresetId: null,
        conditions: { price_min: 12.5, weight_max: 0.5, destinations: ['DE', 'FR', 'AT'], is_express: false },
      },
    });
  });
  it('sends no condition at all as the default rule (an empty object, which clears an edited rule)', () => {
    const result = validateRuleForm(filled());
    expect(result.ok && result.body.conditions).toEqual({});
  });
});

describe('the §5 messages under their fields', () => {
  it("says 'Nome richiesto', 'Priorità deve essere almeno 1' and 'Corriere richiesto' together", () => {
    const result = validateRuleForm(filled({ name: '   ', priority: '0', carrierIntegrationId: '' }));
    expect(result).toEqual({ ok: false, errors: { name: m.nameRequired, priority: m.priorityMin, carrierIntegrationId: m.carrierRequired } });
  });
  it('takes a blank priority as below 1, not as the next free one', () => {
    const result = validateRuleForm(filled({ priority: '' }));
    expect(result).toEqual({ ok: false, errors: { priority: m.priorityMin } });
  });
  it('refuses a fractional priority', () => {
    expect(validateRuleForm(filled({ priority: '1.5' }))).toEqual({ ok: false, errors: { priority: m.priorityInteger } });
  });
  it('puts each condition error under its own field', () => {
    const bad = validateRuleForm(filled({}, { price_min: 'dieci', weight_max: '0', destinations: 'IT, ITA' }));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors['conditions.price_min']).toBe(m.priceInvalid('Il prezzo minimo'));
    expect(bad.errors['conditions.weight_max']).toBe(m.weightInvalid);
    expect(bad.errors['conditions.destinations']).toBe(m.countryInvalid('Destinazioni', 'ITA'));
  });
  it('checks the price range and a country both included and excluded', () => {
    const range = validateRuleForm(filled({}, { price_min: '50', price_max: '10' }));
    expect(range).toEqual({ ok: false, errors: { 'conditions.price_max': m.priceRange } });
    const both = validateRuleForm(filled({}, { destinations: 'IT, DE', exclude_destinations: 'de' }));
    expect(both).toEqual({ ok: false, errors: { 'conditions.exclude_destinations': m.countryBoth('DE') } });
  });
});

describe('saveRefusals', () => {
  const json = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body));
  it('puts a priority already used (409) under Priorità, word for word', () => {
    const message = m.priorityTaken(2, 'Italia');
    expect(saveRefusals(json(409, { message }))).toEqual([{ field: 'priority', message }]);
  });
  it("puts 'Integrazione corriere non trovata' under Corriere, another 404 in a toast", () => {
    expect(saveRefusals(json(404, { message: m.carrierNotFound }))).toEqual([{ field: 'carrierIntegrationId', message: m.carrierNotFound }]);
    expect(saveRefusals(json(404, { message: m.ruleNotFound }))).toEqual([{ field: null, message: m.ruleNotFound }]);
  });
  it("maps a 400's field errors to the form's fields; an unknown path goes to the toast", () => {
    const refusals = saveRefusals(
      json(400, {
        message: m.nameRequired,
        errors: [
          { path: 'name', message: m.nameRequired },
          { path: 'conditions.destinations', message: 'x' },
          { path: 'conditions', message: m.conditionsInvalid },
        ],
      }),
    );
    expect(refusals).toEqual([
      { field: 'name', message: m.nameRequired },
      { field: 'conditions.destinations', message: 'x' },
      { field: null, message: m.conditionsInvalid },
    ]);
  });
  it('shows a failure without a JSON body as its text', () => {
    expect(saveRefusals(new ApiError(502, 'Bad Gateway'))).toEqual([{ field: null, message: '502: Bad Gateway' }]);
    expect(saveRefusals(new TypeError('Failed to fetch'))).toEqual([{ field: null, message: 'Failed to fetch' }]);
  });
});
