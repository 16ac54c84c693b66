// @ts-check
/**
 * Pick list and packing slips of 1,000 orders (issue 25; `make bench` → scripts/bench.sh → node
 * bench/pick-list.js).
 *
 * Starts its own stack (`startStack('test')` on the test ports + BENCH_PORT_OFFSET, every service
 * and the gateway from their dist). A merchant with a pickup address and a logo gets BENCH_SLIP_ORDERS
 * orders of 1–4 lines over 200 SKUs (some lines without SKU), imported as real
 * `marketplaces.order.imported` events. Then, in the same run:
 *
 *   1. Baseline: the same pick list and packing slips rendered in this process by the shipments
 *      service's own renderer (`dist/documents/slips-pdf.js`), from the orders as GetOrders
 *      answers them: the PDF work alone, no transport.
 *   2. Through the gateway: `POST /api/shipments/pick-list` and `POST /api/shipments/packing-slips`
 *      with every order id (gateway → shipments → orders' GetOrders, carriers' sender, merchants'
 *      logo → the PDF back), the pages counted.
 * Printed: wall clock, pages, pages/s and the ratio of each to its baseline. Writes the same to
 * .tmp/bench/pick-list.json. Knobs: BENCH_SLIP_ORDERS (1000), BENCH_PORT_OFFSET (1750), BENCH_LOG_LEVEL (warn).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { startStack, repoRoot } = require('@smista/local-stack');
const { marketplacesEvents } = require('@smista/proto');
const { connectNats, ensureStream } = require('@smista/service-kit');
const { api, fmt, intEnv, machineLine, portOffset, registerUser, renderTable, runBench } = require('./lib');

const settings = {
  orders: Math.max(10, intEnv('BENCH_SLIP_ORDERS', 1000)),
  portOffset: portOffset(1750),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
};

const TITLES = ['Tazza in ceramica', 'Teiera in ghisa', 'Bicchiere soffiato', 'Tovaglia di lino', 'Candela al limone', 'Caffè macinato 250 g', 'Quaderno a righe', 'Borsa in tela'];

/** Order `i`: 1–4 lines over 200 SKUs, every seventh line without SKU. */
function importedOrder(/** @type {number} */ i) {
  const n = String(i + 1).padStart(5, '0');
  const items = Array.from({ length: 1 + (i % 4) }, (_, k) => {
    const product = (i * 7 + k * 13) % 200;
    return {
      externalItemId: `${20_000_000_000 + i * 10 + k}`,
      sku: (i + k) % 7 === 0 ? '' : `SKU-${String(product).padStart(3, '0')}`,
      title: `${TITLES[product % TITLES.length]} n. ${product}`,
      quantity: 1 + ((i + k) % 3),
      unitPrice: '9.90',
      total: '9.90',
      currency: 'EUR',
      fulfillmentStatus: 'da_spedire',
    };
  });
  return marketplacesEvents.ImportedOrder.fromPartial({
    externalId: `SLIP-${n}`,
    marketplace: 'ebay',
    buyerName: `Cliente Distinta ${n}`,
    externalUsername: `slip_${n}`,
    total: '29.70',
    currency: 'EUR',
    status: 'da_spedire',
    paymentStatus: 'pagato',
    externalOrderStatus: 'NOT_STARTED',
    externalPaymentStatus: 'PAID',
    orderDate: new Date(Date.now() - i * 60_000).toISOString(),
    lastModifiedAt: new Date(Date.now() - i * 60_000 + 1000).toISOString(),
    shippingAddress: { fullName: `Cliente Distinta ${n}`, addressLine1: `Via Garibaldi ${(i % 150) + 1}`, city: 'Bologna', stateOrProvince: 'BO', postalCode: '40121', countryCode: 'IT' },
    items,
    rawJson: '{}',
  });
}

/** A 300×90 PNG logo. */
function logoPng() {
  const chunk = (/** @type {string} */ type, /** @type {Buffer} */ data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(300, 0);
  header.writeUInt32BE(90, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(900, 120)]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.concat(Array(90).fill(row)))), chunk('IEND', Buffer.alloc(0))]);
}

