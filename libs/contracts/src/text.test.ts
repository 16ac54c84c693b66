import type { z } from 'zod';
import { merchantAddressSchema } from './addresses';
import { createCarrierIntegrationSchema, updateCarrierIntegrationSchema } from './carriers';
import { merchantNameSchema, profileSchema, registerRequestSchema } from './schemas';
import { shippingRuleCreateSchema } from './shipping-rules';
import { hasHiddenCharacters, hiddenCharactersMessage } from './text';

const HIDDEN = [
  ['U+202E right-to-left override', '\u202E'],
  ['U+202D left-to-right override', '\u202D'],
  ['U+2067 right-to-left isolate', '\u2067'],
  ['U+200F right-to-left mark', '\u200F'],
  ['U+061C Arabic letter mark', '\u061C'],
  ['U+200B zero-width space', '\u200B'],
  ['U+2060 word joiner', '\u2060'],
  ['U+FEFF byte order mark', '\uFEFF'],
  ['U+00AD soft hyphen', '\u00AD'],
  ['U+0007 bell', '\u0007'],
  ['U+009B C1 control', '\u009B'],
] as const;

test.each(HIDDEN)('%s is hidden', (_name, char) => {
  expect(hasHiddenCharacters(`Bottega${char}Mario`)).toBe(true);
});

test('what people type is not: accents, emoji sequences with the zero-width joiner, other scripts, tab and new lines', () => {
  for (const text of ['Caffè Ünal & Figli', 'Famiglia 👨‍👩‍👧', 'مرحبا', 'שלום', 'Via Roma 1\nScala B\tint. 3', "L'Aquila", 'Ørsted—“citazione”']) {
    expect({ text, hidden: hasHiddenCharacters(text) }).toEqual({ text, hidden: false });
  }
});

/** The first message of a failed parse, or 'ok'. */
const outcome = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? 'ok' : parsed.error.issues[0]!.message;
};

const address = { addressTypes: ['pickup'], isDefault: false, companyName: 'Bottega', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'Italia', countryCode: 'IT' };
const user = { firstName: 'Mario', lastName: 'Rossi', email: 'mario@example.it', username: 'mario_r', password: 'Segreta1' };

test.each([
  ['merchant name', merchantNameSchema, (t: string) => ({ name: t })],
  ['address: company', merchantAddressSchema, (t: string) => ({ ...address, companyName: t })],
  ['address: contact person', merchantAddressSchema, (t: string) => ({ ...address, contactPerson: t })],
  ['address: line 1', merchantAddressSchema, (t: string) => ({ ...address, addressLine1: t })],
  ['address: notes', merchantAddressSchema, (t: string) => ({ ...address, notes: t })],
  ['registration: first name', registerRequestSchema, (t: string) => ({ ...user, firstName: t })],
  ['registration: username', registerRequestSchema, (t: string) => ({ ...user, username: `${t}xx` })],
  ['profile: last name', profileSchema, (t: string) => ({ ...user, lastName: t })],
  ['carrier connection name', createCarrierIntegrationSchema, (t: string) => ({ provider: 'gls', connectionName: t })],
  ['carrier connection name, changed', updateCarrierIntegrationSchema, (t: string) => ({ connectionName: t })],
  ['shipping rule name', shippingRuleCreateSchema, (t: string) => ({ name: t, carrierIntegrationId: 1 })],
] as const)('%s: refused with the Italian message when it hides characters, accepted otherwise', (_field, schema, body) => {
  expect(outcome(schema as z.ZodType, body('Bottega\u202Eoiram'))).toBe(hiddenCharactersMessage);
  expect(outcome(schema as z.ZodType, body('Bottega\u200BMario'))).toBe(hiddenCharactersMessage);
  expect(outcome(schema as z.ZodType, body('Bottega Mario'))).toBe('ok');
});
