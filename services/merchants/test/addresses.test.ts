import { randomUUID } from 'node:crypto';
import { GrpcStatus } from '@smista/service-kit';
import { merchants } from '@smista/proto';
import { addressMessages, messages } from '@smista/contracts';
import { failure, snapshot, startTestStack, type MerchantsApi, type TestStack } from './support/harness';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
}, 30_000);

type Fields = Partial<merchants.MerchantAddressFields>;

const valid: Fields = {
  addressTypes: ['billing', 'pickup'],
  companyName: 'Bottega Rossi srl',
  addressLine1: 'Via Roma 1',
  postalCode: '20121',
  city: 'Milano',
};

/** A merchant with its admin working in it (selected in the caller token). */
async function workingIn(role: 'admin' | 'user' = 'admin'): Promise<{ merchantId: string; api: MerchantsApi }> {
  const { merchantId, admin } = await stack.newMerchant();
  if (role === 'admin') return { merchantId, api: await stack.as(admin, { merchantId, role: 'admin' }) };
  const user = await stack.register();
  await stack.pool.query(`INSERT INTO memberships (user_id, merchant_id, role) VALUES ($1, $2, 'user')`, [user.id, merchantId]);
  return { merchantId, api: await stack.as(user, { merchantId, role: 'user' }) };
}

const create = (api: MerchantsApi, fields: Fields) => api.createAddress({ fields: merchants.MerchantAddressFields.fromPartial(fields) });
const update = (api: MerchantsApi, id: string, fields: Fields, updateMask: string[] = []) =>
  api.updateAddress({ id, fields: merchants.MerchantAddressFields.fromPartial(fields), updateMask });

async function defaults(merchantId: string): Promise<string[]> {
  const { rows } = await stack.pool.query('SELECT id FROM merchant_addresses WHERE merchant_id = $1 AND is_default', [merchantId]);
  return rows.map((r) => r.id);
}

describe('CreateAddress and ListAddresses', () => {
  it('stores every field with the defaults of spec §3 and answers it', async () => {
    const { merchantId, api } = await workingIn();
    const created = await create(api, { ...valid, addressTypes: ['warehouse', 'warehouse'], companyName: '  Magazzino Nord ', email: ' ' });
    expect(created).toEqual({
      id: expect.any(String),
      merchantId,
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
      fields: {
        addressTypes: ['warehouse'],
        isDefault: false,
        companyName: 'Magazzino Nord',
        addressLine1: 'Via Roma 1',
        city: 'Milano',
        postalCode: '20121',
        country: 'Italia',
        countryCode: 'IT',
        active: true,
      },
    });

    const full: Fields = {
      addressTypes: ['billing', 'pickup', 'return', 'warehouse'],
      isDefault: true,
      companyName: 'Alfa spa',
      contactPerson: 'Mario Bianchi',
      addressLine1: 'Corso Italia 10',
      addressLine2: 'Scala B',
      city: 'Torino',
      state: 'TO',
      postalCode: '10121',
      country: 'Germania',
      countryCode: 'de',
      phone: '+39 011 123456',
      email: 'Spedizioni@Alfa.it',
      vatNumber: 'IT01234567890',
      taxCode: 'RSSMRA80A01H501U',
      pickupHours: 'Lun-Ven 9:00-18:00',
      notes: 'Citofono 3',
      active: false,
    };
    const alfa = await create(api, full);
    expect(alfa.fields).toEqual({ ...full, countryCode: 'DE', email: 'Spedizioni@Alfa.it' });

    // The default first, then by company name.
    const zeta = await create(api, { ...valid, companyName: 'Zeta' });
    const beta = await create(api, { ...valid, companyName: 'beta' });
    expect((await api.listAddresses({})).addresses.map((a) => a.id)).toEqual([alfa.id, beta.id, created.id, zeta.id]);
  });

  it('lets a plain user manage addresses too', async () => {
    const { api } = await workingIn('user');
    const a = await create(api, valid);
    await update(api, a.id, { city: 'Roma' });
    await api.deleteAddress({ id: a.id });
    expect((await api.listAddresses({})).addresses).toEqual([]);
  });

  it.each<[string, Fields, string]>([
    ['no address type', { addressTypes: [] }, addressMessages.typeRequired],
    ['an unknown address type', { addressTypes: ['home'] }, addressMessages.typeInvalid],
    ['no company name', { companyName: undefined }, addressMessages.companyNameRequired],
    ['a blank company name', { companyName: '   ' }, addressMessages.companyNameRequired],
    ['no address line', { addressLine1: '' }, addressMessages.addressLine1Required],
    ['no postal code', { postalCode: undefined }, addressMessages.postalCodeRequired],
    ['no city', { city: ' ' }, addressMessages.cityRequired],
    ['an empty country', { country: '' }, addressMessages.countryRequired],
    ['a 3-letter country code', { countryCode: 'ITA' }, addressMessages.countryCodeLength],
    ['a 1-letter country code', { countryCode: 'I' }, addressMessages.countryCodeLength],
    ['a malformed e-mail', { email: 'spedizioni@' }, addressMessages.emailInvalid],
    ['an overlong note', { notes: 'x'.repeat(1001) }, addressMessages.tooLong],
  ])('refuses %s in Italian and writes nothing', async (_what, change, message) => {
    const { api } = await workingIn();
    const existing = await create(api, { ...valid, isDefault: true });
    const before = await snapshot(stack.pool);
    const refused = { code: GrpcStatus.INVALID_ARGUMENT, details: message };
    expect(await failure(create(api, { ...valid, isDefault: true, ...change }))).toEqual(refused);
    // The same rule on update (PATCH of just that field), which also leaves the row as it was.
    const field = Object.keys(change)[0];
    expect(await failure(update(api, existing.id, change, [field]))).toEqual(refused);
    expect(await snapshot(stack.pool)).toEqual(before);
    expect((await api.listAddresses({})).addresses).toEqual([existing]);
  });

  it('needs a selected merchant the caller belongs to', async () => {
    const { merchantId, admin } = await stack.newMerchant();
    const noMerchant = await stack.as(admin);
    const failed = { code: GrpcStatus.FAILED_PRECONDITION, details: messages.errors.noMerchantSelected };
    expect(await failure(noMerchant.listAddresses({}))).toEqual(failed);
    expect(await failure(create(noMerchant, valid))).toEqual(failed);
    expect(await failure(update(noMerchant, randomUUID(), { city: 'Roma' }))).toEqual(failed);
    expect(await failure(noMerchant.deleteAddress({ id: randomUUID() }))).toEqual(failed);

    // A token naming a merchant the user is not (or no longer) a member of.
    const stranger = await stack.as(await stack.register(), { merchantId, role: 'admin' });
    const notFound = { code: GrpcStatus.NOT_FOUND, details: messages.errors.merchantNotFound };
    expect(await failure(stranger.listAddresses({}))).toEqual(notFound);
    expect(await failure(create(stranger, valid))).toEqual(notFound);
    const malformed = await stack.as(admin, { merchantId: 'non-un-uuid', role: 'admin' });
    expect(await failure(malformed.listAddresses({}))).toEqual(notFound);
  });
});

