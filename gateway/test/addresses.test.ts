/**
 * Merchant addresses (spec §7 "Addresses", rules of §5, fields of §3) over real HTTP: gateway →
 * merchants over gRPC → PostgreSQL, always on the merchant selected in the caller's session.
 * Every refused request leaves the list as it was.
 */
import { addressMessages, messages } from '@smista/contracts';
import { startApp, type TestApp } from '../../e2e/support/app';
import { ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';

let app: TestApp;

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() } });
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

/** A user with a merchant of their own, selected. */
async function merchantUser(): Promise<Member & { merchant: { id: string; name: string } }> {
  const m = await registered(app.baseUrl);
  return { ...m, merchant: await ownMerchant(m) };
}

const valid = {
  addressTypes: ['billing', 'pickup'],
  companyName: 'Bottega Rossi S.r.l.',
  addressLine1: 'Via Roma 1',
  city: 'Milano',
  postalCode: '20121',
};

const list = async (u: Member) => {
  const res = await u.b.get('/api/merchant-addresses');
  expect(res.status).toBe(200);
  return res.body;
};

describe('merchant addresses', () => {
  it('create answers 201 with every field (defaults Italia/IT, active, not default; null for the rest)', async () => {
    const u = await merchantUser();
    const res = await u.b.post('/api/merchant-addresses', { ...valid, addressTypes: ['billing', 'billing', 'pickup'], contactPerson: '  ', notes: '' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      merchantId: u.merchant.id,
      addressTypes: ['billing', 'pickup'],
      isDefault: false,
      companyName: 'Bottega Rossi S.r.l.',
      contactPerson: null,
      addressLine1: 'Via Roma 1',
      addressLine2: null,
      city: 'Milano',
      state: null,
      postalCode: '20121',
      country: 'Italia',
      countryCode: 'IT',
      phone: null,
      email: null,
      vatNumber: null,
      taxCode: null,
      pickupHours: null,
      notes: null,
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await list(u)).toEqual([res.body]);
  });

  it('every field round-trips; PATCH changes exactly the fields sent (null clears), DELETE removes', async () => {
    const u = await merchantUser();
    const full = {
      addressTypes: ['return', 'warehouse'],
      isDefault: true,
      companyName: 'Magazzino Bianchi',
      contactPerson: 'Luca Bianchi',
      addressLine1: 'Via Garibaldi 10',
      addressLine2: 'Scala B',
      city: 'Torino',
      state: 'TO',
      postalCode: '10121',
      country: 'Germania',
      countryCode: 'de',
      phone: '+39 011 123456',
      email: 'magazzino@bianchi.it',
      vatNumber: 'IT01234567890',
      taxCode: 'BNCLCU80A01L219X',
      pickupHours: 'Lun-Ven 9:00-18:00',
      notes: 'Citofono 3',
      active: false,
    };
    const created = await u.b.post('/api/merchant-addresses', full);
    expect(created).toMatchObject({ status: 201, body: { ...full, countryCode: 'DE' } });

    const patched = await u.b.patch(`/api/merchant-addresses/${created.body.id}`, {
      city: ' Roma ',
      notes: null,
      addressLine2: '',
      active: true,
      id: 'ignored',
      createdAt: 'ignored',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({
      ...created.body,
      city: 'Roma',
      notes: null,
      addressLine2: null,
      active: true,
      updatedAt: expect.any(String),
    });
    expect(await list(u)).toEqual([patched.body]);

    // An empty PATCH changes nothing.
    expect(await u.b.patch(`/api/merchant-addresses/${created.body.id}`, {})).toMatchObject({ status: 200, body: { ...patched.body, updatedAt: expect.any(String) } });

    expect(await u.b.delete(`/api/merchant-addresses/${created.body.id}`)).toMatchObject({ status: 200, body: { success: true } });
    expect(await list(u)).toEqual([]);
    expect(await u.b.delete(`/api/merchant-addresses/${created.body.id}`)).toMatchObject({ status: 404, body: { message: addressMessages.notFound } });
    expect(await u.b.patch(`/api/merchant-addresses/${created.body.id}`, { city: 'Roma' })).toMatchObject({ status: 404, body: { message: addressMessages.notFound } });
  });

  it.each([
    ['no type', { addressTypes: [] }, addressMessages.typeRequired],
    ['an unknown type', { addressTypes: ['office'] }, addressMessages.typeInvalid],
    ['a blank company name', { companyName: '   ' }, addressMessages.companyNameRequired],
    ['a blank address line 1', { addressLine1: '' }, addressMessages.addressLine1Required],
    ['a blank postal code', { postalCode: ' ' }, addressMessages.postalCodeRequired],
    ['a blank city', { city: '' }, addressMessages.cityRequired],
    ['a blank country', { country: '' }, addressMessages.countryRequired],
    ['a 3-letter country code', { countryCode: 'ITA' }, addressMessages.countryCodeLength],
    ['a 1-letter country code', { countryCode: 'I' }, addressMessages.countryCodeLength],
    ['a bad e-mail', { email: 'magazzino@' }, addressMessages.emailInvalid],
    ['a company name over 200 characters', { companyName: 'x'.repeat(201) }, addressMessages.tooLong],
  ])('create with %s is 400 in Italian and adds nothing', async (_what, change, message) => {
    const u = await merchantUser();
    const existing = (await u.b.post('/api/merchant-addresses', valid)).body;
    const res = await u.b.post('/api/merchant-addresses', { ...valid, ...change });
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(await list(u)).toEqual([existing]);
  });

  it.each([
    ['addressTypes', addressMessages.typeRequired],
    ['companyName', addressMessages.companyNameRequired],
    ['addressLine1', addressMessages.addressLine1Required],
    ['postalCode', addressMessages.postalCodeRequired],
    ['city', addressMessages.cityRequired],
  ])('create without %s is 400 naming the field with its own message', async (field, message) => {
    const u = await merchantUser();
    const body: Record<string, unknown> = { ...valid };
    delete body[field];
    const res = await u.b.post('/api/merchant-addresses', body);
    expect(res).toMatchObject({ status: 400, body: { message, errors: [{ path: field, message }] } });
    expect(await list(u)).toEqual([]);
  });

  it('PATCH under the same rules: a broken field is 400 in Italian and the address is unchanged', async () => {
    const u = await merchantUser();
    const created = (await u.b.post('/api/merchant-addresses', valid)).body;
    const url = `/api/merchant-addresses/${created.id}`;
    for (const [change, message] of [
      [{ addressTypes: [] }, addressMessages.typeRequired],
      [{ companyName: '' }, addressMessages.companyNameRequired],
      [{ companyName: null }, undefined],
      [{ city: 'Roma', postalCode: '' }, addressMessages.postalCodeRequired],
      [{ country: '  ' }, addressMessages.countryRequired],
      [{ countryCode: 'ITA' }, addressMessages.countryCodeLength],
      [{ isDefault: 'sì' }, undefined],
    ] as const) {
      const res = await u.b.patch(url, change);
      expect({ change, status: res.status }).toEqual({ change, status: 400 });
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await list(u)).toEqual([created]);
  });

  it('one default per merchant: a new default takes the flag from the old one; the default is listed first', async () => {
    const u = await merchantUser();
    const a = (await u.b.post('/api/merchant-addresses', { ...valid, companyName: 'Zeta', isDefault: true })).body;
    expect(a.isDefault).toBe(true);
    const b = (await u.b.post('/api/merchant-addresses', { ...valid, companyName: 'Alfa', isDefault: true })).body;
    expect(b.isDefault).toBe(true);
    let all = await list(u);
    expect(all.map((x: { id: string; isDefault: boolean }) => [x.id, x.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);

    expect(await u.b.patch(`/api/merchant-addresses/${a.id}`, { isDefault: true })).toMatchObject({ status: 200, body: { id: a.id, isDefault: true } });
    all = await list(u);
    expect(all.map((x: { id: string; isDefault: boolean }) => [x.id, x.isDefault])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    // Not the default any more: nothing else changes.
    expect(await u.b.patch(`/api/merchant-addresses/${a.id}`, { isDefault: false })).toMatchObject({ status: 200, body: { isDefault: false } });
    expect((await list(u)).filter((x: { isDefault: boolean }) => x.isDefault)).toEqual([]);
  });

  it('a malformed or unknown id is 404 like a deleted one', async () => {
    const u = await merchantUser();
    for (const id of ['abc', '00000000-0000-4000-8000-000000000000', '%E0']) {
      const expected = id === '%E0' ? messages.errors.notFound : addressMessages.notFound;
      expect(await u.b.patch(`/api/merchant-addresses/${id}`, { city: 'Roma' })).toMatchObject({ status: 404, body: { message: expected } });
      expect(await u.b.delete(`/api/merchant-addresses/${id}`)).toMatchObject({ status: 404, body: { message: expected } });
    }
  });

  it('the list follows the selected merchant; without one it is 400 "Nessun merchant selezionato"; without a session 401', async () => {
    const u = await merchantUser();
    const first = (await u.b.post('/api/merchant-addresses', valid)).body;
    const second = await ownMerchant(u, 'Seconda');
    expect(await list(u)).toEqual([]);
    await u.b.post('/api/merchants/select', { merchantId: u.merchant.id });
    expect(await list(u)).toEqual([first]);

    const newcomer = await registered(app.baseUrl);
    expect(await newcomer.b.get('/api/merchant-addresses')).toMatchObject({ status: 400, body: { message: messages.errors.noMerchantSelected } });
    expect(await newcomer.b.post('/api/merchant-addresses', valid)).toMatchObject({ status: 400, body: { message: messages.errors.noMerchantSelected } });
    expect(second.id).not.toBe(u.merchant.id);

    newcomer.b.cookie = undefined;
    expect(await newcomer.b.get('/api/merchant-addresses')).toMatchObject({ status: 401, body: { message: messages.errors.notAuthenticated } });
    expect((await newcomer.b.post('/api/merchant-addresses', valid)).status).toBe(401);
  });
});
