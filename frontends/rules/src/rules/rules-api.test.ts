import { ruleKeys } from './rules-api';

describe('ruleKeys', () => {
  it('nests the list and the dry run under their merchant, so one invalidation refreshes both', () => {
    expect(ruleKeys.list('m1')).toEqual(['shipping-rules', 'm1', 'list']);
    expect(ruleKeys.preview('m1')).toEqual(['shipping-rules', 'm1', 'preview']);
    const prefix = (key: readonly unknown[], of: readonly unknown[]) => expect(key.slice(0, of.length)).toEqual([...of]);
    prefix(ruleKeys.list('m1'), ruleKeys.merchant('m1'));
    prefix(ruleKeys.preview('m1'), ruleKeys.merchant('m1'));
    prefix(ruleKeys.merchant('m1'), ruleKeys.all);
    expect(ruleKeys.list('m1')).not.toEqual(ruleKeys.list('m2'));
  });
  it("shares the other screens' keys for the carrier integrations and the orders", () => {
    expect(ruleKeys.carrierIntegrations('m1')).toEqual(['carriers', 'm1', 'integrations']);
    expect(ruleKeys.orders('m1')).toEqual(['orders', 'm1']);
  });
});
