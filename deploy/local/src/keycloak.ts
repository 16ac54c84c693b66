/**
 * Keycloak, the identity provider a merchant's company runs itself, run here for real (issue 24):
 * the server distribution deploy/install.sh brings from Maven Central and builds once for
 * PostgreSQL (`kc.sh build`), started on the project's PostgreSQL (database `keycloak`), with the
 * realm `smista` imported from `deploy/keycloak/smista-realm.json` through Keycloak's admin API.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';
import { createDatabase, waitForConnection } from './postgres';
import { isPortFree } from './ports';
import { liveDaemonPid, startDaemon, stopPid } from './proc';

/** The version deploy/install.sh installs (keep the two together). */
export const KEYCLOAK_VERSION = '26.7.3';
/** Keycloak's own database on the project's PostgreSQL (kept across test runs: its schema takes a while to create). */
export const KEYCLOAK_DATABASE = 'keycloak';
export const KEYCLOAK_REALM = 'smista';
export const KEYCLOAK_CLIENT_ID = 'smista-shell';
/** The bootstrap administrator of the local server (master realm). Local only, printed by `make dev`. */
export const KEYCLOAK_ADMIN = { username: 'admin', password: 'smista-admin' } as const;
/** The realm file's sample users: one with a verified e-mail, one without. */
export const KEYCLOAK_SAMPLE_USERS = [
  { username: 'anna.verdi', email: 'anna.verdi@esempio.it', password: 'Smista-SSO-1', emailVerified: true },
  { username: 'marco.neri', email: 'marco.neri@esempio.it', password: 'Smista-SSO-1', emailVerified: false },
] as const;

const REALM_FILE = path.join(repoRoot, 'deploy', 'keycloak', 'smista-realm.json');

/** Where install.sh put Keycloak and the Java it runs on; undefined when it is not installed. */
export function findKeycloak(): { home: string; javaHome: string } | undefined {
  const home = process.env.KEYCLOAK_HOME || path.join(repoRoot, '.tools', 'keycloak', KEYCLOAK_VERSION);
  const javaHomeFile = path.join(repoRoot, '.tools', 'keycloak', 'java-home');
  const javaHome = process.env.KEYCLOAK_JAVA_HOME || (fs.existsSync(javaHomeFile) ? fs.readFileSync(javaHomeFile, 'utf8').trim() : '');
  if (!fs.existsSync(path.join(home, 'bin', 'kc.sh')) || !javaHome || !fs.existsSync(path.join(javaHome, 'bin', 'java'))) return undefined;
  return { home, javaHome };
}

/** Where the realm's client sends the browser back, and where Keycloak tells the gateway a session ended. */
export interface RealmOrigins {
  /** The shell's origin (`http://127.0.0.1:8080`): redirect `…/auth/sso`, web origin, post-logout `…/auth`. */
  shell: string;
  /** The gateway's origin: back-channel logout `…/api/sso/backchannel-logout`. */
  gateway: string;
}

/** The realm file with its origins filled in: what the admin API is given. */
export function realmRepresentation(origins: RealmOrigins, file = REALM_FILE): Record<string, unknown> {
  const text = fs
    .readFileSync(file, 'utf8')
    .replaceAll('{{SHELL_ORIGIN}}', origins.shell.replace(/\/+$/, ''))
    .replaceAll('{{GATEWAY_ORIGIN}}', origins.gateway.replace(/\/+$/, ''));
  return JSON.parse(text) as Record<string, unknown>;
}

export interface KeycloakOptions {
  /** Folder for the pid file, the transaction log and temporary files (`.data/<profile>/keycloak`). */
  dir: string;
  httpPort: number;
  /** Health (`/health/ready`) and metrics. */
  managementPort: number;
  /** The project's PostgreSQL on 127.0.0.1 (superuser `postgres`, trust on loopback). */
  postgresPort: number;
  origins: RealmOrigins;
  /** Drop the realm and import it again (the test profile: every run starts from the file). Default false: an existing realm is kept. */
  freshRealm?: boolean;
  onLog?: (line: string) => void;
  /** Default 240 s: the first start creates Keycloak's schema. */
  timeoutMs?: number;
}

export interface KeycloakHandle {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** The realm's issuer, `http://127.0.0.1:PORT/realms/smista`. */
  readonly issuer: string;
  /** The administration console. */
  readonly adminConsoleUrl: string;
  /** Milliseconds from the start to ready, realm imported. */
  readonly startedInMs: number;
  /** A token of the bootstrap administrator (master realm) for the admin API. */
  adminToken(): Promise<string>;
  /** SIGTERM, SIGKILL after 20 s. */
  stop(): Promise<void>;
}

