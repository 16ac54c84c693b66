import { parseStoredMerchant, resolveSelectedMerchant, roleInMerchant } from './merchant-storage';

const list = [
  { id: 'a', name: 'Alfa', role: 'admin' },
  { id: 'b', name: 'Beta', role: 'user' },
];

describe('parseStoredMerchant', () => {
  it('reads {id, name}', () => {
    expect(parseStoredMerchant('{"id":"b","name":"Beta"}')).toEqual({ id: 'b', name: 'Beta' });
    expect(parseStoredMerchant('{"id":7}')).toEqual({ id: '7', name: '' });
  });

  it('treats missing, unparseable or id-less values as none', () => {
    expect(parseStoredMerchant(null)).toBeNull();
    expect(parseStoredMerchant('')).toBeNull();
    expect(parseStoredMerchant('{not json')).toBeNull();
    expect(parseStoredMerchant('{"name":"x"}')).toBeNull();
    expect(parseStoredMerchant('"a"')).toBeNull();
  });
});

describe('resolveSelectedMerchant (spec §2 fallbacks)', () => {
  it('keeps the stored merchant when it is still in the list', () => {
    expect(resolveSelectedMerchant(list, '{"id":"b","name":"Beta"}')?.id).toBe('b');
  });

  it('falls back to the first when none is stored, it is gone, or unparseable', () => {
    expect(resolveSelectedMerchant(list, null)?.id).toBe('a');
    expect(resolveSelectedMerchant(list, '{"id":"zzz","name":"Gone"}')?.id).toBe('a');
    expect(resolveSelectedMerchant(list, '{oops')?.id).toBe('a');
  });

  it('gives null for an empty list', () => {
    expect(resolveSelectedMerchant([], '{"id":"a"}')).toBeNull();
  });
});

describe('roleInMerchant', () => {
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
