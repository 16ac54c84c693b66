import { posteMessages, shippingRuleConditionsSchema, type ShippingRuleConditions } from '@smista/contracts';
import type { RuleOutcome } from '@smista/contracts';
import { byPriority, countOutcomes, matchRule, mismatchOf, outcomeFor, planOrder, type KnownCarrier, type RuleFacts, type RuleMatch, type RuleTarget, type ShippingRule } from './shipping-rules';

const at = new Date('2026-11-23T10:00:00Z');
let nextId = 1;
function rule(name: string, priority: number, conditions: ShippingRuleConditions = {}, extra: Partial<ShippingRule> = {}): ShippingRule {
  return { id: nextId++, merchantId: 'm', name, priority, conditions, carrierIntegrationId: 10, active: true, createdAt: at, updatedAt: at, packagePresetId: null, ...extra };
}
const gls = { provider: 'gls', serviceType: '' };
const activeCarrier: KnownCarrier = { ...gls, connectionName: 'GLS Milano', active: true, status: 'active', deleted: false };
const carriers = new Map<number, KnownCarrier>([
  [10, activeCarrier],
  [11, { ...gls, connectionName: 'GLS Roma', active: true, status: 'active', deleted: false }],
  [12, { ...gls, connectionName: 'GLS spento', active: false, status: 'active', deleted: false }],
  [13, { ...gls, connectionName: 'GLS in prova', active: true, status: 'pending', deleted: false }],
  [14, { ...gls, connectionName: 'GLS vecchio', active: true, status: 'active', deleted: true }],
  [15, { provider: 'posta_1', serviceType: '', connectionName: 'Posta1', active: true, status: 'active', deleted: false }],
  [16, { provider: 'poste_delivery', serviceType: 'APT000902', connectionName: 'Poste Standard', active: true, status: 'active', deleted: false }],
  [17, { provider: 'poste_delivery', serviceType: 'APT000904', connectionName: 'Poste Estero', active: true, status: 'active', deleted: false }],
  [18, { provider: 'poste_delivery', serviceType: null, connectionName: 'Poste (prodotto non noto)', active: true, status: 'active', deleted: false }],
  [19, { provider: 'posta_rc_intl', serviceType: '', connectionName: 'Raccomandata estero', active: true, status: 'active', deleted: false }],
]);
const carrierOf = (id: number) => carriers.get(id);
const order = (facts: Partial<RuleFacts> = {}): RuleFacts => ({ total: '50.00', currency: 'EUR', countryCode: 'IT', express: false, weightGrams: 1500, ...facts });

