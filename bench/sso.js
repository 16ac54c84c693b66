// @ts-check
/**
 * Signing in with SSO beside signing in with a password (`make bench` → scripts/bench.sh → node
 * bench/sso.js; issue 24).
 *
 * Starts its own stack (`startStack('test')`, with the real Keycloak and this application's client
 * in the realm), makes one user of the realm (verified e-mail) and one Smista user with a password,
 * each with a merchant, then times BENCH_SSO_SIGNINS sign-ins of each, one after the other, over
 * HTTP as the shell does them (no browser: the time is the servers'), from the click to the data
 * the dashboard first asks for:
 *
 *   - SSO: the nonce bound (`POST /api/sso/nonce`), Keycloak's login page, the credentials, the code
 *     exchanged with the PKCE verifier (what keycloak-js does), `POST /api/sso/session` with the ID
 *     token, then `GET /api/user` and `GET /api/merchants`. A fresh browser each time (no Keycloak
 *     cookie), so Keycloak asks for the password every time, as after a logout.
 *   - Password: `POST /api/login`, then the same two reads.
 *
 * Printed: p50, p99 and max of each and their ratio (the password sign-in is the baseline of the
 * same run). Written to .tmp/bench/sso.json. Knobs: BENCH_SSO_SIGNINS (30), BENCH_PORT_OFFSET
 * (850), BENCH_LOG_LEVEL (warn).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { keycloakAdminToken, signInWithKeycloak, startStack, repoRoot, CookieJar } = require('@smista/local-stack');
const { api, fmt, intEnv, machineLine, percentile, portOffset, registerUser, renderTable, runBench } = require('./lib');

const settings = {
  signIns: Math.max(5, intEnv('BENCH_SSO_SIGNINS', 30)),
  portOffset: portOffset(850),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
};

/** The cookie `name` a response set, as `name=value`. @param {Response} res @param {string} name */
function cookieOf(res, name) {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`nessun cookie ${name} (${res.status})`);
  return /** @type {string} */ (line.split(';')[0]);
}

/** POST of JSON to the gateway; answers the response. @param {string} url @param {unknown} body @param {string} [cookie] */
const post = (url, body, cookie) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

/** What the dashboard reads first once signed in. @param {string} baseUrl @param {string} session */
async function dashboardReads(baseUrl, session) {
  await api(baseUrl, session, 'GET', '/api/user');
  await api(baseUrl, session, 'GET', '/api/merchants');
}

/** Times `signIn` `n` times, one after the other; answers the durations in ms. @param {number} n @param {() => Promise<void>} signIn */
async function timed(n, signIn) {
  /** @type {number[]} */
  const ms = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await signIn();
    ms.push(performance.now() - started);
  }
  return ms;
}

/** @param {number[]} ms */
const summary = (ms) => ({ p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), max: Math.max(...ms) });

async function main() {
  const machine = machineLine();
  process.stderr.write(`bench SSO: ${machine}\navvio dello stack con Keycloak (porte di test + ${settings.portOffset})...\n`);
  const stack = await startStack('test', { offset: settings.portOffset, env: { LOG_LEVEL: settings.logLevel }, componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false' } } });
  try {
    const base = stack.baseUrl;
    const config = await (await fetch(`${base}/api/public-config`)).json();
    if (!config.sso) throw new Error('SSO non configurato nello stack (Keycloak assente?)');
    const issuer = `${config.sso.url}/realms/${config.sso.realm}`;
    const redirectUri = `${base}/auth/sso`;

    // The realm's user, verified, and its Smista user made by a first SSO sign-in (with a merchant).
    const tag = crypto.randomUUID().slice(0, 8);
    const ssoUser = { username: `bench.${tag}`, password: 'Smista-SSO-1', email: `bench.${tag}@sso.esempio.it` };
    const created = await fetch(`${config.sso.url}/admin/realms/${config.sso.realm}/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await keycloakAdminToken(config.sso.url)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: ssoUser.username, email: ssoUser.email, emailVerified: true, firstName: 'Bench', lastName: 'Sso', enabled: true, credentials: [{ type: 'password', value: ssoUser.password, temporary: false }] }),
    });
    if (created.status !== 201) throw new Error(`utente del realm non creato: ${created.status} ${await created.text()}`);

    /** One SSO sign-in from a fresh browser; answers its session cookie. */
    const ssoSignIn = async () => {
      const nonce = crypto.randomBytes(24).toString('base64url');
      const bound = await post(`${base}/api/sso/nonce`, { nonce });
      if (bound.status !== 204) throw new Error(`nonce non accettato: ${bound.status} ${await bound.text()}`);
      const tokens = await signInWithKeycloak(issuer, ssoUser, { nonce, clientId: config.sso.clientId, redirectUri, jar: new CookieJar() });
      const session = await post(`${base}/api/sso/session`, { idToken: tokens.id_token }, cookieOf(bound, 'smista_sso_nonce'));
      if (!session.ok) throw new Error(`sessione SSO rifiutata: ${session.status} ${await session.text()}`);
      return cookieOf(session, 'smista_session');
    };
    const first = await ssoSignIn();
    const ssoMerchant = await api(base, first, 'POST', '/api/merchants', { name: 'Bench SSO' });
    await api(base, first, 'POST', '/api/merchants/select', { merchantId: ssoMerchant.id });

    const { user, cookie } = await registerUser(base);
    const merchant = await api(base, cookie, 'POST', '/api/merchants', { name: 'Bench Password' });
    await api(base, cookie, 'POST', '/api/merchants/select', { merchantId: merchant.id });
    const passwordSignIn = async () => {
      const res = await post(`${base}/api/login`, { email: user.email, password: user.password });
      if (!res.ok) throw new Error(`login rifiutato: ${res.status} ${await res.text()}`);
      return cookieOf(res, 'smista_session');
    };

    process.stderr.write(`${settings.signIns} accessi con SSO e ${settings.signIns} con la password, uno alla volta\n`);
    const sso = summary(await timed(settings.signIns, async () => dashboardReads(base, await ssoSignIn())));
    const password = summary(await timed(settings.signIns, async () => dashboardReads(base, await passwordSignIn())));
    const result = { signIns: settings.signIns, sso, password, ssoVsPasswordP50: sso.p50 / password.p50 };
    const table = renderTable(
      ['sign-in, from the click to the dashboard’s first data', 'p50 ms', 'p99 ms', 'max ms'],
      [
        ['password (POST /api/login)', fmt(password.p50), fmt(password.p99), fmt(password.max)],
        ['SSO (nonce, Keycloak login, code exchange, POST /api/sso/session)', fmt(sso.p50), fmt(sso.p99), fmt(sso.max)],
        ['SSO ÷ password', `${fmt(result.ssoVsPasswordP50, 2)}×`, `${fmt(sso.p99 / password.p99, 2)}×`, '-'],
      ],
    );
    process.stdout.write(`\n${machine}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n\n${table}\n`);
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'sso.json'), JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: os.loadavg(), settings, result }, null, 2));
  } finally {
    await stack.stop();
  }
}

runBench('SSO', main);
