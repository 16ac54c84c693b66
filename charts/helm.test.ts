/**
 * The charts through real Helm (built by deploy/install.sh into .tools/bin when the machine has
 * none): charts/build-deps.sh, `helm lint --strict` on every chart, `helm template` of the umbrella
 * with its defaults and of every chart with each of its ci/*.yaml values files (the production
 * values among them), every rendered object validated against the Kubernetes API's own schemas
 * (charts/validate-manifests.mjs, npm kubernetes-models), and what an SRE expects of each workload.
 *
 * Helm runs on a copy of charts/ in a temporary folder, so the suite never writes into the work
 * tree while charts.test.ts (which writes the schemas there) may run beside it. Each values file
 * is rendered once; the checks below read the parsed objects.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { REMOTE_COMPONENTS } from '../deploy/local/src/components';
import { load, loadAll } from 'js-yaml';

const run = promisify(execFile);

const CHARTS_DIR = __dirname;
const ROOT = resolve(CHARTS_DIR, '..');
const UMBRELLA = 'smista';
const RELEASE = 'smista';
const NAMESPACE = 'smista';
/** deploy/install.sh builds Helm here when the machine has none; scripts/node-env.sh puts it on PATH. */
const TOOLS_BIN = join(ROOT, '.tools', 'bin');
/** Helm's environment: .tools/bin on PATH; its cache and config in the suite's folder (set in beforeAll). */
const ENV: NodeJS.ProcessEnv = { ...process.env, PATH: `${TOOLS_BIN}:${process.env.PATH ?? ''}` };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Table = { [key: string]: Json };

/** A rendered Kubernetes object, as far as these checks read it. */
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Table;
}

/** One `helm template` run: what was rendered and with which values. */
interface Render {
  /** e.g. "smista (defaults)" or "smista/ci/production-values.yaml" */
  label: string;
  chart: string;
  /** the values file relative to charts/, or null for the chart's defaults */
  valuesFile: string | null;
  objects: K8sObject[];
  /** per application chart in this render: its values as Helm coalesces them */
  components: Map<string, Table>;
}

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Helm's coalescing of two values tables: maps merge key by key, anything else in `over` wins. */
function mergeValues(base: Table, over: Table): Table {
  const out: Table = structuredClone(base);
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isTable(current) && isTable(value) ? mergeValues(current, value) : structuredClone(value);
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function readYamlTable(path: string): Table {
  const value = load(readFileSync(path, 'utf8'), { filename: path }) ?? {};
  if (!isTable(value)) throw new Error(`${path} is not a YAML mapping`);
  return value;
}

/** Every chart folder under charts/ (a folder holding a Chart.yaml). */
function chartNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'Chart.yaml')))
    .map((entry) => entry.name)
    .sort();
}

function chartType(dir: string, chart: string): string {
  return String(readYamlTable(join(dir, chart, 'Chart.yaml')).type ?? 'application');
}

/** The umbrella's `file://` dependencies: the application charts it installs. */
function umbrellaDependencies(dir: string): string[] {
  const meta = readYamlTable(join(dir, UMBRELLA, 'Chart.yaml'));
  return (meta.dependencies as Table[]).map((dependency) => String(dependency.name));
}

/** The values files of a chart's ci/ folder, relative to charts/. */
function ciValuesFiles(dir: string, chart: string): string[] {
  const ci = join(dir, chart, 'ci');
  if (!existsSync(ci)) return [];
  return readdirSync(ci)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => join(chart, 'ci', file));
}

