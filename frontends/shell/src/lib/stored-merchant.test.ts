import { isCorruptStoredMerchant, storedMerchantFix } from './stored-merchant';

const list = [
  { id: 'a', name: 'Alfa', role: 'admin' },
  { id: 'b', name: 'Beta', role: 'user' },
];

describe('storedMerchantFix (spec §2 fallbacks)', () => {
  it('keeps a stored merchant the user still belongs to', () => {
    expect(storedMerchantFix(list, '{"id":"b","name":"Beta"}')).toEqual({ kind: 'keep' });
  });

  it('replaces a corrupted or id-less value with the first merchant and tells the server', () => {
    const first = { kind: 'store', merchant: { id: 'a', name: 'Alfa' }, setCurrent: true };
    expect(storedMerchantFix(list, '{oops')).toEqual(first);
    expect(storedMerchantFix(list, '{"name":"Beta"}')).toEqual(first);
    expect(storedMerchantFix(list, 'null')).toEqual(first);
  });

  it('falls back to the first when the stored one is gone', () => {
    expect(storedMerchantFix(list, '{"id":"zzz","name":"Gone"}')).toEqual({ kind: 'store', merchant: { id: 'a', name: 'Alfa' }, setCurrent: true });
  });

  it('stores a new name without telling the server again', () => {
    expect(storedMerchantFix(list, '{"id":"b","name":"Vecchio nome"}')).toEqual({ kind: 'store', merchant: { id: 'b', name: 'Beta' }, setCurrent: false });
  });

  it('clears whatever is stored when the user has no merchants', () => {
    expect(storedMerchantFix([], '{"id":"a","name":"Alfa"}')).toEqual({ kind: 'clear' });
    expect(storedMerchantFix([], '{oops')).toEqual({ kind: 'clear' });
    expect(storedMerchantFix([], null)).toEqual({ kind: 'keep' });
  });
});

describe('isCorruptStoredMerchant', () => {
  it('is true only for a value that is there and unreadable', () => {
    expect(isCorruptStoredMerchant('{oops')).toBe(true);
    expect(isCorruptStoredMerchant('{"name":"x"}')).toBe(true);
    expect(isCorruptStoredMerchant(null)).toBe(false);
    expect(isCorruptStoredMerchant('{"id":"a","name":"Alfa"}')).toBe(false);
  });
});
