/**
 * Structural checks for the Helm charts, without Helm (helm.test.ts renders them with the real
 * one): Chart.yaml metadata and dependencies,
 * the generated values.schema.json files, values against them (with Helm's own value
 * coalescing reproduced), the env contract (and the contract against the services' own config
 * schemas), secret hygiene, metrics, probes and tracing wiring, named-template references and
 * Go-template syntax.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { load } from 'js-yaml';
import { parseRemoteServerConfig } from '../libs/remote-server/src/config';
import { parseGatewayConfig } from '../gateway/src/config';
import { applicationSchema, buildSchemas, readSources, umbrellaSchema, writeSchemas } from './smista-lib/schema/generate';
import { APP_COMPONENTS, REMOTE_COMPONENTS, type AppComponent, type RemoteComponent } from '../deploy/local/src/components';
import { grpcAddrVar } from '../deploy/local/src/services';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Table = { [key: string]: Json };

const CHARTS_DIR = __dirname;
const LIB = 'smista-lib';
const UMBRELLA = 'smista';
/**
 * Every list of charts below comes from the components table (deploy/local/src/components.ts): a
 * service joins the charts' checks with its row there (its `chart`, port, peers).
 */
const CHART_ROWS: (AppComponent | RemoteComponent)[] = [...APP_COMPONENTS.filter((c) => c.chart), ...REMOTE_COMPONENTS];
const APP_CHARTS = CHART_ROWS.map((c) => c.chart!);
const GRPC_CHARTS = CHART_ROWS.filter((c) => c.kind === 'grpc').map((c) => c.chart!);
/** The micro-frontend remotes' charts: each the remote server (libs/remote-server) with one remote's files. */
const REMOTE_CHARTS = REMOTE_COMPONENTS.map((c) => c.chart);
const rowOfChart = (chart: string): AppComponent | RemoteComponent => CHART_ROWS.find((c) => c.chart === chart)!;
const SECRET_LIKE = /SECRET|PASSWORD|DATABASE_URL|SMTP_URL|KEY/;
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

// The values.schema.json files are build output: write them first, as charts/build-deps.sh does
// before Helm runs, then check what was written.
const writtenSchemas = writeSchemas();

interface ChartDependency {
  name: string;
  version: string;
  repository: string;
  condition?: string;
}
interface ChartMeta {
  apiVersion: string;
  name: string;
  version: string;
  type?: string;
  appVersion?: string;
  dependencies?: ChartDependency[];
}
/**
 * Per application chart: `env` plain variables set in values.yaml (and required by the schema),
 * `optionalEnv` plain variables the schema allows but values.yaml leaves unset (the process
 * then uses its own default), `secretEnv` variables taken from Kubernetes Secrets.
 */
interface EnvContract {
  [chart: string]: { env: string[]; optionalEnv: string[]; secretEnv: string[] };
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

function readYaml(path: string): unknown {
  return load(readFileSync(path, 'utf8'), { filename: path });
}

function chartDir(name: string): string {
  return join(CHARTS_DIR, name);
}

function readChart(name: string): ChartMeta {
  return readYaml(join(chartDir(name), 'Chart.yaml')) as ChartMeta;
}

function readValues(name: string): Table {
  const path = join(chartDir(name), 'values.yaml');
  if (!existsSync(path)) return {};
  const values = readYaml(path);
  if (!isTable(values)) throw new Error(`${path} is not a YAML mapping`);
  return values;
}

function readSchema(name: string): Table {
  return JSON.parse(readFileSync(join(chartDir(name), 'values.schema.json'), 'utf8')) as Table;
}

/** The folder a `file://` dependency points at, or null for any other repository. */
function dependencyDir(chart: string, dep: ChartDependency): string | null {
  if (!dep.repository.startsWith('file://')) return null;
  return resolve(chartDir(chart), dep.repository.slice('file://'.length));
}

function templateFiles(name: string): string[] {
  const dir = join(chartDir(name), 'templates');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => statSync(join(dir, file)).isFile())
    .map((file) => join(dir, file));
}

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const validators = new Map<string, ValidateFunction>();
function validatorFor(name: string): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile(readSchema(name));
    validators.set(name, validate);
  }
  return validate;
}

function errorsOf(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { separator: '\n' });
}

// ---------------------------------------------------------------------------------------------
// Helm's value coalescing (pkg/chartutil/coalesce.go), reduced to what these charts use:
// a parent's block for a subchart overrides the subchart's values.yaml, maps merge, scalars
// and lists replace, null deletes, and `global` is copied down into every subchart. Helm
// validates each chart's schema against exactly these coalesced values, so this is what the
// schemas must accept (for instance the `smista-lib` key Helm adds for the library).
// ---------------------------------------------------------------------------------------------

function coalesceTables(dst: Table, src: Table): Table {
  for (const [key, value] of Object.entries(src)) {
    if (key in dst && dst[key] === null) {
      delete dst[key];
    } else if (!(key in dst)) {
      dst[key] = clone(value);
    } else if (isTable(value) && isTable(dst[key])) {
      coalesceTables(dst[key] as Table, value);
    }
  }
  return dst;
}

function coalesceGlobals(dest: Table, parent: Table): void {
  const parentGlobal = isTable(parent.global) ? parent.global : {};
  const result: Table = isTable(dest.global) ? dest.global : {};
  for (const [key, value] of Object.entries(parentGlobal)) {
    if (isTable(value) && isTable(result[key])) {
      result[key] = coalesceTables(clone(value), result[key] as Table);
    } else {
      result[key] = clone(value);
    }
  }
  dest.global = result;
}

function lookupCondition(values: Table, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isTable(node) ? node[key] : undefined), values);
}

function coalesceChart(name: string, userValues: Table): Table {
  const dest = coalesceTables(clone(userValues), readValues(name));
  for (const dep of readChart(name).dependencies ?? []) {
    if (dep.condition && lookupCondition(dest, dep.condition) === false) continue;
    const block = dest[dep.name] ?? {};
    if (!isTable(block)) throw new Error(`${name}: values for ${dep.name} are not a map`);
    coalesceGlobals(block, dest);
    const depDir = dependencyDir(name, dep);
    if (!depDir) throw new Error(`${name}: ${dep.name} is not a file:// dependency`);
    dest[dep.name] = coalesceChart(depDir.slice(CHARTS_DIR.length + 1), block);
  }
  return dest;
}

