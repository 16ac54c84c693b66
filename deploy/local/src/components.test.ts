/**
 * The components table (components.ts) against itself and against every place that still writes a
 * component down by hand: each service's own port and stream, the gateway's service table, the
 * charts' env contract, the Prometheus configuration and the root README's table. Every failure names
 * the row and the file to fix. The Helm charts are checked against the table in charts/charts.test.ts.
 *
 * The README block is generated: `SMISTA_WRITE_README=1 SMISTA_SKIP_INFRA=1 npx jest deploy/local/src/components.test.ts`
 * writes it from the table.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { SHOPIFY_SANDBOX_APP } from '@smista/sandboxes';
import {
  APP_COMPONENTS,
  COMPONENTS,
  INFRA_COMPONENTS,
  SANDBOXES,
  infraRows,
  readmeComponentLines,
  rowPorts,
  sandboxTestVariable,
  shopifySandboxOptions,
  testVariables,
  type Component,
  type PortSpec,
} from './components';
import { repoRoot } from './paths';
import { prometheusConfig } from './prometheus';
import { grpcAddrVar } from './services';

const read = (file: string): string => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const grpcRows = APP_COMPONENTS.filter((c) => c.kind === 'grpc');
const gateway = APP_COMPONENTS.find((c) => c.kind === 'http')!;

describe('the table itself', () => {
  it('names each component once', () => {
    const names = (COMPONENTS as readonly Component[]).map((c) => c.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('gives every port once across dev, test and the application, and test ports lie at least 20 apart', () => {
    const owners: string[] = [];
    const claim = (port: number, owner: string) => owners.push(`${port} ${owner}`);
    for (const row of INFRA_COMPONENTS) {
      for (const [key, spec] of Object.entries(row.ports as Record<string, PortSpec>)) {
        claim(spec.dev, `${row.name}.${key} (dev)`);
        if (spec.test !== undefined) claim(spec.test, `${row.name}.${key} (test)`);
      }
    }
    for (const c of APP_COMPONENTS) {
      claim(c.devPort, `${c.name} (dev)`);
      claim(c.devMetricsPort, `${c.name} METRICS_PORT (dev)`);
    }
    const byPort = new Map<string, string[]>();
    for (const owner of owners) {
      const [port, ...rest] = owner.split(' ');
      byPort.set(port!, [...(byPort.get(port!) ?? []), rest.join(' ')]);
    }
    expect([...byPort.entries()].filter(([, rows]) => rows.length > 1)).toEqual([]);
    // Runs side by side with offsets 11, 12… never share a port.
    const test = infraRows('test').flatMap((row) => Object.entries(rowPorts(row, 'test')).map(([key, port]) => ({ at: `${row.name}.${key}`, port })));
    test.sort((a, b) => a.port - b.port);
    const tooClose = test.slice(1).filter((p, i) => p.port - test[i]!.port < 20).map((p, i) => `${test[i]!.at} ${test[i]!.port} – ${p.at} ${p.port}`);
    expect(tooClose).toEqual([]);
  });

  it('every peer is a gRPC row and every sandbox consumer an application row', () => {
    const problems: string[] = [];
    for (const c of APP_COMPONENTS) {
      for (const peer of c.peers ?? []) if (!grpcRows.some((g) => g.name === peer) || peer === c.name) problems.push(`${c.name}: peer ${peer}`);
    }
    for (const s of SANDBOXES) {
      for (const consumer of Object.keys(s.consumers ?? {})) if (!APP_COMPONENTS.some((c) => c.name === consumer)) problems.push(`${s.name}: consumer ${consumer}`);
    }
    expect(problems).toEqual([]);
  });

  it("every service row has its database, stream, chart and package; every sandbox its README and TEST_<NAME>_URL", () => {
    for (const c of grpcRows) {
      expect({ row: c.name, database: c.database, chart: c.chart, streams: (c.streams ?? []).length > 0 }).toEqual({ row: c.name, database: `smista_${c.name}`, chart: c.name, streams: true });
    }
    for (const c of APP_COMPONENTS) expect({ row: c.name, packageJson: fs.existsSync(path.join(repoRoot, c.dir, 'package.json')) }).toEqual({ row: c.name, packageJson: true });
    const variables = testVariables();
    for (const s of SANDBOXES) {
      expect({ row: s.name, readme: fs.existsSync(path.join(repoRoot, s.readme ?? 'none')) }).toEqual({ row: s.name, readme: true });
      expect({ row: s.name, testEnv: variables[s.name] }).toEqual({ row: s.name, testEnv: [sandboxTestVariable(s.name)] });
    }
  });

  it('the gateway starts after every service, and calls every one of them', () => {
    for (const c of grpcRows) expect({ row: c.name, before: c.stage < gateway.stage }).toEqual({ row: c.name, before: true });
    expect([...(gateway.peers ?? [])].sort()).toEqual(grpcRows.map((c) => c.name).sort());
  });
});

describe("make dev's Shopify sandbox (issue 22)", () => {
  it("delivers Smista's app webhooks to the gateway's public route on its dev port; test stacks' shared sandbox delivers none by itself", () => {
    expect(shopifySandboxOptions({ profile: 'dev', app: APP_COMPONENTS })).toEqual({
      apps: [{ ...SHOPIFY_SANDBOX_APP, webhookUri: `http://127.0.0.1:${gateway.devPort}/api/webhooks/shopify` }],
    });
    expect(shopifySandboxOptions({ profile: 'test', app: APP_COMPONENTS })).toEqual({});
  });
});

describe('the table against what the components say of themselves', () => {
  it.each(grpcRows.map((c) => [c.name, c] as const))("%s: the row's gRPC port is config.ts's default and its streams are events/publishers.ts's", (name, row) => {
    const config = read(path.join(row.dir, 'src/config.ts'));
    expect({ row: name, file: `${row.dir}/src/config.ts`, port: Number(/serviceEnv\((\d+)\)/.exec(config)?.[1]) }).toEqual({ row: name, file: `${row.dir}/src/config.ts`, port: row.devPort });
    const publishers = read(path.join(row.dir, 'src/events/publishers.ts'));
    const streams = [...publishers.matchAll(/StreamSpec = \{ name: '([A-Z_]+)'/g)].map((m) => m[1]);
    expect({ row: name, file: `${row.dir}/src/events/publishers.ts`, streams }).toEqual({ row: name, file: `${row.dir}/src/events/publishers.ts`, streams: [...(row.streams ?? [])] });
  });

  it("the gateway's service table (gateway/src/services.ts) has one row per peer of the gateway's row", () => {
    const source = read('gateway/src/services.ts');
    const addressVars = [...source.matchAll(/addressVar: '([A-Z_]+)'/g)].map((m) => m[1]).sort();
    expect({ file: 'gateway/src/services.ts', addressVars }).toEqual({ file: 'gateway/src/services.ts', addressVars: (gateway.peers ?? []).map(grpcAddrVar).sort() });
  });

  it("each chart's env contract (charts/env-contract.json) reads exactly the *_GRPC_ADDR of its row's peers", () => {
    const contract = JSON.parse(read('charts/env-contract.json')) as Record<string, { env: string[]; optionalEnv: string[]; secretEnv: string[] }>;
    for (const c of APP_COMPONENTS) {
      const lists = contract[c.chart ?? c.name];
      const read = lists ? [...lists.env, ...lists.optionalEnv, ...lists.secretEnv].filter((v) => v.endsWith('_GRPC_ADDR')).sort() : null;
      expect({ row: c.name, grpcAddrs: read }).toEqual({ row: c.name, grpcAddrs: (c.peers ?? []).map(grpcAddrVar).sort() });
    }
  });

  it('the Prometheus configuration scrapes every application row on its dev metrics port', () => {
    const config = load(prometheusConfig(APP_COMPONENTS.map((c) => ({ name: c.name, port: c.devMetricsPort })))) as { scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[] };
    expect(config.scrape_configs.map((j) => [j.job_name, j.static_configs[0]!.targets[0]])).toEqual(APP_COMPONENTS.map((c) => [c.name, `127.0.0.1:${c.devMetricsPort}`]));
  });
});

describe('the bench scripts', () => {
  it('scripts/bench.sh and bench/load.js name no component: bench/components.js reads the table', () => {
    const named = (file: string) => APP_COMPONENTS.filter((c) => new RegExp(`services/${c.name}\\b|@smista/${c.name}\\b|'${c.name}', '`).test(read(file))).map((c) => c.name);
    expect({ file: 'scripts/bench.sh', named: named('scripts/bench.sh') }).toEqual({ file: 'scripts/bench.sh', named: [] });
    expect({ file: 'bench/load.js', named: named('bench/load.js') }).toEqual({ file: 'bench/load.js', named: [] });
  });

  it("bench/components.js builds every application row's package and runs its entry", () => {
    const run = (arg: string) => execFileSync(process.execPath, [path.join(repoRoot, 'bench/components.js'), arg], { cwd: repoRoot, encoding: 'utf8' });
    const packageOf = (dir: string) => (JSON.parse(read(path.join(dir, 'package.json'))) as { name: string }).name;
    const projects = run('projects').split(',');
    for (const c of APP_COMPONENTS) expect({ row: c.name, built: projects.includes(packageOf(c.dir)) }).toEqual({ row: c.name, built: true });
    // `make test` builds everything first: nothing is missing.
    expect(run('missing')).toBe('');
  });
});

describe("the root README's table of components", () => {
  const BEGIN = '<!-- components:begin (generated from deploy/local/src/components.ts: SMISTA_WRITE_README=1 SMISTA_SKIP_INFRA=1 npx jest deploy/local/src/components.test.ts) -->';
  const END = '<!-- components:end -->';

  it('is the table rendered from the rows, each line naming the row to fix', () => {
    const readme = read('README.md');
    const begin = readme.indexOf(BEGIN);
    const end = readme.indexOf(END);
    expect({ markers: begin !== -1 && end > begin }).toEqual({ markers: true });
    const expected = readmeComponentLines();
    if (process.env.SMISTA_WRITE_README === '1') {
      const block = [BEGIN, ...expected.map((l) => l.line), END].join('\n');
      fs.writeFileSync(path.join(repoRoot, 'README.md'), readme.slice(0, begin) + block + readme.slice(end + END.length));
      return;
    }
    const actual = readme.slice(begin + BEGIN.length, end).trim().split('\n');
    const wrong = expected.flatMap(({ row, line }, i) => (actual[i] === line ? [] : [`row ${row}: README.md should read\n${line}\nbut reads\n${actual[i] ?? '(nothing)'}`]));
    if (actual.length > expected.length) wrong.push(`README.md has ${actual.length - expected.length} line(s) no row makes: ${actual.slice(expected.length).join(' / ')}`);
    expect(wrong).toEqual([]);
  });
});
