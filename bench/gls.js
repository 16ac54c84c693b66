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

module.exports = { startSandboxProcess, GLS_ACCOUNT, SENDER, labelOf, adapterRequest, directSender, readyToShipWithGls };
