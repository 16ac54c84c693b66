import { messages } from '@smista/contracts';
import { MerchantsError, MerchantsErrorCode } from './errors';
import { normaliseMerchantName, parseMerchantId } from './merchant';

function refusal(fn: () => unknown): MerchantsError {
  try {
    fn();
  } catch (err) {
    if (err instanceof MerchantsError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('normaliseMerchantName', () => {
  it('trims surrounding whitespace', () => {
    expect(normaliseMerchantName('  Bottega Rossi \t\n')).toBe('Bottega Rossi');
  });

  it.each(['', '   ', '\t\n '])('refuses a blank name (%j) with the Italian message', (name) => {
    const err = refusal(() => normaliseMerchantName(name));
    expect(err.code).toBe(MerchantsErrorCode.InvalidMerchantName);
    expect(err.message).toBe(messages.validation.merchantNameRequired);
  });

  it('accepts 120 characters and refuses 121', () => {
    expect(normaliseMerchantName('a'.repeat(120))).toHaveLength(120);
    const err = refusal(() => normaliseMerchantName('a'.repeat(121)));
    expect(err.code).toBe(MerchantsErrorCode.InvalidMerchantName);
    expect(err.message).toBe(messages.validation.merchantNameTooLong);
  });
});

describe('parseMerchantId', () => {
  it('answers the canonical lower-case id', () => {
    expect(parseMerchantId(' 3F2504E0-4F89-41D3-9A0C-0305E82C3301 ')).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
  });

  it.each(['', 'abc', '3f2504e0-4f89-41d3-9a0c-0305e82c330', "1' OR '1'='1"])(
    'treats malformed %j as not found, like an unknown merchant',
    (id) => {
      const err = refusal(() => parseMerchantId(id));
      expect(err.code).toBe(MerchantsErrorCode.MerchantNotFound);
      expect(err.message).toBe(messages.errors.merchantNotFound);
    },
  );
});
