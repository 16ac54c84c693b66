/**
 * The API fuzzed from its own description (issue 27): Schemathesis (pinned in deploy/install.sh)
 * reads `GET /api/openapi.json` of the real stack and sends every operation generated requests,
 * valid and invalid, as the admin of a merchant with real data, then follows the document's links
 * (create → read → update → delete) in its stateful phase. Every answer must be no 5xx, a status the
 * document lists for the operation, the content type it lists, and the JSON schema it gives.
 *
 * No browser: the app, then the demo `make dev` prepares (deploy/local's demo-seed, through the
 * gateway only, as in demo-seed.test.ts) on an eBay seller of this suite: a pickup address, GLS and
 * Posta1 (with codes) connected, eBay connected and synced, two rules, products weighed and GLS and
 * Posta1 labels. So path ids of real things exist and the fuzzing reaches past the 404s.
 *
 * Reproducible: a fixed seed and no example database, so CI sends the same requests every run.
 * `SMISTA_FUZZ_SEED=<n>` fuzzes with another seed (a failure names the seed to run it again);
 * `SMISTA_FUZZ_MAX_EXAMPLES` changes the examples per operation. Schemathesis's output is in
 * `.tmp/api-fuzz/schemathesis.log` as it runs, its JUnit report in `.tmp/api-fuzz/junit.xml`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ebaySandboxControl } from '@smista/sandboxes';
import { seedDemo, demoSettingsFromEnv } from '../deploy/local/src/demo-seed';
import { createGatewaySession } from '../deploy/local/src/gateway-session';
import { describeLoad, machineLoad } from '../deploy/local/src/machine-load';
import { repoRoot, tmpDir } from '../deploy/local/src/paths';
import { startApp, type TestApp } from './support/app';
import { describeProblems, readJunitReport, runSchemathesis } from './support/schemathesis';
import { newRunId, STOP_TIMEOUT_MS } from './support/scenario';

/** The seed of every run unless `SMISTA_FUZZ_SEED` says otherwise: the issue's number. */
const SEED = process.env.SMISTA_FUZZ_SEED?.trim() || '27';
/**
 * Examples per operation in the fuzzing phase (the examples and coverage phases add theirs): about
 * 3 minutes for the whole suite on 2 shared cores, stack and seed included.
 */
const MAX_EXAMPLES = process.env.SMISTA_FUZZ_MAX_EXAMPLES?.trim() || '30';
const CHECKS = ['not_a_server_error', 'status_code_conformance', 'content_type_conformance', 'response_schema_conformance'];

/**
 * Left out: the operations that would end the fuzzing session itself, after which every other
 * operation would only meet 401s (or a merchant without its admin).
 */
const EXCLUDED = [
  'POST /api/logout', // ends the session
  'PUT /api/user/password', // a new password ends the user's sessions
  'DELETE /api/merchants/{merchantId}/users/{userId}', // removing a member: the admin leaving the merchant
];

/** Rate limits high enough that Schemathesis measures the routes, not the limiter (which stays on). */
const GENEROUS_LIMITS = Object.fromEntries(
  [
    'LOGIN_PER_EMAIL',
    'LOGIN_PER_IP',
    'REGISTER_PER_IP',
    'RESET_PER_EMAIL',
    'RESET_PER_IP',
    'CHECK_EMAIL_PER_IP',
    'INVITES_PER_USER',
    'INVITE_LOOKUPS_PER_IP',
    'TELEMETRY_PER_IP',
    'TRACKING_PAGE_PER_MINUTE',
    'BUYER_MAIL_TESTS_PER_HOUR',
  ].map((name) => [`RATE_LIMIT_${name}`, '100000']),
);

const OUT_DIR = path.join(tmpDir, 'api-fuzz');
const JUNIT = path.join(OUT_DIR, 'junit.xml');
const LOG = path.join(OUT_DIR, 'schemathesis.log');

/** Quiet-machine budgets; the jest environment stretches them with the load. */
const SETUP_TIMEOUT_MS = 150_000;
const FUZZ_TIMEOUT_MS = 300_000;

const run = newRunId();
const seller = { username: `fuzz_${run}`, password: 'Fuzz2027!' };

let app: TestApp;
let cookie = '';
/** The config file of the run: the real ids Schemathesis draws path parameters from. */
const CONFIG = path.join(OUT_DIR, 'schemathesis.toml');
let config = '';

/**
 * Real ids for the path parameters, by the paths that take them: drawn most of the time (the rest
 * is generated, so malformed and unknown ids are still sent), so the requests reach past the 404
 * of an id nobody has. Keyed by a path regex and the parameter's name.
 */
interface RealIds {
  pathRegex: string;
  parameter: string;
  values: readonly (string | number)[];
}

/**
 * Schemathesis's TOML config: one dictionary per kind of id, bound to the parameters that take it
 * (`merchantId` everywhere). The stateful phase follows the document's own links only (its inferred
 * ones, some 290 guesses, spread the scenarios too thin to reach a create's links) with valid data,
 * and the body fields of the creates the document cannot describe (a transform's input is "any")
 * get real values most of the time, so a create succeeds and its links are walked.
 */
