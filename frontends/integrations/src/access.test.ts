import { roleInMerchant } from './access';

describe('roleInMerchant', () => {
  const list = [
    { id: 'a', name: 'Alfa', role: 'admin' as const },
    { id: 'b', name: 'Beta', role: 'user' as const },
  ];
  it('finds the role of the selected merchant', () => {
    expect(roleInMerchant(list, 'a')).toBe('admin');
    expect(roleInMerchant(list, 'b')).toBe('user');
  });
  it('is undefined while unknown', () => {
    expect(roleInMerchant(undefined, 'a')).toBeUndefined();
    expect(roleInMerchant(list, null)).toBeUndefined();
    expect(roleInMerchant(list, 'z')).toBeUndefined();
  });
});
