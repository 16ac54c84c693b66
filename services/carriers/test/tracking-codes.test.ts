import { status } from '@grpc/grpc-js';
import { carrierMessages as m } from '@smista/contracts';
import { carriersEvents } from '@smista/proto';
import { failure, publishedEvents, startCarriersStack, type CarriersStack, type TestMerchant } from './support/harness';

let stack: CarriersStack;
let shop: TestMerchant;

beforeAll(async () => {
  stack = await startCarriersStack();
  shop = await stack.newMerchant();
}, 60_000);
afterAll(() => stack?.stop(), 30_000);

async function pool(provider = 'posta_1', name = `Pool ${Math.random().toString(36).slice(2, 7)}`) {
  return shop.api.createIntegration({ merchantId: shop.merchantId, provider, connectionName: name, credentials: {} });
}

/** UPU S10 check digit, written independently of the service's code. */
function s10Valid(code: string): boolean {
  const match = /^[A-Z]{2}(\d{8})(\d)IT$/.exec(code);
  if (!match) return false;
  const sum = [8, 6, 4, 2, 3, 5, 9, 7].reduce((acc, w, i) => acc + w * Number(match[1][i]), 0);
  const c = 11 - (sum % 11);
  return Number(match[2]) === (c === 10 ? 0 : c === 11 ? 5 : c);
}

async function rowCount(integrationId: number): Promise<number> {
  const { rows } = await stack.pool.query(`SELECT count(*)::int AS n FROM tracking_codes WHERE integration_id = $1`, [integrationId]);
  return rows[0].n;
}

