import { marketplaceOfOAuthState as marketplaceOfState, oauthStateOf } from './oauth-state';

const bytes = (fill: number) => new Uint8Array(32).fill(fill);

test('a state names its marketplace in front of 32 random bytes in base64url', () => {
  const state = oauthStateOf('ebay', bytes(255));
  expect(state).toBe(`ebay.${'_'.repeat(42)}8`);
  expect(marketplaceOfState(state)).toBe('ebay');
  expect(oauthStateOf('ebay', bytes(1))).not.toBe(oauthStateOf('ebay', bytes(2)));
  expect(() => oauthStateOf('ebay', new Uint8Array(8))).toThrow();
});

test('anything else is no state of ours: the bare marketplace, a short or padded nonce, other characters', () => {
  for (const other of ['ebay', 'ebay.', `ebay.${'a'.repeat(42)}`, `ebay.${'a'.repeat(44)}`, `ebay.${'a'.repeat(42)}=`, `EBAY.${'a'.repeat(43)}`, `.${'a'.repeat(43)}`, `ebay.${'a'.repeat(42)}\u0000`]) {
    expect({ other, marketplace: marketplaceOfState(other) }).toEqual({ other, marketplace: null });
  }
});