function schemathesisConfig(merchantId: string, ids: readonly RealIds[], carrierIds: readonly (string | number)[]): string {
  const toml = (v: string | number) => (typeof v === 'number' ? String(v) : JSON.stringify(v));
  const list = (values: readonly (string | number)[]) => `[${values.map((v) => toml(String(v))).join(', ')}]`;
  const usable = ids.filter((i) => i.values.length > 0);
  return [
    // No crash cache (.schemathesis/ in the working directory): a run replaying earlier failures first would not be this seed's run.
    '[cache]',
    'enabled = false',
    '',
    '[phases.stateful.generation]',
    'mode = "positive"',
    'max-examples = 100',
    '',
    '[phases.stateful.inference]',
    'algorithms = []',
    '',
    '[dictionaries]',
    `merchant = { values = ${list([merchantId, 'current'])} }`,
    'names = { values = ["Scatola M", "Regola di prova"] }',
    'mm = { values = [120, 300] }',
    `carriers = { values = [${(carrierIds.length ? carrierIds : [0]).map(Number).join(', ')}] }`,
    ...usable.map((i, n) => `ids${n} = { values = ${list(i.values)} }`),
    '',
    '[parameters]',
    '"path.merchantId" = { dictionary = "merchant", probability = 0.9 }',
    ...usable.flatMap((i, n) => ['', '[[operations]]', `include-path-regex = ${toml(i.pathRegex)}`, `parameters = { "path.${i.parameter}" = { dictionary = "ids${n}", probability = 0.8 } }`]),
    '',
    '[[operations]]',
    'include-name = "POST /api/package-presets"',
    `parameters = { ${['name', 'lengthMm', 'widthMm', 'heightMm'].map((f) => `"body.${f}" = { dictionary = "${f === 'name' ? 'names' : 'mm'}", probability = 0.9 }`).join(', ')} }`,
    '',
    '[[operations]]',
    'include-name = "POST /api/shipping-rules"',
    'parameters = { "body.name" = { dictionary = "names", probability = 0.9 }, "body.carrierIntegrationId" = { dictionary = "carriers", probability = 0.9 } }',
    '',
  ].join('\n');
}

beforeAll(async () => {
  app = await startApp({ ownGlsSandbox: true, componentEnv: { gateway: GENEROUS_LIMITS } });
  // A seller of this suite with a few orders (the demo's own has 250: a longer sync for nothing).
  await ebaySandboxControl(app.ebayUrl).addSeller({ ...seller, orders: 24, seed: 'api-fuzz-27' });
  const settings = { ...demoSettingsFromEnv({})!, email: `fuzz.${run}@example.it`, ebaySeller: seller };
  const seeded = await seedDemo(app.baseUrl, settings, { waitMs: 60_000 });
  expect(seeded).toMatchObject({ outcome: 'ready' });

  const session = createGatewaySession(app.baseUrl);
  expect((await session.call('POST', '/api/login', { email: settings.email, password: settings.password })).status).toBe(200);
  const [merchant] = (await session.call('GET', '/api/merchants')).body as { id: string; role: string }[];
  expect((await session.call('POST', '/api/merchants/set-current', { merchantId: merchant!.id })).status).toBe(200);
  // What the fuzzing builds on: ids of real things behind the path parameters.
  const shipments = (await session.call('GET', '/api/shipments?pageSize=100')).body as { data: { hasLabel: boolean }[] };
  expect(shipments.data.filter((s) => s.hasLabel).length).toBeGreaterThan(0);
  expect(((await session.call('GET', '/api/merchants/current/integrations')).body as unknown[]).length).toBe(1);
  expect(((await session.call('GET', '/api/orders?pageSize=1')).body as { meta: { totalItems: number } }).meta.totalItems).toBeGreaterThan(0);
  expect(((await session.call('GET', '/api/merchant-addresses')).body as unknown[]).length).toBeGreaterThan(0);
  const get = async (p: string) => (await session.call('GET', p)).body;
  const idsOf = (list: unknown, key = 'id') => ((Array.isArray(list) ? list : ((list as { data?: unknown[] })?.data ?? [])) as Record<string, number | string>[]).map((x) => x[key]!).filter((v) => v !== null && v !== undefined);
  const shipmentIds = idsOf(await get('/api/shipments?pageSize=100'));
  const details = (await Promise.all(shipmentIds.slice(0, 10).map((id) => get(`/api/shipments/${id}`)))) as { publicTrackingUrl: string | null }[];
  const me = (await get('/api/user')) as { id: string };
  const ebay = idsOf(await get('/api/merchants/current/integrations'));
  const carriers = idsOf(await get(`/api/merchants/${merchant!.id}/carrier-integrations`));
  const codes = (await Promise.all(carriers.map((c) => get(`/api/merchants/${merchant!.id}/carrier-integrations/${c}/tracking-codes?pageSize=5`)))).flatMap((page) => idsOf(page));
  config = schemathesisConfig(merchant!.id, [
    { pathRegex: '^/api/shipments/\\{id\\}', parameter: 'id', values: shipmentIds },
    { pathRegex: '^/t/\\{token\\}', parameter: 'token', values: details.flatMap((d) => (d.publicTrackingUrl ? [d.publicTrackingUrl.split('/').pop()!] : [])) },
    { pathRegex: '^/api/orders/\\{id\\}', parameter: 'id', values: idsOf(await get('/api/orders?pageSize=100')) },
    { pathRegex: '/carrier-integrations/\\{id\\}', parameter: 'id', values: carriers },
    { pathRegex: '/tracking-codes/\\{codeId\\}', parameter: 'codeId', values: codes },
    { pathRegex: '^/api/(merchants/current/integrations|integrations)/\\{id\\}', parameter: 'id', values: ebay },
    { pathRegex: '\\{integrationId\\}', parameter: 'integrationId', values: ebay },
    { pathRegex: '^/api/orders/sync/jobs/\\{jobId\\}', parameter: 'jobId', values: idsOf(await get('/api/orders/sync/jobs')) },
    { pathRegex: '^/api/products/\\{id\\}', parameter: 'id', values: idsOf(await get('/api/products?pageSize=100')) },
    { pathRegex: '^/api/merchant-addresses/\\{id\\}', parameter: 'id', values: idsOf(await get('/api/merchant-addresses')) },
    { pathRegex: '^/api/shipping-rules/\\{id\\}', parameter: 'id', values: idsOf(await get('/api/shipping-rules')) },
    { pathRegex: '^/api/notifications/\\{id\\}', parameter: 'id', values: idsOf(((await get('/api/notifications')) as { notifications: unknown[] }).notifications) },
    { pathRegex: '/users/\\{userId\\}', parameter: 'userId', values: [me.id] },
  ], carriers);
  cookie = Object.entries(session.cookies())
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  expect(cookie).toContain('smista_session=');
}, SETUP_TIMEOUT_MS);