describe('adding codes', () => {
  it('25 by range and 3 by hand; stats, list with filter and pages, delete only available', async () => {
    const p = await pool();
    const ref = { merchantId: shop.merchantId, id: p.id };
    const range = await shop.api.addTrackingCodes({ ...ref, method: 'range', trackingCodes: [], fromCode: '2IUP00000001', toCode: '2iup00000025' });
    expect(range).toEqual({ added: 25, message: 'Aggiunti 25 codici' });
    const manual = await shop.api.addTrackingCodes({ ...ref, method: 'manual', fromCode: '', toCode: '', trackingCodes: [' 2IUP00000100 \r\n\n2IUP00000101, 2IUP00000102,,'] });
    expect(manual.added).toBe(3);
    expect(await shop.api.getTrackingCodeStats(ref)).toEqual({ available: 28, used: 0, reserved: 0, total: 28, lowStock: false });

    const page1 = await shop.api.listTrackingCodes({ ...ref, status: '', page: 1, pageSize: 10 });
    expect(page1.totalItems).toBe(28);
    expect(page1.codes.map((c) => c.trackingCode).slice(0, 3)).toEqual(['2IUP00000001', '2IUP00000002', '2IUP00000003']);
    const page3 = await shop.api.listTrackingCodes({ ...ref, status: 'available', page: 3, pageSize: 10 });
    expect(page3.codes.map((c) => c.trackingCode)).toEqual(['2IUP00000021', '2IUP00000022', '2IUP00000023', '2IUP00000024', '2IUP00000025', '2IUP00000100', '2IUP00000101', '2IUP00000102']);

    const taken = await shop.api.takeTrackingCode({ integrationId: p.id, orderId: 'ORD-1' });
    expect(taken.trackingCode).toBe('2IUP00000001');
    expect(await failure(shop.api.deleteTrackingCode({ ...ref, codeId: taken.id }))).toEqual({ code: status.FAILED_PRECONDITION, details: m.codeNotAvailable });
    const used = await shop.api.listTrackingCodes({ ...ref, status: 'used', page: 1, pageSize: 10 });
    expect(used.codes).toHaveLength(1);
    expect(used.codes[0].assignedToOrderId).toBe('ORD-1');

    await shop.api.deleteTrackingCode({ ...ref, codeId: page1.codes[1].id });
    expect(await shop.api.getTrackingCodeStats(ref)).toMatchObject({ available: 26, used: 1, total: 27 });
    expect(await failure(shop.api.deleteTrackingCode({ ...ref, codeId: page1.codes[1].id }))).toEqual({ code: status.NOT_FOUND, details: m.codeNotFound });
  });

  it('refuses duplicates (in the request or already in the pool) naming them, and writes nothing', async () => {
    const p = await pool();
    const ref = { merchantId: shop.merchantId, id: p.id };
    await shop.api.addTrackingCodes({ ...ref, method: 'manual', fromCode: '', toCode: '', trackingCodes: ['AA1', 'AA2'] });
    const inRequest = await failure(shop.api.addTrackingCodes({ ...ref, method: 'manual', fromCode: '', toCode: '', trackingCodes: ['BB1\nBB2\nBB1'] }));
    expect(inRequest.code).toBe(status.INVALID_ARGUMENT);
    expect(inRequest.details).toContain('BB1');
    const inPool = await failure(shop.api.addTrackingCodes({ ...ref, method: 'manual', fromCode: '', toCode: '', trackingCodes: ['CC1', 'AA2'] }));
    expect(inPool).toEqual({ code: status.ALREADY_EXISTS, details: m.duplicateInPool('AA2') });
    const rangeOverlap = await failure(shop.api.addTrackingCodes({ ...ref, method: 'range', trackingCodes: [], fromCode: 'AA0', toCode: 'AA3' }));
    expect(rangeOverlap.details).toContain('AA1');
    expect(await rowCount(p.id)).toBe(2);
  });

  it.each([
    ['nothing typed', { method: 'manual', fromCode: '', toCode: '', trackingCodes: [' \n , '] }, m.codesRequired],
    ['a missing bound', { method: 'range', trackingCodes: [], fromCode: '2IUP001', toCode: '' }, m.rangeRequired],
    ['a reversed range', { method: 'range', trackingCodes: [], fromCode: '2IUP010', toCode: '2IUP001' }, m.rangeReversed],
    ['different prefixes', { method: 'range', trackingCodes: [], fromCode: '2IUP001', toCode: '3IUP005' }, m.rangePrefixMismatch],
    ['different widths', { method: 'range', trackingCodes: [], fromCode: '2IUP001', toCode: '2IUP0005' }, m.rangePrefixMismatch],
    ['over 100,000 codes', { method: 'range', trackingCodes: [], fromCode: 'X000000', toCode: 'X100000' }, m.rangeTooLarge(100_000)],
    ['an unknown method', { method: 'magic' }, m.methodInvalid],
  ])('refuses %s and writes nothing', async (_name, body, message) => {
    const p = await pool();
    const err = await failure(shop.api.addTrackingCodes({ merchantId: shop.merchantId, id: p.id, trackingCodes: [], fromCode: '', toCode: '', ...body }));
    expect(err).toEqual({ code: status.INVALID_ARGUMENT, details: message });
    expect(await rowCount(p.id)).toBe(0);
  });

  it('a range of exactly 100,000 codes is accepted', async () => {
    const p = await pool();
    const added = await shop.api.addTrackingCodes({ merchantId: shop.merchantId, id: p.id, method: 'range', trackingCodes: [], fromCode: 'Z000001', toCode: 'Z100000' });
    expect(added.added).toBe(100_000);
    expect((await shop.api.getTrackingCodeStats({ merchantId: shop.merchantId, id: p.id })).available).toBe(100_000);
  }, 60_000);

  it('international codes are UPU S10: ranges recompute each check digit; a wrong one is refused', async () => {
    const p = await pool('posta_rc_intl');
    const ref = { merchantId: shop.merchantId, id: p.id };
    const from = 'RR00000000' + '0IT';
    // find valid bounds: the serials 12345670..12345689 with their own check digits
    const withCheck = (serial: string) => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => `RR${serial}${d}IT`).find(s10Valid)!;
    void from;
    const added = await shop.api.addTrackingCodes({ ...ref, method: 'range', trackingCodes: [], fromCode: withCheck('12345670'), toCode: withCheck('12345689') });
    expect(added.added).toBe(20);
    const { codes } = await shop.api.listTrackingCodes({ ...ref, status: '', page: 1, pageSize: 50 });
    expect(codes).toHaveLength(20);
    expect(codes.every((c) => s10Valid(c.trackingCode))).toBe(true);
    expect(codes[0].trackingCode.slice(2, 10)).toBe('12345670');
    expect(codes[19].trackingCode.slice(2, 10)).toBe('12345689');

    const good = withCheck('99999999');
    const bad = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}IT`;
    const err = await failure(shop.api.addTrackingCodes({ ...ref, method: 'manual', fromCode: '', toCode: '', trackingCodes: [bad] }));
    expect(err.code).toBe(status.INVALID_ARGUMENT);
    expect(err.details).toContain(bad);
    expect(await failure(shop.api.addTrackingCodes({ ...ref, method: 'manual', fromCode: '', toCode: '', trackingCodes: ['2IUP0001'] }))).toMatchObject({ code: status.INVALID_ARGUMENT });
  });

  it('GLS keeps no pool', async () => {
    const gls = await shop.api.createIntegration({
      merchantId: shop.merchantId,
      provider: 'gls',
      connectionName: 'GLS',
      credentials: { siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234', emailFiliale: 'f@gls.example.it' },
    });
    expect(await failure(shop.api.getTrackingCodeStats({ merchantId: shop.merchantId, id: gls.id }))).toEqual({ code: status.FAILED_PRECONDITION, details: m.notPoolCarrier });
  });
});

describe('taking codes', () => {
  it('50 parallel takes from 20 codes: 20 distinct codes and 30 clear "no codes" errors', async () => {
    const p = await pool();
    await shop.api.addTrackingCodes({ merchantId: shop.merchantId, id: p.id, method: 'range', trackingCodes: [], fromCode: 'PAR01', toCode: 'PAR20' });
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_v, i) => shop.api.takeTrackingCode({ integrationId: p.id, orderId: `O${i}` })));
    const codes = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ trackingCode: string }>).value.trackingCode);
    const refusals = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as { code: number; details: string });
    expect(codes).toHaveLength(20);
    expect(new Set(codes).size).toBe(20);
    expect(refusals).toHaveLength(30);
    for (const r of refusals) expect({ code: r.code, details: r.details }).toEqual({ code: status.FAILED_PRECONDITION, details: m.noCodesAvailable });
    expect(await shop.api.getTrackingCodeStats({ merchantId: shop.merchantId, id: p.id })).toMatchObject({ available: 0, used: 20 });
  });

  it('publishes carriers.codes.low_stock once per crossing under 10, and carriers.codes.restocked once when codes lift it back', async () => {
    const p = await pool();
    const ref = { merchantId: shop.merchantId, id: p.id };
    const lowStockEvents = async () =>
      (await publishedEvents(stack.pool))
        .filter((e) => e.subject === 'carriers.codes.low_stock')
        .map((e) => carriersEvents.TrackingCodesLowStock.decode(e.payload))
        .filter((e) => e.integrationId === p.id);
    const restockedEvents = async () =>
      (await publishedEvents(stack.pool))
        .filter((e) => e.subject === 'carriers.codes.restocked')
        .map((e) => carriersEvents.TrackingCodesRestocked.decode(e.payload))
        .filter((e) => e.integrationId === p.id);

    await shop.api.addTrackingCodes({ ...ref, method: 'range', trackingCodes: [], fromCode: 'LS01', toCode: 'LS12' });
    await shop.api.takeTrackingCode({ integrationId: p.id, orderId: '' }); // 11
    await shop.api.takeTrackingCode({ integrationId: p.id, orderId: '' }); // 10
    expect(await lowStockEvents()).toHaveLength(0);
    await shop.api.takeTrackingCode({ integrationId: p.id, orderId: '' }); // 9: crossing
    await shop.api.takeTrackingCode({ integrationId: p.id, orderId: '' }); // 8
    const first = await lowStockEvents();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ merchantId: shop.merchantId, provider: 'posta_1', available: 9, threshold: 10 });
    expect((await shop.api.getTrackingCodeStats(ref)).lowStock).toBe(true);

    // Codes added that leave it under 10: still low, nothing restocked.
    await shop.api.addTrackingCodes({ ...ref, method: 'manual', fromCode: '', toCode: '', trackingCodes: ['LS13'] }); // 9
    expect(await restockedEvents()).toHaveLength(0);
    // Refilled above the threshold, then down again: restocked once, then a second crossing, a second event.
    await shop.api.addTrackingCodes({ ...ref, method: 'range', trackingCodes: [], fromCode: 'LS14', toCode: 'LS15' }); // 11
    expect((await shop.api.getTrackingCodeStats(ref)).lowStock).toBe(false);
    const restocked = await restockedEvents();
    expect(restocked).toHaveLength(1);
    expect(restocked[0]).toMatchObject({ merchantId: shop.merchantId, provider: 'posta_1', available: 11, threshold: 10 });
    await shop.api.addTrackingCodes({ ...ref, method: 'manual', fromCode: '', toCode: '', trackingCodes: ['LS16'] }); // 12: not a second restock
    expect(await restockedEvents()).toHaveLength(1);
    const { codes: more } = await shop.api.listTrackingCodes({ ...ref, status: 'available', page: 1, pageSize: 3 });
    for (const code of more) await shop.api.deleteTrackingCode({ ...ref, codeId: code.id }); // 9: crossing
    expect(await lowStockEvents()).toHaveLength(2);
  });
});