/**
 * Starts `kc.sh start --optimized` on 127.0.0.1 against the `keycloak` database (created if missing,
 * once PostgreSQL answers), waits for `/health/ready` on the management port, then imports the realm
 * (`freshRealm`: replaced). Rejects with an Italian reason when Keycloak is not installed, a port is
 * taken, or it exits or does not answer in time.
 */
export async function startKeycloak(options: KeycloakOptions): Promise<KeycloakHandle> {
  const found = findKeycloak();
  if (!found) throw new Error('Keycloak non è installato: esegui deploy/install.sh (make dev e make test lo fanno)');
  const startedAt = Date.now();
  const timeoutMs = options.timeoutMs ?? 240_000;
  const dir = path.resolve(options.dir);
  const pidFile = path.join(dir, 'keycloak.pid');
  const leftover = liveDaemonPid(pidFile, ['kc.sh', 'start']);
  if (leftover) await stopPid(leftover);
  for (const [what, port] of [['HTTP', options.httpPort], ['gestione', options.managementPort]] as const) {
    if (!(await isPortFree(port))) throw new Error(`keycloak: porta ${port} già in uso (${what})`);
  }
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  // Started beside PostgreSQL: its port opens before it accepts queries ("the database system is starting up").
  const adminUrl = `postgres://postgres@127.0.0.1:${options.postgresPort}/postgres`;
  await waitForConnection(adminUrl, timeoutMs).catch((err: unknown) => {
    throw new Error(`keycloak: PostgreSQL non risponde sulla porta ${options.postgresPort} (${(err as Error).message})`);
  });
  await createDatabase(adminUrl, KEYCLOAK_DATABASE);

  const url = `http://127.0.0.1:${options.httpPort}`;
  const daemon = await startDaemon({
    name: 'keycloak',
    bin: path.join(found.home, 'bin', 'kc.sh'),
    args: [
      'start',
      '--optimized',
      '--http-enabled=true',
      '--http-host=127.0.0.1',
      `--http-port=${options.httpPort}`,
      `--http-management-port=${options.managementPort}`,
      // The issuer follows the address the browser used (localhost or 127.0.0.1): a local server.
      '--hostname-strict=false',
      `--db-url=jdbc:postgresql://127.0.0.1:${options.postgresPort}/${KEYCLOAK_DATABASE}`,
      '--db-username=postgres',
      '--db-password=postgres',
      // One node: no cluster discovery.
      '--cache=local',
      '--log-level=warn,org.keycloak.services:info',
    ],
    env: {
      ...process.env,
      JAVA_HOME: found.javaHome,
      KC_BOOTSTRAP_ADMIN_USERNAME: KEYCLOAK_ADMIN.username,
      KC_BOOTSTRAP_ADMIN_PASSWORD: KEYCLOAK_ADMIN.password,
      // A small heap is enough for one realm and a few users (the default takes a share of the machine's memory).
      JAVA_OPTS_KC_HEAP: '-Xms64m -Xmx512m',
      // Its scratch in the profile's folder, not in the shared installation.
      JAVA_OPTS_APPEND: `-Djava.io.tmpdir=${path.join(dir, 'tmp')} -Dquarkus.transaction-manager.object-store.directory=${path.join(dir, 'transaction-logs')}`,
    },
    cwd: dir,
    readyUrl: `http://127.0.0.1:${options.managementPort}/health/ready`,
    timeoutMs,
    pollMs: 250,
    onLog: options.onLog,
  });
  fs.writeFileSync(pidFile, `${daemon.child.pid}\n`);
  const stop = async () => {
    await daemon.stop();
    fs.rmSync(pidFile, { force: true });
  };
  const adminToken = () => keycloakAdminToken(url);
  try {
    await importRealm(url, await adminToken(), options.origins, options.freshRealm ?? false);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    issuer: realmIssuerOf(url),
    adminConsoleUrl: `${url}/admin/master/console/#/${KEYCLOAK_REALM}`,
    startedInMs: Date.now() - startedAt,
    adminToken,
    stop,
  };
}

/** The components that get SSO_ISSUER_URL and SSO_CLIENT_ID: identity verifies the tokens, the gateway tells the shell. */
export const SSO_CONSUMERS: readonly string[] = ['identity', 'gateway'];

/** The realm's issuer on a Keycloak at `url` (the ID tokens' `iss`, identity's and the gateway's SSO_ISSUER_URL). */
export const realmIssuerOf = (url: string): string => `${url.replace(/\/+$/, '')}/realms/${KEYCLOAK_REALM}`;

/**
 * Registers a client of its own for one application (a test stack, its gateway on its own port)
 * through the admin API: the realm file's `smista-shell` with this application's origins, so its
 * redirect URI, web origin, post-logout address and back-channel logout stay exact. `make dev`
 * uses the imported `smista-shell` itself. Answers the client id.
 */