describe('default address', () => {
  it('creating a second default takes the flag from the first', async () => {
    const { merchantId, api } = await workingIn();
    const first = await create(api, { ...valid, companyName: 'Primo', isDefault: true });
    const second = await create(api, { ...valid, companyName: 'Secondo', isDefault: true });
    expect(await defaults(merchantId)).toEqual([second.id]);
    expect((await api.listAddresses({})).addresses.map((a) => [a.fields!.companyName, a.fields!.isDefault])).toEqual([
      ['Secondo', true],
      ['Primo', false],
    ]);
    expect(first.fields!.isDefault).toBe(true);
  });

  it('updating another address to default switches it, and unsetting leaves none', async () => {
    const { merchantId, api } = await workingIn();
    const a = await create(api, { ...valid, companyName: 'A', isDefault: true });
    const b = await create(api, { ...valid, companyName: 'B' });
    expect((await update(api, b.id, { isDefault: true })).fields!.isDefault).toBe(true);
    expect(await defaults(merchantId)).toEqual([b.id]);
    // Making the default the default again changes nothing.
    await update(api, b.id, { isDefault: true });
    expect(await defaults(merchantId)).toEqual([b.id]);
    await update(api, b.id, { isDefault: false }, ['isDefault']);
    expect(await defaults(merchantId)).toEqual([]);
    expect(a.id).not.toBe(b.id);
  });

  it('stays single under concurrent switches, and each merchant has its own', async () => {
    const { merchantId, api } = await workingIn();
    const other = await workingIn();
    const otherDefault = await create(other.api, { ...valid, isDefault: true });
    const ids = await Promise.all(Array.from({ length: 4 }, (_, i) => create(api, { ...valid, companyName: `C${i}` }).then((a) => a.id)));
    const results = await Promise.allSettled([
      ...ids.map((id) => update(api, id, { isDefault: true })),
      create(api, { ...valid, companyName: 'Nuovo', isDefault: true }),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await defaults(merchantId)).toHaveLength(1);
    expect(await defaults(other.merchantId)).toEqual([otherDefault.id]);
  });
});

describe('UpdateAddress (PATCH)', () => {
  const full: Fields = { ...valid, contactPerson: 'Mario', phone: '02 123', notes: 'Nota', country: 'Francia', countryCode: 'FR', active: false, isDefault: true };

  it('changes only the fields given and keeps the rest (no defaults creep back)', async () => {
    const { api } = await workingIn();
    const a = await create(api, full);
    const updated = await update(api, a.id, { companyName: ' Nuovo nome ' });
    expect(updated.fields).toEqual({ ...a.fields, companyName: 'Nuovo nome' });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(a.updatedAt));
    expect(updated.createdAt).toBe(a.createdAt);
  });

  it('clears optional fields named in the mask and left unset, or given empty', async () => {
    const { api } = await workingIn();
    const a = await create(api, full);
    const updated = await update(api, a.id, { phone: '', city: 'Roma' }, ['contact_person', 'phone']);
    expect(updated.fields).toEqual({ ...a.fields, contactPerson: undefined, phone: undefined });
    const { rows } = await stack.pool.query('SELECT contact_person, phone, city FROM merchant_addresses WHERE id = $1', [a.id]);
    expect(rows).toEqual([{ contact_person: null, phone: null, city: 'Milano' }]);
  });

  it('replaces the address types when given', async () => {
    const { api } = await workingIn();
    const a = await create(api, full);
    expect((await update(api, a.id, { addressTypes: ['return'] })).fields!.addressTypes).toEqual(['return']);
  });

  it('refuses unknown mask names', async () => {
    const { api } = await workingIn();
    const a = await create(api, full);
    expect(await failure(update(api, a.id, { city: 'Roma' }, ['city', 'merchantId']))).toEqual({
      code: GrpcStatus.INVALID_ARGUMENT,
      details: messages.errors.validation,
    });
  });
});
