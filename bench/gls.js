// @ts-check
/**
 * The GLS pieces the carriers and shipments benches share: the GLS sandbox in a process of its own
 * (its CPU measured apart, never sharing an event loop with the callers), the sandbox's default
 * account, a sender, label requests with distinct recipients and counters, and the bare path
 * (AddParcel straight to the sandbox, the XML built by the GLS adapter's own pure builder).
 *
 * Child mode: `node bench/gls.js serve <latencyMs>` prints `listening <url>`.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

if (require.main === module && process.argv[2] === 'serve') serve(Number(process.argv[3] ?? 0));

function serve(/** @type {number} */ latencyMs) {
  const { startGlsSandbox } = require('@smista/sandboxes');
  startGlsSandbox({ port: 0, host: '127.0.0.1', latencyMs }).then(
    (/** @type {{url: string, close(): Promise<void>}} */ gls) => {
      process.stdout.write(`listening ${gls.url}\n`);
      process.on('SIGTERM', () => void gls.close().then(() => process.exit(0)));
    },
    (/** @type {unknown} */ err) => {
      process.stderr.write(`sandbox GLS non avviato: ${String(err)}\n`);
      process.exit(1);
    },
  );
}

/** Starts the GLS sandbox in its own process; resolves with its URL and pid. */
function startSandboxProcess(/** @type {number} */ latencyMs) {
  const child = spawn(process.execPath, [__filename, 'serve', String(latencyMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return /** @type {Promise<{url: string, pid: number, stop(): Promise<void>}>} */ (
    new Promise((resolve, reject) => {
      let out = '';
      const onExit = (/** @type {number | null} */ code) => reject(new Error(`sandbox GLS terminato (${code})`));
      child.once('exit', onExit);
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const m = /listening (\S+)/.exec(out);
        if (!m) return;
        child.off('exit', onExit);
        resolve({
          url: m[1],
          pid: /** @type {number} */ (child.pid),
          stop: () => new Promise((r) => (child.exitCode !== null ? r(undefined) : (child.once('exit', () => r(undefined)), child.kill('SIGTERM')))),
        });
      });
    })
  );
}

/** A GLS account the sandbox accepts (deploy/sandboxes/src/gls/README.md: the default one). */
const GLS_ACCOUNT = { siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234', emailFiliale: 'filiale.mi@gls.example.it' };

/** The sender every label names. */
const SENDER = {
  name: 'Bottega Verdi Srl',
  contactName: 'Anna Verdi',
  addressLine1: 'Via Roma 10',
  addressLine2: '',
  city: 'Milano',
  postalCode: '20121',
  province: 'MI',
  countryCode: 'IT',
  phone: '+39 02 1234567',
  email: 'spedizioni@bottega.example.it',
};

/**
 * Label `i` of a path: its own recipient (each label its own GLS shipment, as orders of different
 * customers are), its own reference (GLS `Bda`, refused when reused) and its own sequence (GLS
 * `ContatoreProgressivo`: a repeated one would be answered from the sandbox's memory).
 * @param {number} base sequence base of the path @param {string} tag reference prefix of the path @param {number} i
 */
function labelOf(base, tag, i) {
  const n = String(i + 1).padStart(6, '0');
  return {
    reference: `${tag}-${n}`,
    sequence: base + i,
    recipient: {
      name: `Cliente ${tag} ${n}`,
      contactName: '',
      addressLine1: `Via Garibaldi ${(i % 200) + 1}`,
      addressLine2: '',
      city: 'Torino',
      postalCode: '10121',
      province: 'TO',
      countryCode: 'IT',
      phone: '+39 333 1234567',
      email: 'mario.rossi@example.it',
    },
    parcels: [{ weightGrams: 2500, lengthCm: 0, widthCm: 0, heightCm: 0 }],
    contentDescription: 'Libri',
  };
}

/**
 * The adapter's LabelRequest for a label, as the service's gRPC mapping makes it (trimmed, empty
 * optional fields absent).
 * @param {ReturnType<typeof labelOf>} label
 */
function adapterRequest(label) {
  const party = (/** @type {typeof SENDER} */ a) => {
    /** @type {Record<string, string>} */
    const out = {};
    for (const [k, v] of Object.entries(a)) if (v.trim()) out[k] = v.trim();
    out.countryCode = a.countryCode.trim().toUpperCase();
    return out;
  };
  return {
    reference: label.reference,
    sequence: label.sequence,
    recipient: party(label.recipient),
    sender: party(SENDER),
    parcels: label.parcels.map((p) => ({ weightGrams: p.weightGrams })),
    contentDescription: label.contentDescription,
  };
}

/**
 * The bare path: `send(dispatcher, label)` posts AddParcel straight to the sandbox over undici and
 * checks the answer has a shipment number and a PDF label.
 * @param {string} repoRoot @param {string} sandboxUrl
 */
function directSender(repoRoot, sandboxUrl) {
  const { request } = require('undici');
  const buildJs = path.join(repoRoot, 'services/carriers/dist/adapters/gls/build.js');
  if (!fs.existsSync(buildJs)) throw new Error(`${path.relative(repoRoot, buildJs)} non c'è: compila services/carriers`);
  const { buildAddParcelXml } = require(buildJs);
  const settings = { baseUrl: sandboxUrl, trackingUrl: sandboxUrl, ...GLS_ACCOUNT };
  const url = `${sandboxUrl}/ilswebservice.asmx/AddParcel`;
  /** @param {any} dispatcher @param {ReturnType<typeof labelOf>} label */
  return async (dispatcher, label) => {
    const xml = buildAddParcelXml(settings, adapterRequest(label));
    const res = await request(url, {
      dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ XMLInfoParcel: xml }).toString(),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`AddParcel HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
    if (!/NumeroSpedizione(?:>|&gt;)\d{9}/.test(text) || !/PdfLabel(?:>|&gt;)JVBER/.test(text)) throw new Error(`AddParcel senza numero o etichetta: ${text.slice(0, 300)}`);
  };
}

/**
 * Makes the selected merchant ready to ship with GLS through the gateway, as the settings screens
 * do: a default pickup address and an active GLS integration (checked against the sandbox).
 * Answers the integration.
 * @param {(method: string, url: string, body?: unknown) => Promise<any>} call a JSON call with the merchant's session
 * @param {string} merchantId
 */
async function readyToShipWithGls(call, merchantId) {
  await call('POST', '/api/merchant-addresses', {
    addressTypes: ['pickup'],
    isDefault: true,
    companyName: 'Bottega Verdi Srl',
    addressLine1: 'Via Roma 10',
    city: 'Milano',
    state: 'MI',
    postalCode: '20121',
    country: 'Italia',
    countryCode: 'IT',
    phone: '+39 02 1234567',
  });
  const gls = await call('POST', `/api/merchants/${merchantId}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS bench', active: true, ...GLS_ACCOUNT });
  if (gls.status !== 'active') throw new Error(`integrazione GLS non attiva: ${gls.status} ${gls.statusMessage}`);
  return gls;
}


const CITIES = [
  ['Milano', 'MI', '20121'],
  ['Torino', 'TO', '10121'],
  ['Roma', 'RM', '00184'],
  ['Bologna', 'BO', '40121'],
  ['Napoli', 'NA', '80133'],
];

/** Order `i` of a bench as the eBay adapter would have normalised it: an Italian recipient of its own. */
function benchOrder(/** @type {number} */ i) {
  const { marketplacesEvents } = require('@smista/proto');
  const [city, province, cap] = CITIES[i % CITIES.length];
  const n = String(i + 1).padStart(5, '0');
  return marketplacesEvents.ImportedOrder.fromPartial({
    externalId: `BENCH-${n}`,
    marketplace: 'ebay',
    buyerName: `Cliente Bench ${n}`,
    externalUsername: `bench_${n}`,
    total: '19.90',
    currency: 'EUR',
    status: 'da_spedire',
    paymentStatus: 'pagato',
    externalOrderStatus: 'NOT_STARTED',
    externalPaymentStatus: 'PAID',
    orderDate: new Date(Date.now() - i * 60_000).toISOString(),
    lastModifiedAt: new Date(Date.now() - i * 60_000 + 1000).toISOString(),
    shippingAddress: { fullName: `Cliente Bench ${n}`, addressLine1: `Via Garibaldi ${(i % 150) + 1}`, city, stateOrProvince: province, postalCode: cap, countryCode: 'IT', phoneNumber: '+39 333 1234567' },
    items: [{ externalItemId: `${10_000_000_000 + i}`, sku: 'LIB-01', title: 'Libro', quantity: 1, unitPrice: '19.90', total: '19.90', currency: 'EUR', fulfillmentStatus: 'da_spedire' }],
    rawJson: '{}',
  });
}

/**
 * `count` orders imported as real `marketplaces.order.imported` events (10 of them per recipient
 * name never repeat, so GLS makes one shipment per order), each assigned the GLS integration through
 * the gateway, their products weighed in the catalogue (issue 25: no label without a weight), and
 * one shipment each (`POST /api/shipments/bulk-create`). Answers the shipments' ids, pending.
 * @param {(method: string, url: string, body?: unknown) => Promise<any>} call the gateway as the merchant
 * @param {{ js: any, jsm: any }} nats
 * @param {string} merchantId
 * @param {number} glsId
 * @param {number} count
 */
async function glsShipmentsFromOrders(call, nats, merchantId, glsId, count) {
  const crypto = require('node:crypto');
  const { marketplacesEvents } = require('@smista/proto');
  const { ensureStream } = require('@smista/service-kit');
  const { drive, weighCatalogue } = require('./lib');
  await ensureStream(nats.jsm, { name: 'MARKETPLACES', subjects: ['marketplaces.>'] });
  const integrationId = 900_000 + Math.floor(Math.random() * 90_000);
  for (let i = 0; i < count; i++) {
    const event = marketplacesEvents.MarketplaceOrderImported.fromPartial({ merchantId, integrationId, jobId: 1, syncedAt: new Date().toISOString(), order: benchOrder(i) });
    await nats.js.publish('marketplaces.order.imported', marketplacesEvents.MarketplaceOrderImported.encode(event).finish(), { msgID: crypto.randomUUID() });
  }
  /** @type {number[]} */
  let orderIds = [];
  for (const deadline = Date.now() + 300_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const page = await call('GET', `/api/orders?pageSize=1&_t=${Date.now()}`);
    if (page.meta.totalItems >= count) break;
  }
  for (let page = 1; orderIds.length < count; page++) {
    const res = await call('GET', `/api/orders?pageSize=100&page=${page}&sortBy=externalId&sortOrder=asc`);
    if (res.data.length === 0) throw new Error(`solo ${orderIds.length} ordini importati`);
    orderIds.push(...res.data.map((/** @type {{id: number}} */ o) => o.id));
  }
  orderIds = orderIds.slice(0, count);
  const assigned = await drive(orderIds.length, 10, (i) => call('PATCH', `/api/orders/${orderIds[i]}/carrier`, { carrierIntegrationId: glsId }));
  if (assigned.errors) throw new Error(`assegnazione del corriere: ${assigned.firstErrors.join(' | ')}`);
  await weighCatalogue(call);
  const created = await call('POST', '/api/shipments/bulk-create', { orderIds });
  if (created.created !== orderIds.length) throw new Error(`create ${created.created} spedizioni su ${orderIds.length}: ${created.message}`);
  return created.outcomes.map((/** @type {{shipmentId: number}} */ o) => o.shipmentId);
}

module.exports = { startSandboxProcess, GLS_ACCOUNT, SENDER, labelOf, adapterRequest, directSender, readyToShipWithGls, benchOrder, glsShipmentsFromOrders };