async function main() {
  const machine = machineLine();
  const loadBefore = os.loadavg();
  process.stderr.write(`bench distinte: ${machine}\navvio dello stack (porte di test + ${settings.portOffset})...\n`);
  const stack = await startStack('test', { offset: settings.portOffset, env: { LOG_LEVEL: settings.logLevel }, componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: settings.logLevel } } });
  const nats = await connectNats(stack.natsUrl, 'bench-pick-list');
  try {
    const { cookie } = await registerUser(stack.baseUrl);
    const call = (/** @type {string} */ method, /** @type {string} */ url, /** @type {unknown} */ body) => api(stack.baseUrl, cookie, method, url, body);
    const merchant = await call('POST', '/api/merchants', { name: 'Bench Distinte' });
    await call('POST', '/api/merchants/select', { merchantId: merchant.id });
    await call('POST', '/api/merchant-addresses', { addressTypes: ['pickup'], isDefault: true, companyName: 'Bottega Verdi Srl', addressLine1: 'Via Roma 10', city: 'Milano', state: 'MI', postalCode: '20121', country: 'Italia', countryCode: 'IT' });
    const logo = logoPng();
    await call('PUT', '/api/merchants/current/logo', { logo: `data:image/png;base64,${logo.toString('base64')}` });

    process.stderr.write(`ordini: ${fmt(settings.orders)} importati come eventi...\n`);
    await ensureStream(nats.jsm, { name: 'MARKETPLACES', subjects: ['marketplaces.>'] });
    const integrationId = 910_000 + Math.floor(Math.random() * 80_000);
    for (let i = 0; i < settings.orders; i++) {
      const event = marketplacesEvents.MarketplaceOrderImported.fromPartial({ merchantId: merchant.id, integrationId, jobId: 1, syncedAt: new Date().toISOString(), order: importedOrder(i) });
      await nats.js.publish('marketplaces.order.imported', marketplacesEvents.MarketplaceOrderImported.encode(event).finish(), { msgID: crypto.randomUUID() });
    }
    for (const deadline = Date.now() + 300_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      if ((await call('GET', `/api/orders?pageSize=1&_t=${Date.now()}`)).meta.totalItems >= settings.orders) break;
    }
    /** @type {any[]} */
    const orders = [];
    for (let page = 1; orders.length < settings.orders; page++) {
      const res = await call('GET', `/api/orders?pageSize=100&page=${page}&sortBy=externalId&sortOrder=asc`);
      if (res.data.length === 0) throw new Error(`solo ${orders.length} ordini importati`);
      orders.push(...res.data);
    }
    const orderIds = orders.slice(0, settings.orders).map((o) => o.id);

    // 1. Baseline: the service's renderer in this process, on the same orders.
    const documents = require(path.join(repoRoot, 'services/shipments/dist/documents/slips-pdf.js'));
    const domain = require(path.join(repoRoot, 'services/shipments/dist/domain/slips.js'));
    const sources = orders.slice(0, settings.orders).map((o) => ({ id: o.id, externalId: o.externalId, items: (o.items ?? []).map((/** @type {any} */ it) => ({ sku: it.sku ?? '', title: it.title, quantity: it.quantity })) }));
    const t0 = performance.now();
    const pickBook = await documents.openSlipBook();
    pickBook.addPickList({ printedAt: new Date(), orders: sources.length, lines: domain.pickListLines(sources) });
    const pickBase = await pickBook.save();
    const pickBaseMs = performance.now() - t0;
    const t1 = performance.now();
    const slipBook = await documents.openSlipBook({ logo: { contentType: 'image/png', data: logo }, addressLines: ['Bottega Verdi Srl', 'Via Roma 10', '20121 Milano (MI)', 'Italia'] });
    for (const o of sources) slipBook.addPackingSlip({ orderNumber: domain.orderNumberOf(o), orderDate: null, recipientLines: ['Cliente', 'Via Garibaldi 1', '40121 Bologna (BO)', 'Italia'], lines: domain.slipLines(o) });
    const slipsBase = await slipBook.save();
    const slipsBaseMs = performance.now() - t1;

    // 2. Through the gateway.
    const post = async (/** @type {string} */ url) => {
      const start = performance.now();
      const res = await fetch(`${stack.baseUrl}${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ orderIds }) });
      const pdf = new Uint8Array(await res.arrayBuffer());
      const ms = performance.now() - start;
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(pdf).toString('utf8').slice(0, 200)}`);
      const { PDFDocument } = require(require.resolve('pdf-lib', { paths: [path.join(repoRoot, 'services/shipments')] }));
      return { ms, pages: (await PDFDocument.load(pdf)).getPageCount(), bytes: pdf.byteLength, orders: Number(res.headers.get('x-smista-orders')) };
    };
    const pick = await post('/api/shipments/pick-list');
    const slips = await post('/api/shipments/packing-slips');
    if (pick.orders !== settings.orders || slips.orders !== settings.orders || slips.pages < settings.orders) throw new Error(`PDF incompleti: ${JSON.stringify({ pick, slips })}`);

    const loadAfter = os.loadavg();
    const rows = [
      { name: 'pick list: renderer in process (baseline)', seconds: pickBaseMs / 1000, pages: pickBase.pages, bytes: pickBase.pdf.byteLength },
      { name: 'pick list: POST /api/shipments/pick-list', seconds: pick.ms / 1000, pages: pick.pages, bytes: pick.bytes },
      { name: 'packing slips: renderer in process (baseline)', seconds: slipsBaseMs / 1000, pages: slipsBase.pages, bytes: slipsBase.pdf.byteLength },
      { name: 'packing slips: POST /api/shipments/packing-slips', seconds: slips.ms / 1000, pages: slips.pages, bytes: slips.bytes },
    ];
    const pickRatio = pick.ms / pickBaseMs;
    const slipsRatio = slips.ms / slipsBaseMs;
    process.stdout.write(
      [
        '',
        machine,
        `load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after; ${fmt(settings.orders)} orders; LOG_LEVEL=${settings.logLevel}`,
        '',
        renderTable(
          ['document', 'wall s', 'pages', 'pages/s', 'KiB'],
          rows.map((r) => [r.name, fmt(r.seconds, 2), fmt(r.pages), fmt(r.pages / r.seconds, 1), fmt(r.bytes / 1024)]),
        ),
        '',
        `through the gateway / in process: pick list ${fmt(pickRatio, 2)}×, packing slips ${fmt(slipsRatio, 2)}×`,
        '',
      ].join('\n'),
    );
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'pick-list.json'), JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: { before: loadBefore, after: loadAfter }, settings, rows, pickRatio, slipsRatio }, null, 2));
  } finally {
    await nats.nc.drain().catch(() => undefined);
    await stack.stop();
  }
}

runBench('distinte', main);
