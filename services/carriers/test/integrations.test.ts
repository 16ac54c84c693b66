import { status } from '@grpc/grpc-js';
import { carrierMessages as m } from '@smista/contracts';
import { carriersEvents } from '@smista/proto';
import { failure, GLS_ACCOUNT, POSTE_ACCOUNT, publishedEvents, startCarriersStack, type CarriersStack, type TestMerchant } from './support/harness';

let stack: CarriersStack;
let shop: TestMerchant;

beforeAll(async () => {
  stack = await startCarriersStack();
  shop = await stack.newMerchant();
}, 60_000);
afterAll(() => stack?.stop(), 30_000);

async function counts(): Promise<{ integrations: number; outbox: number }> {
  const { rows } = await stack.pool.query<{ i: number; o: number }>(
    `SELECT (SELECT count(*) FROM carrier_integrations)::int AS i, (SELECT count(*) FROM outbox)::int AS o`,
  );
  return { integrations: rows[0].i, outbox: rows[0].o };
}

describe('the catalogue', () => {
  it('lists the six carriers with a logo the gateway serves', async () => {
    const { carriers } = await shop.api.listCarriers({});
    expect(carriers.map((c) => c.code)).toEqual(['gls', 'poste_delivery', 'posta_1', 'posta_rc', 'posta_pr_intl', 'posta_rc_intl']);
    for (const c of carriers) {
      expect(c.logoUrl).toBe(`/assets/carriers/${c.code}.svg`);
      expect(c.name).not.toBe('');
      expect(c.description).not.toBe('');
    }
    expect(carriers.filter((c) => c.usesCodePool).map((c) => c.code)).toEqual(['posta_1', 'posta_rc', 'posta_pr_intl', 'posta_rc_intl']);
  });
});

describe('GLS credentials', () => {
  it('accepted by the carrier: active, the password sealed at rest and never answered or logged', async () => {
    const created = await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'gls', connectionName: 'GLS Milano', active: true, credentials: GLS_ACCOUNT });
    expect(created.status).toBe('active');
    expect(created.statusMessage).toBe('');
    expect(created.connectedAt).not.toBe('');
    expect(created.credentials).toMatchObject({ siglaSede: 'MI', codiceCliente: '123456', codiceContratto: '1234', hasPasswordCliente: true });
    expect(JSON.stringify(created)).not.toContain(GLS_ACCOUNT.passwordCliente);

    const { rows } = await stack.pool.query(`SELECT * FROM carrier_integrations WHERE id = $1`, [created.id]);
    expect(rows[0].client_password).toMatch(/^v1:test1:/);
    expect(JSON.stringify(rows[0])).not.toContain(GLS_ACCOUNT.passwordCliente);
    expect(stack.logText()).not.toContain(GLS_ACCOUNT.passwordCliente);

    const again = await shop.api.getIntegration({ merchantId: shop.merchantId, id: created.id });
    expect(JSON.stringify(again)).not.toContain(GLS_ACCOUNT.passwordCliente);

    const events = (await publishedEvents(stack.pool)).filter((e) => e.subject === 'carriers.integration.changed');
    const decoded = events.map((e) => carriersEvents.CarrierIntegrationChanged.decode(e.payload)).filter((e) => e.integrationId === created.id);
    expect(decoded.map((e) => e.status)).toEqual(['pending', 'active']);
    // Each says what happened (activity tells 'collegato' once, not at the credential check).
    expect(decoded.map((e) => e.change)).toEqual(['created', 'status']);
    expect(events.map((e) => e.payload.toString('latin1')).join('')).not.toContain(GLS_ACCOUNT.passwordCliente);
  });

  it("refused by the carrier: stays pending with the carrier's refusal in Italian", async () => {
    const created = await shop.api.createIntegration({
      merchantId: shop.merchantId,
      provider: 'gls',
      connectionName: 'GLS sbagliato',
      credentials: { ...GLS_ACCOUNT, passwordCliente: 'Sbagliata1' },
    });
    expect(created.status).toBe('pending');
    expect(created.statusMessage).toMatch(/GLS/);
    expect(stack.logText()).not.toContain('Sbagliata1');

    // Right password: the update asks again and the integration turns active; the other fields kept.
    const fixed = await shop.api.updateIntegration({ merchantId: shop.merchantId, id: created.id, credentials: { passwordCliente: GLS_ACCOUNT.passwordCliente } });
    expect(fixed.status).toBe('active');
    expect(fixed.statusMessage).toBe('');
    expect(fixed.credentials?.siglaSede).toBe('MI');

    // An update that leaves the password empty keeps the stored one.
    const renamed = await shop.api.updateIntegration({ merchantId: shop.merchantId, id: created.id, connectionName: 'GLS Torino', credentials: { passwordCliente: '' } });
    expect(renamed.connectionName).toBe('GLS Torino');
    expect(renamed.status).toBe('active');
    expect((await shop.api.validateCredentials({ merchantId: shop.merchantId, id: created.id })).status).toBe('active');
  });

  const valid = { ...GLS_ACCOUNT };
  it.each([
    ['siglaSede', { siglaSede: '' }, m.siglaSedeRequired],
    ['codiceCliente', { codiceCliente: '' }, m.codiceClienteRequired],
    ['passwordCliente', { passwordCliente: '' }, m.passwordClienteRequired],
    ['codiceContratto', { codiceContratto: '' }, m.codiceContrattoRequired],
    ['emailFiliale missing', { emailFiliale: '' }, m.emailFilialeRequired],
    ['emailFiliale invalid', { emailFiliale: 'non-una-mail' }, m.emailInvalid],
    ['siglaSede too long', { siglaSede: 'MIL' }, m.siglaSedeFormat],
    ['codiceCliente not numeric', { codiceCliente: '12a' }, m.codiceClienteFormat],
    ['codiceCliente over 6 digits', { codiceCliente: '1234567' }, m.codiceClienteFormat],
    ['passwordCliente over 10', { passwordCliente: 'x'.repeat(11) }, m.passwordClienteLength],
    ['codiceContratto over 4 digits', { codiceContratto: '12345' }, m.codiceContrattoFormat],
  ])('refuses %s with its Italian message and writes nothing', async (_name, patch, message) => {
    const before = await counts();
    const err = await failure(shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'gls', connectionName: 'GLS', credentials: { ...valid, ...patch } }));
    expect(err).toEqual({ code: status.INVALID_ARGUMENT, details: message });
    expect(await counts()).toEqual(before);
  });

  it('refuses a blank connection name and an unknown carrier', async () => {
    expect(await failure(shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'gls', connectionName: '   ', credentials: valid }))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: m.connectionNameRequired,
    });
    expect(await failure(shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'dhl', connectionName: 'DHL', credentials: {} }))).toEqual({
      code: status.NOT_FOUND,
      details: m.unknownCarrier,
    });
  });
});

