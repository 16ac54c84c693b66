import {
  assignCarriersMessage,
  conditionsSummary,
  shippingRuleCreateSchema,
  shippingRuleMessages as m,
  shippingRulePreviewSchema,
  shippingRuleUpdateSchema,
} from './shipping-rules';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('the rule body (spec §5)', () => {
  it('defaults: active, no conditions, priority left to the service (highest + 1)', () => {
    expect(shippingRuleCreateSchema.parse({ name: ' Predefinita ', carrierIntegrationId: 3 })).toEqual({ name: 'Predefinita', carrierIntegrationId: 3, active: true, conditions: {}, priority: undefined, packagePresetId: null });
    expect(shippingRuleCreateSchema.parse({ name: 'R', carrierIntegrationId: '3', priority: '2', active: false, conditions: null })).toMatchObject({ priority: 2, carrierIntegrationId: 3, active: false, conditions: {} });
  });
  it.each([
    [{ carrierIntegrationId: 1 }, m.nameRequired],
    [{ name: 42, carrierIntegrationId: 1 }, m.nameRequired],
    [{ name: 'R', priority: 0, carrierIntegrationId: 1 }, m.priorityMin],
    [{ name: 'R', priority: '0', carrierIntegrationId: 1 }, m.priorityMin],
    [{ name: 'R', priority: 'prima', carrierIntegrationId: 1 }, m.priorityInteger],
    [{ name: 'R', priority: 2.5, carrierIntegrationId: 1 }, m.priorityInteger],
    [{ name: 'R', priority: true, carrierIntegrationId: 1 }, m.priorityMin],
    [{ name: 'R', priority: 1_000_000, carrierIntegrationId: 1 }, m.priorityMax],
    [{ name: 'R', carrierIntegrationId: '' }, m.carrierRequired],
    [{ name: 'R', carrierIntegrationId: 0 }, m.carrierRequired],
    [{ name: 'R', carrierIntegrationId: -4 }, m.carrierInvalid],
    [{ name: 'R', carrierIntegrationId: 1, active: 1 }, m.activeInvalid],
  ])('refuses %j', (body, message) => {
    expect(firstMessage(shippingRuleCreateSchema.safeParse(body))).toBe(message);
  });
  it('an update names at least one field, each with the create rules', () => {
    expect(firstMessage(shippingRuleUpdateSchema.safeParse({}))).toBe(m.nothingToUpdate);
    expect(firstMessage(shippingRuleUpdateSchema.safeParse({ priority: 0 }))).toBe(m.priorityMin);
    expect(firstMessage(shippingRuleUpdateSchema.safeParse({ name: '' }))).toBe(m.nameRequired);
    expect(shippingRuleUpdateSchema.parse({ active: false })).toEqual({ active: false });
    expect(shippingRuleUpdateSchema.parse({ conditions: {} })).toEqual({ conditions: {} });
  });
  it('the preview takes no list (the orders to ship) or up to 1,000 ids, repeats once', () => {
    expect(shippingRulePreviewSchema.parse({})).toEqual({});
    expect(shippingRulePreviewSchema.parse({ orderIds: [3, 3, 4] })).toEqual({ orderIds: [3, 4] });
    expect(firstMessage(shippingRulePreviewSchema.safeParse({ orderIds: [0] }))).toBe(m.orderIdsInvalid);
  });
});

describe('texts', () => {
  it('summarises the conditions in Italian; none is the default rule', () => {
    expect(conditionsSummary({})).toBe('Tutti gli ordini (regola predefinita)');
    expect(conditionsSummary({ price_min: 10, price_max: 99.5, weight_max: 2, destinations: ['IT', 'SM'], exclude_destinations: ['DE'], is_express: true })).toBe(
      'Totale da 10,00 € a 99,50 € · Peso fino a 2 kg · Destinazioni: IT, SM · Escluse: DE · Solo express',
    );
    expect(conditionsSummary({ price_max: 20, is_express: false })).toBe('Totale fino a 20,00 € · Esclusi express');
  });
  it('says what the assignment did, with counts', () => {
    expect(assignCarriersMessage({ total: 0, assigned: 0, unchanged: 0, manual: 0, noMatch: 0, hasShipment: 0 })).toBe('Nessun ordine da spedire a cui assegnare un corriere');
    expect(assignCarriersMessage({ total: 9, assigned: 1, unchanged: 2, manual: 3, noMatch: 2, hasShipment: 1 })).toBe(
      'Corriere assegnato a 1 ordine; 2 ordini già con il corriere della regola; 3 ordini con corriere scelto a mano lasciati invariati; 1 ordine con spedizione già creata lasciato invariato; 2 ordini senza regola corrispondente',
    );
    expect(assignCarriersMessage({ total: 6, assigned: 5, unchanged: 0, manual: 1, noMatch: 0, hasShipment: 0 }, { preview: true })).toBe(
      'Anteprima: Corriere da assegnare a 5 ordini; 1 ordine con corriere scelto a mano lasciato invariato',
    );
    expect(assignCarriersMessage({ total: 2, assigned: 0, unchanged: 2, manual: 0, noMatch: 0, hasShipment: 0 }, { preview: true })).toBe('Anteprima: Nessun corriere da cambiare; 2 ordini già con il corriere della regola');
  });
});