export async function registerShellClient(url: string, clientId: string, origins: RealmOrigins): Promise<string> {
  const template = (realmRepresentation(origins).clients as Record<string, unknown>[]).find((c) => c.clientId === KEYCLOAK_CLIENT_ID)!;
  const res = await fetch(`${url}/admin/realms/${KEYCLOAK_REALM}/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await keycloakAdminToken(url)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...template, clientId, name: `Smista (${origins.shell})` }),
  });
  if (!res.ok) throw new Error(`keycloak: client ${clientId} non registrato (${res.status} ${await res.text()})`);
  await res.arrayBuffer();
  return clientId;
}

/** A token of the bootstrap administrator (master realm) for the admin API of the Keycloak at `url`. */
export async function keycloakAdminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', username: KEYCLOAK_ADMIN.username, password: KEYCLOAK_ADMIN.password }),
  });
  if (!res.ok) throw new Error(`keycloak: l'amministratore non accede (${res.status} ${await res.text()})`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Creates the realm from the file unless it exists; `fresh` deletes an existing one first. */
async function importRealm(url: string, token: string, origins: RealmOrigins, fresh: boolean): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const existing = await fetch(`${url}/admin/realms/${KEYCLOAK_REALM}`, { headers });
  await existing.arrayBuffer();
  if (existing.ok) {
    if (!fresh) return;
    const deleted = await fetch(`${url}/admin/realms/${KEYCLOAK_REALM}`, { method: 'DELETE', headers });
    if (!deleted.ok) throw new Error(`keycloak: realm ${KEYCLOAK_REALM} non eliminato (${deleted.status} ${await deleted.text()})`);
  }
  const created = await fetch(`${url}/admin/realms`, { method: 'POST', headers, body: JSON.stringify(realmRepresentation(origins)) });
  if (!created.ok) throw new Error(`keycloak: realm ${KEYCLOAK_REALM} non importato (${created.status} ${await created.text()})`);
}

// What a browser and keycloak-js bring to the code flow, for the suites that drive the real
// Keycloak over HTTP (deploy/local's and e2e/support/keycloak.ts's).

/** A PKCE pair: the verifier kept, the S256 challenge sent. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** A browser's cookies for Keycloak's host. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The login form's action on a Keycloak login page (its `&amp;` decoded). */
export function loginFormAction(html: string): string {
  const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`nessun modulo di accesso nella pagina di Keycloak:\n${html.slice(0, 300)}`);
  return action.replaceAll('&amp;', '&');
}

export interface OidcTokens {
  id_token: string;
  access_token: string;
  refresh_token: string;
}

/**
 * Signs a user in to the realm `issuer` by the code flow with PKCE as keycloak-js does and answers
 * the tokens: the login page, the credentials, the redirect with the code, the code exchanged with
 * the verifier. A `jar` that Keycloak already knows (its SSO cookie) comes straight back with a code.
 */
export async function signInWithKeycloak(
  issuer: string,
  user: { username: string; password: string },
  options: { nonce: string; clientId: string; redirectUri: string; jar?: CookieJar },
): Promise<OidcTokens> {
  const realm = `${issuer}/protocol/openid-connect`;
  const jar = options.jar ?? new CookieJar();
  const { verifier, challenge } = pkce();
  const state = crypto.randomBytes(16).toString('base64url');
  const params = { client_id: options.clientId, redirect_uri: options.redirectUri, response_type: 'code', scope: 'openid', state, nonce: options.nonce, code_challenge: challenge, code_challenge_method: 'S256' };
  const page = await fetch(`${realm}/auth?${new URLSearchParams(params)}`, { redirect: 'manual', headers: { cookie: jar.header(), 'accept-language': 'it-IT,it;q=0.9' } });
  jar.take(page);
  let back: URL;
  if (page.status === 302) {
    back = new URL(page.headers.get('location')!);
  } else {
    const posted = await fetch(loginFormAction(await page.text()), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      body: new URLSearchParams({ username: user.username, password: user.password }),
    });
    jar.take(posted);
    if (posted.status !== 302) throw new Error(`Keycloak non ha accettato le credenziali di ${user.username} (${posted.status})`);
    back = new URL(posted.headers.get('location')!);
  }
  const code = back.searchParams.get('code');
  if (!code || back.searchParams.get('state') !== state) throw new Error(`ritorno da Keycloak inatteso: ${back}`);
  const res = await fetch(`${realm}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: options.clientId, code, redirect_uri: options.redirectUri, code_verifier: verifier }),
  });
  if (!res.ok) throw new Error(`scambio del codice rifiutato (${res.status} ${await res.text()})`);
  return (await res.json()) as OidcTokens;
}