describe('mismatchOf: each condition and its boundaries', () => {
  const cases: [string, ShippingRuleConditions, Partial<RuleFacts>, string | null][] = [
    ['no conditions: the default rule takes every order', {}, {}, null],
    ['price_min equal to the total holds (inclusive)', { price_min: 50 }, {}, null],
    ['price_min one cent above fails', { price_min: 50.01 }, {}, 'totale 50,00 € sotto il minimo di 50,01 €'],
    ['price_max equal holds (inclusive)', { price_max: 50 }, {}, null],
    ['price_max one cent below fails', { price_max: 49.99 }, {}, 'totale 50,00 € sopra il massimo di 49,99 €'],
    ['both bounds around the total hold', { price_min: 10, price_max: 100 }, {}, null],
    ['another currency is not compared with euro', { price_max: 100 }, { currency: 'GBP' }, 'totale in GBP: i prezzi delle regole sono in euro'],
    ['another currency does not matter without a price condition', { destinations: ['IT'] }, { currency: 'USD' }, null],
    ['weight equal to the maximum holds', { weight_max: 1.5 }, {}, null],
    ['one gram over fails', { weight_max: 1.5 }, { weightGrams: 1501 }, 'peso 1,501 kg oltre il massimo di 1,5 kg'],
    ['unknown weight never matches a weight limit', { weight_max: 30 }, { weightGrams: null }, "peso dell'ordine mancante: completa il peso dei prodotti nel Catalogo"],
    ['unknown weight does not matter without a weight limit', {}, { weightGrams: null }, null],
    ['destination included', { destinations: ['IT', 'SM'] }, { countryCode: 'SM' }, null],
    ['destination not included', { destinations: ['IT', 'SM'] }, { countryCode: 'DE' }, 'destinazione DE non inclusa'],
    ['destination compared upper-case', { destinations: ['DE'] }, { countryCode: 'de' }, null],
    ['excluded destination', { exclude_destinations: ['IT'] }, {}, 'destinazione IT esclusa'],
    ['not excluded', { exclude_destinations: ['DE'] }, {}, null],
    ['include and exclude together: included and not excluded', { destinations: ['IT', 'DE'], exclude_destinations: ['FR'] }, { countryCode: 'DE' }, null],
    ['include and exclude together: the exclusion is checked after the inclusion', { destinations: ['IT'], exclude_destinations: ['FR'] }, { countryCode: 'FR' }, 'destinazione FR non inclusa'],
    ['no address: a destination condition cannot hold', { destinations: ['IT'] }, { countryCode: '' }, "destinazione dell'ordine sconosciuta"],
    ['express wanted and the service is express', { is_express: true }, { express: true }, null],
    ['express wanted, standard service', { is_express: true }, {}, 'spedizione non express'],
    ['express excluded, express service', { is_express: false }, { express: true }, 'spedizione express'],
    ['express excluded, standard service', { is_express: false }, {}, null],
    ['the first failing condition is the one told (destination before price)', { destinations: ['FR'], price_min: 100 }, {}, 'destinazione IT non inclusa'],
  ];
  it.each(cases)('%s', (_title, conditions, facts, expected) => {
    expect(mismatchOf(rule('R', 1, conditions), order(facts), activeCarrier)).toBe(expected);
  });

  it('an inactive rule, and a carrier that is off, not accepted or deleted, never take an order', () => {
    expect(mismatchOf(rule('R', 1, {}, { active: false }), order(), activeCarrier)).toBe('regola disattivata');
    expect(mismatchOf(rule('R', 1), order(), carriers.get(12))).toBe("corriere 'GLS spento' non attivo");
    expect(mismatchOf(rule('R', 1), order(), carriers.get(13))).toBe("corriere 'GLS in prova' non attivo");
    expect(mismatchOf(rule('R', 1), order(), carriers.get(14))).toBe('corriere non più configurato');
    expect(mismatchOf(rule('R', 1), order(), undefined)).toBe('corriere non più configurato');
  });

  it('compares money in cents, never in floats', () => {
    expect(mismatchOf(rule('R', 1, { price_min: 0.3 }), order({ total: '0.30' }), activeCarrier)).toBeNull();
    expect(mismatchOf(rule('R', 1, { price_max: 0.3 }), order({ total: '0.30' }), activeCarrier)).toBeNull();
  });
});

