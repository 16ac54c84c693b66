import { status } from '@grpc/grpc-js';
import { carrierMessages as m } from '@smista/contracts';
import { failure, startCarriersStack, RECIPIENT, type CarriersStack, type TestMerchant } from './support/harness';

let stack: CarriersStack;
let alfa: TestMerchant;
let beta: TestMerchant;
let alfaPool: number;

beforeAll(async () => {
  stack = await startCarriersStack();
  alfa = await stack.newMerchant();
  beta = await stack.newMerchant();
  const p = await alfa.api.createIntegration({ merchantId: alfa.merchantId, provider: 'posta_1', connectionName: 'Posta1 Alfa', credentials: {} });
  alfaPool = p.id;
  await alfa.api.addTrackingCodes({ merchantId: alfa.merchantId, id: alfaPool, method: 'manual', fromCode: '', toCode: '', trackingCodes: ['ALFA1', 'ALFA2'] });
}, 60_000);
afterAll(() => stack?.stop(), 30_000);

const notFound = { code: status.NOT_FOUND, details: m.integrationNotFound };

describe("another merchant's integrations and codes", () => {
  it('answer exactly like ids that do not exist, and change nothing', async () => {
    const asBeta = { merchantId: beta.merchantId, id: alfaPool };
    const { codes } = await alfa.api.listTrackingCodes({ merchantId: alfa.merchantId, id: alfaPool, status: '', page: 1, pageSize: 5 });
    expect(await failure(beta.api.getIntegration(asBeta))).toEqual(notFound);
    expect(await failure(beta.api.getIntegration({ ...asBeta, id: 987654321 }))).toEqual(notFound);
    expect(await failure(beta.api.updateIntegration({ ...asBeta, connectionName: 'Preso' }))).toEqual(notFound);
    expect(await failure(beta.api.toggleIntegration({ ...asBeta, active: false }))).toEqual(notFound);
    expect(await failure(beta.api.deleteIntegration(asBeta))).toEqual(notFound);
    expect(await failure(beta.api.validateCredentials(asBeta))).toEqual(notFound);
    expect(await failure(beta.api.getTrackingCodeStats(asBeta))).toEqual(notFound);
    expect(await failure(beta.api.listTrackingCodes({ ...asBeta, status: '', page: 1, pageSize: 5 }))).toEqual(notFound);
    expect(await failure(beta.api.addTrackingCodes({ ...asBeta, method: 'manual', fromCode: '', toCode: '', trackingCodes: ['BETA1'] }))).toEqual(notFound);
    expect(await failure(beta.api.deleteTrackingCode({ ...asBeta, codeId: codes[0].id }))).toEqual(notFound);
    expect(await failure(beta.api.takeTrackingCode({ integrationId: alfaPool, orderId: '' }))).toEqual(notFound);
    expect(await failure(beta.api.exportDistinta({ ...asBeta, date: '', format: 'csv' }))).toEqual(notFound);
    expect(
      await failure(beta.api.createLabel({ integrationId: alfaPool, reference: 'X', sequence: 0, recipient: RECIPIENT, parcels: [{ weightGrams: 100, lengthCm: 0, widthCm: 0, heightCm: 0 }], cashOnDeliveryCents: 0, notes: '', orderId: '', contentDescription: '' })),
    ).toEqual(notFound);
    expect((await beta.api.listIntegrations({ merchantId: '' })).integrations).toEqual([]);

    const after = await alfa.api.getTrackingCodeStats({ merchantId: alfa.merchantId, id: alfaPool });
    expect(after).toMatchObject({ available: 2, total: 2 });
    expect((await alfa.api.getIntegration({ merchantId: alfa.merchantId, id: alfaPool })).connectionName).toBe('Posta1 Alfa');
  });

  it("naming another merchant in the path is a 404 even for one's own integration", async () => {
    expect(await failure(alfa.api.getIntegration({ merchantId: beta.merchantId, id: alfaPool }))).toEqual({ code: status.NOT_FOUND, details: m.merchantNotFound });
    expect(await failure(alfa.api.listIntegrations({ merchantId: beta.merchantId }))).toEqual({ code: status.NOT_FOUND, details: m.merchantNotFound });
  });

  it('without a selected merchant every merchant-scoped call is refused', async () => {
    const noMerchant = await stack.as(alfa.admin.id, undefined);
    expect((await failure(noMerchant.listIntegrations({ merchantId: '' }))).code).toBe(status.FAILED_PRECONDITION);
    // The catalogue needs no merchant.
    expect((await noMerchant.listCarriers({})).carriers.length).toBe(6);
  });
});