describe('Poste Delivery Business and the letter services', () => {
  it('Poste Delivery: right credentials active, wrong ones pending with the refusal', async () => {
    const ok = await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'poste_delivery', connectionName: 'Poste pacchi', credentials: POSTE_ACCOUNT });
    expect(ok.status).toBe('active');
    expect(ok.credentials).toMatchObject({ username: POSTE_ACCOUNT.username, customerCode: POSTE_ACCOUNT.customerCode, hasPassword: true });
    const bad = await shop.api.createIntegration({
      merchantId: shop.merchantId,
      provider: 'poste_delivery',
      connectionName: 'Poste sbagliato',
      credentials: { ...POSTE_ACCOUNT, password: 'NonValida9' },
    });
    expect(bad.status).toBe('pending');
    expect(bad.statusMessage).not.toBe('');
    expect(stack.logText()).not.toContain(POSTE_ACCOUNT.password);
    expect(stack.logText()).not.toContain('NonValida9');
  });

  it('Poste Delivery needs client id, secret and cost centre', async () => {
    expect(await failure(shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'poste_delivery', connectionName: 'P', credentials: { ...POSTE_ACCOUNT, customerCode: '' } }))).toEqual({
      code: status.INVALID_ARGUMENT,
      details: m.posteCostCenterRequired,
    });
  });

  it('a letter service is active once saved, with optional generic fields', async () => {
    const posta1 = await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'posta_1', connectionName: 'Posta1 ufficio', credentials: {} });
    expect(posta1.status).toBe('active');
    expect(posta1.active).toBe(true);
  });
});

describe('toggle, delete and roles', () => {
  it('an admin toggles and deletes (with the codes); a user reads but changes nothing (403 in Italian)', async () => {
    const posta = await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'posta_rc', connectionName: 'Raccomandate', credentials: {} });
    await shop.api.addTrackingCodes({ merchantId: shop.merchantId, id: posta.id, method: 'manual', fromCode: '', toCode: '', trackingCodes: ['RC0001', 'RC0002'] });
    const { api: user } = await shop.member();

    expect((await user.listIntegrations({ merchantId: '' })).integrations.map((i) => i.id)).toContain(posta.id);
    expect((await user.getTrackingCodeStats({ merchantId: shop.merchantId, id: posta.id })).total).toBe(2);
    const forbidden = { code: status.PERMISSION_DENIED, details: expect.stringMatching(/amministrator/i) };
    expect(await failure(user.createIntegration({ merchantId: shop.merchantId, provider: 'posta_1', connectionName: 'X', credentials: {} }))).toEqual(forbidden);
    expect(await failure(user.updateIntegration({ merchantId: shop.merchantId, id: posta.id, connectionName: 'X' }))).toEqual(forbidden);
    expect(await failure(user.toggleIntegration({ merchantId: shop.merchantId, id: posta.id, active: false }))).toEqual(forbidden);
    expect(await failure(user.deleteIntegration({ merchantId: shop.merchantId, id: posta.id }))).toEqual(forbidden);
    expect(await failure(user.addTrackingCodes({ merchantId: shop.merchantId, id: posta.id, method: 'manual', fromCode: '', toCode: '', trackingCodes: ['RC9'] }))).toEqual(forbidden);

    const off = await shop.api.toggleIntegration({ merchantId: shop.merchantId, id: posta.id, active: false });
    expect(off.active).toBe(false);
    expect((await shop.api.toggleIntegration({ merchantId: shop.merchantId, id: posta.id, active: true })).active).toBe(true);

    await shop.api.deleteIntegration({ merchantId: shop.merchantId, id: posta.id });
    expect(await failure(shop.api.getIntegration({ merchantId: shop.merchantId, id: posta.id }))).toEqual({ code: status.NOT_FOUND, details: m.integrationNotFound });
    const { rows } = await stack.pool.query(`SELECT count(*)::int AS n FROM tracking_codes WHERE integration_id = $1`, [posta.id]);
    expect(rows[0].n).toBe(0);
    const changes = (await publishedEvents(stack.pool))
      .filter((e) => e.subject === 'carriers.integration.changed')
      .map((e) => carriersEvents.CarrierIntegrationChanged.decode(e.payload))
      .filter((e) => e.integrationId === posta.id);
    expect(changes.map((e) => [e.change, e.active, e.deleted])).toEqual([
      ['created', true, false],
      ['toggled', false, false],
      ['toggled', true, false],
      ['deleted', true, true],
    ]);
  });
});