/** Validates coalesced values against the chart's schema and every dependency's schema. */
function schemaProblems(name: string, values: Table): string[] {
  const problems: string[] = [];
  if (existsSync(join(chartDir(name), 'values.schema.json'))) {
    const validate = validatorFor(name);
    if (!validate(values)) problems.push(`${name}: ${errorsOf(validate)}`);
  }
  for (const dep of readChart(name).dependencies ?? []) {
    const block = values[dep.name];
    if (isTable(block) && dep.name !== LIB) problems.push(...schemaProblems(dep.name, block));
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// A small Go-template scanner: finds every action, checks `{{`/`}}` pairing (quotes and
// comments respected) and balances define/if/range/with/block against end.
// ---------------------------------------------------------------------------------------------

interface Action {
  body: string;
  line: number;
}
interface TemplateScan {
  actions: Action[];
  problems: string[];
}

const BLOCK_OPENERS = new Set(['if', 'range', 'with', 'define', 'block']);

export function scanGoTemplate(source: string): TemplateScan {
  const actions: Action[] = [];
  const problems: string[] = [];
  const stack: { keyword: string; line: number }[] = [];
  const lineAt = (pos: number) => source.slice(0, pos).split('\n').length;

  let pos = 0;
  while (pos < source.length) {
    const open = source.indexOf('{{', pos);
    const strayClose = source.indexOf('}}', pos);
    if (strayClose !== -1 && (open === -1 || strayClose < open)) {
      problems.push(`line ${lineAt(strayClose)}: "}}" without a matching "{{"`);
      pos = strayClose + 2;
      continue;
    }
    if (open === -1) break;

    let start = open + 2;
    if (source[start] === '-' && /\s/.test(source[start + 1] ?? '')) start += 1;
    const afterTrim = start + (source.slice(start).match(/^\s*/)?.[0].length ?? 0);

    if (source.startsWith('/*', afterTrim)) {
      const commentEnd = source.indexOf('*/', afterTrim + 2);
      if (commentEnd === -1) {
        problems.push(`line ${lineAt(open)}: comment "{{/*" is never closed with "*/}}"`);
        break;
      }
      const tail = source.slice(commentEnd + 2).match(/^(\s-)?\}\}/);
      if (!tail) {
        problems.push(`line ${lineAt(commentEnd)}: a comment must end with "*/}}" or "*/ -}}"`);
        pos = commentEnd + 2;
        continue;
      }
      pos = commentEnd + 2 + tail[0].length;
      continue;
    }

    let close = -1;
    let quote: string | null = null;
    for (let i = start; i < source.length; i++) {
      const char = source[i];
      if (quote) {
        if (char === '\\' && quote !== '`') i++;
        else if (char === quote) quote = null;
        else if (char === '\n' && quote !== '`') {
          problems.push(`line ${lineAt(i)}: unterminated string in action`);
          quote = null;
        }
        continue;
      }
      if (char === '"' || char === '`' || char === "'") quote = char;
      else if (source.startsWith('}}', i)) {
        close = i;
        break;
      } else if (source.startsWith('{{', i)) {
        break;
      }
    }
    if (close === -1) {
      problems.push(`line ${lineAt(open)}: "{{" is not closed by "}}"`);
      pos = open + 2;
      continue;
    }

    const body = source
      .slice(start, close)
      .replace(/\s-$/, '')
      .trim();
    const line = lineAt(open);
    actions.push({ body, line });
    const keyword = body.split(/[\s(]/)[0];
    if (BLOCK_OPENERS.has(keyword)) {
      if (keyword === 'define' && stack.length > 0) {
        problems.push(`line ${line}: "define" inside "${stack[stack.length - 1].keyword}" (defines must be top level)`);
      }
      stack.push({ keyword, line });
    } else if (keyword === 'end') {
      if (!stack.pop()) problems.push(`line ${line}: "end" without an open block`);
    } else if (keyword === 'else') {
      const top = stack[stack.length - 1];
      if (!top || !['if', 'with', 'range'].includes(top.keyword)) {
        problems.push(`line ${line}: "else" outside if/with/range`);
      }
    }
    pos = close + 2;
  }
  for (const open of stack) problems.push(`line ${open.line}: "${open.keyword}" is never closed by "end"`);
  return { actions, problems };
}

function definedNames(actions: Action[]): string[] {
  return actions
    .map((action) => action.body.match(/^define\s+"([^"]+)"/)?.[1])
    .filter((name): name is string => name !== undefined);
}

function referencedNames(actions: Action[]): string[] {
  const names: string[] = [];
  for (const action of actions) {
    for (const match of action.body.matchAll(/\b(?:include|template)\s+"([^"]+)"/g)) names.push(match[1]);
  }
  return names;
}

function scanFile(path: string): TemplateScan {
  return scanGoTemplate(readFileSync(path, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// The charts under test
// ---------------------------------------------------------------------------------------------

const discovered = readdirSync(CHARTS_DIR)
  .filter((entry) => existsSync(join(CHARTS_DIR, entry, 'Chart.yaml')))
  .sort();
/** Optional variables config.ts accepts only together (the kit's checkSsoPair): SSO on needs the realm and the client. */
const SET_TOGETHER: readonly string[][] = [['SSO_ISSUER_URL', 'SSO_CLIENT_ID']];

const contract = JSON.parse(readFileSync(join(CHARTS_DIR, 'env-contract.json'), 'utf8')) as EnvContract;

const libDefines = templateFiles(LIB).flatMap((file) => definedNames(scanFile(file).actions));

describe('chart inventory', () => {
  it('holds exactly the library, the application charts and the umbrella', () => {
    expect(discovered).toEqual([LIB, ...APP_CHARTS, UMBRELLA].sort());
  });

  it('has an env-contract entry for every application chart and nothing else', () => {
    expect(Object.keys(contract).sort()).toEqual([...APP_CHARTS].sort());
  });
});

describe('values.schema.json generation (smista-lib/schema/generate.js)', () => {
  const sources = readSources();
  const base = sources.application;
  const schemaFiles = [...APP_CHARTS, UMBRELLA].map((chart) => join(chart, 'values.schema.json')).sort();

  /** The sources with one more application chart, as a new service would add it. */
  function withChart(chart: string, lists: EnvContract[string], overlay: Table = {}) {
    return {
      ...sources,
      contract: { ...sources.contract, [chart]: lists },
      overlays: { ...sources.overlays, [chart]: overlay },
    };
  }
  const returns: EnvContract[string] = {
    env: ['GRPC_PORT', 'METRICS_PORT', 'NATS_URL', 'IDENTITY_GRPC_ADDR', 'LOG_LEVEL'],
    optionalEnv: ['NATS_CONSUMER_SUFFIX', 'NATS_CONSUMERS_SINCE', 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    secretEnv: ['DATABASE_URL', 'CALLER_TOKEN_SECRET'],
  };

  it('writes the schema of every application chart and of the umbrella, exactly as built', () => {
    expect(writtenSchemas.map((path) => path.slice(CHARTS_DIR.length + 1)).sort()).toEqual(schemaFiles);
    const built = buildSchemas(sources) as Record<string, Table>;
    expect(Object.keys(built).sort()).toEqual(schemaFiles);
    for (const [path, schema] of Object.entries(built)) {
      expect(JSON.parse(readFileSync(join(CHARTS_DIR, path), 'utf8'))).toEqual(schema);
    }
  });

  it('the written files are build output: git-ignored, and marked as generated', () => {
    const ignored = readFileSync(join(CHARTS_DIR, '.gitignore'), 'utf8').split('\n').map((line) => line.trim());
    expect(ignored).toContain('*/values.schema.json');
    for (const path of schemaFiles) expect(readSchema(path.split('/')[0]).$comment).toMatch(/^Generated by charts\/smista-lib\/schema\/generate\.js/);
  });

  it('build-deps.sh generates the schemas before Helm reads them', () => {
    const script = readFileSync(join(CHARTS_DIR, 'build-deps.sh'), 'utf8');
    const generate = script.search(/^node smista-lib\/schema\/generate\.js$/m);
    expect(generate).toBeGreaterThan(-1);
    expect(generate).toBeLessThan(script.search(/^\s*helm dependency update/m));
  });

  it('no $ref has sibling keywords (draft-07 validators, Helm\'s among them, may ignore them)', () => {
    const siblings: string[] = [];
    const visit = (node: Json, at: string): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`));
      if (!isTable(node)) return;
      if ('$ref' in node && Object.keys(node).length > 1) siblings.push(at);
      for (const [key, value] of Object.entries(node)) visit(value, `${at}/${key}`);
    };
    for (const path of schemaFiles) visit(readSchema(path.split('/')[0]), path);
    expect(siblings).toEqual([]);
  });

  it.each(APP_CHARTS)('%s: the schema holds every shared property, requirement and definition of the library', (chart) => {
    const schema = readSchema(chart);
    const properties = schema.properties as Table;
    for (const key of Object.keys(base.properties)) expect({ chart, key, present: key in properties }).toEqual({ chart, key, present: true });
    expect(schema.required).toEqual(expect.arrayContaining(base.required as string[]));
    expect(properties.global).toEqual({ $ref: '#/definitions/global' });
    expect((schema.definitions as Table).global).toEqual(base.definitions.global);
    expect(schema.additionalProperties).toBe(false);
  });

  it('the overlays hold only what is chart-specific: the gateway its port, Ingress and variables, identity, carriers, marketplaces, orders, shipments and activity their variables', () => {
    // merchants reads only shared variables and *_GRPC_ADDR: no overlay at all.
    expect(Object.keys(sources.overlays.merchants)).toEqual([]);
    expect(Object.keys(sources.overlays.orders.env)).toEqual(['AMAZON_PII_RETENTION_DAYS']);
    expect(Object.keys(sources.overlays.identity.env)).toEqual(['SESSION_TTL_HOURS', 'SSO_ISSUER_URL', 'SSO_CLIENT_ID', 'SSO_AUDIENCE']);
    expect(Object.keys(sources.overlays.carriers)).toEqual(['$comment', 'env']);
    expect(Object.keys(sources.overlays.carriers.env)).toEqual(['GLS_BASE_URL', 'GLS_TRACKING_URL', 'POSTE_DELIVERY_BASE_URL', 'POSTE_DELIVERY_VOIDABLE_STATUSES', 'CARRIER_MAX_CONCURRENT_REQUESTS']);
    expect(Object.keys(sources.overlays.marketplaces)).toEqual(['$comment', 'env']);
    expect(Object.keys(sources.overlays.marketplaces.env)).toEqual([
      'EBAY_AUTH_URL',
      'EBAY_API_URL',
      'EBAY_IDENTITY_URL',
      'SYNC_INTERVAL_SECONDS',
      'SYNC_PAGE_SIZE',
      'SYNC_JOB_LEASE_SECONDS',
      'SYNC_CONCURRENCY',
      'TOKEN_REFRESH_MARGIN_SECONDS',
      'OAUTH_STATE_TTL_SECONDS',
      'MARKETPLACE_MAX_CONCURRENT_REQUESTS',
      'SHOPIFY_SHOP_URL',
      'SHOPIFY_API_VERSION',
      'SHOPIFY_NOTIFY_CUSTOMER',
      'AMAZON_CONSENT_URL',
      'AMAZON_LWA_URL',
      'AMAZON_API_URL',
      'AMAZON_DRAFT_APP',
      'AMAZON_MARKETPLACE_IDS',
      'AMAZON_RATE_LIMITS',
      'AMAZON_PACING_MAX_WAIT_MS',
      'ETSY_CONNECT_URL',
      'ETSY_TOKEN_URL',
      'ETSY_API_URL',
      'ETSY_CARRIER_NAMES',
      'ETSY_DAILY_QUOTA_RESERVE',
      'ALIEXPRESS_AUTH_URL',
      'ALIEXPRESS_API_URL',
      'ALIEXPRESS_TIME_ZONE',
      'ALIEXPRESS_LOGISTICS_SERVICES',
    ]);
    expect(Object.keys(sources.overlays.shipments.env)).toEqual([
      'PROCESS_CONCURRENCY',
      'RUN_LEASE_SECONDS',
      'LABEL_DEADLINE_SECONDS',
      'TRACKING_REFRESH_ENABLED',
      'TRACKING_REFRESH_SCALE',
      'TRACKING_CALLS_PER_MINUTE',
      'TRACKING_CONCURRENCY',
      'TRACKING_IDLE_MS',
      'BUYER_MAIL_FROM',
      'BUYER_MAIL_ENABLED',
      'BUYER_MAIL_SHIPPED_DELAY_SECONDS',
      'BUYER_MAIL_AMAZON_KINDS',
      'BUYER_MAIL_IDLE_MS',
    ]);
    expect(Object.keys(sources.overlays.activity.env)).toEqual(['WORKDAY_REMINDER_AT']);
    const gateway = readSchema('gateway');
    expect((gateway.properties as Table).portEnv).toMatchObject({ const: 'PORT' });
    expect((gateway.properties as Table).portName).toMatchObject({ const: 'http' });
    expect(gateway.required).toContain('ingress');
    for (const chart of GRPC_CHARTS) {
      const schema = readSchema(chart);
      expect((schema.properties as Table).portEnv).toMatchObject({ const: 'GRPC_PORT' });
      expect(schema.properties).not.toHaveProperty('ingress');
      expect(schema.definitions).not.toHaveProperty('ingress');
    }
  });

  it('a new service needs no overlay when it reads only shared variables, and joins the umbrella', () => {
    const next = withChart('returns', returns);
    const schema = applicationSchema('returns', next) as Table;
    const validate = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);
    const values = clone(readValues('merchants'));
    delete (values.env as Table).MAIL_FROM;
    delete (values.env as Table).PUBLIC_URL;
    delete (values.secretEnv as Table).SMTP_URL;
    expect(validate(values) ? '' : ajv.errorsText(validate.errors)).toBe('');
    const env = (schema.properties as Table).env as Table;
    expect(env.required).toEqual(returns.env);
    expect(Object.keys(env.properties as Table)).toEqual([...returns.env, ...returns.optionalEnv]);
    expect(((schema.properties as Table).secretEnv as Table).required).toEqual(returns.secretEnv);
    const umbrella = umbrellaSchema(next) as Table;
    expect(umbrella.required).toContain('returns');
    expect((umbrella.properties as Table).returns).toEqual({ $ref: '#/definitions/subchart' });
  });

  it('refuses a variable with no schema, naming the overlay to add it to', () => {
    expect(() => applicationSchema('returns', withChart('returns', { ...returns, env: [...returns.env, 'RETURNS_TIMEOUT_MS'] }))).toThrow(
      /returns: env variable RETURNS_TIMEOUT_MS has no schema.*charts\/returns\/values\.schema\.overlay\.json/,
    );
    const overlay = { env: { RETURNS_TIMEOUT_MS: { type: 'integer', minimum: 1 } } };
    const schema = applicationSchema('returns', withChart('returns', { ...returns, env: [...returns.env, 'RETURNS_TIMEOUT_MS'] }, overlay));
    expect((((schema as Table).properties as Table).env as Table).properties).toHaveProperty('RETURNS_TIMEOUT_MS', overlay.env.RETURNS_TIMEOUT_MS);
  });

  it('refuses an overlay variable the contract does not list, an optional one without examples, and an unknown overlay key', () => {
    expect(() => applicationSchema('returns', withChart('returns', returns, { env: { OLD_VARIABLE: { type: 'string' } } }))).toThrow(
      /OLD_VARIABLE not in env or optionalEnv of charts\/env-contract\.json/,
    );
    const optional = { ...returns, optionalEnv: [...returns.optionalEnv, 'RETURNS_REGION'] };
    expect(() => applicationSchema('returns', withChart('returns', optional, { env: { RETURNS_REGION: { type: 'string' } } }))).toThrow(
      /optional variables need "examples".*RETURNS_REGION/,
    );
    expect(() => applicationSchema('returns', withChart('returns', returns, { envs: {} }))).toThrow(/unknown keys envs/);
  });
});

describe.each(discovered)('chart %s', (name) => {
  const meta = readChart(name);

  describe('Chart.yaml', () => {
    it('is apiVersion v2, named after its folder, with a semver version', () => {
      expect(meta.apiVersion).toBe('v2');
      expect(meta.name).toBe(name);
      expect(meta.version).toMatch(SEMVER);
    });

    it('has the right type', () => {
      expect(meta.type).toBe(name === LIB ? 'library' : 'application');
      if (name !== LIB) expect(String(meta.appVersion)).toMatch(SEMVER);
    });

    it('points every dependency at an existing chart folder of that name and version', () => {
      for (const dep of meta.dependencies ?? []) {
        const dir = dependencyDir(name, dep);
        expect(dir).not.toBeNull();
        expect(existsSync(join(dir as string, 'Chart.yaml'))).toBe(true);
        const target = readYaml(join(dir as string, 'Chart.yaml')) as ChartMeta;
        expect(target.name).toBe(dep.name);
        expect(dep.version).toBe(target.version);
      }
    });

    it('has no unquoted YAML 1.1 booleans (yes/no/on/off), which Helm and js-yaml read differently', () => {
      for (const file of ['Chart.yaml', 'values.yaml', ...ciValueFiles(name)]) {
        const path = join(chartDir(name), file);
        if (!existsSync(path)) continue;
        const ambiguous = readFileSync(path, 'utf8')
          .split('\n')
          .filter((line) => /:\s+(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)\s*(#.*)?$/.test(line));
        expect({ file, ambiguous }).toEqual({ file, ambiguous: [] });
      }
    });
  });

  describe('templates', () => {
    const files = templateFiles(name);

    it.each(files.map((file) => [file.slice(CHARTS_DIR.length + 1), file]))(
      '%s has balanced {{ }} and define/if/range/with ... end',
      (_label, file) => {
        expect(scanFile(file).problems).toEqual([]);
      },
    );

    it('only includes named templates that are defined', () => {
      const usesLib = (meta.dependencies ?? []).some((dep) => dep.name === LIB) || name === LIB;
      const ownDefines = files.flatMap((file) => definedNames(scanFile(file).actions));
      const known = new Set([...ownDefines, ...(usesLib ? libDefines : [])]);
      const missing = files.flatMap((file) =>
        referencedNames(scanFile(file).actions)
          .filter((ref) => !known.has(ref))
          .map((ref) => `${file.slice(CHARTS_DIR.length + 1)}: ${ref}`),
      );
      expect(missing).toEqual([]);
    });
  });

  if (name === LIB) return;

  describe('values', () => {
    it('values.yaml is valid against values.schema.json', () => {
      const validate = validatorFor(name);
      const values = readValues(name);
      expect(validate(values) ? '' : errorsOf(validate)).toBe('');
    });

    it('the values Helm actually validates (coalesced with dependencies and globals) are valid', () => {
      const coalesced = coalesceChart(name, {});
      if (name !== UMBRELLA) expect(coalesced).toHaveProperty([LIB]);
      expect(schemaProblems(name, coalesced)).toEqual([]);
    });

    const ciFiles = ciValueFiles(name);
    if (ciFiles.length > 0) {
      it.each(ciFiles)('ci/%s is valid once coalesced', (file) => {
        const overrides = readYaml(join(chartDir(name), 'ci', file)) as Table;
        expect(schemaProblems(name, coalesceChart(name, overrides))).toEqual([]);
      });
    }

    it('the schema rejects a missing required key and a wrong type', () => {
      const validate = validatorFor(name);
      const required = (readSchema(name).required as string[] | undefined) ?? [];
      expect(required.length).toBeGreaterThan(0);
      for (const key of required) {
        const values = readValues(name);
        delete values[key];
        expect(validate(values)).toBe(false);
        expect(validate.errors).toContainEqual(
          expect.objectContaining({ keyword: 'required', params: { missingProperty: key } }),
        );
      }
      const wrongType = readValues(name);
      if (name === UMBRELLA) {
        (wrongType.global as Table).image = { registry: 5, tag: '' };
        expect(validate(wrongType)).toBe(false);
        expect(validate.errors).toContainEqual(
          expect.objectContaining({ keyword: 'type', instancePath: '/global/image/registry' }),
        );
      } else {
        wrongType.replicaCount = 'two';
        expect(validate(wrongType)).toBe(false);
        expect(validate.errors).toContainEqual(expect.objectContaining({ keyword: 'type', instancePath: '/replicaCount' }));
      }
      const unknownKey = { ...readValues(name), replicas: 3 };
      expect(validate(unknownKey)).toBe(false);
    });
  });
});

function ciValueFiles(name: string): string[] {
  const dir = join(chartDir(name), 'ci');
  return existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.yaml')) : [];
}

describe('env contract', () => {
  it('keeps plain, optional and secret variables apart, and no plain one looks like a secret', () => {
    for (const [chart, lists] of Object.entries(contract)) {
      expect(Object.keys(lists).sort()).toEqual(['env', 'optionalEnv', 'secretEnv']);
      const all = [...lists.env, ...lists.optionalEnv, ...lists.secretEnv];
      expect({ chart, listedTwice: all.filter((name, i) => all.indexOf(name) !== i) }).toEqual({ chart, listedTwice: [] });
      const plain = [...lists.env, ...lists.optionalEnv];
      expect({ chart, secretLike: plain.filter((name) => SECRET_LIKE.test(name)) }).toEqual({
        chart,
        secretLike: [],
      });
    }
  });

  it('does not carry CREDENTIALS_ENCRYPTION_KEY for identity yet (identity does not read it)', () => {
    expect([...contract.identity.env, ...contract.identity.secretEnv]).not.toContain('CREDENTIALS_ENCRYPTION_KEY');
  });

  describe.each(APP_CHARTS)('%s', (chart) => {
    const values = readValues(chart);
    const schema = readSchema(chart);
    const envSchema = (schema.properties as Table).env as Table;
    const secretSchema = (schema.properties as Table).secretEnv as Table;

    it('values.yaml env and secretEnv keys are exactly the contract lists (optionalEnv left unset)', () => {
      expect(Object.keys(values.env as Table).sort()).toEqual([...contract[chart].env].sort());
      expect(Object.keys(values.secretEnv as Table).sort()).toEqual([...contract[chart].secretEnv].sort());
    });

    it('the schema declares env and optionalEnv, requires only env, and allows nothing more', () => {
      expect(Object.keys(envSchema.properties as Table).sort()).toEqual(
        [...contract[chart].env, ...contract[chart].optionalEnv].sort(),
      );
      expect([...(envSchema.required as string[])].sort()).toEqual([...contract[chart].env].sort());
      expect(envSchema.additionalProperties).toBe(false);
      expect(Object.keys(secretSchema.properties as Table).sort()).toEqual([...contract[chart].secretEnv].sort());
      expect([...(secretSchema.required as string[])].sort()).toEqual([...contract[chart].secretEnv].sort());
      expect(secretSchema.additionalProperties).toBe(false);
    });

    it('no secret-like key sits under plain env', () => {
      expect(Object.keys(values.env as Table).filter((key) => SECRET_LIKE.test(key))).toEqual([]);
    });

    it('every env value is a scalar and every secretEnv entry names a Secret and a key', () => {
      for (const value of Object.values(values.env as Table)) {
        expect(['string', 'number', 'boolean']).toContain(typeof value);
      }
      for (const ref of Object.values(values.secretEnv as Table)) {
        expect(ref).toEqual({ name: expect.stringMatching(/^[a-z0-9-]+$/), key: expect.any(String) });
      }
    });

    it('the schema rejects each env variable when missing, mistyped, or moved to plain env if secret', () => {
      const validate = validatorFor(chart);
      for (const key of contract[chart].env) {
        const missing = clone(values);
        delete (missing.env as Table)[key];
        expect(validate(missing)).toBe(false);
        expect(validate.errors).toContainEqual(
          expect.objectContaining({ instancePath: '/env', params: { missingProperty: key } }),
        );
        const mistyped = clone(values);
        (mistyped.env as Table)[key] = { nested: true };
        expect(validate(mistyped)).toBe(false);
        expect(validate.errors).toContainEqual(expect.objectContaining({ instancePath: `/env/${key}`, keyword: 'type' }));
      }
      for (const key of contract[chart].secretEnv) {
        const missing = clone(values);
        delete (missing.secretEnv as Table)[key];
        expect(validate(missing)).toBe(false);
        const plain = clone(values);
        (plain.env as Table)[key] = 'postgres://user:password@db/smista';
        expect(validate(plain)).toBe(false);
        expect(validate.errors).toContainEqual(
          expect.objectContaining({ instancePath: '/env', keyword: 'additionalProperties' }),
        );
        const keyless = clone(values);
        delete ((keyless.secretEnv as Table)[key] as Table).key;
        expect(validate(keyless)).toBe(false);
      }
      const extra = clone(values);
      (extra.env as Table).NOT_IN_CONFIG = 'x';
      expect(validate(extra)).toBe(false);
    });

    it('the schema accepts each optional variable set to its example and rejects it mistyped', () => {
      const validate = validatorFor(chart);
      for (const key of contract[chart].optionalEnv) {
        const examples = ((envSchema.properties as Table)[key] as Table).examples;
        expect({ key, examples }).toEqual({ key, examples: [expect.any(String)] });
        const set = clone(values);
        (set.env as Table)[key] = (examples as string[])[0];
        expect(validate(set) ? '' : errorsOf(validate)).toBe('');
        const mistyped = clone(values);
        (mistyped.env as Table)[key] = { nested: true };
        expect(validate(mistyped)).toBe(false);
        expect(validate.errors).toContainEqual(expect.objectContaining({ instancePath: `/env/${key}`, keyword: 'type' }));
      }
    });
  });

  it('the umbrella blocks and example overrides only set contract variables, none secret-like', () => {
    const sources: [string, Table][] = [
      ['smista/values.yaml', readValues(UMBRELLA)],
      ...ciValueFiles(UMBRELLA).map((file): [string, Table] => [
        `smista/ci/${file}`,
        readYaml(join(chartDir(UMBRELLA), 'ci', file)) as Table,
      ]),
    ];
    for (const [source, values] of sources) {
      for (const chart of APP_CHARTS) {
        const block = values[chart];
        const env = isTable(block) && isTable(block.env) ? Object.keys(block.env) : [];
        const known = [...contract[chart].env, ...contract[chart].optionalEnv];
        expect({ source, chart, unknown: env.filter((key) => !known.includes(key)) }).toEqual({
          source,
          chart,
          unknown: [],
        });
        expect(env.filter((key) => SECRET_LIKE.test(key))).toEqual([]);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The contract against the services themselves: each chart must map exactly the variables its
// process reads, and the values the chart renders must pass the process's own config schema.
// ---------------------------------------------------------------------------------------------

/** The keys of a zod object schema, reaching through transforms and pipes (`.in`) to the object. */
function zodObjectKeys(schema: unknown): string[] {
  let node = schema as { shape?: unknown; in?: unknown } | undefined;
  for (let depth = 0; node && depth < 10; depth++) {
    if (isTable(node.shape)) return Object.keys(node.shape);
    node = node.in as typeof node;
  }
  throw new Error('not a zod object schema, nor a transform/pipe of one');
}

/**
 * The variables a config parser reads, found by handing it an environment that records every
 * property read. Needed for the gateway, whose zod schema is not exported (only
 * parseGatewayConfig is): a zod object reads each key of its shape, whatever the outcome.
 * Checked below against the exported shapes of identity and merchants.
 */
function variablesRead(parse: (env: NodeJS.ProcessEnv) => unknown): string[] {
  const read = new Set<string>();
  const recorder = new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key === 'string') read.add(key);
        return undefined;
      },
    },
  );
  try {
    parse(recorder as NodeJS.ProcessEnv);
  } catch {
    // Required variables are missing: expected, only the reads matter.
  }
  return [...read];
}

function zodProblems(schema: { safeParse(env: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }) {
  return (env: NodeJS.ProcessEnv): string[] => {
    const result = schema.safeParse(env);
    return result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
  };
}

function thrownProblems(parse: (env: NodeJS.ProcessEnv) => unknown) {
  return (env: NodeJS.ProcessEnv): string[] => {
    try {
      parse(env);
      return [];
    } catch (err) {
      return [err instanceof Error ? err.message : String(err)];
    }
  };
}

interface ServiceConfig {
  /** The file the variables come from, for messages. */
  source: string;
  /** Every variable the process reads. */
  keys: () => string[];
  /** Problems config.ts finds in an environment (empty: it starts). */
  problems: (env: NodeJS.ProcessEnv) => string[];
}

type ZodConfigSchema = Parameters<typeof zodProblems>[0] & { parse(env: unknown): unknown };

/** A service's exported zod config schema (`services/<name>/src/config.ts`). */
function serviceConfigSchema(row: { dir: string }): ZodConfigSchema {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(join('..', row.dir, 'src', 'config')) as { configSchema: ZodConfigSchema }).configSchema;
}

/** Each chart's process config, by chart, from its row: the gRPC services' schemas, the gateway's parser. */
const SERVICE_CONFIGS: Record<string, ServiceConfig> = Object.fromEntries(
  CHART_ROWS.map((row): [string, ServiceConfig] => {
    if (row.kind === 'remote') {
      return [row.chart, { source: 'libs/remote-server/src/config.ts', keys: () => variablesRead(parseRemoteServerConfig), problems: thrownProblems(parseRemoteServerConfig) }];
    }
    if (row.kind === 'http') {
      return [row.chart!, { source: `${row.dir}/src/config.ts`, keys: () => variablesRead(parseGatewayConfig), problems: thrownProblems(parseGatewayConfig) }];
    }
    const schema = serviceConfigSchema(row);
    return [row.chart!, { source: `${row.dir}/src/config.ts`, keys: () => zodObjectKeys(schema), problems: zodProblems(schema) }];
  }),
);

/** Stand-ins for the Secret values, so a rendered environment is complete. */
const SECRET_SAMPLES: Record<string, string> = {
  DATABASE_URL: 'postgres://smista:password@postgres:5432/smista',
  CALLER_TOKEN_SECRET: 'x'.repeat(48),
  SMTP_URL: 'smtps://user:password@smtp.example.com:465',
  SECRETS_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  // The shapes of an eBay production keyset (client id <app>-PRD-..., RuName <user>-<app>-PRD-...).
  EBAY_CLIENT_ID: 'Smista-Smista-PRD-1a2b3c4d5-6e7f8a9b',
  EBAY_CLIENT_SECRET: 'PRD-1a2b3c4d5e6f-7a8b-9c0d-1e2f-3a4b',
  EBAY_RU_NAME: 'Smista-Smista-Smista-PRD-abcdefghi',
  // A Shopify app's client id and secret, and its redirection URL.
  SHOPIFY_CLIENT_ID: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
  SHOPIFY_CLIENT_SECRET: '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',
  SHOPIFY_REDIRECT_URL: 'https://smista.example.it/marketplace/callback',
  // An Amazon SP-API app's id, its LWA client id and secret, and its redirect URI.
  AMAZON_APPLICATION_ID: 'amzn1.sp.solution.0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9',
  AMAZON_CLIENT_ID: 'amzn1.application-oa2-client.0a1b2c3d4e5f60718293a4b5c6d7e8f9',
  AMAZON_CLIENT_SECRET: 'amzn1.oa2-cs.v1.0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071',
  AMAZON_REDIRECT_URL: 'https://smista.example.it/marketplace/callback',
  ETSY_KEYSTRING: 'smistaetsykeystring',
  ETSY_SHARED_SECRET: 'etsy-shared-secret-sample',
  ETSY_REDIRECT_URL: 'https://smista.example.it/marketplace/callback',
  // An AliExpress Open Platform app's key and secret, and its callback.
  ALIEXPRESS_APP_KEY: '509999',
  ALIEXPRESS_APP_SECRET: 'aliexpress-app-secret-sample',
  ALIEXPRESS_REDIRECT_URL: 'https://smista.example.it/marketplace/callback',
};

/**
 * What `{{ $value | toString }}` prints for a value read from a values file. Helm holds YAML
 * numbers as float64 and prints them with Go's %v, which switches to exponent form from 1e6
 * (helm/helm#1707): 3600000 becomes "3.6e+06".
 */
function helmString(value: Json): string {
  if (typeof value !== 'number' || value === 0 || !Number.isFinite(value)) return String(value);
  const [digits, exponent] = value.toExponential().split('e');
  const exp = Number(exponent);
  if (exp >= -4 && exp < 6) return String(value);
  return `${digits}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/**
 * The environment a container gets from a chart's (coalesced) values, as smista-lib.env renders
 * it: env one to one, OTEL_EXPORTER_OTLP_ENDPOINT from global.otlpEndpoint unless env sets it,
 * secrets stood in.
 */
function renderedEnv(values: Table): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(values.env as Table)) env[key] = helmString(value);
  const otlpEndpoint = isTable(values.global) ? values.global.otlpEndpoint : undefined;
  if (otlpEndpoint && !('OTEL_EXPORTER_OTLP_ENDPOINT' in env)) env.OTEL_EXPORTER_OTLP_ENDPOINT = helmString(otlpEndpoint);
  for (const key of Object.keys(values.secretEnv as Table)) {
    if (!(key in SECRET_SAMPLES)) throw new Error(`no SECRET_SAMPLES entry for ${key}: add a stand-in value`);
    env[key] = SECRET_SAMPLES[key];
  }
  return env;
}

/** How a contract entry differs from the variables a process reads. */
function contractDrift(lists: EnvContract[string], keys: string[]) {
  const mapped = [...lists.env, ...lists.optionalEnv, ...lists.secretEnv];
  return {
    readButNotInContract: keys.filter((key) => !mapped.includes(key)).sort(),
    inContractButNotRead: mapped.filter((key) => !keys.includes(key)).sort(),
  };
}

describe('env contract against config.ts', () => {
  it('has a config source for every application chart', () => {
    expect(Object.keys(SERVICE_CONFIGS).sort()).toEqual([...APP_CHARTS].sort());
  });

  it('recording the variables a parser reads finds exactly the zod shape (where the shape is exported)', () => {
    for (const schema of CHART_ROWS.filter((row) => row.kind === 'grpc').map(serviceConfigSchema)) {
      expect(variablesRead((env) => schema.parse(env)).sort()).toEqual(zodObjectKeys(schema).sort());
    }
  });

  it('reports a variable config.ts reads that the contract lacks, and one the contract lists that it does not read', () => {
    const lists = contract.identity;
    const keys = [...lists.env, ...lists.optionalEnv, ...lists.secretEnv];
    expect(contractDrift(lists, [...keys, 'NEW_VARIABLE'])).toEqual({
      readButNotInContract: ['NEW_VARIABLE'],
      inContractButNotRead: [],
    });
    expect(contractDrift(lists, keys.filter((key) => key !== 'SESSION_TTL_HOURS'))).toEqual({
      readButNotInContract: [],
      inContractButNotRead: ['SESSION_TTL_HOURS'],
    });
  });

  it('renders numbers the way Helm does', () => {
    expect([50051, 999999, 1000000, 3600000, 356136738, 0.5, true, 'a'].map((v) => helmString(v))).toEqual([
      '50051',
      '999999',
      '1e+06',
      '3.6e+06',
      '3.56136738e+08',
      '0.5',
      'true',
      'a',
    ]);
  });

  describe.each(APP_CHARTS)('%s', (chart) => {
    const config = SERVICE_CONFIGS[chart];

    it('the contract (env + optionalEnv + secretEnv) is exactly what config.ts reads', () => {
      // A difference means config.ts gained or lost a variable: update env-contract.json, the
      // chart's values.yaml and values.schema.json together (see charts/README.md).
      expect({ chart, source: config.source, ...contractDrift(contract[chart], config.keys()) }).toEqual({
        chart,
        source: config.source,
        readButNotInContract: [],
        inContractButNotRead: [],
      });
    });

    it("the chart's defaults, rendered as Helm renders them, pass config.ts", () => {
      expect(config.problems(renderedEnv(coalesceChart(chart, {})))).toEqual([]);
    });

    it('each optional variable set to its schema example passes config.ts', () => {
      const envSchema = (readSchema(chart).properties as Table).env as Table;
      const exampleOf = (key: string) => (((envSchema.properties as Table)[key] as Table).examples as Json[])[0];
      for (const key of contract[chart].optionalEnv) {
        // Variables that only go together (config.ts refuses one alone) are set with their partners.
        const group = SET_TOGETHER.find((g) => g.includes(key)) ?? [key];
        const values = coalesceChart(chart, { env: Object.fromEntries(group.map((k) => [k, exampleOf(k)])) });
        expect({ key, problems: config.problems(renderedEnv(values)) }).toEqual({ key, problems: [] });
      }
    });
  });

  it.each(ciValueFiles(UMBRELLA))('the umbrella with ci/%s renders an environment every config.ts accepts', (file) => {
    const coalesced = coalesceChart(UMBRELLA, readYaml(join(chartDir(UMBRELLA), 'ci', file)) as Table);
    for (const chart of APP_CHARTS) {
      expect({ chart, problems: SERVICE_CONFIGS[chart].problems(renderedEnv(coalesced[chart] as Table)) }).toEqual({
        chart,
        problems: [],
      });
    }
  });
});

describe('wiring between the charts', () => {
  let coalesced: Table = {};
  beforeAll(() => {
    coalesced = coalesceChart(UMBRELLA, {});
  });

  function fullname(values: Table, chart: string): string {
    return String(values.fullnameOverride || values.nameOverride || chart);
  }

  it('gRPC services serve a grpc port on GRPC_PORT, the gateway an http port on PORT, each its metrics on METRICS_PORT apart', () => {
    // The port of each chart is its row's (deploy/local/src/components.ts).
    const expected: Record<string, { portName: string; portEnv: string; port: number }> = Object.fromEntries(
      CHART_ROWS.map((row) => [row.chart!, row.kind === 'grpc' ? { portName: 'grpc', portEnv: 'GRPC_PORT', port: row.devPort } : { portName: 'http', portEnv: 'PORT', port: row.devPort }]),
    );
    for (const chart of APP_CHARTS) {
      const values = readValues(chart);
      const env = values.env as Table;
      expect({ chart, portName: values.portName, portEnv: values.portEnv, port: env[values.portEnv as string] }).toEqual({
        chart,
        ...expected[chart],
      });
      expect({ chart, metricsPort: env.METRICS_PORT, scrape: (values.metrics as Table).scrape }).toEqual({
        chart,
        metricsPort: 9464,
        scrape: true,
      });
      // smista-lib.metricsPort refuses to render otherwise: /metrics never on the process's own port.
      expect(env.METRICS_PORT).not.toBe(env[values.portEnv as string]);
    }
  });

  it('every component probes startup, liveness and readiness with timings, readiness within the 2 s of each check', () => {
    for (const chart of APP_CHARTS) {
      const probe = readValues(chart).probe as Table;
      expect({ chart, probes: Object.keys(probe).sort() }).toEqual({ chart, probes: ['liveness', 'readiness', 'startup'] });
      expect(((probe.readiness as Table).timeoutSeconds as number) > 2).toBe(true);
      // The startup probe holds the others back while the process migrates and connects.
      const startup = probe.startup as Table;
      expect((startup.periodSeconds as number) * (startup.failureThreshold as number)).toBeGreaterThanOrEqual(30);
    }
  });

  it('global.otlpEndpoint becomes OTEL_EXPORTER_OTLP_ENDPOINT in every component; a chart\'s own value wins', () => {
    const tempo = 'http://tempo.observability:4318';
    const jaeger = 'http://jaeger-collector.observability:4318';
    const withGlobal = coalesceChart(UMBRELLA, { global: { otlpEndpoint: tempo }, merchants: { env: { OTEL_EXPORTER_OTLP_ENDPOINT: jaeger } } });
    expect(schemaProblems(UMBRELLA, withGlobal)).toEqual([]);
    const endpoints = Object.fromEntries(
      APP_CHARTS.map((chart) => [chart, renderedEnv(withGlobal[chart] as Table).OTEL_EXPORTER_OTLP_ENDPOINT]),
    );
    expect(endpoints).toEqual(Object.fromEntries(APP_CHARTS.map((chart) => [chart, chart === 'merchants' ? jaeger : tempo])));
    for (const chart of APP_CHARTS) {
      expect({ chart, problems: SERVICE_CONFIGS[chart].problems(renderedEnv(withGlobal[chart] as Table)) }).toEqual({ chart, problems: [] });
    }
    // Unset by default: no export, and no variable rendered.
    for (const chart of APP_CHARTS) expect(renderedEnv(coalesced[chart] as Table)).not.toHaveProperty('OTEL_EXPORTER_OTLP_ENDPOINT');
    // "" turns one chart off even with a global collector; config.ts reads "" as unset.
    const off = coalesceChart(UMBRELLA, { global: { otlpEndpoint: tempo }, identity: { env: { OTEL_EXPORTER_OTLP_ENDPOINT: '' } } });
    expect(schemaProblems(UMBRELLA, off)).toEqual([]);
    expect(renderedEnv(off.identity as Table).OTEL_EXPORTER_OTLP_ENDPOINT).toBe('');
    expect(SERVICE_CONFIGS.identity.problems(renderedEnv(off.identity as Table))).toEqual([]);
  });

  it('a collector address without a scheme is refused by the umbrella and by every subchart', () => {
    const bad = coalesceChart(UMBRELLA, { global: { otlpEndpoint: 'tempo.observability:4318' } });
    const problems = schemaProblems(UMBRELLA, bad).join('\n');
    for (const chart of [UMBRELLA, ...APP_CHARTS]) expect(problems).toMatch(new RegExp(`^${chart}: .*otlpEndpoint`, 'm'));
    const badOwn = coalesceChart(UMBRELLA, { gateway: { env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'tempo:4318' } } });
    expect(schemaProblems(UMBRELLA, badOwn).join('\n')).toMatch(/gateway: .*OTEL_EXPORTER_OTLP_ENDPOINT/s);
  });

  it('the gateway listens on all interfaces behind a Secure cookie and trusts the one proxy in front (the Ingress)', () => {
    const env = readValues('gateway').env as Table;
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.COOKIE_SECURE).toBe(true);
    // 0 would give every client the Ingress controller's IP: one shared per-IP rate limit.
    expect(env.TRUST_PROXY_HOPS).toBe(1);
  });

  it('the gateway replicas share their rate limits through Redis: a URL without a password, or "" for per-process counters', () => {
    expect((readValues('gateway').env as Table).REDIS_URL).toBe('redis://redis:6379');
    const cases: [string, boolean][] = [
      ['rediss://cache.example.com:6380/1', true],
      ['redis://smista@redis.cache:6379', true],
      ['', true],
      // A password would be a secret in plain env; a bare host:port is no URL.
      ['redis://:segreta@redis:6379', false],
      ['redis:6379', false],
      ['http://redis:6379', false],
    ];
    for (const [url, valid] of cases) {
      const values = coalesceChart(UMBRELLA, { gateway: { env: { REDIS_URL: url } } });
      expect({ url, refused: schemaProblems(UMBRELLA, values).length > 0 }).toEqual({ url, refused: !valid });
      if (valid) expect({ url, problems: SERVICE_CONFIGS.gateway.problems(renderedEnv(values.gateway as Table)) }).toEqual({ url, problems: [] });
    }
  });

  it('every *_GRPC_ADDR points at the Service and port of a chart in the umbrella', () => {
    const targets = new Map<string, number>();
    for (const chart of APP_CHARTS) {
      const values = coalesced[chart] as Table;
      const port = Number((values.env as Table)[values.portEnv as string]);
      targets.set(`${fullname(values, chart)}:${port}`, port);
    }
    const calls: string[] = [];
    for (const chart of APP_CHARTS) {
      for (const [key, value] of Object.entries((coalesced[chart] as Table).env as Table)) {
        if (!key.endsWith('_GRPC_ADDR')) continue;
        const service = key.slice(0, -'_GRPC_ADDR'.length).toLowerCase();
        const target = coalesced[service] as Table;
        expect(target).toBeDefined();
        expect({ chart, key, value }).toEqual({
          chart,
          key,
          value: `${fullname(target, service)}:${(target.env as Table)[target.portEnv as string]}`,
        });
        expect(targets.has(String(value))).toBe(true);
        calls.push(`${chart} → ${service}`);
      }
    }
    // The calls are the rows' peers (deploy/local/src/components.ts): a difference names the row.
    for (const row of CHART_ROWS) {
      const made = calls.filter((call) => call.startsWith(`${row.chart} → `)).map((call) => call.split(' → ')[1]).sort();
      expect({ row: row.name, calls: made }).toEqual({ row: row.name, calls: [...(row.peers ?? [])].sort() });
      const env = (coalesced[row.chart!] as Table).env as Table;
      for (const peer of row.peers ?? []) expect({ chart: row.chart, variable: grpcAddrVar(peer), set: grpcAddrVar(peer) in env }).toEqual({ chart: row.chart, variable: grpcAddrVar(peer), set: true });
    }
  });

  it("the README's table of variables gives each chart its row's port", () => {
    const readme = readFileSync(join(CHARTS_DIR, 'README.md'), 'utf8');
    for (const row of CHART_ROWS) {
      // The remotes share one line, `<name>-ui` (each remote).
      const label = row.kind === 'remote' ? '`<name>-ui` (each remote)' : row.chart;
      const line = readme.split('\n').find((l) => l.startsWith(`| ${label} | `));
      const port = line && /`(?:GRPC_PORT|PORT)` \((\d+)\)/.exec(line)?.[1];
      expect({ row: row.name, file: 'charts/README.md', port: port ? Number(port) : null }).toEqual({ row: row.name, file: 'charts/README.md', port: row.devPort });
    }
  });

  it('optional objects are off by default: no Ingress, no HPA', () => {
    for (const chart of APP_CHARTS) {
      expect((coalesced[chart] as Table).autoscaling).toMatchObject({ enabled: false });
    }
    expect((coalesced.gateway as Table).ingress).toMatchObject({ enabled: false });
  });

  it('the umbrella copies global.image down to every subchart', () => {
    const withGlobal = coalesceChart(UMBRELLA, { global: { image: { registry: 'registry.example.com/smista', tag: '1.2.3' } } });
    for (const chart of APP_CHARTS) {
      expect((withGlobal[chart] as Table).global).toMatchObject({
        image: { registry: 'registry.example.com/smista', tag: '1.2.3' },
      });
      expect(schemaProblems(chart, withGlobal[chart] as Table)).toEqual([]);
    }
  });

  it('a wrong type set through the umbrella is caught by the subchart schema', () => {
    const bad = coalesceChart(UMBRELLA, { gateway: { env: { COOKIE_SECURE: 'yes' } } });
    expect(schemaProblems(UMBRELLA, bad).join('\n')).toMatch(/gateway: .*COOKIE_SECURE/s);
  });

  it('the umbrella depends on every application chart behind an enabled flag, and holds a block for each', () => {
    const deps = readChart(UMBRELLA).dependencies ?? [];
    // Each row of the components table with a chart is a dependency and a block of values.yaml.
    const values = readValues(UMBRELLA);
    for (const row of CHART_ROWS) {
      const dep = deps.find((d) => d.name === row.chart);
      expect({ row: row.name, file: 'charts/smista/Chart.yaml', dependency: dep && { repository: dep.repository, condition: dep.condition } }).toEqual({
        row: row.name,
        file: 'charts/smista/Chart.yaml',
        dependency: { repository: `file://../${row.chart}`, condition: `${row.chart}.enabled` },
      });
      expect({ row: row.name, file: 'charts/smista/values.yaml', enabled: lookupCondition(values, `${row.chart}.enabled`) }).toEqual({ row: row.name, file: 'charts/smista/values.yaml', enabled: true });
    }
    expect(deps.map((dep) => dep.name).sort()).toEqual([...APP_CHARTS].sort());
    for (const dep of deps) {
      expect(dep.condition).toBe(`${dep.name}.enabled`);
      expect(lookupCondition(values, dep.condition as string)).toBe(true);
    }
  });

  it('build-deps.sh vendors every chart with dependencies, after the charts it depends on', () => {
    const script = readFileSync(join(CHARTS_DIR, 'build-deps.sh'), 'utf8');
    const order = script.match(/for chart in ([^;]+);/)?.[1].trim().split(/\s+/) ?? [];
    const withDeps = discovered.filter((chart) => (readChart(chart).dependencies ?? []).length > 0);
    for (const row of CHART_ROWS) expect({ row: row.name, file: 'charts/build-deps.sh', listed: order.includes(row.chart!) }).toEqual({ row: row.name, file: 'charts/build-deps.sh', listed: true });
    expect([...order].sort()).toEqual(withDeps.sort());
    for (const chart of order) {
      for (const dep of readChart(chart).dependencies ?? []) {
        if ((readChart(dep.name).dependencies ?? []).length === 0) continue;
        expect(order.indexOf(dep.name)).toBeLessThan(order.indexOf(chart));
      }
    }
  });
});

describe('library chart', () => {
  const templates = templateFiles(LIB);
  const source = (file: string) => readFileSync(join(chartDir(LIB), 'templates', file), 'utf8');

  it('holds only partials (library charts render nothing themselves)', () => {
    expect(templates.length).toBeGreaterThan(0);
    for (const file of templates) expect(file).toMatch(/\/_[^/]+\.tpl$/);
  });

  it('defines every named template once', () => {
    expect(new Set(libDefines).size).toBe(libDefines.length);
    expect(libDefines).toEqual(
      expect.arrayContaining([
        'smista-lib.name',
        'smista-lib.fullname',
        'smista-lib.chart',
        'smista-lib.labels',
        'smista-lib.selectorLabels',
        'smista-lib.serviceAccountName',
        'smista-lib.image',
        'smista-lib.containerPort',
        'smista-lib.portName',
        'smista-lib.metricsPort',
        'smista-lib.podAnnotations',
        'smista-lib.env',
        'smista-lib.probe',
        'smista-lib.deployment',
        'smista-lib.service',
        'smista-lib.serviceAccount',
        'smista-lib.hpa',
        'smista-lib.podDisruptionBudget',
        'smista-lib.ingress',
      ]),
    );
    for (const defined of libDefines) expect(defined).toMatch(/^smista-lib\./);
  });

  it('hardens every container: non-root uid 1000, read-only root, no escalation, no capabilities, RuntimeDefault seccomp', () => {
    const helpers = source('_helpers.tpl');
    const container = helpers.match(/define "smista-lib\.containerSecurityContext"[\s\S]*?\{\{- end -\}\}/)?.[0] ?? '';
    expect(container).toMatch(/runAsNonRoot: true/);
    expect(container).toMatch(/runAsUser: 1000/);
    expect(container).toMatch(/readOnlyRootFilesystem: true/);
    expect(container).toMatch(/allowPrivilegeEscalation: false/);
    expect(container).toMatch(/capabilities:\s*\n\s*drop:\s*\n\s*- ALL/);
    expect(container).toMatch(/seccompProfile:\s*\n\s*type: RuntimeDefault/);
    const pod = helpers.match(/define "smista-lib\.podSecurityContext"[\s\S]*?\{\{- end -\}\}/)?.[0] ?? '';
    expect(pod).toMatch(/runAsNonRoot: true/);
    expect(pod).toMatch(/seccompProfile:\s*\n\s*type: RuntimeDefault/);
    const deployment = source('_deployment.tpl');
    expect(deployment).toMatch(/securityContext:\s*\n\s*\{\{- include "smista-lib\.podSecurityContext" \. \| nindent 8 \}\}/);
    expect(deployment).toMatch(/securityContext:\s*\n\s*\{\{- include "smista-lib\.containerSecurityContext" \. \| nindent 12 \}\}/);
  });

  /** One named template of the library: from its define to the next doc comment or define. */
  function definition(file: string, name: string): string {
    const text = source(file);
    const start = text.indexOf(`define "${name}"`);
    if (start === -1) return '';
    const next = text.slice(start + 1).search(/\n\{\{-? *(\/\*|define )/);
    return next === -1 ? text.slice(start) : text.slice(start, start + 1 + next);
  }

  it('probes over HTTP on the metrics port: startup and liveness GET /livez, readiness GET /readyz', () => {
    const probe = definition('_helpers.tpl', 'smista-lib.probe');
    expect(probe).toMatch(/httpGet:\s*\n\s+path: \{\{ \.path \}\}\s*\n\s+port: metrics\s*\n/);
    expect(probe).not.toMatch(/grpc:/);
    const deployment = source('_deployment.tpl');
    expect(deployment).toMatch(/startupProbe:\s*\n\s*\{\{- include "smista-lib\.probe" \(dict "path" "\/livez" "timing" \.Values\.probe\.startup\)/);
    expect(deployment).toMatch(/livenessProbe:\s*\n\s*\{\{- include "smista-lib\.probe" \(dict "path" "\/livez" "timing" \.Values\.probe\.liveness\)/);
    expect(deployment).toMatch(/readinessProbe:\s*\n\s*\{\{- include "smista-lib\.probe" \(dict "path" "\/readyz" "timing" \.Values\.probe\.readiness\)/);
  });

  it('opens a `metrics` container port on env.METRICS_PORT, refused when it equals the process\'s own port', () => {
    const deployment = source('_deployment.tpl');
    expect(deployment).toMatch(/- name: metrics\s*\n\s+containerPort: \{\{ include "smista-lib\.metricsPort" \. \}\}/);
    const metricsPort = definition('_helpers.tpl', 'smista-lib.metricsPort');
    expect(metricsPort).toMatch(/\$port := \.Values\.env\.METRICS_PORT/);
    expect(metricsPort).toMatch(/if eq \(\$port \| int\) \(include "smista-lib\.containerPort" \. \| int\)[^}]*\}\}\s*\n\{\{- fail/);
  });

  it('never exposes the metrics port through the Service or the Ingress', () => {
    for (const file of ['_service.tpl', '_ingress.tpl']) {
      const text = source(file);
      expect({ file, metrics: /metrics/i.test(text) }).toEqual({ file, metrics: false });
      expect(text).toMatch(/include "smista-lib\.portName"/);
    }
  });

  it('annotates the pods for Prometheus (scrape, port, path) when metrics.scrape is on; podAnnotations win', () => {
    const annotations = definition('_helpers.tpl', 'smista-lib.podAnnotations');
    const scrapeBlock = annotations.match(/if \.Values\.metrics\.scrape[\s\S]*?\{\{- end -\}\}/)?.[0] ?? '';
    expect(scrapeBlock).toMatch(/set \$annotations "prometheus\.io\/scrape" "true"/);
    expect(scrapeBlock).toMatch(/set \$annotations "prometheus\.io\/port" \(include "smista-lib\.metricsPort" \.\)/);
    expect(scrapeBlock).toMatch(/set \$annotations "prometheus\.io\/path" "\/metrics"/);
    expect(annotations).toMatch(/merge \(deepCopy \(\.Values\.podAnnotations \| default dict\)\) \$annotations/);
    expect(source('_deployment.tpl')).toMatch(/with \(include "smista-lib\.podAnnotations" \. \| trim\) \}\}\s*\n\s+annotations:/);
  });

  it('adds OTEL_EXPORTER_OTLP_ENDPOINT from global.otlpEndpoint unless env sets it', () => {
    const env = definition('_helpers.tpl', 'smista-lib.env');
    expect(env).toMatch(/\$otlpEndpoint := dig "otlpEndpoint" "" \(\.Values\.global \| default dict\)/);
    expect(env).toMatch(
      /if and \$otlpEndpoint \(not \(hasKey \.Values\.env "OTEL_EXPORTER_OTLP_ENDPOINT"\)\) \}\}\s*\n- name: OTEL_EXPORTER_OTLP_ENDPOINT\s*\n\s+value: \{\{ \$otlpEndpoint \| toString \| quote \}\}/,
    );
  });

  it('renders env one to one and secretEnv as secretKeyRef', () => {
    const helpers = source('_helpers.tpl');
    expect(helpers).toMatch(/range \$name, \$value := \.Values\.env \}\}\s*\n- name: \{\{ \$name \}\}\s*\n\s+value: \{\{ \$value \| toString \| quote \}\}/);
    expect(helpers).toMatch(/range \$name, \$ref := \.Values\.secretEnv \}\}[\s\S]*secretKeyRef:\s*\n\s+name: \{\{ \$ref\.name \| quote \}\}\s*\n\s+key: \{\{ \$ref\.key \| quote \}\}/);
  });

  it('each application chart renders Deployment, Service, ServiceAccount, HPA and PodDisruptionBudget from the lib; only the gateway and the remotes an Ingress', () => {
    for (const chart of APP_CHARTS) {
      const refs = templateFiles(chart).flatMap((file) => referencedNames(scanFile(file).actions)).sort();
      const expected = ['smista-lib.deployment', 'smista-lib.hpa', 'smista-lib.podDisruptionBudget', 'smista-lib.service', 'smista-lib.serviceAccount'];
      // The gateway's Ingress, and each remote's path on the same host (/remotes/<name>/).
      if (chart === 'gateway' || REMOTE_CHARTS.includes(chart)) expected.push('smista-lib.ingress');
      expect({ chart, refs }).toEqual({ chart, refs: expected.sort() });
    }
  });
});

describe('Go-template scanner', () => {
  it('accepts balanced templates, comments and braces inside strings', () => {
    const ok = [
      '{{- define "x" -}}\n{{- if .a }}{{ printf "}}" }}{{ else if .b }}b{{ else }}c{{ end }}\n{{- end -}}',
      '{{/* a comment with {{ braces }} */}}\n{{- /* trimmed */ -}}',
      '{{- range $k, $v := .Values.env }}\n- {{ $k }}\n{{- end }}',
    ];
    for (const source of ok) expect(scanGoTemplate(source).problems).toEqual([]);
  });

  it.each([
    ['an unclosed action', '{{ include "x" . }\nname: a', /not closed/],
    ['a stray close', 'name: a }}', /without a matching/],
    ['a nested open', '{{ if .a {{ end }}', /not closed/],
    ['a missing end', '{{- if .a }}\nx', /"if" is never closed/],
    ['an extra end', '{{ end }}', /"end" without an open block/],
    ['a nested define', '{{ if .a }}{{ define "x" }}{{ end }}{{ end }}', /defines must be top level/],
    ['an else outside a block', '{{ else }}', /else" outside/],
    ['an unterminated comment', '{{/* never closed', /never closed/],
  ])('rejects %s', (_label, source, message) => {
    const { problems } = scanGoTemplate(source);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(message);
  });

  it('finds include/template references and define names', () => {
    const { actions } = scanGoTemplate(
      '{{- define "a.b" -}}{{ include "a.c" . | nindent 2 }}{{ template "a.d" . }}{{ with (include "a.e" .) }}{{ end }}{{- end -}}',
    );
    expect(definedNames(actions)).toEqual(['a.b']);
    expect(referencedNames(actions)).toEqual(['a.c', 'a.d', 'a.e']);
  });
});

describe('the standard image', () => {
  const root = resolve(CHARTS_DIR, '..');
  const nodeMajor = Number(readFileSync(join(root, '.node-version'), 'utf8').trim());
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

  test("runs the project's Node major (.node-version, what make dev and make test run on)", () => {
    expect(nodeMajor).toBeGreaterThanOrEqual(24);
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_MAJOR=${nodeMajor}$`, 'm'));
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toBe('node:${NODE_MAJOR}-bookworm-slim');
  });

  test('package.json asks for that Node major at least', () => {
    const engines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe(`>=${nodeMajor}`);
  });

  test('runs the remote server for a remote, and each remote chart serves its folder’s dist from the image', () => {
    expect(dockerfile).toContain('exec node /app/libs/remote-server/dist/main.js');
    for (const row of REMOTE_COMPONENTS) {
      const values = load(readFileSync(join(CHARTS_DIR, row.chart, 'values.yaml'), 'utf8')) as { env: Table; image: Table };
      const name = row.dir.replace(/^frontends\//, '');
      expect({ chart: row.chart, dir: values.env.REMOTE_DIR, url: values.env.REMOTE_PUBLIC_URL, image: values.image.repository }).toEqual({
        chart: row.chart,
        dir: `/app/${row.dir}/dist`,
        url: `/remotes/${name}/`,
        image: `smista/${row.chart}`,
      });
      expect(existsSync(join(root, row.dir, 'rspack.config.js'))).toBe(true);
    }
    // Every remote of frontends/ (all but the shell) has its row.
    const remotes = readdirSync(join(root, 'frontends'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'shell' && existsSync(join(root, 'frontends', d.name, 'rspack.config.js')))
      .map((d) => `frontends/${d.name}`);
    expect(REMOTE_COMPONENTS.map((r) => r.dir).sort()).toEqual(remotes.sort());
  });

  test('keeps the FRONTENDS_DIR the gateway chart names', () => {
    const gatewayValues = load(readFileSync(join(CHARTS_DIR, 'gateway', 'values.yaml'), 'utf8')) as { env: Table };
    expect(gatewayValues.env.FRONTENDS_DIR).toBe('/app/frontends');
    expect(dockerfile).toMatch(/COPY --from=build --chown=node:node \/src \/app$/m);
  });
});