describe("mismatchOf: the carrier's own destinations, the check its label makes", () => {
  it('a domestic service never takes an order abroad, saying why in the words of the label', () => {
    expect(mismatchOf(rule('R', 1), order({ countryCode: 'AT' }), carriers.get(15))).toBe(posteMessages.letters.domesticOnly('Posta1'));
    expect(mismatchOf(rule('R', 1), order({ countryCode: 'AT' }), carriers.get(15))).toMatch(/^Posta1 vale solo per l'Italia/);
    expect(mismatchOf(rule('R', 1), order({ countryCode: 'at' }), carriers.get(16))).toBe(posteMessages.productDomesticOnly('Standard', 'Austria'));
    expect(mismatchOf(rule('R', 1), order({ countryCode: 'SM' }), carriers.get(15))).toBeNull();
    expect(mismatchOf(rule('R', 1), order({ countryCode: 'AT' }), activeCarrier)).toBeNull();
  });

  it('an international service never takes an order to Italy; an order without a country ships to Italy', () => {
    expect(mismatchOf(rule('R', 1), order({ countryCode: 'AT' }), carriers.get(17))).toBeNull();
    expect(mismatchOf(rule('R', 1), order({ countryCode: 'IT' }), carriers.get(17))).toBe(posteMessages.productInternationalOnly('Internazionale Standard'));
    expect(mismatchOf(rule('R', 1), order({ countryCode: '' }), carriers.get(19))).toBe(posteMessages.letters.internationalOnly('Raccomandata Internazionale'));
    expect(mismatchOf(rule('R', 1), order({ countryCode: '' }), carriers.get(15))).toBeNull();
  });

  it("a Poste Delivery integration whose product is not known yet is not held to a product's destinations", () => {
    expect(mismatchOf(rule('R', 1), order({ countryCode: 'AT' }), carriers.get(18))).toBeNull();
  });

  it("the rule's own destination conditions are told first, then the carrier's", () => {
    expect(mismatchOf(rule('R', 1, { destinations: ['IT'] }), order({ countryCode: 'AT' }), carriers.get(15))).toBe('destinazione AT non inclusa');
    expect(mismatchOf(rule('R', 1, { price_min: 100 }), order({ countryCode: 'AT' }), carriers.get(15))).toBe(posteMessages.letters.domesticOnly('Posta1'));
  });

  it('the engine passes over the domestic rule to the next, and says why', () => {
    const posta1 = rule('Lettere', 1, {}, { carrierIntegrationId: 15 });
    const fallback = rule('Predefinita', 2, {}, { carrierIntegrationId: 10 });
    const match = matchRule(byPriority([posta1, fallback]), order({ countryCode: 'AT' }), carrierOf);
    expect(match.rule?.name).toBe('Predefinita');
    expect(match.reasons).toEqual([`Regola 'Lettere': ${posteMessages.letters.domesticOnly('Posta1')}`]);
    expect(matchRule(byPriority([posta1, fallback]), order({ countryCode: 'IT' }), carrierOf).rule?.name).toBe('Lettere');
  });
});

describe('matchRule: the lowest priority whose conditions hold wins', () => {
  const italyExpress = rule('Italia express', 1, { destinations: ['IT'], is_express: true }, { carrierIntegrationId: 10 });
  const cheap = rule('Piccoli importi', 2, { price_max: 20 }, { carrierIntegrationId: 11 });
  const off = rule('Spenta', 3, {}, { active: false });
  const onInactiveCarrier = rule('Corriere spento', 4, {}, { carrierIntegrationId: 12 });
  const fallback = rule('Predefinita', 5, {}, { carrierIntegrationId: 10 });
  const rules = byPriority([fallback, onInactiveCarrier, off, cheap, italyExpress]);

  it('sorts by priority', () => {
    expect(rules.map((r) => r.priority)).toEqual([1, 2, 3, 4, 5]);
  });

  it('takes the first that matches and explains every rule before it', () => {
    const match = matchRule(rules, order({ countryCode: 'DE', total: '15.00' }), carrierOf);
    expect(match.rule?.name).toBe('Piccoli importi');
    expect(match.reasons).toEqual(["Regola 'Italia express': destinazione DE non inclusa"]);
  });

  it('skips the inactive rule and the inactive carrier down to the default rule', () => {
    const match = matchRule(rules, order({ countryCode: 'DE', total: '80.00' }), carrierOf);
    expect(match.rule?.name).toBe('Predefinita');
    expect(match.reasons).toEqual([
      "Regola 'Italia express': destinazione DE non inclusa",
      "Regola 'Piccoli importi': totale 80,00 € sopra il massimo di 20,00 €",
      "Regola 'Spenta': regola disattivata",
      "Regola 'Corriere spento': corriere 'GLS spento' non attivo",
    ]);
  });

  it('the first rule matching wins even when a later one also matches', () => {
    expect(matchRule(rules, order({ express: true, total: '5.00' }), carrierOf).rule?.name).toBe('Italia express');
  });

  it('no rule matching: null, with a reason for each rule', () => {
    const only = byPriority([italyExpress, cheap]);
    const match = matchRule(only, order({ total: '80.00' }), carrierOf);
    expect(match.rule).toBeNull();
    expect(match.reasons).toHaveLength(2);
    expect(matchRule([], order(), carrierOf)).toEqual({ rule: null, reasons: [] });
  });
});

describe('outcomeFor: what assigning does to an order', () => {
  const r = rule('R', 1, {}, { carrierIntegrationId: 10 });
  const target = (extra: Partial<RuleTarget> = {}): RuleTarget => ({ ...order(), status: 'da_spedire', paymentStatus: 'pagato', carrierIntegrationId: null, carrierSource: null, appliedRuleId: null, hasLiveShipment: false, ...extra });
  const cases: [string, RuleTarget, RuleMatch, RuleOutcome][] = [
    ['no carrier yet → assign', target(), { rule: r, reasons: [] }, 'assign'],
    ['a carrier chosen by hand is never changed', target({ carrierIntegrationId: 11, carrierSource: 'manual' }), { rule: r, reasons: [] }, 'manual'],
    ['an earlier rule chose another carrier → assign', target({ carrierIntegrationId: 11, carrierSource: 'rule', appliedRuleId: 99 }), { rule: r, reasons: [] }, 'assign'],
    ['already from this rule → unchanged', target({ carrierIntegrationId: 10, carrierSource: 'rule', appliedRuleId: r.id }), { rule: r, reasons: [] }, 'unchanged'],
    ['a live shipment keeps its carrier', target({ hasLiveShipment: true }), { rule: r, reasons: [] }, 'has_shipment'],
    ['no rule matching', target(), { rule: null, reasons: ['x'] }, 'no_match'],
    ['not to ship', target({ status: 'spedito' }), { rule: r, reasons: [] }, 'not_to_ship'],
    ['not paid (da_pagare): no carrier, even chosen by hand', target({ status: 'da_pagare', paymentStatus: 'in_attesa', carrierSource: 'manual' }), { rule: r, reasons: [] }, 'unpaid'],
  ];
  it.each(cases)('%s', (_title, t, match, expected) => {
    expect(outcomeFor(t, match)).toBe(expected);
  });

  it('counts outcomes; the orders not paid apart from the total of orders to ship', () => {
    expect(countOutcomes(['assign', 'assign', 'manual', 'no_match', 'unchanged', 'has_shipment', 'not_to_ship', 'unpaid', 'unpaid'])).toEqual({
      total: 7,
      assigned: 2,
      unchanged: 1,
      manual: 1,
      noMatch: 1,
      hasShipment: 1,
      unpaid: 2,
    });
  });

  it('planOrder: an order not paid is passed over with its payment named, no rule tried (issue 19)', () => {
    const rules = byPriority([r]);
    expect(planOrder(rules, target({ status: 'da_pagare', paymentStatus: 'fallito' }), carrierOf)).toEqual({
      match: { rule: null, reasons: ["Ordine non pagato (pagamento non riuscito): resta in 'Da pagare' e le regole non gli assegnano un corriere finché non è pagato"] },
      outcome: 'unpaid',
    });
    expect(planOrder(rules, target({ status: 'da_pagare', paymentStatus: 'in_attesa' }), carrierOf).match.reasons[0]).toContain('(pagamento in attesa)');
    // Paid: the engine as before.
    expect(planOrder(rules, target(), carrierOf)).toEqual({ match: { rule: r, reasons: [] }, outcome: 'assign' });
  });
});

describe('the conditions as the form, the gateway and the service read them', () => {
  const parse = (v: unknown) => shippingRuleConditionsSchema.safeParse(v);
  it('trims and upper-cases destination lists, typed or as arrays, dropping empties and repeats', () => {
    expect(parse({ destinations: ' it, sm ,,IT', exclude_destinations: ['de '] })).toMatchObject({ success: true, data: { destinations: ['IT', 'SM'], exclude_destinations: ['DE'] } });
  });
  it('reads amounts with a comma, treats empty fields as absent, and keeps a stable key order', () => {
    const r = parse({ is_express: true, price_max: '100,50', price_min: '', weight_max: 2 });
    expect(r.success && JSON.stringify(r.data)).toBe('{"price_max":100.5,"weight_max":2,"is_express":true}');
    expect(parse(null)).toMatchObject({ success: true, data: {} });
  });
  it.each([
    [{ price_min: -1 }, 'Il prezzo minimo deve essere un importo in euro'],
    [{ price_min: 'dieci' }, 'Il prezzo minimo deve essere un importo in euro'],
    [{ price_max: 1.234 }, 'Il prezzo massimo deve essere un importo in euro'],
    [{ price_min: 50, price_max: 10 }, 'Il prezzo minimo non può superare il prezzo massimo'],
    [{ weight_max: 0 }, 'Il peso massimo deve essere un numero di kg maggiore di 0'],
    [{ destinations: 'ITA' }, "Destinazioni: 'ITA' non è un codice paese di due lettere (es. IT)"],
    [{ destinations: 42 }, 'Destinazioni: scrivi i codici paese separati da virgole (es. IT, SM)'],
    [{ destinations: ['IT'], exclude_destinations: 'it' }, 'Paesi sia inclusi sia esclusi: IT'],
    [{ is_express: 'si' }, 'Express deve essere vero o falso'],
    [{ colour: 'red' }, 'Condizione sconosciuta: colour'],
    ['tutto', 'Le condizioni devono essere un oggetto'],
    [[], 'Le condizioni devono essere un oggetto'],
  ])('refuses %j', (value, message) => {
    const r = parse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain(message);
  });
});