async function helm(args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run('helm', args, { cwd, env: ENV, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (failure.code === 'ENOENT') throw new Error('no helm on PATH: deploy/install.sh builds it into .tools/bin (make test runs it first)');
    throw new Error(`helm ${args.join(' ')} failed:\n${failure.stdout ?? ''}${failure.stderr ?? ''}`);
  }
}

// ---------------------------------------------------------------------------------------------
// What an SRE expects of each workload. Each function returns its problems as sentences naming
// the object, so a failure says what to fix; the "can fail" tests at the end break one field each.
// ---------------------------------------------------------------------------------------------

type Container = Table & { name: string };

function podSpecOf(deployment: K8sObject): Table {
  const template = (deployment.spec?.template ?? {}) as Table;
  return (template.spec ?? {}) as Table;
}

function containersOf(deployment: K8sObject): Container[] {
  return ((podSpecOf(deployment).containers ?? []) as Container[]).filter(isTable) as Container[];
}

/** The `metrics` container port of a container, or undefined. */
function metricsPortOf(container: Container): number | undefined {
  const ports = (container.ports ?? []) as Table[];
  const port = ports.find((candidate) => candidate.name === 'metrics');
  return typeof port?.containerPort === 'number' ? port.containerPort : undefined;
}

/** Startup, liveness and readiness probes are HTTP GETs on the admin server's `metrics` port. */
function probeProblems(deployment: K8sObject): string[] {
  const problems: string[] = [];
  for (const container of containersOf(deployment)) {
    const where = `${deployment.metadata.name}/${container.name}`;
    const metricsPort = metricsPortOf(container);
    if (metricsPort === undefined) problems.push(`${where}: no container port named metrics`);
    for (const [probe, path] of [
      ['startupProbe', '/livez'],
      ['livenessProbe', '/livez'],
      ['readinessProbe', '/readyz'],
    ] as const) {
      const get = (container[probe] as Table | undefined)?.httpGet as Table | undefined;
      if (!get) {
        problems.push(`${where}: ${probe} is not an HTTP GET`);
        continue;
      }
      if (get.port !== 'metrics' && get.port !== metricsPort) problems.push(`${where}: ${probe} is on port ${String(get.port)}, not metrics`);
      if (get.path !== path) problems.push(`${where}: ${probe} asks ${String(get.path)}, not ${path}`);
    }
  }
  return problems;
}

/** CPU and memory requests (the HPA's utilization is relative to them) and limits. */
function resourceProblems(deployment: K8sObject): string[] {
  const problems: string[] = [];
  for (const container of containersOf(deployment)) {
    const resources = (container.resources ?? {}) as Table;
    for (const kind of ['requests', 'limits'] as const) {
      const list = (resources[kind] ?? {}) as Table;
      for (const resource of ['cpu', 'memory']) {
        if (list[resource] === undefined) problems.push(`${deployment.metadata.name}/${container.name}: no ${resource} in resources.${kind}`);
      }
    }
  }
  return problems;
}

/** A non-root user (runAsNonRoot and a uid other than 0), a read-only root, no privilege escalation. */
function securityProblems(deployment: K8sObject): string[] {
  const problems: string[] = [];
  const pod = (podSpecOf(deployment).securityContext ?? {}) as Table;
  for (const container of containersOf(deployment)) {
    const where = `${deployment.metadata.name}/${container.name}`;
    const own = (container.securityContext ?? {}) as Table;
    // The container's own setting wins over the pod's, as in Kubernetes.
    const effective = (key: string): Json | undefined => (own[key] !== undefined ? own[key] : pod[key]);
    if (effective('runAsNonRoot') !== true) problems.push(`${where}: runAsNonRoot is not true`);
    const user = effective('runAsUser');
    if (typeof user !== 'number' || user === 0) problems.push(`${where}: runAsUser is ${String(user)}, not a non-root uid`);
    if (own.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem is not true`);
    if (own.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
  }
  return problems;
}

/** With metrics.scrape on, the pods carry prometheus.io/scrape, /port (the metrics port) and /path. */
function scrapeProblems(deployment: K8sObject, values: Table): string[] {
  const annotations = (((deployment.spec?.template as Table | undefined)?.metadata as Table | undefined)?.annotations ?? {}) as Table;
  const scrape = (values.metrics as Table | undefined)?.scrape === true;
  const name = deployment.metadata.name;
  if (!scrape) return annotations['prometheus.io/scrape'] === undefined ? [] : [`${name}: metrics.scrape is off but the pods carry prometheus.io/scrape`];
  const metricsPort = containersOf(deployment).map(metricsPortOf).find((port) => port !== undefined);
  const problems: string[] = [];
  if (annotations['prometheus.io/scrape'] !== 'true') problems.push(`${name}: no prometheus.io/scrape: "true" on the pods`);
  if (annotations['prometheus.io/port'] !== String(metricsPort)) {
    problems.push(`${name}: prometheus.io/port is ${String(annotations['prometheus.io/port'])}, not the metrics port ${String(metricsPort)}`);
  }
  if (annotations['prometheus.io/path'] !== '/metrics') problems.push(`${name}: prometheus.io/path is not /metrics`);
  return problems;
}

function selects(selector: Json | undefined, labels: Record<string, string> | undefined): boolean {
  const matchLabels = (isTable(selector) ? selector.matchLabels : undefined) as Record<string, string> | undefined;
  if (!matchLabels || Object.keys(matchLabels).length === 0) return false;
  return Object.entries(matchLabels).every(([key, value]) => labels?.[key] === value);
}

function podLabelsOf(deployment: K8sObject): Record<string, string> | undefined {
  return ((deployment.spec?.template as Table | undefined)?.metadata as Table | undefined)?.labels as Record<string, string> | undefined;
}

/** A PodDisruptionBudget over the pods exactly when podDisruptionBudget.enabled. */
function disruptionBudgetProblems(deployment: K8sObject, values: Table, objects: K8sObject[]): string[] {
  const name = deployment.metadata.name;
  const budgets = objects.filter((object) => object.kind === 'PodDisruptionBudget' && selects(object.spec?.selector, podLabelsOf(deployment)));
  const enabled = (values.podDisruptionBudget as Table | undefined)?.enabled === true;
  if (!enabled) return budgets.length === 0 ? [] : [`${name}: podDisruptionBudget is off but ${budgets.length} PodDisruptionBudget selects its pods`];
  if (budgets.length !== 1) return [`${name}: podDisruptionBudget is on but ${budgets.length} PodDisruptionBudgets select its pods`];
  const spec = budgets[0].spec ?? {};
  if (spec.minAvailable === undefined && spec.maxUnavailable === undefined) return [`${name}: its PodDisruptionBudget sets neither minAvailable nor maxUnavailable`];
  return [];
}

/** An HPA on the Deployment exactly when autoscaling.enabled; then the Deployment leaves replicas to it. */
function autoscalerProblems(deployment: K8sObject, values: Table, objects: K8sObject[]): string[] {
  const name = deployment.metadata.name;
  const scalers = objects.filter((object) => {
    const target = object.spec?.scaleTargetRef as Table | undefined;
    return object.kind === 'HorizontalPodAutoscaler' && target?.kind === 'Deployment' && target.name === name;
  });
  const autoscaling = (values.autoscaling ?? {}) as Table;
  if (autoscaling.enabled !== true) {
    const problems = scalers.length === 0 ? [] : [`${name}: autoscaling is off but an HPA scales it`];
    if (deployment.spec?.replicas !== values.replicaCount) {
      problems.push(`${name}: replicas ${JSON.stringify(deployment.spec?.replicas)}, not replicaCount ${JSON.stringify(values.replicaCount)}`);
    }
    return problems;
  }
  if (scalers.length !== 1) return [`${name}: autoscaling is on but ${scalers.length} HPAs scale it`];
  const problems: string[] = [];
  const spec = scalers[0].spec ?? {};
  if (spec.minReplicas !== autoscaling.minReplicas || spec.maxReplicas !== autoscaling.maxReplicas) {
    problems.push(`${name}: its HPA scales ${String(spec.minReplicas)}..${String(spec.maxReplicas)}, not ${String(autoscaling.minReplicas)}..${String(autoscaling.maxReplicas)}`);
  }
  if ((spec.scaleTargetRef as Table).apiVersion !== 'apps/v1') problems.push(`${name}: its HPA targets ${String((spec.scaleTargetRef as Table).apiVersion)}, not apps/v1`);
  // With both, every rollout would reset the HPA's count to the chart's replicas.
  if (deployment.spec?.replicas !== undefined) problems.push(`${name}: sets replicas although an HPA scales it`);
  return problems;
}

/** Everything above for one Deployment. */
function workloadProblems(deployment: K8sObject, values: Table, objects: K8sObject[]): string[] {
  return [
    ...probeProblems(deployment),
    ...resourceProblems(deployment),
    ...securityProblems(deployment),
    ...scrapeProblems(deployment, values),
    ...disruptionBudgetProblems(deployment, values, objects),
    ...autoscalerProblems(deployment, values, objects),
  ];
}

// ---------------------------------------------------------------------------------------------
// Set-up: a copy of charts/, build-deps.sh, one render per values file.
// ---------------------------------------------------------------------------------------------

let workDir = '';
let chartsCopy = '';
let charts: string[] = [];
let applicationCharts: string[] = [];
const renders: Render[] = [];
/** Per values file (or "<chart> (defaults)"): the objects charts/validate-manifests.mjs refused. */
let schemaResults: { file: string; kind: string; name: string; problems: string[] }[] = [];

/** What one render's application charts get, coalesced as Helm does (chart defaults, umbrella block, file). */
function componentValues(chart: string, overrides: Table): Map<string, Table> {
  const components = new Map<string, Table>();
  if (chart === UMBRELLA) {
    const umbrella = mergeValues(readYamlTable(join(chartsCopy, UMBRELLA, 'values.yaml')), overrides);
    for (const dependency of umbrellaDependencies(chartsCopy)) {
      const values = mergeValues(readYamlTable(join(chartsCopy, dependency, 'values.yaml')), (umbrella[dependency] ?? {}) as Table);
      if (values.enabled !== false) components.set(dependency, values);
    }
  } else {
    components.set(chart, mergeValues(readYamlTable(join(chartsCopy, chart, 'values.yaml')), overrides));
  }
  return components;
}

async function render(chart: string, valuesFile: string | null): Promise<Render> {
  const args = ['template', RELEASE, join(chartsCopy, chart), '--namespace', NAMESPACE];
  if (valuesFile) args.push('--values', join(chartsCopy, valuesFile));
  const output = await helm(args, chartsCopy);
  const label = valuesFile ?? `${chart} (defaults)`;
  writeFileSync(join(workDir, `${label.replace(/[^a-z0-9.-]+/gi, '_')}.rendered.yaml`), output);
  const objects = loadAll(output).filter((document) => document !== null && document !== undefined) as K8sObject[];
  const overrides = valuesFile ? readYamlTable(join(chartsCopy, valuesFile)) : {};
  return { label, chart, valuesFile, objects, components: componentValues(chart, overrides) };
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'smista-helm-'));
  chartsCopy = join(workDir, 'charts');
  for (const home of ['HELM_CACHE_HOME', 'HELM_CONFIG_HOME', 'HELM_DATA_HOME']) ENV[home] = join(workDir, home.toLowerCase());
  // The copy leaves out what build-deps.sh writes (vendored charts, locks, schemas) and the suites.
  cpSync(CHARTS_DIR, chartsCopy, {
    recursive: true,
    filter: (source) => {
      const path = relative(CHARTS_DIR, source);
      const parts = path.split(sep);
      if (parts.length === 2 && parts[1] === 'charts') return false;
      const file = basename(source);
      return !(file.endsWith('.tgz') || file === 'Chart.lock' || file === 'values.schema.json' || file.endsWith('.test.ts'));
    },
  });
  charts = chartNames(chartsCopy);
  applicationCharts = umbrellaDependencies(chartsCopy);
  await helm(['version', '--short'], workDir); // says so when there is no helm, before build-deps.sh does
  await run('sh', [join(chartsCopy, 'build-deps.sh')], { env: ENV }).catch((error: { stderr?: string; code?: string }) => {
    throw new Error(`charts/build-deps.sh failed: ${error.stderr ?? error.code ?? String(error)}`);
  });
  // The umbrella with its defaults, then every chart with each of its ci/ values files.
  const jobs: [string, string | null][] = [[UMBRELLA, null]];
  for (const chart of charts) for (const file of ciValuesFiles(chartsCopy, chart)) jobs.push([chart, file]);
  for (const [chart, file] of jobs) renders.push(await render(chart, file));
  // One validator process for every render (node, as kubernetes-models is an ES module only).
  const renderedFiles = readdirSync(workDir)
    .filter((file) => file.endsWith('.rendered.yaml'))
    .map((file) => join(workDir, file));
  const validated = await run(process.execPath, [join(CHARTS_DIR, 'validate-manifests.mjs'), '--json', ...renderedFiles], { cwd: ROOT, env: ENV }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      if (error.stdout?.startsWith('[')) return { stdout: error.stdout };
      throw new Error(`validate-manifests.mjs failed: ${error.stderr ?? String(error)}`);
    },
  );
  schemaResults = JSON.parse(validated.stdout) as typeof schemaResults;
}, 300_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------

describe('Helm', () => {
  it('lints every chart with --strict, the application charts with their defaults and every ci/ values file', async () => {
    expect(charts).toEqual(expect.arrayContaining([UMBRELLA, 'smista-lib', ...applicationCharts]));
    const output = await helm(['lint', '--strict', ...charts.map((chart) => join(chartsCopy, chart))], chartsCopy);
    expect(output).toMatch(new RegExp(`${charts.length} chart\\(s\\) linted, 0 chart\\(s\\) failed`));
    for (const chart of charts) {
      for (const file of ciValuesFiles(chartsCopy, chart)) {
        const linted = await helm(['lint', '--strict', join(chartsCopy, chart), '--values', join(chartsCopy, file)], chartsCopy);
        expect({ file, linted: /1 chart\(s\) linted, 0 chart\(s\) failed/.test(linted) }).toEqual({ file, linted: true });
      }
    }
  });

  it('renders the umbrella with its defaults and with the production values', () => {
    expect(renders.map((one) => one.label)).toEqual(expect.arrayContaining(['smista (defaults)', 'smista/ci/production-values.yaml']));
    for (const one of renders) {
      const deployments = one.objects.filter((object) => object.kind === 'Deployment').map((object) => object.metadata.name);
      expect({ render: one.label, deployments: deployments.sort() }).toEqual({ render: one.label, deployments: [...one.components.keys()].sort() });
      for (const object of one.objects) expect({ render: one.label, object: object.metadata.name, namespace: object.metadata.namespace }).toMatchObject({ namespace: NAMESPACE });
    }
  });

  it('every rendered object is valid against the Kubernetes API schemas (kubernetes-models), in stable API versions', () => {
    const rendered = renders.reduce((count, one) => count + one.objects.length, 0);
    expect(schemaResults).toHaveLength(rendered);
    expect(schemaResults.filter((result) => result.problems.length > 0)).toEqual([]);
  });

  it('every workload passes the SRE checks: probes on the metrics port, requests and limits, non-root, read-only root, scrape annotations, PDB and HPA as the values say', () => {
    // Every problem of every render at once, so one failure shows them all.
    const failing: { render: string; chart: string; problems: string[] }[] = [];
    for (const one of renders) {
      for (const [chart, values] of one.components) {
        const deployment = one.objects.find((object) => object.kind === 'Deployment' && object.metadata.name === chart);
        const problems = deployment ? workloadProblems(deployment, values, one.objects) : [`no Deployment ${chart}`];
        if (problems.length > 0) failing.push({ render: one.label, chart, problems });
      }
    }
    expect(failing).toEqual([]);
  });

  it('the production values turn on a PodDisruptionBudget for every component, HPAs, the Ingress and the registry images', () => {
    const production = renders.find((one) => one.valuesFile === join(UMBRELLA, 'ci', 'production-values.yaml'));
    expect(production).toBeDefined();
    if (!production) return;
    const kinds = (kind: string) => production.objects.filter((object) => object.kind === kind).map((object) => object.metadata.name).sort();
    expect(kinds('PodDisruptionBudget')).toEqual([...applicationCharts].sort());
    expect(kinds('HorizontalPodAutoscaler').length).toBeGreaterThan(0);
    // The gateway's host, and each remote's path on it (/remotes/<name>/).
    expect(kinds('Ingress')).toEqual(['gateway', ...REMOTE_COMPONENTS.map((remote) => remote.chart)].sort());
    const global = mergeValues(readYamlTable(join(chartsCopy, UMBRELLA, 'values.yaml')), readYamlTable(join(chartsCopy, production.valuesFile ?? ''))).global as Table;
    const image = global.image as Table;
    for (const deployment of production.objects.filter((object) => object.kind === 'Deployment')) {
      for (const container of containersOf(deployment)) {
        expect(container.image).toMatch(new RegExp(`^${escapeRegExp(String(image.registry))}/[a-z/-]+:${escapeRegExp(String(image.tag))}$`));
      }
    }
    // Every replica set has room for the budget: never fewer than 2 pods where a PDB keeps one.
    for (const [chart, values] of production.components) {
      const replicas = (values.autoscaling as Table).enabled ? (values.autoscaling as Table).minReplicas : values.replicaCount;
      expect({ chart, replicas: Number(replicas) >= 2 }).toEqual({ chart, replicas: true });
    }
  });

  it('a PodDisruptionBudget takes minAvailable instead of maxUnavailable, and refuses one that would never let a pod go', async () => {
    const pdb = (sets: string[]) => helm(['template', RELEASE, join(chartsCopy, 'gateway'), '--show-only', 'templates/pdb.yaml', ...sets.flatMap((set) => ['--set', set])], chartsCopy);
    const halfAvailable = load(await pdb(['podDisruptionBudget.enabled=true', 'podDisruptionBudget.minAvailable=50%'])) as K8sObject;
    expect(halfAvailable.spec).toEqual({ minAvailable: '50%', selector: { matchLabels: { 'app.kubernetes.io/name': 'gateway', 'app.kubernetes.io/instance': RELEASE } } });
    await expect(pdb(['podDisruptionBudget.enabled=true', 'replicaCount=2', 'podDisruptionBudget.minAvailable=2'])).rejects.toThrow(
      /podDisruptionBudget\.minAvailable \(2\) must be lower than the replicas \(2\)/,
    );
    // With an HPA the floor is its minReplicas.
    await expect(pdb(['podDisruptionBudget.enabled=true', 'autoscaling.enabled=true', 'autoscaling.minReplicas=3', 'podDisruptionBudget.minAvailable=3'])).rejects.toThrow(
      /must be lower than the replicas \(3\)/,
    );
  });

  it('the defaults render no PodDisruptionBudget, HPA or Ingress', () => {
    const defaults = renders.find((one) => one.label === 'smista (defaults)');
    const optional = defaults?.objects.filter((object) => ['PodDisruptionBudget', 'HorizontalPodAutoscaler', 'Ingress'].includes(object.kind)) ?? [{}];
    expect(optional).toEqual([]);
  });
});

describe('each check can fail', () => {
  /** A rendered Deployment of the production render, with its values, broken by `breakIt`. */
  function broken(breakIt: (deployment: K8sObject, values: Table) => void): string[] {
    const production = renders.find((one) => one.valuesFile === join(UMBRELLA, 'ci', 'production-values.yaml'));
    if (!production) throw new Error('no production render');
    const objects = structuredClone(production.objects);
    const deployment = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === 'gateway');
    if (!deployment) throw new Error('no gateway Deployment');
    const values = structuredClone(production.components.get('gateway') ?? {});
    expect(workloadProblems(deployment, values, objects)).toEqual([]);
    breakIt(deployment, values);
    return workloadProblems(deployment, values, objects);
  }
  const server = (deployment: K8sObject): Container => containersOf(deployment)[0];

  it.each<[string, (deployment: K8sObject, values: Table) => void, RegExp]>([
    ['a liveness probe on the public port', (d) => (((server(d).livenessProbe as Table).httpGet as Table).port = 'http'), /livenessProbe is on port http, not metrics/],
    ['no readiness probe', (d) => delete server(d).readinessProbe, /readinessProbe is not an HTTP GET/],
    ['no memory limit', (d) => delete ((server(d).resources as Table).limits as Table).memory, /no memory in resources\.limits/],
    ['no CPU request', (d) => delete ((server(d).resources as Table).requests as Table).cpu, /no cpu in resources\.requests/],
    ['root', (d) => ((server(d).securityContext as Table).runAsUser = 0), /runAsUser is 0/],
    ['runAsNonRoot off', (d) => ((server(d).securityContext as Table).runAsNonRoot = false), /runAsNonRoot is not true/],
    ['a writable root file system', (d) => ((server(d).securityContext as Table).readOnlyRootFilesystem = false), /readOnlyRootFilesystem is not true/],
    ['no scrape annotation', (d) => delete (((d.spec?.template as Table).metadata as Table).annotations as Table)['prometheus.io/scrape'], /no prometheus\.io\/scrape/],
    ['a scrape port other than metrics', (d) => ((((d.spec?.template as Table).metadata as Table).annotations as Table)['prometheus.io/port'] = '8080'), /prometheus\.io\/port is 8080/],
    ['a PDB turned on that is not rendered', (d) => (podLabelsOf(d)!['app.kubernetes.io/name'] = 'other'), /podDisruptionBudget is on but 0/],
    ['a PDB rendered while off', (_d, values) => ((values.podDisruptionBudget as Table).enabled = false), /podDisruptionBudget is off but 1/],
    ['an HPA and fixed replicas', (d) => (d.spec!.replicas = 3), /sets replicas although an HPA scales it/],
    ['an HPA rendered while off', (_d, values) => ((values.autoscaling as Table).enabled = false), /autoscaling is off but an HPA scales it/],
  ])('refuses %s', (_label, breakIt, problem) => {
    expect(broken(breakIt).join('\n')).toMatch(problem);
  });

  it('the Kubernetes schemas refuse a wrong type, a missing required field, an unknown kind, a beta API and unknown fields', async () => {
    const production = renders.find((one) => one.valuesFile === join(UMBRELLA, 'ci', 'production-values.yaml'));
    const deployment = structuredClone(production?.objects.find((object) => object.kind === 'Deployment')) as K8sObject;
    const wrongType = structuredClone(deployment);
    ((((wrongType.spec as Table).template as Table).spec as Table).containers as Table[])[0].ports = [{ name: 'metrics', containerPort: '9464' }];
    const missing = structuredClone(deployment);
    delete (missing.spec as Table).selector;
    const misspelt = structuredClone(deployment);
    const misspeltContainer = (((misspelt.spec as Table).template as Table).spec as Table).containers as Table[];
    misspeltContainer[0].readinesProbe = misspeltContainer[0].readinessProbe;
    delete misspeltContainer[0].readinessProbe;
    (misspelt.metadata as unknown as Table).label = { a: 'b' };
    const documents = [
      wrongType,
      missing,
      misspelt,
      { apiVersion: 'v1', kind: 'Servic', metadata: { name: 'typo' } },
      { apiVersion: 'policy/v1beta1', kind: 'PodDisruptionBudget', metadata: { name: 'old' }, spec: {} },
    ];
    const file = join(workDir, 'broken.yaml');
    writeFileSync(file, documents.map((document) => JSON.stringify(document)).join('\n---\n'));
    const result = await run(process.execPath, [join(CHARTS_DIR, 'validate-manifests.mjs'), '--json', file], { cwd: ROOT, env: ENV }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(result.code).toBe(1);
    const problems = (JSON.parse(result.stdout) as typeof schemaResults).map((one) => one.problems.join('; '));
    expect(problems[0]).toMatch(/containerPort must be integer/);
    expect(problems[1]).toMatch(/^\/spec must have required property '?selector'?$/);
    expect(problems[2]).toBe(
      '/metadata unknown field "label" (not in the API\'s ObjectMeta); /spec/template/spec/containers unknown field "readinesProbe" (not in the API\'s Container)',
    );
    expect(problems[3]).toMatch(/v1 Servic is not a Kubernetes API kind/);
    expect(problems[4]).toMatch(/policy\/v1beta1 is not a stable API version/);
  });
});