afterAll(() => app?.stop(), STOP_TIMEOUT_MS);

test('every operation of the API document holds under Schemathesis: no 5xx, only documented statuses, content types and schemas', async () => {
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.writeFileSync(CONFIG, config);
  const args = [
    '--config-file',
    CONFIG,
    'run',
    `${app.baseUrl}/api/openapi.json`,
    '--header',
    `Cookie: ${cookie}`,
    '--checks',
    CHECKS.join(','),
    '--max-examples',
    MAX_EXAMPLES,
    '--seed',
    SEED,
    '--generation-database',
    'none',
    // The session is the header above: a generated cookie would only replace it.
    '--generation-with-security-parameters',
    'false',
    // One worker: the same requests in the same order every run (the server's state is part of the case).
    '--workers',
    '1',
    // A request that hangs is a finding (an error in the report), not a suite stuck until jest's timeout.
    '--request-timeout',
    '60',
    '--report',
    'junit',
    '--report-junit-path',
    JUNIT,
    ...EXCLUDED.flatMap((name) => ['--exclude-name', name]),
  ];
  const load = describeLoad(machineLoad());
  const result = await runSchemathesis(args, LOG);
  const report = readJunitReport(fs.readFileSync(JUNIT, 'utf8'));
  const tested = report.operations.filter((o) => o !== 'Stateful tests');
  const cases = /(\d+) generated/.exec(result.output)?.[1] ?? '?';
  const links = /API Links:\s*(.+)/.exec(result.output)?.[1]?.trim() ?? '?';
  console.log(
    `Schemathesis (seed ${SEED}, ${MAX_EXAMPLES} esempi per operazione): ${tested.length} operazioni, ${cases} casi, link ${links}, in ${(result.elapsedMs / 1000).toFixed(1)} s; ` +
      `${report.failures} fallite, ${report.errors} in errore (${load}); log in ${path.relative(repoRoot, LOG)}`,
  );
  const failed = report.problems.length
    ? `\n\nSchemathesis ha trovato ${report.problems.length} problemi (seed ${SEED}: SMISTA_FUZZ_SEED=${SEED} per rifarli):\n\n${describeProblems(report.problems)}`
    : '';
  // The report first: its failures say what to fix; an exit code alone says nothing.
  expect({ failures: report.failures, errors: report.errors, problems: failed }).toEqual({ failures: 0, errors: 0, problems: '' });
  expect({ exitCode: result.exitCode, output: result.exitCode === 0 ? '' : result.output.slice(-4000) }).toEqual({ exitCode: 0, output: '' });
  // Every operation of the document but the excluded ones was tested (and the stateful phase ran).
  // Schemathesis leaves out the one that serves the document it reads: it counts 128 of 129.
  const documented = (await (await fetch(`${app.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.entries(documented.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
  const expected = operations.filter((o) => !EXCLUDED.includes(o) && o !== 'GET /api/openapi.json');
  expect(report.operations.sort()).toEqual([...expected, 'Stateful tests'].sort());
}, FUZZ_TIMEOUT_MS);
